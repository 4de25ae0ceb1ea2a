import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../contract/order.ts';
import { users } from '../test-support/fixtures.ts';
import { keepsPaperlessSelection, type TestSelectionAsked } from './paperless-lock.ts';

/** Demo pack C565591369 of P1002: SIBO (215), the 2-hour panel 4710 with its components, preselected. */
const paperless = {
  paperless: true,
  omsOrderableItemId: 215,
  panel: 4710,
  components: [4711, 4712],
  addons: [],
};
const same: TestSelectionAsked = {
  omsOrderableItemId: 215,
  panel: 4710,
  components: [4712, 4711],
  addons: [],
};

describe('keepsPaperlessSelection', () => {
  it.each<[string, UserInfo, typeof paperless | null, TestSelectionAsked, boolean]>([
    [
      'spec 1 §4.4: a patient may save the preselected tests as they are',
      users.patient,
      paperless,
      same,
      true,
    ],
    [
      'spec 1 §4.4: …but not another panel',
      users.patient,
      paperless,
      { ...same, panel: 4720, components: [4721] },
      false,
    ],
    ['spec 1 §4.4: …nor fewer components', users.patient, paperless, { ...same, components: [4711] }, false],
    [
      'spec 1 §4.4: …nor an add-on',
      users.patient,
      paperless,
      { ...same, addons: [{ omsInputFieldID: 4790 }] },
      false,
    ],
    [
      'spec 1 §4.4: …nor another product',
      users.patient,
      paperless,
      { ...same, omsOrderableItemId: 542 },
      false,
    ],
    [
      'spec 1 §4.4: a requisition that is not paperless is not locked',
      users.patient,
      { ...paperless, paperless: false },
      { ...same, panel: null },
      true,
    ],
    ['spec 1 §4.4: a new requisition is not locked here', users.patient, null, same, true],
    [
      'spec 1 §4.4: practitioners may change a paperless selection',
      users.drAvery,
      paperless,
      { ...same, components: [4711] },
      true,
    ],
  ])('%s', (_spec, user, existing, asked, expected) => {
    expect(keepsPaperlessSelection(user, existing, asked)).toBe(expected);
  });
});

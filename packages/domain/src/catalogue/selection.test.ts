import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  addOn,
  covidPcr,
  giEffects,
  igGFood,
  metabolomix,
  sibo,
} from '../test-support/catalogue-fixtures.ts';
import {
  addOnSelectionOf,
  addOnsExcludedBy,
  basePanelOf,
  cptQuantityBounds,
  defaultSelection,
  displayOnlyPanelMatching,
  hasAddOnExclusionConflict,
  isAddOnShown,
  isTestSelected,
  panelForComponents,
  paperlessSelection,
  selectableProfiles,
  selectPanel,
  type TestSelection,
  testSelectionErrors,
  toggleAddOn,
  toggleAddOnSelection,
  visibleAddOns,
} from './selection.ts';

describe('selectPanel', () => {
  it("spec 1 §4.4: selecting a panel sets the components to that panel's components", () => {
    expect(selectPanel(sibo, 4710)).toEqual({ panel: 4710, components: [4711, 4712] });
  });
  it('spec 1 §4.4: clearing it clears them', () => {
    expect(selectPanel(sibo, null)).toEqual({ panel: null, components: [] });
  });
  it('spec 1 §4.4: a panel the product does not have selects nothing', () => {
    expect(selectPanel(sibo, 5400)).toEqual({ panel: null, components: [] });
  });
});

describe('displayOnlyPanelMatching', () => {
  it.each<[string, number[], number | null]>([
    ['spec 1 §4.4: components matching a display-only panel select it', [5404, 5405, 5406], 5415],
    ['spec 1 §4.4: in any order', [5406, 5404, 5405], 5415],
    ['spec 1 §4.4: a subset does not', [5404, 5405], null],
    ['spec 1 §4.4: a superset does not', [5401, 5404, 5405, 5406], null],
    ['spec 1 §4.4: no components, no panel', [], null],
  ])('%s', (_spec, components, expected) => {
    expect(displayOnlyPanelMatching(giEffects, components)).toBe(expected);
  });
});

describe('basePanelOf / defaultSelection', () => {
  it('the panel marked basePanel', () => {
    expect(basePanelOf(giEffects)?.id).toBe(5400);
  });
  it('else the first panel that is not display-only', () => {
    expect(defaultSelection(sibo)).toEqual({ panel: 4700, components: [4701, 4702] });
  });
});

describe('add-on exclusions', () => {
  it.each<[string, number, readonly number[]]>([
    ['spec 1 §5: 5877 excludes the comprehensive urine elements add-ons', 5877, [5887, 5925, 6037]],
    ['spec 1 §5: 5925 excludes the toxic elements clearance add-ons', 5925, [5877, 5924, 6036]],
    ['spec 1 §5: 6036 excludes 6037', 6036, [5887, 5925, 6037]],
    ['spec 1 §5: other add-ons exclude nothing', 5878, []],
  ])('%s', (_spec, addOnId, expected) => {
    expect(addOnsExcludedBy(addOnId)).toEqual(expected);
  });

  it.each<[string, number[], boolean]>([
    ['spec 1 §5: 5877 with 5887 conflicts', [5877, 5887], true],
    ['spec 1 §5: 5924 with 5925 conflicts', [5925, 5924], true],
    ['spec 1 §5: 6036 with 6037 conflicts', [6036, 6037], true],
    ['spec 1 §5: 5877 with 5878 does not', [5877, 5878], false],
    ['spec 1 §5: one of a pair alone does not', [5887], false],
  ])('%s', (_spec, ids, expected) => {
    expect(hasAddOnExclusionConflict(ids)).toBe(expected);
  });

  it('spec 1 §5: choosing 5877 then 5887 keeps 5877 and shows the warning', () => {
    const first = toggleAddOn([], 5877);
    expect(first).toEqual({ addOns: [5877], warning: null });
    expect(toggleAddOn(first.addOns, 5887)).toEqual({ addOns: [5877], warning: MESSAGES.addOnExclusion });
  });

  it('spec 1 §5: unticking an add-on removes it', () => {
    expect(toggleAddOn([5877, 5878], 5877)).toEqual({ addOns: [5878], warning: null });
  });

  it('spec 1 §5: the warning text is verbatim', () => {
    expect(MESSAGES.addOnExclusion).toBe(
      'Please choose between the Toxic Elements Clearance or the Comprehensive Urine Elements. Toxic Elements Clearance is included in the Comprehensive Urine Elements so both cannot be selected.',
    );
  });
});

describe('SARS add-ons', () => {
  it.each<[string, boolean, boolean]>([
    ['spec 1 §5: a SARS add-on is hidden unless the order is ship-to-office', false, false],
    ['spec 1 §5: …and shown for ship to office', true, true],
  ])('%s', (_spec, shipToOffice, expected) => {
    expect(isAddOnShown({ name: 'SARS-CoV-2 Variant Genotyping' }, { shipToOffice })).toBe(expected);
  });

  it('spec 1 §5: other add-ons always show', () => {
    expect(visibleAddOns(metabolomix, { shipToOffice: false }).map((a) => a.id)).toEqual([5877, 5887, 5878]);
    expect(visibleAddOns(covidPcr, { shipToOffice: false })).toEqual([]);
  });
});

describe('isTestSelected', () => {
  it.each<[string, number | string | null, number[], boolean]>([
    ["spec 1 §5: an empty panel with no components gives 'Please select a test.'", null, [], false],
    ["spec 1 §5: panel '0' with no components", '0', [], false],
    ['spec 1 §5: panel 0 with no components', 0, [], false],
    ['spec 1 §5: a panel', 5860, [], true],
    ['spec 1 §5: components without a panel (mixed component pricing)', null, [6700], true],
  ])('%s', (_spec, panel, components, expected) => {
    expect(isTestSelected({ panel, components })).toBe(expected);
  });
});

describe('cptQuantityBounds', () => {
  it.each<[string, string | null, { min: number; max: number }]>([
    ['spec 1 §5: Medicare CPT quantity min 1, max the parsed quantity', '20', { min: 1, max: 20 }],
    ['spec 1 §5: a missing quantity allows 1', null, { min: 1, max: 1 }],
    ['spec 1 §5: an unparsable quantity allows 1', 'n/a', { min: 1, max: 1 }],
  ])('%s', (_spec, cptQuantity, expected) => {
    expect(cptQuantityBounds({ cptQuantity })).toEqual(expected);
  });
});

describe('testSelectionErrors', () => {
  const choose = (overrides: Partial<TestSelection>): TestSelection => ({
    panel: 5860,
    components: [5861, 5862, 5863],
    addons: [],
    ...overrides,
  });
  const messages = (item = metabolomix, selection = choose({}), shipToOffice = false) =>
    testSelectionErrors(item, selection, { shipToOffice }).map((e) => `${e.field}: ${e.defaultMessage}`);

  it('spec 1 §5: a whole panel with an add-on is fine', () => {
    expect(messages(metabolomix, choose({ addons: [{ omsInputFieldID: 5877, cptQuantity: null }] }))).toEqual(
      [],
    );
  });
  it("spec 1 §5: nothing chosen gives 'Please select a test.'", () => {
    expect(messages(metabolomix, choose({ panel: null, components: [] }))).toEqual([
      `panel: ${MESSAGES.selectTest}`,
    ]);
  });
  it('spec 1 §5: the exclusive pair is refused with the warning', () => {
    const addons = [5877, 5887].map((id) => ({ omsInputFieldID: id, cptQuantity: null }));
    expect(messages(metabolomix, choose({ addons }))).toEqual([`addons: ${MESSAGES.addOnExclusion}`]);
  });
  it("spec 1 §5: another product's panel is refused", () => {
    expect(messages(metabolomix, choose({ panel: 5400 }))).toEqual([`panel: ${MESSAGES.testNotOffered}`]);
  });
  it('spec 1 §4.4: components outside the chosen panel are refused', () => {
    expect(messages(sibo, { panel: 4710, components: [4701], addons: [] })).toEqual([
      `components: ${MESSAGES.testNotOffered}`,
    ]);
  });
  it('spec 1 §4.4: a display-only panel takes components of its product', () => {
    expect(messages(giEffects, { panel: 5415, components: [5404, 5405, 5406], addons: [] })).toEqual([]);
  });
  it('spec 1 §5: a SARS add-on is refused unless shipping to the office', () => {
    const selection = {
      panel: 9020,
      components: [9021],
      addons: [{ omsInputFieldID: 9022, cptQuantity: null }],
    };
    expect(messages(covidPcr, selection)).toEqual([`addons: ${MESSAGES.testNotOffered}`]);
    expect(messages(covidPcr, selection, true)).toEqual([]);
  });
  it('spec 1 §5: an add-on chosen twice is refused', () => {
    const addons = [5878, 5878].map((id) => ({ omsInputFieldID: id, cptQuantity: null }));
    expect(messages(metabolomix, choose({ addons }))).toEqual([`addons: ${MESSAGES.testNotOffered}`]);
  });
  it.each<[string, number, string[]]>([
    ['spec 1 §5: a CPT quantity within 1 to the parsed quantity is fine', 10, []],
    ['spec 1 §5: over the parsed quantity is refused', 11, [`addons: ${MESSAGES.cptQuantityOutOfRange(10)}`]],
  ])('%s', (_spec, cptQuantity, expected) => {
    const selection = { panel: 4260, components: [4261], addons: [{ omsInputFieldID: 4262, cptQuantity }] };
    expect(messages(igGFood, selection)).toEqual(expected);
  });
});

describe('panelForComponents', () => {
  it.each<[string, number[], number | null, number | null]>([
    ["spec 1 §4.4: a selectable panel's exact components select it", [4712, 4711], null, 4710],
    ['spec 1 §4.4: components matching a display-only panel select it', [5404, 5405, 5406], 5400, 5415],
    ['spec 1 §4.4: a part of a panel keeps the panel holding it', [5401, 5404], 5400, 5400],
    ['spec 1 §4.4: a part of the base panel of GI Effects with no panel yet', [5405], null, 5400],
    ['spec 1 §5: components of two panels are an à-la-carte choice (0)', [4701, 4711], 4700, 0],
    ['spec 1 §5: no components, no panel', [], 4700, null],
  ])('%s', (_spec, components, current, expected) => {
    const item = components.some((id) => id > 5000) ? giEffects : sibo;
    expect(panelForComponents(item, components, current)).toBe(expected);
  });

  it('spec 1 §4.4: of two panels holding the components, the current one is kept', () => {
    const copy = sibo.profileList.slice(0, 1).map((profile) => ({ ...profile, id: 4790 }));
    const twin = { profileList: [...sibo.profileList, ...copy] };
    expect(panelForComponents(twin, [4701], 4790)).toBe(4790);
    expect(panelForComponents(twin, [4701], null)).toBe(4700);
  });
});

describe('paperlessSelection', () => {
  it.each<[string, Parameters<typeof paperlessSelection>[1], TestSelection]>([
    [
      "spec 1 §4.4: a paperless pack's preselected tests are used",
      { panel: 4710, components: [4711, 4712], addons: [] },
      { panel: 4710, components: [4711, 4712], addons: [] },
    ],
    [
      'spec 1 §4.4: preselected add-ons are chosen, with no CPT quantity',
      { panel: 5860, components: [5861], addons: [5878] },
      { panel: 5860, components: [5861], addons: [{ omsInputFieldID: 5878, cptQuantity: null }] },
    ],
    [
      'spec 1 §4.4: the base panel is used when the provider did not order',
      null,
      { panel: 4700, components: [4701, 4702], addons: [] },
    ],
    [
      'spec 1 §4.4: an empty preselection is no order (the base panel)',
      { panel: null, components: [], addons: [] },
      { panel: 4700, components: [4701, 4702], addons: [] },
    ],
  ])('%s', (_spec, preselection, expected) => {
    expect(paperlessSelection(sibo, preselection)).toEqual(expected);
  });
});

describe('toggleAddOnSelection', () => {
  const clearance = addOn(5877, 'Toxic Element Clearance (urine)', '3');
  const urine = addOn(5887, 'Comprehensive Urine Element Profile');

  it.each<[string, boolean, number | null]>([
    ["spec 1 §5: on a Medicare order a ticked add-on takes the catalogue's CPT quantity", true, 3],
    ['spec 1 §5: otherwise it carries none', false, null],
  ])('%s', (_spec, medicare, cptQuantity) => {
    expect(addOnSelectionOf(clearance, medicare)).toEqual({ omsInputFieldID: 5877, cptQuantity });
    expect(toggleAddOnSelection([], clearance, medicare)).toEqual({
      addons: [{ omsInputFieldID: 5877, cptQuantity }],
      warning: null,
    });
  });

  it('spec 1 §5: an excluded add-on is not added and the warning is given; the chosen keep their quantity', () => {
    const chosen = [{ omsInputFieldID: 5877, cptQuantity: 2 }];
    expect(toggleAddOnSelection(chosen, urine, true)).toEqual({
      addons: chosen,
      warning: MESSAGES.addOnExclusion,
    });
  });

  it('spec 1 §5: unticking removes only that add-on', () => {
    const chosen = [
      { omsInputFieldID: 5877, cptQuantity: 2 },
      { omsInputFieldID: 5878, cptQuantity: null },
    ];
    expect(toggleAddOnSelection(chosen, clearance, true)).toEqual({
      addons: [{ omsInputFieldID: 5878, cptQuantity: null }],
      warning: null,
    });
  });
});

describe('selectableProfiles', () => {
  it.each<[string, Parameters<typeof selectableProfiles>[0], number[]]>([
    ['spec 1 §4.4: a display-only panel is not offered for ticking', giEffects, [5400]],
    ['spec 1 §4.4: every other panel is', sibo, [4700, 4710]],
  ])('%s', (_spec, item, expected) => {
    expect(selectableProfiles(item).map((profile) => profile.id)).toEqual(expected);
  });
});

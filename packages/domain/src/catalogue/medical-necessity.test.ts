import { describe, expect, it } from 'vitest';
import { BILLING_METHODS, type BillingMethod, type UserType } from '../model.ts';
import { billingChoiceNeedsMedicalNecessity } from './medicare.ts';

const ACKNOWLEDGED = '2026-01-05T10:00:00.000Z';

describe('billingChoiceNeedsMedicalNecessity', () => {
  it.each<[string, BillingMethod | null, boolean, string | null, UserType, boolean]>([
    [
      'spec 1 §5: a practitioner choosing Medicare on a non-Medicare order',
      BILLING_METHODS.medicare,
      false,
      null,
      'myGDX',
      true,
    ],
    ['spec 1 §5: not for patients', BILLING_METHODS.medicare, false, null, 'prc', false],
    [
      'spec 1 §5: once per order: an acknowledgement given stands',
      BILLING_METHODS.medicare,
      false,
      ACKNOWLEDGED,
      'myGDX',
      false,
    ],
    [
      'spec 1 §4.3: an order already Medicare is not turned into one',
      BILLING_METHODS.medicare,
      true,
      null,
      'myGDX',
      false,
    ],
    [
      'spec 1 §4.3: another option does not make a Medicare order',
      BILLING_METHODS.insurance,
      false,
      null,
      'myGDX',
      false,
    ],
    [
      'spec 1 §4.3: Physician Account does not make a Medicare order',
      BILLING_METHODS.physicianAccount,
      false,
      null,
      'myGDX',
      false,
    ],
    ['spec 1 §2.5: no choice yet', null, false, null, 'myGDX', false],
  ])('%s', (_spec, chosen, governmentPayor, dateMedicalNecessityAcknowledged, userType, expected) => {
    expect(
      billingChoiceNeedsMedicalNecessity({
        chosen,
        order: { governmentPayor, dateMedicalNecessityAcknowledged },
        userType,
      }),
    ).toBe(expected);
  });
});

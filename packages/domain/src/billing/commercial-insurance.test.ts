import { describe, expect, it } from 'vitest';
import { BILLING_METHODS } from '../contract/order.ts';
import { showsCommercialInsuranceNotice } from './commercial-insurance.ts';

describe('spec 3 §9 the commercial insurance notice: item 902 and covid registrations exempt', () => {
  it.each<[string, number, boolean, string | null, boolean]>([
    ['insurance billing', 540, false, BILLING_METHODS.insurance, true],
    ['item 902 is exempt', 902, false, BILLING_METHODS.insurance, false],
    ['a covid registration is exempt', 910, true, BILLING_METHODS.insurance, false],
    ['Medicare or Tricare is not commercial', 540, false, BILLING_METHODS.medicare, false],
    ['no insurance billing', 540, false, BILLING_METHODS.patientPay, false],
    ['nothing chosen', 540, false, null, false],
  ])('%s', (_name, omsOrderableItemId, covidRegistration, billingMethod, shown) =>
    expect(showsCommercialInsuranceNotice({ omsOrderableItemId, covidRegistration }, billingMethod)).toBe(
      shown,
    ),
  );
});

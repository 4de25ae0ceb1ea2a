import { describe, expect, it } from 'vitest';
import { bundleOrderBodySchema } from '../contract/bundle.ts';
import { BILLING_METHODS, type BillingMethod, type PractitionerBillingMethod } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { practitioner } from '../test-support/fixtures.ts';
import {
  BUNDLE_DEFAULT_BILLING_METHOD,
  BUNDLE_ORDER_TYPE,
  type Bundle,
  billingMethodOfBundleProduct,
  bundleBillingErrors,
  isMedicareBundle,
} from './bundles.ts';

const bundle = (billingMethod: BillingMethod, productMethods: (BillingMethod | null)[]): Bundle => ({
  gearBundleId: 1,
  name: 'Profile',
  gsdlNo: 'P1001',
  billingMethod,
  products: productMethods.map((method, index) => ({
    omsOrderableItemId: 540 + index,
    panel: null,
    components: [],
    addons: [],
    billingMethod: method,
  })),
});

const practitionerWith = (billingMethods: PractitionerBillingMethod[], reqLayoutId: number | null = 0) => {
  const base = practitioner({ billingMethods });
  return { ...base, office: { ...base.office, reqLayoutId } };
};

describe('custom profiles ordered from panel selection', () => {
  it("spec 3 §9: the default billing option is 'Let my patient select their billing option'", () => {
    expect(BUNDLE_DEFAULT_BILLING_METHOD).toBe('Let my patient select their billing option');
  });

  it("spec 1 §4.4: 'arriving from bundles forces dropShip'", () => {
    expect(BUNDLE_ORDER_TYPE).toBe('dropShip');
  });

  it.each<[string, BillingMethod | null, BillingMethod]>([
    [
      "spec 3 §3: a product's own billing method wins",
      BILLING_METHODS.patientPay,
      BILLING_METHODS.patientPay,
    ],
    ["spec 3 §3: else the bundle's", null, BILLING_METHODS.insurance],
  ])('%s', (_name, own, expected) => {
    expect(
      billingMethodOfBundleProduct({ billingMethod: BILLING_METHODS.insurance }, { billingMethod: own }),
    ).toBe(expected);
  });

  it.each<[string, Bundle, boolean]>([
    [
      'spec 1 §4.4: a product billed Medicare makes a Medicare order',
      bundle(BILLING_METHODS.insurance, [null, BILLING_METHODS.medicare]),
      true,
    ],
    ['spec 1 §4.4: a Medicare bundle', bundle(BILLING_METHODS.medicare, [null]), true],
    ['spec 1 §4.4: no Medicare product', bundle(BILLING_METHODS.patientSelects, [null, null]), false],
  ])('%s', (_name, given, expected) => {
    expect(isMedicareBundle(given)).toBe(expected);
  });

  it.each<[string, Bundle, PractitionerBillingMethod[], number | null, string[]]>([
    [
      "spec 3 §9: 'Let my patient select' is always allowed",
      bundle(BILLING_METHODS.patientSelects, [null]),
      ['Client'],
      0,
      [],
    ],
    [
      'spec 1 §6: Insurance gives Bill Insurance',
      bundle(BILLING_METHODS.insurance, [null]),
      ['Insurance'],
      0,
      [],
    ],
    [
      'spec 1 §6: without Insurance, Bill Insurance is refused',
      bundle(BILLING_METHODS.insurance, [null]),
      ['Client', 'Patient'],
      0,
      ['products.0.billingMethod'],
    ],
    [
      'spec 1 §6: Client gives Physician Account',
      bundle(BILLING_METHODS.patientSelects, [BILLING_METHODS.physicianAccount]),
      ['Client'],
      0,
      [],
    ],
    [
      'spec 1 §6: Medicare needs a domestic office',
      bundle(BILLING_METHODS.medicare, [null]),
      ['Medicare'],
      3,
      ['products.0.billingMethod'],
    ],
    [
      'spec 1 §9: Uninsured is never a profile option',
      bundle(BILLING_METHODS.uninsured, [null]),
      ['Client', 'Insurance', 'Patient', 'Medicare'],
      0,
      ['products.0.billingMethod'],
    ],
  ])('%s', (_name, given, methods, layout, fields) => {
    const errors = bundleBillingErrors(given, practitionerWith(methods, layout));
    expect(errors.map((error) => error.field)).toEqual(fields);
    for (const error of errors)
      expect(error.defaultMessage).toBe(MESSAGES.bundleBillingNotOffered(given.billingMethod));
  });

  it.each<[string, unknown, number | null | 'invalid']>([
    ['spec 1 §7: gearOrderId null starts a new order', { gearBundleId: 5, gearOrderId: null }, null],
    ["spec 1 §7: 'new' and 0 too", { gearBundleId: 5, gearOrderId: 'new' }, null],
    ['spec 1 §7: an order id', { gearBundleId: 5, gearOrderId: 100004, practAgreement: true }, 100004],
    ['a negative id is refused', { gearBundleId: 5, gearOrderId: -1 }, 'invalid'],
    ['a missing bundle id is refused', { gearOrderId: null }, 'invalid'],
  ])('%s', (_name, body, expected) => {
    const parsed = bundleOrderBodySchema.safeParse(body);
    if (expected === 'invalid') expect(parsed.success).toBe(false);
    else expect(parsed.success && parsed.data.gearOrderId).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { bundleSaveBodySchema } from '../contract/bundle.ts';
import { BILLING_METHODS, type PractitionerBillingMethod } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { giEffects, metabolomix, orderableItem } from '../test-support/catalogue-fixtures.ts';
import { practitioner } from '../test-support/fixtures.ts';
import { type BundleProduct, bundleBillingOptions, bundleErrors, bundleFormErrors } from './bundles.ts';

const rhythmPlus = orderableItem({ id: 760, name: 'Rhythm Plus*' });
const catalogue = new Map([giEffects, metabolomix, rhythmPlus].map((item) => [item.id, item]));
const product = (
  overrides: Partial<BundleProduct> & Pick<BundleProduct, 'omsOrderableItemId'>,
): BundleProduct => ({
  panel: null,
  components: [],
  addons: [],
  billingMethod: null,
  ...overrides,
});
const newYork = (() => {
  const base = practitioner();
  return { ...base, office: { ...base.office, address: { ...base.office.address, state: 'NY' } } };
})();

describe('spec 3 §5 Custom profile: the form', () => {
  it.each<[string, string, number, string[]]>([
    [
      "spec 3 §5: name required ('Please enter a custom profile name')",
      '  ',
      1,
      [MESSAGES.bundleNameRequired],
    ],
    ['spec 3 §5/§9: name max 128 (128 is fine)', 'x'.repeat(128), 1, []],
    ['spec 3 §5/§9: name max 128 (129 is not)', 'x'.repeat(129), 1, [MESSAGES.bundleNameTooLong]],
    ['spec 3 §5: at least one product is needed to save', 'Gut', 0, [MESSAGES.bundleNeedsProduct]],
    ['spec 3 §5: a name and a product save', 'Gut', 2, []],
  ])('%s', (_name, name, count, expected) => {
    const errors = bundleFormErrors({ name, products: Array.from({ length: count }) });
    expect(errors.map((error) => error.defaultMessage)).toEqual(expected);
  });

  it("spec 3 §5: the unsaved-change confirmation reads 'You will lose any unsaved changes...'", () => {
    expect(MESSAGES.bundleUnsavedChanges).toBe('You will lose any unsaved changes...');
  });

  it("spec 3 §9: a save without a billing method takes 'Let my patient select their billing option'", () => {
    const body = bundleSaveBodySchema.parse({
      gsdlNo: 'p1001',
      name: 'Gut',
      products: [{ omsOrderableItemId: 540 }],
    });
    expect(body).toMatchObject({
      gearBundleId: null,
      gsdlNo: 'P1001',
      billingMethod: BILLING_METHODS.patientSelects,
    });
  });
});

describe('spec 3 §3 Bundle: the products under the rules of panel selection', () => {
  it.each<[string, BundleProduct[], { billing?: PractitionerBillingMethod[]; ny?: boolean }, string[]]>([
    [
      'spec 1 §4.4: a product saved without tests is ordered with its base panel',
      [product({ omsOrderableItemId: 540 })],
      {},
      [],
    ],
    [
      'spec 1 §4.4: a panel with its components and an add-on',
      [
        product({
          omsOrderableItemId: 617,
          panel: 5860,
          addons: [{ omsInputFieldID: 5878, cptQuantity: null }],
        }),
      ],
      {},
      [],
    ],
    [
      'spec 1 §5: add-ons 5877 and 5887 exclude each other',
      [
        product({
          omsOrderableItemId: 617,
          panel: 5860,
          addons: [
            { omsInputFieldID: 5877, cptQuantity: null },
            { omsInputFieldID: 5887, cptQuantity: null },
          ],
        }),
      ],
      {},
      [MESSAGES.addOnExclusion],
    ],
    [
      'spec 1 §4.4: a panel of another product is not offered',
      [product({ omsOrderableItemId: 617, panel: 5400 })],
      {},
      [MESSAGES.testNotOffered],
    ],
    [
      'spec 1 §5: a product once per profile',
      [product({ omsOrderableItemId: 540 }), product({ omsOrderableItemId: 540 })],
      {},
      [MESSAGES.productAlreadyAdded],
    ],
    ['an unknown product', [product({ omsOrderableItemId: 9999 })], {}, [MESSAGES.productNotFound]],
    [
      'spec 1 §5: a * product is not orderable from a New York office',
      [product({ omsOrderableItemId: 760 })],
      { ny: true },
      [MESSAGES.notOrderableInNewYork],
    ],
    [
      'spec 1 §6: a billing method the practitioner does not have',
      [product({ omsOrderableItemId: 540, billingMethod: BILLING_METHODS.physicianAccount })],
      { billing: ['Patient'] },
      [MESSAGES.bundleBillingNotOffered(BILLING_METHODS.physicianAccount)],
    ],
  ])('%s', (_name, products, options, expected) => {
    const base = options.ny ? newYork : practitioner();
    const errors = bundleErrors(
      { name: 'Profile', gsdlNo: 'P1001', billingMethod: BILLING_METHODS.patientSelects, products },
      {
        practitioner: options.billing ? { ...base, billingMethods: options.billing } : base,
        itemOf: (id) => catalogue.get(id),
      },
    );
    expect(errors.map((error) => error.defaultMessage)).toEqual(expected);
  });
});

describe('spec 3 §3/§9 billing methods of a custom profile', () => {
  it.each<[string, PractitionerBillingMethod[], string[]]>([
    [
      "spec 3 §9: 'Let my patient select their billing option' first, then the practitioner's (spec 1 §6)",
      ['Client', 'Insurance', 'Patient', 'Medicare'],
      [
        BILLING_METHODS.patientSelects,
        BILLING_METHODS.physicianAccount,
        BILLING_METHODS.insurance,
        BILLING_METHODS.patientPay,
        BILLING_METHODS.medicare,
      ],
    ],
    [
      'spec 1 §6: Client only (P1005)',
      ['Client'],
      [BILLING_METHODS.patientSelects, BILLING_METHODS.physicianAccount],
    ],
  ])('%s', (_name, billingMethods, expected) => {
    expect(bundleBillingOptions(practitioner({ billingMethods }))).toEqual(expected);
  });
});

import type { OrderableItem } from '../contract/catalogue.ts';
import type { FieldError } from '../contract/errors.ts';
import {
  type AddOnSelection,
  BILLING_METHODS,
  type BillingMethod,
  type Practitioner,
  type PractitionerBillingMethod,
} from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { offersMedicareBilling } from './medicare.ts';
import type { OrderType } from './order-types.ts';
import { type OrderabilityFacts, orderabilityErrors } from './orderability.ts';
import { isTestSelected, testSelectionErrors } from './selection.ts';

/** spec 3 §9 'Bundle name max 128'. */
export const BUNDLE_NAME_MAX_LENGTH = 128;

/** spec 3 §3/§9: 'Default billing option on custom profiles: Let my patient select their billing option'. */
export const BUNDLE_DEFAULT_BILLING_METHOD: BillingMethod = BILLING_METHODS.patientSelects;

/** spec 1 §4.4 'arriving from bundles forces dropShip': every product of a bundle ships a pack to the patient. */
export const BUNDLE_ORDER_TYPE: OrderType = 'dropShip';

/** spec 3 §3 Bundle (custom profile): products[] {omsOrderableItemId, panel, components[], addons[], billingMethod}. */
export interface BundleProduct {
  omsOrderableItemId: number;
  panel: number | null;
  components: number[];
  addons: AddOnSelection[];
  billingMethod: BillingMethod | null;
}

export interface Bundle {
  gearBundleId: number;
  name: string;
  gsdlNo: string;
  billingMethod: BillingMethod;
  products: BundleProduct[];
}

/** A product's own billing method, else the bundle's (spec 3 §3 carries both). */
export const billingMethodOfBundleProduct = (
  bundle: Pick<Bundle, 'billingMethod'>,
  product: Pick<BundleProduct, 'billingMethod'>,
): BillingMethod => product.billingMethod ?? bundle.billingMethod;

/** A bundle ordered as a Medicare order: a product billed Medicare or Tricare (spec 1 §4.4 Medicare). */
export const isMedicareBundle = (bundle: Bundle): boolean =>
  bundle.products.some(
    (product) => billingMethodOfBundleProduct(bundle, product) === BILLING_METHODS.medicare,
  );

const PRACTITIONER_METHOD_OF_OPTION: Partial<Record<BillingMethod, PractitionerBillingMethod>> = {
  [BILLING_METHODS.physicianAccount]: 'Client',
  [BILLING_METHODS.insurance]: 'Insurance',
  [BILLING_METHODS.patientPay]: 'Patient',
  [BILLING_METHODS.medicare]: 'Medicare',
};

/**
 * spec 1 §6 'Practitioner billing methods decide which billing options appear', applied to a bundle's billing methods
 * when it is ordered (a practitioner's methods may have changed since it was saved): 'Let my patient select' is always
 * allowed; Medicare or Tricare also needs a domestic office (docs/decisions/0048).
 */
export function bundleBillingErrors(
  bundle: Bundle,
  practitioner: Pick<Practitioner, 'billingMethods' | 'office'>,
): FieldError[] {
  const errors: FieldError[] = [];
  bundle.products.forEach((product, index) => {
    const method = billingMethodOfBundleProduct(bundle, product);
    if (method === BILLING_METHODS.patientSelects) return;
    const needed = PRACTITIONER_METHOD_OF_OPTION[method];
    const allowed =
      needed !== undefined &&
      practitioner.billingMethods.includes(needed) &&
      (method !== BILLING_METHODS.medicare || offersMedicareBilling(practitioner));
    if (!allowed)
      errors.push({
        field: `products.${index}.billingMethod`,
        defaultMessage: MESSAGES.bundleBillingNotOffered(method),
      });
  });
  return errors;
}

/** spec 3 §5 Custom profile: the name and the products of the editor's form. */
export function bundleFormErrors(form: { name: string; products: readonly unknown[] }): FieldError[] {
  const errors: FieldError[] = [];
  const name = form.name.trim();
  if (name === '') errors.push({ field: 'name', defaultMessage: MESSAGES.bundleNameRequired });
  else if (name.length > BUNDLE_NAME_MAX_LENGTH)
    errors.push({ field: 'name', defaultMessage: MESSAGES.bundleNameTooLong });
  if (form.products.length === 0)
    errors.push({ field: 'products', defaultMessage: MESSAGES.bundleNeedsProduct });
  return errors;
}

export interface BundleRuleFacts {
  practitioner: OrderabilityFacts['practitioner'] & Pick<Practitioner, 'billingMethods' | 'office'>;
  /** The active catalogue item of an id, undefined for an unknown or retired product. */
  itemOf: (id: number) => (Pick<OrderableItem, 'id' | 'name' | 'profileList'> & MedicareItem) | undefined;
}
type MedicareItem = Parameters<typeof orderabilityErrors>[0];

/**
 * Every rule a custom profile is saved under (spec 3 §5, §3; spec 1 §4.4, §5, §6): the form's name and products, each
 * product known, orderable by the profile's practitioner as a drop-ship product (New York *, once per profile,
 * Medicare-eligible on a Medicare profile), its panel, components and add-ons valid with the add-on exclusions of
 * panel selection (a product without tests is ordered with its base panel), and billing methods the practitioner has.
 */
export function bundleErrors(bundle: Omit<Bundle, 'gearBundleId'>, facts: BundleRuleFacts): FieldError[] {
  const errors = [
    ...bundleFormErrors(bundle),
    ...bundleBillingErrors({ ...bundle, gearBundleId: 0 }, facts.practitioner),
  ];
  const medicare = isMedicareBundle({ ...bundle, gearBundleId: 0 });
  bundle.products.forEach((product, index) => {
    const at = `products.${index}`;
    const item = facts.itemOf(product.omsOrderableItemId);
    if (!item) {
      errors.push({ field: `${at}.omsOrderableItemId`, defaultMessage: MESSAGES.productNotFound });
      return;
    }
    const others = bundle.products
      .map((other, position) => ({
        id: position + 1,
        omsOrderableItemId: other.omsOrderableItemId,
        canceled: false,
      }))
      .filter((other) => other.id <= index);
    const productErrors = [
      ...orderabilityErrors(item, {
        practitioner: facts.practitioner,
        orderType: BUNDLE_ORDER_TYPE,
        recollection: false,
        medicare,
        requisitionsOnOrder: others,
        requisitionId: null,
      }),
      ...(isTestSelected(product) ? testSelectionErrors(item, product, { shipToOffice: false }) : []),
    ];
    errors.push(...productErrors.map((error) => ({ ...error, field: `${at}.${error.field}` })));
  });
  return errors;
}

/**
 * The billing methods a custom profile of this practitioner may carry (spec 3 §3, §9; spec 1 §6): 'Let my patient
 * select their billing option' first (the default), then the practitioner's own, in the order of the spec's list.
 */
export function bundleBillingOptions(
  practitioner: Pick<Practitioner, 'billingMethods' | 'office'>,
): BillingMethod[] {
  const offered = (Object.keys(PRACTITIONER_METHOD_OF_OPTION) as BillingMethod[]).filter((method) => {
    const needed = PRACTITIONER_METHOD_OF_OPTION[method] as PractitionerBillingMethod;
    return (
      practitioner.billingMethods.includes(needed) &&
      (method !== BILLING_METHODS.medicare || offersMedicareBilling(practitioner))
    );
  });
  return [BUNDLE_DEFAULT_BILLING_METHOD, ...offered];
}

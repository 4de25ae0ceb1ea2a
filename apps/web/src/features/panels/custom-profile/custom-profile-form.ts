import {
  type BillingMethod,
  BUNDLE_DEFAULT_BILLING_METHOD,
  type BundleAnswer,
  type BundleProduct,
  type BundleSaveRequest,
} from '@gear/domain';

/** A product card of the editor: the product's name beside what the profile saves of it. */
export interface ProfileProduct extends BundleProduct {
  omsOrderableItemName: string;
}

/** What the custom profile editor holds (spec 3 §2 'Custom profile editor'). */
export interface ProfileForm {
  name: string;
  billingMethod: BillingMethod;
  products: ProfileProduct[];
}

export const emptyProfile = (): ProfileForm => ({
  name: '',
  billingMethod: BUNDLE_DEFAULT_BILLING_METHOD,
  products: [],
});

export const profileFormOf = (bundle: BundleAnswer): ProfileForm => ({
  name: bundle.name,
  billingMethod: bundle.billingMethod,
  products: bundle.products.map((product) => ({ ...product, addons: product.addons.map((a) => ({ ...a })) })),
});

export const saveBodyOf = (
  form: ProfileForm,
  gsdlNo: string,
  gearBundleId: number | null,
): BundleSaveRequest => ({
  gearBundleId,
  gsdlNo,
  name: form.name.trim(),
  billingMethod: form.billingMethod,
  products: form.products.map(({ omsOrderableItemId, panel, components, addons, billingMethod }) => ({
    omsOrderableItemId,
    panel,
    components,
    addons,
    billingMethod,
  })),
});

/** Whether the form differs from what was loaded (the unsaved-changes question, spec 3 §5). */
export const isChanged = (form: ProfileForm, saved: ProfileForm) =>
  JSON.stringify(form) !== JSON.stringify(saved);

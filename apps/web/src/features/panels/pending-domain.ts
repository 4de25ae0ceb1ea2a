/**
 * ─────────────────────────────────────────────────────────────────────────────────────────────────────────────────
 * TEMPORARY ADAPTER: rules of spec 1 that packages/domain will export (branch issue3-api, being built in parallel).
 * One function (or constant) per rule, written here only so that the browser can be built and tested now.
 * At merge: delete this file and import each name from '@gear/domain' instead (rename where the domain chose other
 * names; the UI tests, which assert what a user sees, stay as they are and prove the swap).
 * Nothing else in apps/web may define these rules.
 * ─────────────────────────────────────────────────────────────────────────────────────────────────────────────────
 */
import type {
  AddOnSelection,
  BulkLine,
  GearOrder,
  InputField,
  OrderableItemSummary,
  Practitioner,
  Profile,
  Requisition,
  UserInfo,
} from '@gear/domain';

/** spec 1 §1: the order types the panel selection step creates. */
export type OrderType =
  | 'bulk'
  | 'dropShip'
  | 'registration'
  | 'covidRegistration'
  | 'noCardRegistration'
  | 'unknownIdActivation';

/** spec 1 §5 and §8: the panel selection messages that carry no phone number, verbatim. */
export const PANEL_MESSAGES = {
  requisitionNumberRequired: 'Please enter a requisition number.',
  requisitionNotFound:
    'We could not find a requisition with that number. Please check the number and contact the provider if you believe it is valid.',
  activationNotFound:
    'We could not find that activation number. Please check the number and contact the provider if you believe it is valid.',
  noLongerAvailable:
    'This product is no longer available. Please contact client services for further assistance.',
  selectTest: 'Please select a test.',
  medicalNecessityRequired: 'Please acknowledge you have read the definition of medical necessity.',
  addOnExclusion:
    'Please choose between the Toxic Elements Clearance or the Comprehensive Urine Elements. Toxic Elements Clearance is included in the Comprehensive Urine Elements so both cannot be selected.',
  alreadyAdded:
    'This product has already been added to the order. If you need to order the product multiple times, please do so on separate orders.',
  notEligible: 'You are not eligible for online ordering.',
  fillOutField: 'Please fill out this field.',
} as const;

/** spec 1 §6: reqLayoutId missing, 0 or 2 is domestic; 3 is international. */
const isDomesticLayout = (layout: number | null | undefined) =>
  layout == null || layout === 0 || layout === 2;
export const isInternationalLayout = (practitioner: Pick<Practitioner, 'office'> | null): boolean =>
  practitioner?.office.reqLayoutId === 3;

/**
 * spec 1 §2.6, §6: Ship to Office (permitted, not CAP-authorized, no recollection); Ship to Patient and Activate
 * Online gated by a domestic layout (or CAP authorization); Activate Online also for the international layout;
 * Activate COVID Test for COVID registration accounts.
 */
export function availableOrderTypes(
  practitioner: Practitioner,
  order: Partial<Pick<GearOrder, 'recollectionFor'>>,
): OrderType[] {
  const types: OrderType[] = [];
  const domestic = isDomesticLayout(practitioner.office.reqLayoutId) || practitioner.capAuthorized;
  if (practitioner.shipToOfficePermitted && !practitioner.capAuthorized && order.recollectionFor == null) {
    types.push('bulk');
  }
  if (domestic) types.push('dropShip');
  if (domestic || isInternationalLayout(practitioner)) types.push('registration');
  if (practitioner.covidRegistrationAccount) types.push('covidRegistration');
  return types;
}

export interface InitialOrderTypeFacts {
  inlineType?: OrderType | null;
  user: Pick<UserInfo, 'type'>;
  order: Partial<
    Pick<
      GearOrder,
      'containsShipToOfficeRequisition' | 'myGDXKitOrder' | 'covidRegistration' | 'recollectionFor'
    >
  >;
  /** The requisition being edited (the route's gearReqId), if any. */
  requisition: Pick<
    Requisition,
    'omsOrderableItemId' | 'dropShip' | 'shipToOffice' | 'covidRegistration' | 'canceled'
  > | null;
  /** A patient adding another requisition to an order. */
  addingRequisition: boolean;
  fromBundles?: boolean;
}

const COVID_ITEM_IDS = [902, 910];

/** spec 1 §4.4 'Initial order type', in the spec's order; null when a practitioner has to choose. */
export function initialOrderType(facts: InitialOrderTypeFacts): OrderType | null {
  const { inlineType, user, order, requisition } = facts;
  if (facts.fromBundles) return 'dropShip';
  if (inlineType) return inlineType;
  if (user.type === 'prc' && facts.addingRequisition) return 'registration';
  if (requisition?.shipToOffice || (!requisition && order.containsShipToOfficeRequisition)) return 'bulk';
  if (order.myGDXKitOrder || requisition?.dropShip) return 'dropShip';
  if (
    order.covidRegistration ||
    requisition?.covidRegistration ||
    (user.type === 'prc' && requisition && COVID_ITEM_IDS.includes(requisition.omsOrderableItemId))
  ) {
    return 'covidRegistration';
  }
  if (order.recollectionFor != null) return 'dropShip';
  if (requisition && !requisition.canceled) return 'registration';
  return user.type === 'prc' ? 'registration' : null;
}

const componentIds = (profile: Pick<Profile, 'profileComponents' | 'inputFieldParams'>): number[] =>
  profile.profileComponents.length > 0
    ? profile.profileComponents.map((component) => component.id)
    : profile.inputFieldParams.filter((p) => p.name === 'component').map((p) => Number(p.value));

/** spec 1 §4.4: 'Selecting a panel sets the components to that panel's components; clearing it clears them.' */
export const panelComponents = (profile: Profile | null): number[] => (profile ? componentIds(profile) : []);

/** spec 1 §4.4: 'Selecting components selects a display-only panel if the components match one.' */
export function displayOnlyPanelFor(profiles: Profile[], components: number[]): number | null {
  const wanted = [...new Set(components)].sort((a, b) => a - b).join(',');
  if (!wanted) return null;
  const match = profiles.find(
    (profile) =>
      profile.displayOnly && [...new Set(componentIds(profile))].sort((a, b) => a - b).join(',') === wanted,
  );
  return match?.id ?? null;
}

/** spec 1 §5: toxic elements clearance (5877, 5924, 6036) and comprehensive urine elements (5887, 5925, 6037). */
const EXCLUSIVE_ADD_ONS: readonly (readonly [number, number])[] = [
  [5877, 5887],
  [5924, 5925],
  [6036, 6037],
];

/** spec 1 §5: the selected add-on that candidate cannot be combined with, or null. */
export function conflictingAddOn(selected: number[], candidate: number): number | null {
  for (const [toxic, urine] of EXCLUSIVE_ADD_ONS) {
    if (candidate === toxic && selected.includes(urine)) return urine;
    if (candidate === urine && selected.includes(toxic)) return toxic;
  }
  return null;
}

/** spec 1 §5: 'Add-ons whose name contains SARS are hidden unless the order is ship-to-office.' */
export const isAddOnShown = (addOn: Pick<InputField, 'name'>, shipToOffice: boolean): boolean =>
  shipToOffice || !addOn.name.includes('SARS');

/** spec 1 §9: quantity per line 0 to 99; at most 25 packs per order online (international layout). */
export const BULK_LINE_MAX = 99;
export const INTERNATIONAL_PACK_LIMIT = 25;

/**
 * spec 1 §5: sets one line's quantity (0–99, whole numbers); lines at 0 drop off; for an international layout the
 * total across lines is capped at 25 and this line is reduced to fit, with overLimit set.
 */
export function setBulkQuantity(
  lines: BulkLine[],
  item: Pick<OrderableItemSummary, 'id' | 'name'>,
  quantity: number,
  options: { international: boolean },
): { lines: BulkLine[]; overLimit: boolean } {
  let wanted = Math.min(BULK_LINE_MAX, Math.max(0, Math.trunc(Number.isFinite(quantity) ? quantity : 0)));
  let overLimit = false;
  if (options.international) {
    const others = lines
      .filter((line) => line.omsOrderableItemId !== item.id)
      .reduce((sum, line) => sum + line.quantity, 0);
    const room = Math.max(0, INTERNATIONAL_PACK_LIMIT - others);
    if (wanted > room) {
      wanted = room;
      overLimit = true;
    }
  }
  const existing = lines.find((line) => line.omsOrderableItemId === item.id);
  const next: BulkLine[] = existing
    ? lines.map((line) => (line === existing ? { ...line, quantity: wanted } : line))
    : [
        ...lines,
        {
          id: null,
          omsOrderableItemId: item.id,
          omsOrderableItemName: item.name,
          quantity: wanted,
          components: [],
          addons: [],
          panel: null,
          patientInstructions: null,
        },
      ];
  return { lines: next.filter((line) => line.quantity > 0), overLimit };
}

/** spec 1 §9: the Medicare-eligible orderable item ids. */
const MEDICARE_ELIGIBLE_ITEM_IDS = [
  540, 542, 895, 897, 894, 896, 544, 545, 546, 547, 617, 622, 554, 854, 534,
];

/** spec 1 §5, §9: products not eligible for Medicare cannot be ordered on a Medicare order. */
export const isMedicareEligibleItem = (item: Pick<OrderableItemSummary, 'id' | 'mcrEligible'>): boolean =>
  item.mcrEligible || MEDICARE_ELIGIBLE_ITEM_IDS.includes(item.id);

/** spec 1 §5: the Medicare eligibility message for one product. */
export const medicareNotAvailableMessage = (productName: string): string =>
  `Medicare or Tricare billing is not available for the ${productName} test. Please switch to Non-Medicare billing to order this test.`;

/** spec 1 §5: 'Products whose name ends with * cannot be ordered in New York.' */
export const isRefusedInNewYork = (productName: string, state: string | null | undefined): boolean =>
  state?.trim().toUpperCase() === 'NY' && productName.trimEnd().endsWith('*');

/** spec 1 §5: a product already on the order (another requisition than the one being edited). */
export const isAlreadyOnOrder = (
  order: Pick<GearOrder, 'requisitions'>,
  orderableItemId: number,
  exceptRequisitionId: number | null,
): boolean =>
  order.requisitions.some(
    (r) => r.omsOrderableItemId === orderableItemId && r.id !== exceptRequisitionId && !r.canceled,
  );

/** spec 1 §5: a drop-ship-only product is disabled when ship to office is chosen. */
export const isDisabledForShipToOffice = (item: Pick<OrderableItemSummary, 'dropShipOnly'>): boolean =>
  item.dropShipOnly;

/**
 * spec 1 §4.4: the billing method of a requisition saved from panel selection: Medicare → 'Medicare or Tricare',
 * unless chelation provocation is chosen ('No Insurance Billing: Pay Full Amount'); otherwise a practitioner whose
 * only billing method is Client, or an international layout, defaults to 'Physician Account'; else the current one.
 */
export function panelBillingMethod(facts: {
  medicare: boolean;
  provocation: boolean;
  practitioner: Pick<Practitioner, 'billingMethods' | 'office'> | null;
  current: Requisition['billingMethod'];
}): Requisition['billingMethod'] {
  if (facts.medicare)
    return facts.provocation ? 'No Insurance Billing: Pay Full Amount' : 'Medicare or Tricare';
  if (facts.current === 'Medicare or Tricare') return null;
  if (facts.current) return facts.current;
  const methods = facts.practitioner?.billingMethods ?? [];
  if (
    (methods.length === 1 && methods[0] === 'Client') ||
    isInternationalLayout(facts.practitioner ?? null)
  ) {
    return 'Physician Account';
  }
  return null;
}

/** spec 1 §9: input field 66 is the resubmittal id; max 32; empty saves as 'Not Provided'. */
export const RESUBMITTAL_FIELD_ID = 66;
export const RESUBMITTAL_MAX_LENGTH = 32;
export const resubmittalValue = (text: string): string => text.trim() || 'Not Provided';

/** spec 1 §3: the param {name: 'Add-On', value: 'true'} marks an add-on. */
export const isAddOnField = (field: Pick<InputField, 'inputFieldParams'>): boolean =>
  field.inputFieldParams.some((p) => p.name === 'Add-On' && p.value === 'true');

/** spec 1 §5 'Medicare CPT quantity input: min 1, max the parsed quantity'. */
export const cptQuantityMax = (field: Pick<InputField, 'cptQuantity'>): number => {
  const parsed = Number.parseInt(field.cptQuantity ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
};

/** The add-on selection sent for one add-on (spec 1 §3 'Add-on / option selection'). */
export const addOnSelection = (field: InputField, medicare: boolean): AddOnSelection => ({
  omsInputFieldID: field.id,
  cptQuantity: medicare ? cptQuantityMax(field) : null,
});

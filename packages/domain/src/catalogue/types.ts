/**
 * The catalogue as the API serves it (spec 1 §3 Orderable item, Profile / input field component, Catalogue
 * requisition, Orderable item lists). Field names are the spec's.
 */

export interface InputFieldParam {
  name: string;
  value: string;
}

/** spec 1 §3 'Profile / input field component'. inputType: Panel, Analyte, Patient Instruction, Collection, … */
export interface InputField {
  id: number;
  name: string;
  inputType: string;
  cptCode: string | null;
  cptQuantity: string | null;
  displayOnly: boolean;
  gdxItemId: string | null;
  parentId: number | null;
  accessionKey: string | null;
  disclaimer: string | null;
  /** The param {name: 'Add-On', value: 'true'} marks an add-on. */
  inputFieldParams: InputFieldParam[];
}

/** A panel with its components and the add-ons offered with it. */
export interface Profile extends InputField {
  profileComponents: InputField[];
  addOnList: InputField[];
}

/** The list entry of a product (catalogue answer rows). */
export interface OrderableItemSummary {
  id: number;
  name: string;
  category: string;
  description: string | null;
  specimenType: string | null;
  dropShipOnly: boolean;
  mcrEligible: boolean;
  paperless: boolean;
  nutritional: boolean;
  covid: boolean;
  gbfName: string | null;
}

/** spec 1 §3 Orderable item, in full: what requisition details and the info modal need. */
export interface OrderableItem extends OrderableItemSummary {
  mixedComponentPricing: boolean;
  containsCptCodeQuantity: boolean;
  notice: string | null;
  diagnosisCodes: { code: string; name: string }[];
  profileList: Profile[];
  inputFields: InputField[];
}

/** The tests a provider ordered on a paperless pack (spec 1 §4.4 'the tests are preselected and locked'). */
export interface TestPreselection {
  panel: number | null;
  components: number[];
  addons: number[];
}

/** spec 1 §3 Catalogue requisition (lab side). id is null for a product ordered without a pack. */
export interface CatalogueRequisition {
  id: number | null;
  reqNumber: string | null;
  activationCode: string | null;
  paperless: boolean;
  /** A paperless pack's tests as the provider ordered them; null when not ordered (the base panel is used). */
  preselection: TestPreselection | null;
  orderableItem: OrderableItem;
}

/** spec 1 §3 Bundle (a saved custom profile) as listed with the catalogue. */
export interface BundleSummary {
  gearBundleId: number;
  gearOrderId: number | null;
  name: string;
  billingMethod: string;
  productNamesString: string;
  practAgreement: boolean | null;
}

/** spec 1 §3 'Orderable item lists (catalogue answer)': GET /gear/practitioner/{gsdl}/orderableItems. */
export interface OrderableItemLists {
  recentlyOrderedItems: OrderableItemSummary[];
  topProducts: OrderableItemSummary[];
  categoryMap: Record<string, OrderableItemSummary[]>;
  otherOrderableItems: OrderableItemSummary[];
  productHighlights: OrderableItemSummary[];
  savedBundles: BundleSummary[];
  gbfSharedKitsMap: Record<string, OrderableItemSummary[]>;
}

/** spec 1 §3 Quantity map entry and Bulk line. */
export interface BulkLine {
  id: number | null;
  omsOrderableItemId: number;
  omsOrderableItemName: string;
  quantity: number;
  components: number[];
  addons: { omsInputFieldID: number; cptQuantity: number | null }[];
  panel: number | null;
  patientInstructions: string | null;
}

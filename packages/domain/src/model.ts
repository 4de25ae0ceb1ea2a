/** The entities of the spec as the API serves them (spec 1 §3, spec 2 §3, spec 3 §3). Field names are the spec's. */

import type { IdCardAttachmentType } from './insurance/id-card-uploads.ts';

export type UserType = 'myGDX' | 'prc';

/** spec 1 §3 User info. onBehalfOf is a comma list of GSDL numbers; adminUser is the string 'true' for admins. */
export interface UserInfo {
  type: UserType;
  gsdlNo: string | null;
  onBehalfOf: string;
  adminUser: 'true' | 'false';
  /**
   * prc only, never sent to the browser: the orders this patient proved in their session with a requisition or
   * activation number and date of birth (docs/decisions/0040). A patient may see these orders and no others.
   */
  orderIds?: readonly number[];
}

export interface Address {
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** reqLayoutId: missing, 0 or 2 are domestic; 3 is international (spec 1 §6, §9). */
export interface Office {
  name: string;
  address: Address;
  phoneNumber: string;
  reqLayoutId: number | null;
  shippingCardOnFile: boolean;
}

export const PRACTITIONER_BILLING_METHODS = ['Client', 'Insurance', 'Patient', 'Medicare'] as const;
export type PractitionerBillingMethod = (typeof PRACTITIONER_BILLING_METHODS)[number];

export interface Practitioner {
  gsdlNo: string;
  firstName: string;
  lastName: string;
  degree: string;
  authorizingDoctorGsdlNo: string | null;
  billingMethods: PractitionerBillingMethod[];
  cmsCreditStatus: { creditStatus: string | null };
  capAuthorized: boolean;
  shipToOfficePermitted: boolean;
  covidRegistrationAccount: boolean;
  doNotQuotePrices: boolean;
  /** True when the practitioner has a cloud-site service key (chart-number lookup); the key itself never leaves the server. */
  lkCloudSiteServiceKey: boolean;
  cardOnFile: boolean;
  cmsAttributes: number[];
  office: Office;
}

/** spec 1 §9 billing method names, as stored on a requisition. */
export const BILLING_METHODS = {
  insurance: 'Bill Insurance with Patient Payment',
  patientPay: 'No Insurance Billing: Pay Full Amount',
  physicianAccount: 'Physician Account',
  medicare: 'Medicare or Tricare',
  patientSelects: 'Let my patient select their billing option',
  uninsured: 'Uninsured',
  uninsuredHrsa: 'Uninsured (HRSA Elligible)',
} as const;
export type BillingMethod = (typeof BILLING_METHODS)[keyof typeof BILLING_METHODS];

/** spec 1 §3: each specific sample field is an id plus a string value ('true'/'false' or a marker such as @PRE). */
export interface SpecificField {
  id: number;
  accessionKey?: string | null;
  value: string;
}

export interface AddOnSelection {
  omsInputFieldID: number;
  cptQuantity: number | null;
}

export interface IcdCode {
  code: string;
  name: string;
  rank: number;
  otherCode: boolean;
}

export interface AccessionDetails {
  accessionNo: string;
  productName: string;
  requisitionStatusId: number | null;
  dueDate: string | null;
  discardedSpecimen: boolean;
  issues: string[];
}

export interface Requisition {
  id: number;
  reqNumber: string | null;
  activationCode: string | null;
  accessionNo: string | null;
  accessionDetails: AccessionDetails[];
  billingMethod: BillingMethod | null;
  omsOrderableItemId: number;
  omsOrderableItemName: string;
  omsOrderableItemCategory: string | null;
  medicareEligible: boolean;
  quantity: number;
  panel: number | null;
  components: number[];
  addons: AddOnSelection[];
  componentOptions: AddOnSelection[];
  addOnOptions: AddOnSelection[];
  sampleCollectionData: SpecificField[];
  profileSpecificFields: SpecificField[];
  dateLastSampleCollected: string | null;
  dropShip: boolean;
  shipToOffice: boolean;
  covidRegistration: boolean;
  paperless: boolean;
  physicianInTheLoop: boolean;
  patientInstructions: string | null;
  clinicalFindings: string | null;
  routeNumber: string | null;
  xComId: string | null;
  noCardActivation: boolean;
  repurposedCollectionPack: {
    reqNumber: string | null;
    activationCode: string | null;
    gearReqId: number | null;
  } | null;
  physicianBillingSelected: boolean;
  insuranceBillingSelected: boolean;
  medicareTricareBillingSelected: boolean;
  noInsuranceBillingSelected: boolean;
  icdCodes: IcdCode[];
  canceled: boolean;
  paymentInfo: { id: number; paymentFrom: UserType } | null;
}

/** Workflow step status ids (spec 1 §4.1, spec 3 §4 'status id 3, Completed'); see docs/decisions/0003. */
export const STEP_STATUS = {
  notStarted: { id: 1, name: 'Not Started' },
  inProgress: { id: 2, name: 'In Progress' },
  completed: { id: 3, name: 'Completed' },
  skipped: { id: 4, name: 'Skipped' },
} as const;

export interface WorkflowStep {
  id: number;
  completed: boolean;
  notApplicable: boolean;
  notStarted: boolean;
  skipped: boolean;
  gearReqId: number | null;
  userType: UserType | null;
  stepDate: string | null;
  status: { id: number; name: string };
}

export interface Workflow {
  steps: WorkflowStep[];
  practitionerConfirmed: boolean;
  patientConfirmed: boolean;
  complete: boolean;
}

export interface PatientAddress {
  type: 'shipping' | 'employer' | 'claims' | 'secondaryClaims';
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  county: string | null;
  voicePhone: string | null;
  alternatePhone: string | null;
  schoolDistrict: string | null;
}

export interface PatientInfo {
  nameFirst: string | null;
  nameMiddle: string | null;
  nameLast: string | null;
  dateOfBirth: string | null;
  gender: 'M' | 'F' | null;
  email: string | null;
  voicePhone: string | null;
  alternatePhone: string | null;
  chartNumber: string | null;
  driverLicenseNumber: string | null;
  ssn: string | null;
  race: string | null;
  ethnicity: string | null;
  source: string | null;
  marketingOptIn: boolean;
  occupation: string | null;
  employer: string | null;
  employmentStatus: string | null;
  responsibleNameFirst: string | null;
  responsibleNameMiddle: string | null;
  responsibleNameLast: string | null;
  addresses: PatientAddress[];
}

export interface Insurance {
  insuranceProvider: string | null;
  subscriberId: string | null;
  subscriberName: string | null;
  subscriberDOB: string | null;
  groupNumber: string | null;
  subscriberRelation: 'Self' | 'Spouse' | 'Other' | null;
  otherSubscriberRelation: string | null;
  otherProvider: string | null;
  phoneNumber: string | null;
  claimsAddress: PatientAddress | null;
  insuranceRank: 0 | 1;
}

export interface ShippingInformation {
  shippingMethod: string;
  company: string | null;
  attention: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  instructions: string | null;
}

/** spec 2 §3 'attachments keyed by type': an uploaded ID-card image (the file itself is read by its own route). */
export interface OrderAttachment {
  type: IdCardAttachmentType;
  contentType: string;
  sizeBytes: number;
  /** ISO timestamp (UTC); also tells the browser a replaced image apart. */
  uploadedAt: string;
}

/** spec 1 §3 Order (gearOrder), with the fields of spec 2 §3 and spec 3 §3. id 'new' means not yet saved. */
export interface GearOrder {
  id: number | 'new';
  version: number;
  orderFormId: string | null;
  practitioner: Practitioner | null;
  authorizingPractitioner: Pick<Practitioner, 'firstName' | 'lastName' | 'degree' | 'gsdlNo'> | null;
  onBehalfOf: string | null;
  practAgreement: boolean | null;
  practAgreementDate: string | null;
  requisitions: Requisition[];
  workflow: Workflow;
  dataConfirmed: boolean;
  dateMedicalNecessityAcknowledged: string | null;
  containsShipToOfficeRequisition: boolean;
  containsDropShipRequisition: boolean;
  containsRegistrationRequisition: boolean;
  containsCovidRegistration: boolean;
  containsNoCardActivation: boolean;
  simplifiedClientBilling: boolean;
  patientRegistration: boolean;
  governmentPayor: boolean;
  bundleTemplate: boolean;
  myGDXKitOrder: boolean;
  covidRegistration: boolean;
  physicianInTheLoop: boolean;
  recollectionFor: number | null;
  patientInfo: PatientInfo | null;
  insurance: Insurance | null;
  secondaryInsurance: Insurance | null;
  shippingMethod: string;
  shippingInformation: ShippingInformation | null;
  patientAgreement: boolean;
  nsaAcknowledged: boolean;
  createdAt: string | null;
  /** spec 2 §3 ID-card images by attachment type; absent on an order not read from the database. */
  attachments?: Partial<Record<IdCardAttachmentType, OrderAttachment>>;
  /** Canceled as a whole (DELETE /gear/order/cancel/{id}); absent on an order not read from the database. */
  canceled?: boolean;
}

/** The step table needs only these parts of an order; a new unsaved order satisfies it too. */
export type OrderFacts = Pick<
  GearOrder,
  | 'id'
  | 'requisitions'
  | 'workflow'
  | 'governmentPayor'
  | 'containsShipToOfficeRequisition'
  | 'practitioner'
  | 'practAgreement'
  | 'physicianInTheLoop'
  | 'simplifiedClientBilling'
>;

/**
 * The entities of the spec as the API serves them (spec 1 §3, spec 2 §3, spec 3 §3). Field names are the spec's.
 * Each is a zod schema (routes serialise answers with it; the OpenAPI document is generated from it) and its type
 * is inferred from the schema, so the server, the browser and the document cannot disagree (docs/decisions/0075).
 */

import { z } from 'zod';
import { ACCOUNT_ROLES } from '../access/account-name.ts';
import { ID_CARD_ATTACHMENT_TYPES } from '../insurance/id-card-uploads.ts';

export const USER_TYPES = ['myGDX', 'prc'] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

/** spec 1 §3 User info as GET /api/session answers it. */
export const userInfoSchema = z
  .object({
    type: userTypeSchema,
    gsdlNo: z.string().nullable(),
    onBehalfOf: z.string().describe('Comma list of GSDL numbers the user acts for'),
    adminUser: z.enum(['true', 'false']).describe("The string 'true' for admins"),
    /** Beyond spec 1 §3 (issue 15; docs/decisions/0312): the caller's own name and role, for the header. */
    name: z.string().nullable().optional().describe("The signed-in person's own name (myGDX accounts)"),
    role: z.enum(ACCOUNT_ROLES).optional().describe('practitioner, office staff or admin (myGDX accounts)'),
  })
  .meta({ id: 'UserInfo' });

/** spec 1 §3 User info. onBehalfOf is a comma list of GSDL numbers; adminUser is the string 'true' for admins. */
export type UserInfo = z.infer<typeof userInfoSchema> & {
  /**
   * prc only, never sent to the browser: the orders this patient proved in their session with a requisition or
   * activation number and date of birth (docs/decisions/0040). A patient may see these orders and no others.
   */
  orderIds?: readonly number[];
};

export const addressSchema = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** reqLayoutId: missing, 0 or 2 are domestic; 3 is international (spec 1 §6, §9). */
export const officeSchema = z.object({
  name: z.string(),
  address: addressSchema,
  phoneNumber: z.string(),
  reqLayoutId: z.number().nullable(),
  shippingCardOnFile: z.boolean(),
});
export type Office = z.infer<typeof officeSchema>;

export const PRACTITIONER_BILLING_METHODS = ['Client', 'Insurance', 'Patient', 'Medicare'] as const;
export type PractitionerBillingMethod = (typeof PRACTITIONER_BILLING_METHODS)[number];

export const practitionerSchema = z
  .object({
    gsdlNo: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    degree: z.string(),
    authorizingDoctorGsdlNo: z.string().nullable(),
    billingMethods: z.array(z.enum(PRACTITIONER_BILLING_METHODS)),
    cmsCreditStatus: z.object({ creditStatus: z.string().nullable() }),
    capAuthorized: z.boolean(),
    shipToOfficePermitted: z.boolean(),
    covidRegistrationAccount: z.boolean(),
    doNotQuotePrices: z.boolean(),
    lkCloudSiteServiceKey: z
      .boolean()
      .describe(
        'True when the practitioner has a cloud-site service key (the key itself never leaves the server)',
      ),
    cardOnFile: z.boolean(),
    cmsAttributes: z.array(z.number()),
    office: officeSchema,
  })
  .meta({ id: 'Practitioner' });
export type Practitioner = z.infer<typeof practitionerSchema>;

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
export const billingMethodSchema = z.enum(BILLING_METHODS);
export type BillingMethod = z.infer<typeof billingMethodSchema>;

/** spec 1 §3: each specific sample field is an id plus a string value ('true'/'false' or a marker such as @PRE). */
export const specificFieldSchema = z.object({
  id: z.number(),
  accessionKey: z.string().nullish(),
  value: z.string(),
});
export type SpecificField = z.infer<typeof specificFieldSchema>;

export const addOnSelectionAnswerSchema = z.object({
  omsInputFieldID: z.number(),
  cptQuantity: z.number().nullable(),
});
export type AddOnSelection = z.infer<typeof addOnSelectionAnswerSchema>;

export const icdCodeSchema = z.object({
  code: z.string(),
  name: z.string(),
  rank: z.number(),
  otherCode: z.boolean(),
});
export type IcdCode = z.infer<typeof icdCodeSchema>;

export const accessionDetailsSchema = z.object({
  accessionNo: z.string(),
  productName: z.string(),
  requisitionStatusId: z.number().nullable(),
  dueDate: z.string().nullable(),
  discardedSpecimen: z.boolean(),
  issues: z.array(z.string()),
});
export type AccessionDetails = z.infer<typeof accessionDetailsSchema>;

export const requisitionSchema = z
  .object({
    id: z.number(),
    reqNumber: z.string().nullable(),
    activationCode: z.string().nullable(),
    accessionNo: z.string().nullable(),
    accessionDetails: z.array(accessionDetailsSchema),
    billingMethod: billingMethodSchema.nullable(),
    omsOrderableItemId: z.number(),
    omsOrderableItemName: z.string(),
    omsOrderableItemCategory: z.string().nullable(),
    medicareEligible: z.boolean(),
    quantity: z.number(),
    panel: z.number().nullable(),
    components: z.array(z.number()),
    addons: z.array(addOnSelectionAnswerSchema),
    componentOptions: z.array(addOnSelectionAnswerSchema),
    addOnOptions: z.array(addOnSelectionAnswerSchema),
    sampleCollectionData: z.array(specificFieldSchema),
    profileSpecificFields: z.array(specificFieldSchema),
    dateLastSampleCollected: z.string().nullable(),
    dropShip: z.boolean(),
    shipToOffice: z.boolean(),
    covidRegistration: z.boolean(),
    paperless: z.boolean(),
    physicianInTheLoop: z.boolean(),
    patientInstructions: z.string().nullable(),
    clinicalFindings: z.string().nullable(),
    routeNumber: z.string().nullable(),
    xComId: z.string().nullable(),
    noCardActivation: z.boolean(),
    repurposedCollectionPack: z
      .object({
        reqNumber: z.string().nullable(),
        activationCode: z.string().nullable(),
        gearReqId: z.number().nullable(),
      })
      .nullable(),
    physicianBillingSelected: z.boolean(),
    insuranceBillingSelected: z.boolean(),
    medicareTricareBillingSelected: z.boolean(),
    noInsuranceBillingSelected: z.boolean(),
    icdCodes: z.array(icdCodeSchema),
    canceled: z.boolean(),
    paymentInfo: z
      .object({ id: z.number(), paymentFrom: userTypeSchema })
      .nullable()
      .describe('The payment recorded for this requisition (spec 3 §3 paymentInfo), if any'),
  })
  .meta({ id: 'Requisition' });
export type Requisition = z.infer<typeof requisitionSchema>;

/** Workflow step status ids (spec 1 §4.1, spec 3 §4 'status id 3, Completed'); see docs/decisions/0003. */
export const STEP_STATUS = {
  notStarted: { id: 1, name: 'Not Started' },
  inProgress: { id: 2, name: 'In Progress' },
  completed: { id: 3, name: 'Completed' },
  skipped: { id: 4, name: 'Skipped' },
} as const;

export const workflowStepSchema = z.object({
  id: z.number(),
  completed: z.boolean(),
  notApplicable: z.boolean(),
  notStarted: z.boolean(),
  skipped: z.boolean(),
  gearReqId: z.number().nullable(),
  userType: userTypeSchema.nullable(),
  stepDate: z.string().nullable(),
  status: z.object({ id: z.number(), name: z.string() }),
});
export type WorkflowStep = z.infer<typeof workflowStepSchema>;

export const workflowSchema = z
  .object({
    steps: z.array(workflowStepSchema),
    practitionerConfirmed: z.boolean(),
    patientConfirmed: z.boolean(),
    complete: z.boolean(),
  })
  .meta({ id: 'Workflow' });
export type Workflow = z.infer<typeof workflowSchema>;

const text = z.string().nullable();

export const PATIENT_ADDRESS_TYPES = ['shipping', 'employer', 'claims', 'secondaryClaims'] as const;

export const patientAddressAnswerSchema = z.object({
  type: z.enum(PATIENT_ADDRESS_TYPES),
  address1: text,
  address2: text,
  city: text,
  state: text,
  zipCode: text,
  country: text,
  county: text,
  voicePhone: text,
  alternatePhone: text,
  schoolDistrict: text,
});
export type PatientAddress = z.infer<typeof patientAddressAnswerSchema>;

export const patientInfoFields = {
  nameFirst: text,
  nameMiddle: text,
  nameLast: text,
  dateOfBirth: text.describe('YYYY-MM-DD'),
  gender: z.enum(['M', 'F']).nullable(),
  email: text,
  voicePhone: text,
  alternatePhone: text,
  chartNumber: text,
  driverLicenseNumber: text,
  ssn: text,
  race: text,
  ethnicity: text,
  source: text.describe("'portal' (entered here) or 'EMR' (imported from an EMR)"),
  marketingOptIn: z.boolean(),
  occupation: text,
  employer: text,
  employmentStatus: text,
  responsibleNameFirst: text,
  responsibleNameMiddle: text,
  responsibleNameLast: text,
  addresses: z.array(patientAddressAnswerSchema),
};

export const patientInfoAnswerSchema = z.object(patientInfoFields).meta({ id: 'PatientInfo' });
export type PatientInfo = z.infer<typeof patientInfoAnswerSchema>;

export const insuranceAnswerSchema = z
  .object({
    insuranceProvider: text,
    subscriberId: text,
    subscriberName: text,
    subscriberDOB: text,
    groupNumber: text,
    subscriberRelation: z.enum(['Self', 'Spouse', 'Other']).nullable(),
    otherSubscriberRelation: text,
    otherProvider: text,
    phoneNumber: text,
    claimsAddress: patientAddressAnswerSchema.nullable(),
    insuranceRank: z.union([z.literal(0), z.literal(1)]).describe('0 primary, 1 secondary'),
  })
  .meta({ id: 'Insurance' });
export type Insurance = z.infer<typeof insuranceAnswerSchema>;

export const shippingInformationAnswerSchema = z.object({
  shippingMethod: z.string(),
  company: text,
  attention: text,
  address1: text,
  address2: text,
  city: text,
  state: text,
  zipCode: text,
  country: text,
  instructions: text,
});
export type ShippingInformation = z.infer<typeof shippingInformationAnswerSchema>;

/** spec 2 §3 'attachments keyed by type': an uploaded ID-card image (the file itself is read by its own route). */
export const orderAttachmentSchema = z.object({
  type: z.enum(ID_CARD_ATTACHMENT_TYPES),
  contentType: z.string(),
  sizeBytes: z.number(),
  uploadedAt: z.string().describe('ISO timestamp (UTC); also tells the browser a replaced image apart'),
});
export type OrderAttachment = z.infer<typeof orderAttachmentSchema>;

/** spec 3 §3 gearOrder.pitlRecollectionOrderSummary (decision 0293: filled for PITL orders by the order reader). */
export const pitlRecollectionOrderSummarySchema = z
  .object({
    recollectionPending: z.boolean(),
    paymentRequired: z.boolean(),
    gearReqRecollectionMap: z.record(z.string(), z.number()),
  })
  .meta({ id: 'PitlRecollectionOrderSummary' });

/** spec 1 §3 Order (gearOrder), with the fields of spec 2 §3 and spec 3 §3. id 'new' means not yet saved. */
export const gearOrderSchema = z
  .object({
    id: z.union([z.number(), z.literal('new')]),
    version: z.number(),
    orderFormId: z.string().nullable(),
    practitioner: practitionerSchema.nullable(),
    authorizingPractitioner: practitionerSchema
      .pick({ firstName: true, lastName: true, degree: true, gsdlNo: true })
      .nullable(),
    onBehalfOf: z.string().nullable(),
    practAgreement: z.boolean().nullable(),
    practAgreementDate: z.string().nullable(),
    requisitions: z.array(requisitionSchema),
    workflow: workflowSchema,
    dataConfirmed: z.boolean(),
    dateMedicalNecessityAcknowledged: z.string().nullable(),
    containsShipToOfficeRequisition: z.boolean(),
    containsDropShipRequisition: z.boolean(),
    containsRegistrationRequisition: z.boolean(),
    containsCovidRegistration: z.boolean(),
    containsNoCardActivation: z.boolean(),
    simplifiedClientBilling: z.boolean(),
    patientRegistration: z.boolean(),
    governmentPayor: z.boolean(),
    bundleTemplate: z.boolean(),
    myGDXKitOrder: z.boolean(),
    covidRegistration: z.boolean(),
    physicianInTheLoop: z.boolean(),
    recollectionFor: z.number().nullable(),
    pitlRecollectionOrderSummary: pitlRecollectionOrderSummarySchema
      .nullable()
      .optional()
      .describe(
        "spec 3 §3: a PITL order's recollections (decision 0293); null on an order that is not PITL; absent on an " +
          'order not read from the database',
      ),
    patientInfo: patientInfoAnswerSchema.nullable(),
    insurance: insuranceAnswerSchema.nullable(),
    secondaryInsurance: insuranceAnswerSchema.nullable(),
    shippingMethod: z.string(),
    shippingInformation: shippingInformationAnswerSchema.nullable(),
    patientAgreement: z.boolean(),
    nsaAcknowledged: z.boolean(),
    createdAt: z.string().nullable(),
    attachments: z
      .partialRecord(z.enum(ID_CARD_ATTACHMENT_TYPES), orderAttachmentSchema)
      .optional()
      .describe('spec 2 §3 ID-card images by attachment type; absent on an order not read from the database'),
    canceled: z
      .boolean()
      .optional()
      .describe(
        'Canceled as a whole (DELETE /gear/order/cancel/{id}); absent on an order not read from the database',
      ),
  })
  .meta({ id: 'GearOrder' });
export type GearOrder = z.infer<typeof gearOrderSchema>;

/** An order as the server answers it after a save: always one the database holds (a number id). */
export type SavedOrder = GearOrder & { id: number };

/** Whether the order is one the database holds (not a new, unsaved order). */
export const isSavedOrder = <T extends Pick<GearOrder, 'id'>>(order: T): order is T & { id: number } =>
  typeof order.id === 'number';

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

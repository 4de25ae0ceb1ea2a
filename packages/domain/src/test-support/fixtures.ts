/** Builders for tests: the demo data's people (../shared/demo-data.md) and orders with chosen workflow rows. */
import {
  type OrderFacts,
  type PatientInfo,
  type Practitioner,
  type Requisition,
  STEP_STATUS,
  type UserInfo,
  type WorkflowStep,
} from '../contract/order.ts';
import type { StepId } from '../workflow/steps.ts';

export const users = {
  drAvery: { type: 'myGDX', gsdlNo: 'P1001', onBehalfOf: 'P1002,P1006', adminUser: 'false' },
  staffKim: { type: 'myGDX', gsdlNo: 'S2001', onBehalfOf: 'P1001,P1002', adminUser: 'false' },
  drChen: { type: 'myGDX', gsdlNo: 'P1003', onBehalfOf: '', adminUser: 'false' },
  admin: { type: 'myGDX', gsdlNo: 'A9001', onBehalfOf: '', adminUser: 'true' },
  patient: { type: 'prc', gsdlNo: null, onBehalfOf: '', adminUser: 'false' },
} as const satisfies Record<string, UserInfo>;

export function practitioner(overrides: Partial<Practitioner> = {}): Practitioner {
  return {
    gsdlNo: 'P1001',
    firstName: 'Dana',
    lastName: 'Avery',
    degree: 'MD',
    authorizingDoctorGsdlNo: 'P1001',
    billingMethods: ['Client', 'Insurance', 'Patient', 'Medicare'],
    cmsCreditStatus: { creditStatus: null },
    capAuthorized: false,
    shipToOfficePermitted: true,
    covidRegistrationAccount: false,
    doNotQuotePrices: false,
    lkCloudSiteServiceKey: true,
    cardOnFile: false,
    cmsAttributes: [],
    office: {
      name: 'Avery Family Medicine',
      address: {
        address1: '1 Main St',
        address2: null,
        city: 'Asheville',
        state: 'NC',
        zipCode: '28801',
        country: 'US',
      },
      phoneNumber: '828-555-0100',
      reqLayoutId: 0,
      shippingCardOnFile: false,
    },
    ...overrides,
  };
}

export function requisition(overrides: Partial<Requisition> = {}): Requisition {
  return {
    id: 101,
    reqNumber: '50012345',
    activationCode: 'C824591515',
    accessionNo: null,
    accessionDetails: [],
    billingMethod: null,
    omsOrderableItemId: 540,
    omsOrderableItemName: 'GI Effects Comprehensive',
    omsOrderableItemCategory: null,
    medicareEligible: true,
    quantity: 1,
    panel: null,
    components: [],
    addons: [],
    componentOptions: [],
    addOnOptions: [],
    sampleCollectionData: [],
    profileSpecificFields: [],
    dateLastSampleCollected: null,
    dropShip: false,
    shipToOffice: false,
    covidRegistration: false,
    paperless: false,
    physicianInTheLoop: false,
    patientInstructions: null,
    clinicalFindings: null,
    routeNumber: null,
    xComId: null,
    noCardActivation: false,
    repurposedCollectionPack: null,
    physicianBillingSelected: false,
    insuranceBillingSelected: false,
    medicareTricareBillingSelected: false,
    noInsuranceBillingSelected: false,
    icdCodes: [],
    canceled: false,
    paymentInfo: null,
    ...overrides,
  };
}

type RowState = 'notStarted' | 'inProgress' | 'completed' | 'skipped' | 'notApplicable';

/** A workflow row in one state; requisition steps take a gearReqId. */
export function row(
  id: StepId,
  state: RowState = 'notStarted',
  gearReqId: number | null = null,
): WorkflowStep {
  const status = state === 'notApplicable' ? STEP_STATUS.notStarted : STEP_STATUS[state];
  return {
    id,
    completed: state === 'completed',
    notApplicable: state === 'notApplicable',
    notStarted: status.id === STEP_STATUS.notStarted.id,
    skipped: state === 'skipped',
    gearReqId,
    userType: null,
    stepDate: null,
    status: { ...status },
  };
}

const REQUISITION_STEP_IDS: readonly StepId[] = [2, 3, 4, 5, 13];
const ORDER_STEP_IDS: readonly StepId[] = [1, 6, 7, 8, 9, 10, 11, 12, 14, 15];

/**
 * All rows of an order in one state, with per-step exceptions: `{ 5: 'completed' }` for an order step or
 * `{ '5:101': 'completed' }` for requisition 101's row.
 */
export function rows(
  gearReqIds: readonly number[],
  state: RowState,
  exceptions: Record<string, RowState> = {},
): WorkflowStep[] {
  const orderRows = ORDER_STEP_IDS.map((id) => row(id, exceptions[id] ?? state));
  const requisitionRows = gearReqIds.flatMap((gearReqId) =>
    REQUISITION_STEP_IDS.map((id) =>
      row(id, exceptions[`${id}:${gearReqId}`] ?? exceptions[id] ?? state, gearReqId),
    ),
  );
  return [...orderRows, ...requisitionRows].sort((a, b) => a.id - b.id);
}

/** A saved order of P1001 with one requisition (101) and every row not started, unless overridden. */
export function order(overrides: Partial<OrderFacts> = {}): OrderFacts {
  return {
    id: 100001,
    requisitions: [requisition()],
    workflow: {
      steps: rows([101], 'notStarted'),
      practitionerConfirmed: false,
      patientConfirmed: false,
      complete: false,
    },
    governmentPayor: false,
    containsShipToOfficeRequisition: false,
    practitioner: practitioner(),
    practAgreement: null,
    physicianInTheLoop: false,
    simplifiedClientBilling: false,
    ...overrides,
  };
}

/** An order with the given workflow rows and flags. */
export const orderWithSteps = (
  steps: WorkflowStep[],
  overrides: Partial<OrderFacts> & { practitionerConfirmed?: boolean } = {},
): OrderFacts => {
  const { practitionerConfirmed = false, ...rest } = overrides;
  return order({
    workflow: { steps, practitionerConfirmed, patientConfirmed: false, complete: false },
    ...rest,
  });
};

/** spec 1 §2.1: a new order ('new') has no workflow rows and no requisitions yet. */
export const newOrder = (): OrderFacts =>
  order({
    id: 'new',
    requisitions: [],
    workflow: { steps: [], practitionerConfirmed: false, patientConfirmed: false, complete: false },
  });

/** Jane Testpatient of the demo data (spec 2 §3 patient): every detail not given is empty. */
export const patientInfo = (overrides: Partial<PatientInfo> = {}): PatientInfo => ({
  nameFirst: 'Jane',
  nameMiddle: null,
  nameLast: 'Testpatient',
  dateOfBirth: '1985-04-12',
  gender: 'F',
  email: null,
  voicePhone: null,
  alternatePhone: null,
  chartNumber: null,
  driverLicenseNumber: null,
  ssn: null,
  race: null,
  ethnicity: null,
  source: null,
  marketingOptIn: false,
  occupation: null,
  employer: null,
  employmentStatus: null,
  responsibleNameFirst: null,
  responsibleNameMiddle: null,
  responsibleNameLast: null,
  addresses: [],
  ...overrides,
});

/**
 * Jane Testpatient as the demo data has her on the order ready to submit (shared/demo-data.md; the seed's
 * apps/server/src/seed/demo-orders.ts): everything a drop-ship order needs of her, her shipping address in Asheville.
 */
export const janeReadyToShip = (overrides: Partial<PatientInfo> = {}): PatientInfo =>
  patientInfo({
    email: 'jane.testpatient@example.com',
    voicePhone: '828-555-0199',
    addresses: [
      {
        type: 'shipping',
        address1: '12 Haywood Road',
        address2: null,
        city: 'Asheville',
        state: 'NC',
        zipCode: '28806',
        country: 'United States',
        county: 'Buncombe',
        voicePhone: '828-555-0199',
        alternatePhone: null,
        schoolDistrict: null,
      },
    ],
    ...overrides,
  });

import type { GearOrder, Practitioner, UserInfo } from '@gear/domain';
import { practitioner, users } from '@gear/domain/test-support';

/** The support phone the tests' server serves: the app must use it, never a literal of its own. */
export const TEST_PHONE = '555-0100';

export const practitionerUser: UserInfo = {
  type: 'myGDX',
  gsdlNo: 'P1001',
  onBehalfOf: 'P1002,P1006',
  adminUser: 'false',
};

/** A patient who proved an order (demo data: patients mostly do not log in). */
export const patientUser: UserInfo = users.patient;

export const adminUser: UserInfo = { ...practitionerUser, adminUser: 'true' };

export const makePractitioner = (overrides: Partial<Practitioner> = {}): Practitioner =>
  practitioner({
    firstName: 'Ada',
    lastName: 'Lovelace',
    billingMethods: ['Client', 'Insurance'],
    lkCloudSiteServiceKey: false,
    office: {
      name: 'Lovelace Family Practice',
      address: {
        address1: '12 Analytical Way',
        address2: 'Suite 3',
        city: 'Asheville',
        state: 'NC',
        zipCode: '28801',
        country: 'US',
      },
      phoneNumber: '828-555-0147',
      reqLayoutId: 0,
      shippingCardOnFile: false,
    },
    ...overrides,
  });

const step = (id: number, state: 'done' | 'new', gearReqId: number | null = null) => ({
  id,
  completed: state === 'done',
  notApplicable: false,
  notStarted: state === 'new',
  skipped: false,
  gearReqId,
  userType: null,
  stepDate: null,
  status: state === 'done' ? { id: 3, name: 'Completed' } : { id: 1, name: 'Not Started' },
});

export const workflowStep = step;

const REQUISITION_STEPS = new Set([2, 3, 4, 5]);

/**
 * The workflow of an order with one requisition (9): pract, panels, billing, dxCodes, collection, patient, insurance,
 * confirm and shipping rows, those up to `lastDoneStep` completed.
 */
export const workflowThrough = (
  lastDoneStep: number,
  stepIds: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 14],
): GearOrder['workflow'] => ({
  steps: stepIds.map((id) =>
    step(id, id <= lastDoneStep ? 'done' : 'new', REQUISITION_STEPS.has(id) ? 9 : null),
  ),
  practitionerConfirmed: false,
  patientConfirmed: false,
  complete: false,
});

export const makeOrder = (overrides: Partial<GearOrder> = {}): GearOrder => ({
  id: 42,
  version: 1,
  orderFormId: null,
  practitioner: makePractitioner(),
  authorizingPractitioner: null,
  onBehalfOf: null,
  practAgreement: true,
  practAgreementDate: null,
  requisitions: [],
  workflow: {
    steps: [step(1, 'done'), step(2, 'new'), step(3, 'new'), step(6, 'new'), step(8, 'new'), step(14, 'new')],
    practitionerConfirmed: false,
    patientConfirmed: false,
    complete: false,
  },
  dataConfirmed: false,
  dateMedicalNecessityAcknowledged: null,
  containsShipToOfficeRequisition: false,
  containsDropShipRequisition: false,
  containsRegistrationRequisition: false,
  containsCovidRegistration: false,
  containsNoCardActivation: false,
  simplifiedClientBilling: false,
  patientRegistration: false,
  governmentPayor: false,
  bundleTemplate: false,
  myGDXKitOrder: false,
  covidRegistration: false,
  physicianInTheLoop: false,
  recollectionFor: null,
  patientInfo: null,
  insurance: null,
  secondaryInsurance: null,
  shippingMethod: 'standard',
  shippingInformation: null,
  patientAgreement: false,
  nsaAcknowledged: false,
  createdAt: null,
  ...overrides,
});

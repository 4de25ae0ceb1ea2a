import type { GearOrder, Requisition } from '@gear/domain';
import { itemById } from './catalogue.ts';
import { makeOrder, makePractitioner, workflowStep } from './fixtures.ts';

/** A requisition of GI Effects 3-day (540) on an order, as the server answers it. */
export const requisitionOf540 = (overrides: Partial<Requisition> = {}): Requisition => ({
  id: 9,
  reqNumber: null,
  activationCode: null,
  accessionNo: null,
  accessionDetails: [],
  billingMethod: null,
  omsOrderableItemId: 540,
  omsOrderableItemName: 'GI Effects Comprehensive Profile - Stool (3-day)',
  omsOrderableItemCategory: 'Gastrointestinal',
  medicareEligible: true,
  quantity: 1,
  panel: 5400,
  components: [],
  addons: [],
  componentOptions: [],
  addOnOptions: [],
  sampleCollectionData: [],
  profileSpecificFields: [],
  dateLastSampleCollected: null,
  dropShip: true,
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
});

/** Dana Avery's office: every billing method (spec 1 §6), Asheville NC (the out-of-pocket range is shown). */
export const averyPractitioner = makePractitioner({
  billingMethods: ['Client', 'Insurance', 'Patient', 'Medicare'],
});

/** Order 42 with requisition 9 (540) past panel selection: billing, dxCodes and collection still to do. */
export const orderWith540 = (
  requisition: Partial<Requisition> = {},
  overrides: Partial<GearOrder> = {},
): GearOrder =>
  makeOrder({
    practitioner: averyPractitioner,
    requisitions: [requisitionOf540(requisition)],
    workflow: {
      steps: [
        workflowStep(1, 'done'),
        workflowStep(2, 'done', 9),
        workflowStep(3, 'new', 9),
        workflowStep(4, 'new', 9),
        workflowStep(5, 'new', 9),
        workflowStep(6, 'new'),
        workflowStep(7, 'new'),
        workflowStep(8, 'new'),
        workflowStep(14, 'new'),
      ],
      practitionerConfirmed: false,
      patientConfirmed: false,
      complete: false,
    },
    ...overrides,
  });

/** GI Effects 3-day with the diagnosis-code checklist of the demo catalogue. */
export const product540WithCodes = () => ({
  ...itemById(540),
  diagnosisCodes: [
    { code: 'K58.0', name: 'Irritable bowel syndrome with diarrhea' },
    { code: 'K58.1', name: 'Irritable bowel syndrome with constipation' },
    { code: 'R19.7', name: 'Diarrhea, unspecified' },
  ],
});

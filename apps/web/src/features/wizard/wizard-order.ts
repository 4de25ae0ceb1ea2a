import type { GearOrder, OrderFacts } from '@gear/domain';

/** spec 1 §2.1: 'new' means the order is not yet saved; it has no workflow until the first save. */
export type NewOrder = OrderFacts & { id: 'new'; version: number };
export type WizardOrder = GearOrder | NewOrder;

export const newOrder = (): NewOrder => ({
  id: 'new',
  version: 0,
  practitioner: null,
  practAgreement: null,
  requisitions: [],
  workflow: { steps: [], practitionerConfirmed: false, patientConfirmed: false, complete: false },
  governmentPayor: false,
  containsShipToOfficeRequisition: false,
  physicianInTheLoop: false,
  simplifiedClientBilling: false,
});

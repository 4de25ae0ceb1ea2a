import type { GearOrder, OrderFacts, Requisition } from '@gear/domain';

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

/** The requisition a requisition step is for: the one in the address, else the order's last (the one being worked on). */
export const stepRequisition = (order: WizardOrder, gearReqId: number | null): Requisition | null =>
  (gearReqId === null
    ? order.requisitions.at(-1)
    : order.requisitions.find((requisition) => requisition.id === gearReqId)) ?? null;

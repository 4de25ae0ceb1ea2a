import type { AccessionFacts, OrderStatusFacts, RequisitionStatusFacts } from './facts.ts';

/** Builders for the status tables: each case states only the facts it is about. */
export const accession = (overrides: Partial<AccessionFacts> = {}): AccessionFacts => ({
  accessionNo: 'A2611010001',
  requisitionStatusId: 1,
  dueDate: '2026-12-10',
  discarded: false,
  issues: [],
  ...overrides,
});

export const requisition = (overrides: Partial<RequisitionStatusFacts> = {}): RequisitionStatusFacts => ({
  id: 701,
  canceled: false,
  billingMethod: 'Physician Account',
  dateLastSampleCollected: null,
  accessions: [],
  ...overrides,
});

export const facts = (overrides: Partial<OrderStatusFacts> = {}): OrderStatusFacts => ({
  requisitions: [requisition()],
  tracking: null,
  workflowComplete: false,
  dataConfirmed: false,
  recollection: { pending: false, map: {} },
  selectedAccessionNo: null,
  practitionerCmsAttributes: [],
  ...overrides,
});

export const shipped = { status: 'IN_TRANSIT', trackingNumbers: ['794600000001'], deliveryDate: null };
export const delivered = {
  status: 'DELIVERED',
  trackingNumbers: ['794600000001'],
  deliveryDate: '2026-11-20',
};
export const trackingCanceled = { status: 'CANCELED', trackingNumbers: ['794600000001'], deliveryDate: null };

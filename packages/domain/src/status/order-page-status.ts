import {
  accessionsInView,
  activeRequisitions,
  allRequisitionsCancelable,
  isResultReady,
  type OrderStatusFacts,
  TRACKING_CANCELED,
} from './facts.ts';

/** spec 3 §4 'Derived order status (order status page)', in the spec's order. */
export const ORDER_PAGE_STATUSES = [
  'Canceled',
  'DiscardedSpecimens',
  'ReceivedByLab',
  'ResultsReady',
  'RecollectionPending',
  'RecollectionOrdered',
  'ActivationComplete',
  'Shipped',
  'Incomplete',
  'SpecimenMissing',
  'OrderPlaced',
] as const;
export type OrderPageStatus = (typeof ORDER_PAGE_STATUSES)[number];

/** The headline of each status on the order status page. */
export const ORDER_PAGE_HEADLINES: Record<OrderPageStatus, string> = {
  Canceled: 'Canceled',
  DiscardedSpecimens: 'There was a problem with your specimens',
  ReceivedByLab: 'Received by the lab',
  ResultsReady: 'Results Ready',
  RecollectionPending: 'Recollection pending',
  RecollectionOrdered: 'Recollection ordered',
  ActivationComplete: 'Activation Complete',
  Shipped: 'Shipped',
  Incomplete: 'Incomplete',
  SpecimenMissing: 'Specimen missing',
  OrderPlaced: 'Order placed',
};

/**
 * spec 3 §4 'Derived order status (order status page)', the first rule that holds. Canceled requisitions are left out
 * of "all requisitions" (a canceled test is never received); "all accessions are result-ready" needs at least one
 * accession (decision 0250).
 */
export function orderPageStatus(facts: OrderStatusFacts): OrderPageStatus {
  const active = activeRequisitions(facts);
  const allCanceled = facts.requisitions.length > 0 && active.length === 0;
  if (allCanceled || (facts.tracking?.status === TRACKING_CANCELED && allRequisitionsCancelable(facts))) {
    return 'Canceled';
  }
  const accessions = accessionsInView(facts);
  if (accessions.some((accession) => accession.discarded)) return 'DiscardedSpecimens';
  const allAccessioned =
    active.length > 0 && active.every((requisition) => requisition.accessions.length > 0);
  const allReady = accessions.length > 0 && accessions.every((a) => isResultReady(a.requisitionStatusId));
  if (allAccessioned && !allReady) return 'ReceivedByLab';
  if (allReady) return 'ResultsReady';
  const tracked = facts.tracking !== null;
  if (!facts.dataConfirmed) return tracked ? 'Incomplete' : 'OrderPlaced';
  if (facts.recollection.pending) return 'RecollectionPending';
  if (!tracked && Object.keys(facts.recollection.map).length > 0) return 'RecollectionOrdered';
  const allCollected = active.every((requisition) => requisition.dateLastSampleCollected !== null);
  if (tracked && allCollected && !allAccessioned && facts.workflowComplete) return 'ActivationComplete';
  if (tracked && facts.tracking?.deliveryDate === null) return 'Shipped';
  if (allCollected) return 'Incomplete';
  return 'SpecimenMissing';
}

import type { GearOrder } from '../contract/order.ts';
import { type OrderStatusFacts, type RecollectionFacts, type ShipmentFacts, trackingOf } from './facts.ts';

/** The status facts of an order as the API reads it, with its shipments and recollections (decision 0251). */
export function statusFactsOf(
  order: Pick<GearOrder, 'requisitions' | 'workflow' | 'dataConfirmed' | 'practitioner'>,
  shipments: readonly ShipmentFacts[],
  recollection: RecollectionFacts,
  selectedAccessionNo: string | null = null,
): OrderStatusFacts {
  return {
    requisitions: order.requisitions.map((requisition) => ({
      id: requisition.id,
      canceled: requisition.canceled,
      billingMethod: requisition.billingMethod,
      dateLastSampleCollected: requisition.dateLastSampleCollected,
      accessions: requisition.accessionDetails.map((accession) => ({
        accessionNo: accession.accessionNo,
        requisitionStatusId: accession.requisitionStatusId,
        dueDate: accession.dueDate,
        discarded: accession.discardedSpecimen,
        issues: accession.issues,
      })),
    })),
    tracking: trackingOf(shipments),
    workflowComplete: order.workflow.complete,
    dataConfirmed: order.dataConfirmed,
    recollection,
    selectedAccessionNo,
    practitionerCmsAttributes: order.practitioner?.cmsAttributes ?? [],
  };
}

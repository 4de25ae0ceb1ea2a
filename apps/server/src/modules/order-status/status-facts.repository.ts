import type { GearOrder, OrderStatusFacts, TrackingFacts } from '@gear/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessions, recollections, shipments } from '../../db/schema/index.ts';

/** The lab's facts of an accession beside what the order already carries: where its result PDF is kept. */
export interface AccessionFiles {
  accessionNo: string;
  gearReqId: number;
  resultFileKey: string | null;
}

/** spec 3 §3 gearReqRecollectionMap (gearReqId → recollection order) and recollectionPending, from the stored rows. */
export async function recollectionFactsOf(
  db: Db,
  orderId: number,
): Promise<OrderStatusFacts['recollection']> {
  const rows = await db
    .select({
      gearReqId: recollections.gearReqId,
      recollectionOrderId: recollections.recollectionOrderId,
      pending: recollections.pending,
    })
    .from(recollections)
    .where(eq(recollections.orderId, orderId));
  const map: Record<number, number> = {};
  for (const row of rows) if (row.recollectionOrderId !== null) map[row.gearReqId] = row.recollectionOrderId;
  return { pending: rows.some((row) => row.pending), map };
}

/** spec 3 §3 trackingInformation: the order's tracking numbers, the latest status and the delivery date. */
export async function trackingFactsOf(db: Db, orderId: number): Promise<TrackingFacts | null> {
  const rows = await db
    .select({
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      deliveryDate: shipments.deliveryDate,
    })
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.id));
  const latest = rows.at(-1);
  if (!latest) return null;
  return {
    status: latest.status,
    trackingNumbers: rows.map((row) => row.trackingNumber),
    deliveryDate: rows.map((row) => row.deliveryDate).find((date) => date !== null) ?? null,
  };
}

/** Where the result PDFs of an order's accessions are kept (null until the lab sent results). */
export async function accessionFilesOf(db: Db, gearReqIds: readonly number[]): Promise<AccessionFiles[]> {
  if (gearReqIds.length === 0) return [];
  return db
    .select({
      accessionNo: accessions.accessionNo,
      gearReqId: accessions.gearReqId,
      resultFileKey: accessions.resultFileKey,
    })
    .from(accessions)
    .where(and(inArray(accessions.gearReqId, [...gearReqIds]), isNotNull(accessions.accessionNo)));
}

/**
 * The facts spec 3 §4's statuses are derived from (OrderStatusFacts, decision 0250), for an order as read: its
 * requisitions and their accessions, tracking, recollections, the workflow and the practitioner's cms attributes.
 */
export async function statusFactsOf(
  db: Db,
  order: GearOrder & { id: number },
  selectedAccessionNo: string | null,
): Promise<OrderStatusFacts> {
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
    tracking: await trackingFactsOf(db, order.id),
    workflowComplete: order.workflow.complete,
    dataConfirmed: order.dataConfirmed,
    recollection: await recollectionFactsOf(db, order.id),
    selectedAccessionNo,
    practitionerCmsAttributes: order.practitioner?.cmsAttributes ?? [],
  };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accessions,
  carrierScans,
  intakeEvents,
  orders,
  requisitions,
  shipments,
} from '../../db/schema/index.ts';

/** Where each reference an event names leads (order and requisition), as the database knows it now. */
export interface KnownReferences {
  orders: Set<number>;
  trackingNumbers: Map<string, number>;
  requisitionsById: Map<number, number>;
  requisitionsByNumber: Map<string, { orderId: number; gearReqId: number }>;
  accessionNos: Map<string, { orderId: number; gearReqId: number }>;
}

export async function knownReferences(
  db: Db,
  wanted: {
    orderIds: number[];
    trackingNumbers: string[];
    gearReqIds: number[];
    requisitionNumbers: string[];
    accessionNos: string[];
  },
): Promise<KnownReferences> {
  const none = Promise.resolve([]);
  const [orderRows, shipmentRows, requisitionRows, numberRows, accessionRows] = await Promise.all([
    wanted.orderIds.length
      ? db.select({ id: orders.id }).from(orders).where(inArray(orders.id, wanted.orderIds))
      : none,
    wanted.trackingNumbers.length
      ? db
          .select({ trackingNumber: shipments.trackingNumber, orderId: shipments.orderId })
          .from(shipments)
          .where(inArray(shipments.trackingNumber, wanted.trackingNumbers))
      : none,
    wanted.gearReqIds.length
      ? db
          .select({ id: requisitions.id, orderId: requisitions.orderId })
          .from(requisitions)
          .where(inArray(requisitions.id, wanted.gearReqIds))
      : none,
    wanted.requisitionNumbers.length
      ? db
          .select({ id: requisitions.id, orderId: requisitions.orderId, reqNumber: requisitions.reqNumber })
          .from(requisitions)
          .where(
            and(inArray(requisitions.reqNumber, wanted.requisitionNumbers), eq(requisitions.canceled, false)),
          )
      : none,
    wanted.accessionNos.length
      ? db
          .select({
            accessionNo: accessions.accessionNo,
            gearReqId: accessions.gearReqId,
            orderId: requisitions.orderId,
          })
          .from(accessions)
          .innerJoin(requisitions, eq(requisitions.id, accessions.gearReqId))
          .where(inArray(accessions.accessionNo, wanted.accessionNos))
      : none,
  ]);
  return {
    orders: new Set(orderRows.map((row) => row.id)),
    trackingNumbers: new Map(shipmentRows.map((row) => [row.trackingNumber, row.orderId])),
    requisitionsById: new Map(requisitionRows.map((row) => [row.id, row.orderId])),
    requisitionsByNumber: new Map(
      numberRows.map((row) => [row.reqNumber ?? '', { orderId: row.orderId, gearReqId: row.id }]),
    ),
    accessionNos: new Map(
      accessionRows.map((row) => [row.accessionNo, { orderId: row.orderId, gearReqId: row.gearReqId }]),
    ),
  };
}

/** Records the event once: false when the sender already sent this id (nothing else is then applied). */
export async function recordIntakeEvent(tx: Db, row: typeof intakeEvents.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(intakeEvents)
    .values(row)
    .onConflictDoNothing({ target: [intakeEvents.sender, intakeEvents.senderEventId] })
    .returning({ id: intakeEvents.id });
  return inserted.length === 1;
}

/** The event ids of this sender already recorded, among these. */
export async function recordedEventIds(db: Db, sender: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: intakeEvents.senderEventId })
    .from(intakeEvents)
    .where(and(eq(intakeEvents.sender, sender), inArray(intakeEvents.senderEventId, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function shipmentOf(tx: Db, trackingNumber: string) {
  const [row] = await tx
    .select({ id: shipments.id, orderId: shipments.orderId })
    .from(shipments)
    .where(eq(shipments.trackingNumber, trackingNumber));
  return row ?? null;
}

/**
 * A carrier scan, and the shipment's status when no later scan is recorded (scans may arrive out of order; the
 * shipment shows the latest by when they happened).
 */
export async function recordScan(
  tx: Db,
  shipmentId: number,
  scan: { status: string; location?: string; description?: string; scannedAt: Date; recordedBy: string },
  deliveryDate?: string,
) {
  await tx.insert(carrierScans).values({
    shipmentId,
    status: scan.status,
    location: scan.location ?? null,
    description: scan.description ?? null,
    scannedAt: scan.scannedAt,
    recordedBy: scan.recordedBy,
  });
  if (deliveryDate) await tx.update(shipments).set({ deliveryDate }).where(eq(shipments.id, shipmentId));
  await tx
    .update(shipments)
    .set({ status: scan.status })
    .where(
      and(
        eq(shipments.id, shipmentId),
        sql`not exists (select 1 from ${carrierScans} c where c.shipment_id = ${shipmentId} and c.scanned_at > ${scan.scannedAt.toISOString()}::timestamptz)`,
      ),
    );
}

export async function accessionOf(tx: Db, accessionNo: string) {
  const [row] = await tx
    .select({ id: accessions.id, gearReqId: accessions.gearReqId, updatedAt: accessions.updatedAt })
    .from(accessions)
    .where(eq(accessions.accessionNo, accessionNo));
  return row ?? null;
}

import { type GearOrder, type OrderStatusFacts, statusFactsOf } from '@gear/domain';
import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recollections, shipments } from '../../db/schema/index.ts';

/**
 * What spec 3 §4 derives an order's status from, as stored (decision 0251): the order as read, its shipments oldest
 * first, and the recollections it is the original or the recollection order of (pending while any is pending; the
 * map holds those whose recollection order exists).
 */
export async function orderStatusFacts(
  db: Db,
  order: GearOrder & { id: number },
  selectedAccessionNo: string | null = null,
): Promise<OrderStatusFacts> {
  const [shipmentRows, recollectionRows] = await Promise.all([
    db
      .select({
        trackingNumber: shipments.trackingNumber,
        status: shipments.status,
        deliveryDate: shipments.deliveryDate,
      })
      .from(shipments)
      .where(eq(shipments.orderId, order.id))
      .orderBy(asc(shipments.id)),
    db
      .select({
        gearReqId: recollections.gearReqId,
        recollectionOrderId: recollections.recollectionOrderId,
        pending: recollections.pending,
      })
      .from(recollections)
      .where(or(eq(recollections.orderId, order.id), eq(recollections.recollectionOrderId, order.id))),
  ]);
  const map: Record<number, number> = {};
  for (const row of recollectionRows)
    if (row.recollectionOrderId !== null) map[row.gearReqId] = row.recollectionOrderId;
  return statusFactsOf(
    order,
    shipmentRows,
    { pending: recollectionRows.some((row) => row.pending), map },
    selectedAccessionNo,
  );
}

import type { RecollectionRow } from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, recollections } from '../../db/schema/index.ts';

/** The recollections made for an order's requisitions (spec 3 §3 pitlRecollectionOrderSummary's facts). */
export async function recollectionRowsOf(
  db: Db,
  orderId: number,
): Promise<(RecollectionRow & { id: number })[]> {
  return db
    .select({
      id: recollections.id,
      gearReqId: recollections.gearReqId,
      pending: recollections.pending,
      paymentRequired: recollections.paymentRequired,
      recollectionOrderId: recollections.recollectionOrderId,
    })
    .from(recollections)
    .where(eq(recollections.orderId, orderId))
    .orderBy(recollections.id);
}

/** The order a transfer's fee (by its gateway key) was recorded on: the transferred order; null when none was. */
export async function transferredOrderOfKey(db: Db, idempotencyKey: string): Promise<number | null> {
  const [row] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.idempotencyKey, idempotencyKey))
    .limit(1);
  return row?.orderId ?? null;
}

import type { RecollectionRow } from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
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

/**
 * Claims a recollection's replacement fee as paid (one statement): true for the one call that finds it still owed,
 * false for every other (decision 0291).
 */
export async function claimReplacementFee(tx: Db, recollectionId: number): Promise<boolean> {
  const claimed = await changing(['orders'], () =>
    tx
      .update(recollections)
      .set({ paymentRequired: false })
      .where(and(eq(recollections.id, recollectionId), eq(recollections.paymentRequired, true)))
      .returning({ id: recollections.id }),
  );
  return claimed.length === 1;
}

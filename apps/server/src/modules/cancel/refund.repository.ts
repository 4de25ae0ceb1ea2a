import type { RefundableCharge } from '@gear/domain';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderRefunds, paymentInstalments, payments, shipments } from '../../db/schema/index.ts';

/** A gateway charge of the order with the requisition its payment is for. */
interface Charge extends RefundableCharge {
  gearReqId: number | null;
}

/**
 * The charges the gateway took for an order and that no cancellation has refunded yet, oldest first: captured card
 * payments and charged instalments. Only those of one requisition when gearReqId is given (a canceled test).
 */
export async function unrefundedCharges(
  db: Db,
  orderId: number,
  gearReqId: number | null,
): Promise<Charge[]> {
  const ofScope = gearReqId === null ? undefined : eq(payments.gearReqId, gearReqId);
  const captured = await db
    .select({
      transactionId: payments.transactionId,
      amountCents: payments.amountCents,
      gearReqId: payments.gearReqId,
      at: payments.id,
    })
    .from(payments)
    .leftJoin(orderRefunds, eq(orderRefunds.transactionId, payments.transactionId))
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'captured'),
        isNotNull(payments.transactionId),
        isNull(orderRefunds.id),
        ofScope,
      ),
    )
    .orderBy(asc(payments.id));
  const instalments = await db
    .select({
      transactionId: paymentInstalments.transactionId,
      amountCents: paymentInstalments.amountCents,
      gearReqId: payments.gearReqId,
      at: payments.id,
    })
    .from(paymentInstalments)
    .innerJoin(payments, eq(payments.id, paymentInstalments.paymentId))
    .leftJoin(orderRefunds, eq(orderRefunds.transactionId, paymentInstalments.transactionId))
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(paymentInstalments.status, 'charged'),
        isNotNull(paymentInstalments.transactionId),
        isNull(orderRefunds.id),
        ofScope,
      ),
    )
    .orderBy(asc(payments.id), asc(paymentInstalments.number));
  return [...captured, ...instalments]
    .sort((a, b) => a.at - b.at)
    .map(({ transactionId, amountCents, gearReqId: req }) => ({
      transactionId: transactionId as string,
      amountCents,
      gearReqId: req,
    }));
}

/** Instalments not yet charged of the canceled payments: never charged now (the instalment job skips them). */
export async function cancelScheduledInstalments(
  db: Db,
  orderId: number,
  gearReqId: number | null,
): Promise<void> {
  const ofOrder = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), gearReqId === null ? undefined : eq(payments.gearReqId, gearReqId)),
    );
  await db
    .update(paymentInstalments)
    .set({ status: 'canceled' })
    .where(and(eq(paymentInstalments.status, 'scheduled'), inArray(paymentInstalments.paymentId, ofOrder)));
}

/** The part of the non-refundable fee earlier cancellations of this order kept. */
export async function feeKeptOn(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ kept: sql<string>`COALESCE(SUM(${orderRefunds.feeKeptCents}), 0)` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return Number(row?.kept ?? 0);
}

/** Whether the carrier recorded a shipment for the order (its collection pack left). */
export async function packShipped(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), sql`${shipments.status} <> 'CANCELED'`))
    .limit(1);
  return row !== undefined;
}

export interface RefundRow {
  orderId: number;
  gearReqId: number | null;
  transactionId: string;
  refundId: string | null;
  refundCents: number;
  feeKeptCents: number;
  requestedBy: string;
}

/** Records a refund once per charge (a second writer of the same charge changes nothing). */
export async function recordRefund(db: Db, row: RefundRow): Promise<void> {
  await db.insert(orderRefunds).values(row).onConflictDoNothing({ target: orderRefunds.transactionId });
}

/** The refunds recorded for an order, oldest first. */
export const refundsOfOrder = (db: Db, orderId: number) =>
  db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id));

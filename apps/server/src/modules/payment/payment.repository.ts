import type { RecordedPayment } from '@gear/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cardsOnFile, paymentInstalments, payments, prepayCodes } from '../../db/schema/index.ts';

/** Payment statuses that mean the requisition (or the shipping) is paid or promised: not asked again. */
export const SETTLED_STATUSES = ['authorized', 'captured', 'recorded', 'scheduled'] as const;

export interface NewPayment {
  orderId: number;
  gearReqId: number | null;
  paymentType: string;
  paymentFrom: 'prc' | 'myGDX';
  amountCents: number;
  fullPaymentAmountCents: number | null;
  cardAuthAmountCents: number | null;
  cardLast4: string | null;
  cardBrand: string | null;
  checkNo: string | null;
  prepayCode: string | null;
  tokenId: string | null;
  transactionId: string | null;
  installmentIntervalType: 'full' | 'month' | null;
  installmentCount: number | null;
  installmentInterval: number | null;
  status: string;
  idempotencyKey: string;
  createdByUserId: number | null;
  instalments: {
    number: number;
    dueDate: string;
    amountCents: number;
    status: string;
    transactionId: string | null;
  }[];
}

/** A card as the gateway knows it: its token, and the brand and last four digits the timeline shows. */
export interface PaidCard {
  token: string;
  last4: string | null;
  brand: string | null;
}

/**
 * The one payment row of a fixed amount authorized on a card in full (a recollection pack, the PITL transfer fee, a
 * bill): status 'authorized' until captured after commit, its idempotency key unique.
 */
export function cardPaymentRow(payment: {
  orderId: number;
  gearReqId: number | null;
  paymentType: string;
  amountCents: number;
  card: PaidCard;
  transactionId: string;
  idempotencyKey: string;
  by: { type: NewPayment['paymentFrom']; userId: number | null };
}): NewPayment {
  const { card, by, amountCents, ...identity } = payment;
  return {
    ...identity,
    paymentFrom: by.type,
    amountCents,
    fullPaymentAmountCents: amountCents,
    cardAuthAmountCents: amountCents,
    cardLast4: card.last4,
    cardBrand: card.brand,
    checkNo: null,
    prepayCode: null,
    tokenId: card.token,
    installmentIntervalType: 'full',
    installmentCount: null,
    installmentInterval: null,
    status: 'authorized',
    createdByUserId: by.userId,
    instalments: [],
  };
}

/** Inserts the payments of a submit with their instalments, inside the submit's transaction; answers their ids. */
export async function insertPayments(tx: Db, rows: readonly NewPayment[]): Promise<number[]> {
  const ids: number[] = [];
  for (const { instalments, ...row } of rows) {
    const [inserted] = await tx.insert(payments).values(row).returning({ id: payments.id });
    if (!inserted) throw new Error('payment not inserted');
    ids.push(inserted.id);
    if (instalments.length > 0)
      await tx.insert(paymentInstalments).values(
        instalments.map((instalment) => ({
          paymentId: inserted.id,
          ...instalment,
          chargedAt: instalment.status === 'charged' ? new Date() : null,
        })),
      );
  }
  return ids;
}

/**
 * Redeems a prepay code once (one statement): false when it is unknown or already redeemed, which rolls the submit
 * back.
 */
export async function redeemPrepayCode(tx: Db, code: string, paymentId: number): Promise<boolean> {
  const rows = await tx
    .update(prepayCodes)
    .set({ redeemedByPaymentId: paymentId, redeemedAt: new Date() })
    .where(and(eq(prepayCodes.code, code), isNull(prepayCodes.redeemedAt)))
    .returning({ code: prepayCodes.code });
  return rows.length === 1;
}

/** Whether a prepay code exists and is not yet redeemed (case as stored: codes are upper case). */
export async function prepayCodeUsable(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: prepayCodes.code })
    .from(prepayCodes)
    .where(and(eq(prepayCodes.code, code), isNull(prepayCodes.redeemedAt)));
  return row !== undefined;
}

/** A practitioner's card on file for a purpose (spec 3 §3 practitioner.cardOnFile, shippingCardOnFile). */
export async function cardOnFileOf(
  db: Db,
  gsdlNo: string,
  purpose: 'practitioner' | 'shipping',
): Promise<{ token: string; brand: string; last4: string } | null> {
  const [row] = await db
    .select({ token: cardsOnFile.gatewayToken, brand: cardsOnFile.brand, last4: cardsOnFile.last4 })
    .from(cardsOnFile)
    .where(and(eq(cardsOnFile.gsdlNo, gsdlNo), eq(cardsOnFile.purpose, purpose)))
    .orderBy(asc(cardsOnFile.id))
    .limit(1);
  return row ?? null;
}

/** The transaction ids among these that a committed payment row holds (the ones not to void). */
export async function recordedTransactions(db: Db, transactionIds: readonly string[]): Promise<Set<string>> {
  if (transactionIds.length === 0) return new Set();
  const rows = await db
    .select({ transactionId: payments.transactionId })
    .from(payments)
    .where(inArray(payments.transactionId, [...transactionIds]));
  return new Set(rows.map((row) => row.transactionId).filter((id): id is string => id !== null));
}

/** Marks payments captured once the gateway took the money. */
export async function markCaptured(db: Db, transactionIds: readonly string[]): Promise<void> {
  if (transactionIds.length === 0) return;
  await db
    .update(payments)
    .set({ status: 'captured' })
    .where(and(inArray(payments.transactionId, [...transactionIds]), eq(payments.status, 'authorized')));
}

/** The payments of an order, with their instalments, oldest first. */
export async function paymentsOfOrder(db: Db, orderId: number): Promise<RecordedPayment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  if (rows.length === 0) return [];
  const instalments = await db
    .select()
    .from(paymentInstalments)
    .where(
      inArray(
        paymentInstalments.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentInstalments.paymentId), asc(paymentInstalments.number));
  return rows.map((row) => ({
    id: row.id,
    gearReqId: row.gearReqId,
    paymentType: row.paymentType,
    paymentFrom: row.paymentFrom,
    status: row.status,
    amountCents: row.amountCents,
    cardAuthAmount: row.cardAuthAmountCents,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    transactionId: row.transactionId,
    installmentIntervalType: row.installmentIntervalType,
    installmentCount: row.installmentCount,
    instalments: instalments
      .filter((instalment) => instalment.paymentId === row.id)
      .map((instalment) => ({
        number: instalment.number,
        dueDate: instalment.dueDate,
        amountCents: instalment.amountCents,
        status: instalment.status,
        failureMessage: instalment.failureMessage,
      })),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** An instalment due for charging, with the token of its payment. */
export interface DueInstalment {
  paymentId: number;
  number: number;
  amountCents: number;
  token: string | null;
  orderId: number;
}

/** The scheduled instalments due on or before a date. */
export async function dueInstalments(db: Db, onOrBefore: string): Promise<DueInstalment[]> {
  return db
    .select({
      paymentId: paymentInstalments.paymentId,
      number: paymentInstalments.number,
      amountCents: paymentInstalments.amountCents,
      token: payments.tokenId,
      orderId: payments.orderId,
    })
    .from(paymentInstalments)
    .innerJoin(payments, eq(payments.id, paymentInstalments.paymentId))
    .where(
      and(eq(paymentInstalments.status, 'scheduled'), sql`${paymentInstalments.dueDate} <= ${onOrBefore}`),
    );
}

/** Records the outcome of a scheduled charge (only while still scheduled: a second worker changes nothing). */
export async function settleInstalment(
  db: Db,
  instalment: { paymentId: number; number: number },
  outcome: { status: 'charged' | 'failed'; transactionId: string | null; failureMessage: string | null },
): Promise<boolean> {
  const rows = await db
    .update(paymentInstalments)
    .set({
      status: outcome.status,
      transactionId: outcome.transactionId,
      failureMessage: outcome.failureMessage,
      attempts: sql`${paymentInstalments.attempts} + 1`,
      chargedAt: outcome.status === 'charged' ? new Date() : null,
    })
    .where(
      and(
        eq(paymentInstalments.paymentId, instalment.paymentId),
        eq(paymentInstalments.number, instalment.number),
        eq(paymentInstalments.status, 'scheduled'),
      ),
    )
    .returning({ paymentId: paymentInstalments.paymentId });
  return rows.length === 1;
}

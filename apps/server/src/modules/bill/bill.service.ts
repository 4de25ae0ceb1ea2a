import {
  BILL_MESSAGES,
  type Bill,
  type BillQuery,
  MESSAGES,
  mayPayBill,
  PAYMENT_MESSAGES,
  type PayBillBody,
  type SavedOrder,
} from '@gear/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import {
  conflict,
  HttpError,
  namedRefusal,
  notFound,
  preconditionRequired,
  unprocessable,
} from '../../lib/http-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { orderForDocument } from '../documents/documents.service.ts';
import { requisitionForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES } from '../order/order-change.ts';
import { amountOwedCents } from '../order-status/amount-owed.ts';
import { orderStatusFacts } from '../order-status/order-status-facts.ts';
import {
  cardPaymentRow,
  insertPayments,
  markCaptured,
  SETTLED_STATUSES,
} from '../payment/payment.repository.ts';
import { declineMessage, type PaymentDeps, voidUnrecorded } from '../payment/payment.service.ts';

/** The payment type a bill's payment is recorded under (its timeline words: decision 0300). */
export const BILL_PAYMENT_TYPE = 'bill';

/** One bill payment per test, ever: the payments' unique idempotency key (decision 0300). */
const billKeyOf = (gearReqId: number) => `bill:${gearReqId}`;

async function billPaymentOf(db: Db, gearReqId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gearReqId, gearReqId), eq(payments.idempotencyKey, billKeyOf(gearReqId))));
  return row ?? null;
}

interface BillFound {
  order: SavedOrder;
  bill: Bill;
}

/**
 * The test's bill for the caller: the order as any order-scoped call loads it (404, 403 with no data), a patient's
 * date of birth as every patient-side download (400 without, 404 when wrong; spec 3 §6), the link's requisitionNumber
 * and orderNo checked against the test (404 when they do not match), then the amount GET /amount-due answers and
 * whether it may be paid (mayPayBill).
 */
async function findBill(
  db: Db,
  deps: Pick<PaymentDeps, 'carrier'>,
  caller: Caller,
  gearReqId: number,
  query: BillQuery,
): Promise<BillFound> {
  const user = caller.userInfo;
  const { order: found } = await requisitionForCaller(db, user, gearReqId);
  const order = await orderForDocument(db, user, found.id, query.dateOfBirth);
  const requisition = order.requisitions.find((candidate) => candidate.id === gearReqId);
  if (!requisition) throw notFound(MESSAGES.orderNotFound);
  if (
    (query.requisitionNumber !== undefined &&
      query.requisitionNumber.trim() !== '' &&
      query.requisitionNumber.trim() !== (requisition.reqNumber ?? '')) ||
    (query.orderNo !== undefined && query.orderNo !== order.id)
  )
    throw notFound(BILL_MESSAGES.linkMismatch);
  const amountDueCents = await amountOwedCents(db, deps, order, gearReqId);
  const facts = await orderStatusFacts(db, order);
  const accessions = facts.requisitions.find((candidate) => candidate.id === gearReqId)?.accessions ?? [];
  const paid = await billPaymentOf(db, gearReqId);
  return {
    order,
    bill: {
      gearReqId,
      orderId: order.id,
      version: order.version,
      requisitionNumber: requisition.reqNumber,
      name: requisition.omsOrderableItemName,
      amountDueCents,
      payable: mayPayBill({
        orderCanceled: order.canceled === true,
        testCanceled: requisition.canceled,
        accessions,
        amountDueCents,
      }),
      captchaRequired: user.type === 'prc',
      paid: paid
        ? {
            amountCents: paid.amountCents,
            cardBrand: paid.cardBrand,
            cardLast4: paid.cardLast4,
            at: paid.createdAt.toISOString(),
          }
        : null,
    },
  };
}

/** GET …/bill: the Pay Bill page's data, audited as a read of the order's amounts (billRead). */
export async function billFor(
  db: Db,
  deps: Pick<PaymentDeps, 'carrier'>,
  caller: Caller,
  gearReqId: number,
  query: BillQuery,
): Promise<Bill> {
  const { bill } = await findBill(db, deps, caller, gearReqId, query);
  await recordAudit(db, { action: 'billRead', orderId: bill.orderId, detail: { gearReqId } });
  return bill;
}

/** Whether a settled payment (at submit, or this bill's) covers the test. */
async function testPaid(db: Db, gearReqId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gearReqId, gearReqId), inArray(payments.status, [...SETTLED_STATUSES])))
    .limit(1);
  return row !== undefined;
}

/** Why the bill cannot be paid (409 both): already paid, or nothing to pay (results not ready, nothing owed). */
async function refuseUnpayable(db: Db, bill: Bill): Promise<void> {
  if (bill.paid !== null) throw conflict(BILL_MESSAGES.alreadyPaid);
  if (bill.payable) return;
  if (bill.amountDueCents === 0 && (await testPaid(db, bill.gearReqId)))
    throw conflict(BILL_MESSAGES.alreadyPaid);
  throw conflict(BILL_MESSAGES.notPayable);
}

/**
 * POST …/bill-payment (decision 0300): the test's amount due charged to a card token through the gateway, once, as
 * an order change (the core's version rule: If-Match required, 428 without, 409 stale). Checked before anything is
 * spent: access and date of birth, the version named, something payable (409 'This bill has already been paid.'
 * once paid), the token known to the gateway (422), a patient's captcha (422 RecaptchaInvalidException). Inside the
 * change the amount is computed again on the order the core holds and authorized under a key of the test, the
 * version and the token, so identical concurrent calls make one authorization; a decline answers 402 and writes
 * nothing. The payment row (unique key bill:{gearReqId}) commits with the version claim; authorizations no committed
 * payment holds are voided, the committed one captured.
 */
export async function payBill(
  db: Db,
  deps: PaymentDeps,
  caller: Caller,
  gearReqId: number,
  query: BillQuery,
  body: PayBillBody,
  basedOn: number | undefined,
): Promise<Bill> {
  const user = caller.userInfo;
  const refused = async (reason: string, orderId: number) =>
    recordAudit(db, {
      action: 'billPaymentRefused',
      outcome: 'refused',
      orderId,
      detail: { gearReqId, reason },
    });
  const { order, bill } = await findBill(db, deps, caller, gearReqId, query);
  if (basedOn === undefined) {
    await refused('versionRequired', order.id);
    throw preconditionRequired(MESSAGES.orderVersionRequired);
  }
  try {
    await refuseUnpayable(db, bill);
  } catch (refusal) {
    await refused('notPayable', order.id);
    throw refusal;
  }
  const token = body.tokenId.trim();
  const card = await deps.gateway.cardOf(token);
  if (!card) {
    await refused('tokenUnknown', order.id);
    throw unprocessable(PAYMENT_MESSAGES.tokenUnknown, [
      { field: 'tokenId', defaultMessage: PAYMENT_MESSAGES.tokenUnknown },
    ]);
  }
  if (bill.captchaRequired && !(await deps.captchaAccepted(db, body.recaptcha ?? null))) {
    await refused('captcha', order.id);
    throw namedRefusal(422, 'RecaptchaInvalidException', PAYMENT_MESSAGES.captchaInvalid, [
      { field: 'recaptcha', defaultMessage: PAYMENT_MESSAGES.captchaInvalid },
    ]);
  }

  const authorized: string[] = [];
  let charged: { amountCents: number; transactionId: string } | null = null;
  try {
    await changeOrder(db, {
      user,
      subject: { gearReqId },
      basedOn,
      kind: ORDER_CHANGES.billPayment,
      plan: async ({ order: held }) => {
        if (held.version !== basedOn) throw conflict(MESSAGES.staleOrder);
        const amountCents = await amountOwedCents(db, deps, held, gearReqId);
        if (amountCents <= 0) throw conflict(BILL_MESSAGES.alreadyPaid);
        const result = await deps.gateway.authorize({
          token,
          amountCents,
          idempotencyKey: `${billKeyOf(gearReqId)}:v${basedOn}:${token}`,
          description: `Order ${held.id} bill of requisition ${gearReqId}`,
        });
        if (!result.approved) {
          await recordAudit(db, {
            action: 'billPaymentDeclined',
            outcome: 'failed',
            orderId: held.id,
            detail: { gearReqId, code: result.code },
          });
          throw namedRefusal(402, 'RequisitionPaymentException', declineMessage(result.code), [
            { field: 'tokenId', defaultMessage: declineMessage(result.code) },
          ]);
        }
        authorized.push(result.transactionId);
        charged = { amountCents, transactionId: result.transactionId };
        return { changes: {} };
      },
      record: async (tx) => {
        if (!charged) throw new Error('a bill payment is recorded only once authorized');
        await insertPayments(tx, [
          cardPaymentRow({
            orderId: order.id,
            gearReqId,
            paymentType: BILL_PAYMENT_TYPE,
            amountCents: charged.amountCents,
            card,
            transactionId: charged.transactionId,
            idempotencyKey: billKeyOf(gearReqId),
            by: { type: user.type, userId: caller.userId },
          }),
        ]);
      },
    });
  } catch (refusal) {
    // Nothing committed by this call: its authorization goes back, unless a concurrent twin's commit holds it.
    await voidUnrecorded(db, deps, authorized);
    if (
      refusal instanceof HttpError &&
      refusal.statusCode === 409 &&
      refusal.message === MESSAGES.staleOrder
    ) {
      // An identical call that lost the version to the one that paid: a repeat of a paid bill.
      if ((await billPaymentOf(db, gearReqId)) !== null) throw conflict(BILL_MESSAGES.alreadyPaid);
    }
    if (refusal instanceof HttpError && refusal.statusCode === 409) await refused('conflict', order.id);
    if (isUniqueViolation(refusal)) throw conflict(BILL_MESSAGES.alreadyPaid);
    throw refusal;
  }
  await deps.gateway.capture({
    transactionId: authorized[0] as string,
    idempotencyKey: `capture:${authorized[0]}`,
  });
  await markCaptured(db, authorized);
  const paid = charged as { amountCents: number; transactionId: string } | null;
  await recordAudit(db, {
    action: 'billPaid',
    orderId: order.id,
    detail: { gearReqId, amountCents: paid?.amountCents ?? 0, transactionId: paid?.transactionId ?? null },
  });
  return (await findBill(db, deps, caller, gearReqId, query)).bill;
}

/** A second bill payment of the same test (the unique key), should two versions race. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23505' ||
    (error as { cause?: { code?: unknown } }).cause?.code === '23505');

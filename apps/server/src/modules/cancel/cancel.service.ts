import {
  allRequisitionsCancelable,
  CANCEL_ORDER_RESULTS,
  CANCEL_TEST_MESSAGES,
  type CancelOrderResult,
  cancellationRefunds,
  type GearOrder,
  isAdmin,
  isPastCancelWindow,
  isTestCancelable,
  labToday,
  MESSAGES,
  type OrderStatusFacts,
  REMOVAL_MESSAGES,
  type SavedOrder,
  type UserInfo,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan, UNCHANGED } from '../order/order-change.ts';
import { orderStatusFacts } from '../order-status/order-status-facts.ts';
import type { PaymentGateway } from '../payment/gateway/gateway.ts';
import {
  cancelScheduledInstalments,
  feeKeptOn,
  packShipped,
  recordRefund,
  unrefundedCharges,
} from './refund.repository.ts';

const requesterOf = (user: UserInfo) =>
  isAdmin(user) ? 'admin' : user.type === 'prc' ? 'patient' : 'practitioner';

/**
 * Gives back what a cancellation owes (decision 0260): every charge of the order (or of the canceled test) not yet
 * refunded, less the $40 fee once per order when the pack has shipped (cancellationRefunds). Each gateway refund is
 * keyed by its charge and each record is unique by it, so however many calls run this at once, a charge is refunded
 * once; a call that finds nothing left to refund does nothing. Runs after the cancellation committed.
 */
export async function settleCancellationRefunds(
  db: Db,
  gateway: PaymentGateway,
  user: UserInfo,
  orderId: number,
  gearReqId: number | null,
): Promise<void> {
  await cancelScheduledInstalments(db, orderId, gearReqId);
  const charges = await unrefundedCharges(db, orderId, gearReqId);
  if (charges.length === 0) return;
  const planned = cancellationRefunds({
    charges,
    packShipped: await packShipped(db, orderId),
    feeAlreadyKeptCents: await feeKeptOn(db, orderId),
  });
  for (const refund of planned) {
    const charge = charges.find((candidate) => candidate.transactionId === refund.transactionId);
    let refundId: string | null = null;
    if (refund.refundCents > 0) {
      const answer = await gateway.refund({
        transactionId: refund.transactionId,
        amountCents: refund.refundCents,
        idempotencyKey: `cancel-refund:${refund.transactionId}`,
      });
      // Not given back (the gateway refused): nothing recorded, so the next cancel call tries again.
      if (!answer.refunded) {
        await recordAudit(db, {
          action: 'refundFailed',
          outcome: 'failed',
          orderId,
          detail: { gearReqId },
        });
        continue;
      }
      refundId = answer.refundId;
    }
    await recordRefund(db, {
      orderId,
      gearReqId: gearReqId ?? charge?.gearReqId ?? null,
      transactionId: refund.transactionId,
      refundId,
      refundCents: refund.refundCents,
      feeKeptCents: refund.feeKeptCents,
      requestedBy: requesterOf(user),
    });
    await recordAudit(db, {
      action: 'refunded',
      orderId,
      detail: { gearReqId, refundCents: refund.refundCents, feeKeptCents: refund.feeKeptCents },
    });
  }
}

// --- Cancel an order ----------------------------------------------------------------------------------------------

/**
 * DELETE /gear/order/cancel/{id} (spec 3 §7; decisions 0034, 0260): 'cancelPass' when the order is canceled now (the
 * order and every requisition, which frees their packs) and its charges refunded less the fee where it applies;
 * 'cancelAlreadyRefunded' when it already was; 'other' when a requisition has reached the lab (an admin past the
 * lock). A non-admin's order received by the lab answers 409 like any change.
 */
export function planCancel(
  order: SavedOrder,
  facts: OrderStatusFacts,
  today: string,
): OrderChangePlan | typeof UNCHANGED {
  if (order.canceled) return UNCHANGED;
  // spec 3 §4: only if all requisitions are cancelable; §9: not more than 45 days after delivery. An order that never
  // had a test has nothing the lab could hold: it is canceled as it is (decision 0050).
  const cancelable = facts.requisitions.length === 0 || allRequisitionsCancelable(facts);
  if (!cancelable || isPastCancelWindow(facts.tracking?.deliveryDate ?? null, today)) return UNCHANGED;
  return { changes: { canceled: true }, writes: [{ kind: 'cancelRequisitions' }] };
}

const isStale = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 409 && error.message === MESSAGES.staleOrder;

export async function cancelOrder(
  db: Db,
  gateway: PaymentGateway,
  user: UserInfo,
  orderId: number,
  basedOn: number | undefined,
): Promise<CancelOrderResult> {
  let result: CancelOrderResult;
  try {
    const saved = await changeOrder(db, {
      user,
      subject: { orderId },
      basedOn,
      kind: ORDER_CHANGES.cancel,
      plan: async ({ order }) => planCancel(order, await orderStatusFacts(db, order), labToday()),
    });
    result = !saved.unchanged
      ? CANCEL_ORDER_RESULTS.pass
      : saved.order.canceled
        ? CANCEL_ORDER_RESULTS.alreadyRefunded
        : CANCEL_ORDER_RESULTS.other;
  } catch (refusal) {
    // A cancel that lost to another (its version now stale) finds the order canceled: already refunded, as a repeat.
    if (!isStale(refusal) || !(await orderForCaller(db, user, orderId)).canceled) throw refusal;
    result = CANCEL_ORDER_RESULTS.alreadyRefunded;
  }
  if (result !== CANCEL_ORDER_RESULTS.other)
    await settleCancellationRefunds(db, gateway, user, orderId, null);
  return result;
}

// --- Cancel one test ----------------------------------------------------------------------------------------------

/**
 * GET /gear/order/{id}/requisition/{reqId}/cancel (spec 3 §7 'Cancels one test'; §4 'A test is cancelable when it
 * is not canceled, has no accession details and is not in a recollection map'): the requisition canceled, its
 * charges refunded less the fee where it applies. A test not on the order is 404, one not cancelable 400.
 */
export function planCancelTest(
  order: SavedOrder,
  facts: OrderStatusFacts,
  gearReqId: number,
): OrderChangePlan {
  const requisition = facts.requisitions.find((candidate) => candidate.id === gearReqId);
  if (!requisition) throw notFound(REMOVAL_MESSAGES.notFound);
  if (!isTestCancelable(requisition, facts.recollection.map))
    throw badRequest(CANCEL_TEST_MESSAGES.notCancelable);
  const othersLive = order.requisitions.some((other) => other.id !== gearReqId && !other.canceled);
  return {
    // spec 3 §4 'Canceled: all requisitions are canceled': the last test canceled cancels the order.
    ...(othersLive ? {} : { changes: { canceled: true } }),
    writes: [{ kind: 'updateRequisition', id: gearReqId, values: { canceled: true } }],
  };
}

export async function cancelTest(
  db: Db,
  gateway: PaymentGateway,
  user: UserInfo,
  orderId: number,
  gearReqId: number,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const saved = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.cancelTest,
    plan: async ({ order }) => planCancelTest(order, await orderStatusFacts(db, order), gearReqId),
  });
  await settleCancellationRefunds(db, gateway, user, orderId, saved.order.canceled ? null : gearReqId);
  return saved.order;
}

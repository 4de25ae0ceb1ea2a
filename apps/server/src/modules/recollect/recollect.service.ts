import {
  discardedAccessionOf,
  documentAccess,
  type GearOrder,
  isAdmin,
  isPitlOrder,
  MESSAGES,
  type OrderStatusFacts,
  PATIENT_MESSAGES,
  RECOLLECT_MESSAGES,
  RECOLLECTION_PACK_CENTS,
  type ReCollectResponse,
  type RecollectionOrderSummary,
  type RecollectRefusal,
  recollectionChargeCents,
  recollectionPaymentRequired,
  recollectionRedirectUrl,
  recollectRefusal,
  type SavedOrder,
  statusFactsOf,
  type UserInfo,
} from '@gear/domain';

const NO_RECOLLECTION = { pending: false, map: {} };

import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import {
  badRequest,
  conflict,
  HttpError,
  namedRefusal,
  notFound,
  preconditionRequired,
} from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
import type { CardInput, PaymentGateway } from '../payment/gateway/gateway.ts';
import {
  cardPaymentRow,
  insertPayments,
  markCaptured,
  type PaidCard,
  recordedTransactions,
} from '../payment/payment.repository.ts';
import {
  accessionOwner,
  claimPackPaid,
  packsDueOf,
  type RecollectedTest,
  recollectionMadeBy,
  recollectionOrderOf,
  requestedRecollections,
} from './recollect.repository.ts';

export interface RecollectCaller {
  user: UserInfo;
  userId: number | null;
}

const requesterOf = (user: UserInfo) =>
  isAdmin(user) ? 'admin' : user.type === 'prc' ? 'patient' : 'practitioner';

/** The HTTP answer of each refusal (decision 0252): a test not on the order 404, a repeat 409, the others 400. */
function refusalError(refusal: RecollectRefusal): HttpError {
  if (refusal === 'notOnOrder') return notFound(RECOLLECT_MESSAGES.notOnOrder);
  if (refusal === 'alreadyRequested') return conflict(RECOLLECT_MESSAGES.alreadyRequested);
  return badRequest(RECOLLECT_MESSAGES[refusal]);
}

/**
 * The plan of a recollection (spec 3 §4 per test, §7, §9; decision 0252): every named test must be on the order, not
 * canceled, with a discarded specimen that came without issues, and not re-collected yet; the recollection order is
 * one for all of them, and the $40 pack is charged when any of them is billed to the patient.
 */
export function planRecollection(
  order: SavedOrder,
  facts: OrderStatusFacts,
  requested: ReadonlySet<number>,
  gearReqIds: readonly number[],
  caller: RecollectCaller,
): OrderChangePlan {
  const tests: RecollectedTest[] = [];
  for (const gearReqId of new Set(gearReqIds)) {
    const requisition = facts.requisitions.find((candidate) => candidate.id === gearReqId);
    const refusal = recollectRefusal(requisition, requested);
    if (refusal) throw refusalError(refusal);
    const discarded = requisition && discardedAccessionOf(requisition);
    if (discarded) tests.push({ gearReqId, accessionNo: discarded.accessionNo });
  }
  const paymentRequired = tests.some((test) =>
    recollectionPaymentRequired(
      order.requisitions.find((requisition) => requisition.id === test.gearReqId)?.billingMethod ?? null,
    ),
  );
  return {
    writes: [
      {
        kind: 'createRecollection',
        tests,
        paymentRequired,
        requestedBy: requesterOf(caller.user),
        createdByUserId: caller.userId,
      },
    ],
  };
}

/** decision 0092's date-of-birth rule, for everyone who sends one: patients must, and a wrong one is 404. */
async function checkDateOfBirth(db: Db, user: UserInfo, order: SavedOrder, dateOfBirth: string | null) {
  const access = documentAccess(dateOfBirth === null ? user : { type: 'prc' }, dateOfBirth, order);
  if (access === 'allowed') return;
  await recordAudit(db, {
    action: 'recollectRefused',
    outcome: 'refused',
    orderId: order.id,
    detail: { reason: access === 'missing' ? 'dateOfBirthRequired' : 'dateOfBirthMismatch' },
  });
  if (access === 'missing')
    throw badRequest(PATIENT_MESSAGES.dateOfBirthRequired, [
      { field: 'dateOfBirth', defaultMessage: PATIENT_MESSAGES.dateOfBirthRequired },
    ]);
  throw notFound(MESSAGES.orderNotFound);
}

/** The order whose pack is paid, for its caller, with the patient's date of birth (decision 0092's rule). */
export async function recollectionPackOrder(
  db: Db,
  user: UserInfo,
  orderId: number,
  dateOfBirth: string | null,
): Promise<SavedOrder> {
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  await checkDateOfBirth(db, user, order, dateOfBirth);
  return order;
}

const isStale = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 409 && error.message === MESSAGES.staleOrder;

export interface RecollectionMade {
  order: GearOrder;
  recollectionOrderId: number;
}

/**
 * GET /gear/order/{id}/request-recollect?dateOfBirth&gearReqIds (spec 3 §7 'Returns the order'; decision 0252):
 * creates the recollection through the order-change core (kind recollect), once: the order's version is claimed
 * and `recollections` is unique by requisition, so of any number of identical calls one creates it and the others
 * are refused 409 'A new pack was already requested for this test.' The $40 pack is charged after the commit.
 */
export async function requestRecollection(
  db: Db,
  gateway: PaymentGateway,
  caller: RecollectCaller,
  orderId: number,
  gearReqIds: readonly number[],
  dateOfBirth: string | null,
  basedOn: number | undefined,
): Promise<RecollectionMade> {
  const { user } = caller;
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  await checkDateOfBirth(db, user, order, dateOfBirth);
  let recollectionOrderId: number | null;
  try {
    const saved = await changeOrder(db, {
      user,
      subject: { orderId },
      basedOn,
      kind: ORDER_CHANGES.recollect,
      // The tests' facts are the order's own (its accessions); what was requested is read as the plan runs.
      plan: async (found) =>
        planRecollection(
          found.order,
          statusFactsOf(found.order, [], NO_RECOLLECTION),
          await requestedRecollections(db, orderId),
          gearReqIds,
          caller,
        ),
    });
    recollectionOrderId = saved.newOrderId;
  } catch (refusal) {
    // An identical call that lost the version to the one that created the recollection: a repeat (409).
    if (isStale(refusal)) {
      const requested = await requestedRecollections(db, orderId);
      if (gearReqIds.every((gearReqId) => requested.has(gearReqId)))
        throw conflict(RECOLLECT_MESSAGES.alreadyRequested);
    }
    // A plan's refusal (the request's own event records the repeats' 409s, decision 0214).
    if (refusal instanceof HttpError && refusal.statusCode < 500 && refusal.statusCode !== 409)
      await recordAudit(db, {
        action: 'recollectRefused',
        outcome: 'refused',
        orderId,
        detail: { status: refusal.statusCode },
      });
    throw refusal;
  }
  if (recollectionOrderId === null) {
    // A repeat under the same Idempotency-Key replays the kept answer: the recollection is the one made then.
    recollectionOrderId = await recollectionOrderOf(db, gearReqIds[0] ?? 0);
    if (recollectionOrderId === null) throw conflict(RECOLLECT_MESSAGES.alreadyRequested);
  }
  const current = await orderForCaller(db, user, orderId);
  await chargePackToCardOnFile(db, gateway, caller, orderId, current.version, recollectionOrderId);
  return { order: await orderForCaller(db, user, orderId), recollectionOrderId };
}

/** The card the original order was paid with, as the gateway knows it (its token), or null. */
async function cardOfOrder(db: Db, orderId: number): Promise<PaidCard | null> {
  const [row] = await db
    .select({ tokenId: payments.tokenId, cardLast4: payments.cardLast4, cardBrand: payments.cardBrand })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        isNotNull(payments.tokenId),
        inArray(payments.status, ['authorized', 'captured']),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row?.tokenId ? { token: row.tokenId, last4: row.cardLast4, brand: row.cardBrand } : null;
}

/** The pack payment's answers (ours). */
export const RECOLLECTION_PACK_MESSAGES = {
  nothingDue: 'Nothing is due for this recollection pack.',
  declined: 'The card was declined. Please check the details or use another card.',
} as const;

/** The pack's payment refusal when the card is declined or unusable (decision 0293). */
export const RECOLLECTION_PACK_PAYMENT_ERROR = 'RequisitionPaymentException';

const packKey = (recollectionOrderId: number) => `recollection-pack:${recollectionOrderId}`;

/**
 * The one way a recollection's $40 pack is paid (spec 3 §9, PITL's 'Replacement Fee'; decision 0293): every pack due on
 * the original order (or the one named) is authorized on the card (one gateway key per recollection order and card:
 * identical calls share one charge), then, through the order-change core on the original order (kind
 * recollectionPack, based on the version the caller read), each recollection is claimed as paid (pending → false, one
 * conditional statement), its card payment recorded on the recollection order and audited on both orders, in the
 * transaction that claims the version. Captured after commit. A declined card: 402, nothing changed. A call that loses
 * the version to an identical one (the same card's authorization recorded) answers the order as that one saved it;
 * any other loser's authorization is voided.
 */
export async function payRecollectionPacks(
  db: Db,
  gateway: PaymentGateway,
  caller: RecollectCaller,
  orderId: number,
  basedOn: number | undefined,
  card: PaidCard,
  only: number | null,
): Promise<GearOrder> {
  const { user } = caller;
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  // The version rule before any charge: 428 without one, 409 when stale (the core checks again as it claims).
  if (basedOn === undefined) throw preconditionRequired(MESSAGES.orderVersionRequired);
  if (basedOn !== order.version) throw conflict(MESSAGES.staleOrder);
  const due = await packsDueOf(db, orderId, only);
  if (due.length === 0) throw conflict(RECOLLECTION_PACK_MESSAGES.nothingDue);
  const authorized: { recollectionOrderId: number; transactionId: string }[] = [];
  const voidAll = async (transactionIds: readonly string[]) => {
    for (const transactionId of transactionIds)
      await gateway.void({ transactionId, idempotencyKey: `void:${transactionId}:recollection-pack` });
  };
  for (const recollectionOrderId of due) {
    const authorization = await gateway.authorize({
      token: card.token,
      amountCents: RECOLLECTION_PACK_CENTS,
      idempotencyKey: `${packKey(recollectionOrderId)}:${card.token}`,
      description: `Recollection pack, order ${recollectionOrderId}`,
    });
    if (!authorization.approved) {
      await voidAll(authorized.map((done) => done.transactionId));
      await recordAudit(db, {
        action: 'recollectionPackDeclined',
        outcome: 'failed',
        orderId: recollectionOrderId,
        detail: { code: authorization.code },
      });
      throw namedRefusal(402, RECOLLECTION_PACK_PAYMENT_ERROR, RECOLLECTION_PACK_MESSAGES.declined, [
        { field: 'payment', defaultMessage: RECOLLECTION_PACK_MESSAGES.declined },
      ]);
    }
    authorized.push({ recollectionOrderId, transactionId: authorization.transactionId });
  }
  const pitl = isPitlOrder(order);
  let saved: GearOrder;
  try {
    saved = (
      await changeOrder(db, {
        user,
        subject: { orderId },
        basedOn,
        kind: ORDER_CHANGES.recollectionPack,
        plan: () => ({}),
        record: async (tx) => {
          for (const { recollectionOrderId, transactionId } of authorized) {
            if (!(await claimPackPaid(tx, orderId, recollectionOrderId)))
              throw conflict(RECOLLECTION_PACK_MESSAGES.nothingDue);
            await insertPayments(tx, [
              cardPaymentRow({
                orderId: recollectionOrderId,
                gearReqId: null,
                paymentType: 'card',
                amountCents: RECOLLECTION_PACK_CENTS,
                card,
                transactionId,
                idempotencyKey: packKey(recollectionOrderId),
                by: { type: user.type, userId: caller.userId },
              }),
            ]);
            await recordAudit(tx, {
              action: 'recollectionPackPaid',
              orderId: recollectionOrderId,
              detail: { amountCents: RECOLLECTION_PACK_CENTS, recollectionFor: orderId },
            });
            // The original order's timeline names the fee (PITL: the 'Replacement Fee'; decision 0291).
            await recordAudit(tx, {
              action: pitl ? 'pitlReplacementFeePaid' : 'recollectionPackPaid',
              orderId,
              detail: { amountCents: RECOLLECTION_PACK_CENTS, recollectionOrderId },
            });
          }
        },
      })
    ).order;
  } catch (refusal) {
    const transactionIds = authorized.map((done) => done.transactionId);
    const recorded = await recordedTransactions(db, transactionIds);
    // An identical call (the same card, so the same authorizations) came first and recorded them: its answer.
    if (isStale(refusal) && transactionIds.every((id) => recorded.has(id)))
      return orderForCaller(db, user, orderId);
    await voidAll(transactionIds.filter((id) => !recorded.has(id)));
    throw refusal;
  }
  for (const { transactionId } of authorized) {
    await gateway.capture({ transactionId, idempotencyKey: `capture:${transactionId}` });
    await markCaptured(db, [transactionId]);
  }
  return saved;
}

/** What the status page shows of the recollection an order makes (decision 0252), or null. */
export async function recollectionSummaryOf(
  db: Db,
  recollectionOrderId: number,
): Promise<RecollectionOrderSummary | null> {
  const made = await recollectionMadeBy(db, recollectionOrderId);
  return made ? { ...made, chargeCents: recollectionChargeCents(made.paymentRequired) } : null;
}

/** The card a pack is paid with: the browser's gateway token, else the card fields tokenised (null: unusable). */
export async function packCardOf(gateway: PaymentGateway, body: CardInput & { tokenId?: string | null }) {
  if (body.tokenId) {
    const card = await gateway.cardOf(body.tokenId);
    return card ? { token: body.tokenId, brand: card.brand, last4: card.last4 } : null;
  }
  const result = await gateway.tokenize(body);
  return result.ok ? { token: result.token, brand: result.brand, last4: result.last4 } : null;
}

/**
 * After a recollection is made (decision 0252): its $40 pack charged to the card the original order was paid with,
 * through payRecollectionPacks based on the version the recollection just saved. Without a card on file, a declined
 * card, or a change in between, it stays pending: the patient pays it with POST /gear/order/{id}/recollection-pack.
 */
async function chargePackToCardOnFile(
  db: Db,
  gateway: PaymentGateway,
  caller: RecollectCaller,
  orderId: number,
  version: number,
  recollectionOrderId: number,
): Promise<void> {
  if ((await packsDueOf(db, orderId, recollectionOrderId)).length === 0) return;
  const card = await cardOfOrder(db, orderId);
  if (!card) return;
  try {
    await payRecollectionPacks(db, gateway, caller, orderId, version, card, recollectionOrderId);
  } catch (refusal) {
    if (!(refusal instanceof HttpError) || refusal.statusCode >= 500) throw refusal;
  }
}

/**
 * GET /gear/re-collect/{accessionNo} (spec 3 §2 'Re-collect page', §4 'Re-collect status values', §7; decision 0252):
 * the accession's order for the caller, then its recollection, made now through requestRecollection when the test
 * may be re-collected (based on the order version the caller read, If-Match: 428 without, 409 stale; decision 0294),
 * or the one made before (no version needed: nothing changes). SUCCESS with the recollection order's status page; ORDER_NOT_FOUND for
 * an accession on no order; UNAUTHORIZED when the caller may not see the order; ERROR when the test cannot be
 * re-collected (not discarded, issues, canceled) or anything else goes wrong.
 */
export async function reCollect(
  db: Db,
  gateway: PaymentGateway,
  caller: RecollectCaller,
  accessionNo: string,
  basedOn: number | undefined,
): Promise<ReCollectResponse & { recollectionOrderId: number | null }> {
  const answer = (status: ReCollectResponse['status'], recollectionOrderId: number | null = null) => ({
    status,
    redirectUrl: recollectionOrderId === null ? null : recollectionRedirectUrl(recollectionOrderId),
    recollectionOrderId,
  });
  const owner = await accessionOwner(db, accessionNo);
  if (!owner) return answer('ORDER_NOT_FOUND');
  let order: SavedOrder;
  try {
    order = (await orderForCaller(db, caller.user, owner.orderId)) as SavedOrder;
  } catch (refusal) {
    if (refusal instanceof HttpError && (refusal.statusCode === 403 || refusal.statusCode === 404)) {
      await recordAudit(db, {
        action: 'recollectRefused',
        outcome: 'refused',
        orderId: owner.orderId,
        detail: { reason: 'unauthorized' },
      });
      return answer('UNAUTHORIZED');
    }
    throw refusal;
  }
  const made = await recollectionOrderOf(db, owner.gearReqId);
  if (made !== null) return answer('SUCCESS', made);
  // Making it changes the original order (its version, its recollections, its summary): the version rule of every
  // change (decision 0294), answered as HTTP refusals, not as re-collect statuses.
  if (basedOn === undefined) throw preconditionRequired(MESSAGES.orderVersionRequired);
  if (basedOn !== order.version) throw conflict(MESSAGES.staleOrder);
  try {
    const created = await requestRecollection(
      db,
      gateway,
      caller,
      order.id,
      [owner.gearReqId],
      order.patientInfo?.dateOfBirth ?? null,
      basedOn,
    );
    return answer('SUCCESS', created.recollectionOrderId);
  } catch (refusal) {
    // A twin call made it meanwhile: its recollection is this one's.
    const twin = await recollectionOrderOf(db, owner.gearReqId);
    if (twin !== null) return answer('SUCCESS', twin);
    if (refusal instanceof HttpError && refusal.statusCode < 500) return answer('ERROR');
    throw refusal;
  }
}

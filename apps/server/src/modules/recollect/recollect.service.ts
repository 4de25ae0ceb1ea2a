import {
  discardedAccessionOf,
  documentAccess,
  type GearOrder,
  isAdmin,
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
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
import type { CardInput, PaymentGateway } from '../payment/gateway/gateway.ts';
import {
  accessionOwner,
  markRecollectionPaid,
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
  await chargeRecollectionPack(db, gateway, user, orderId, recollectionOrderId, null);
  return { order: await orderForCaller(db, user, orderId), recollectionOrderId };
}

/** The card the original order was paid with, as the gateway knows it (its token), or null. */
async function cardOfOrder(db: Db, orderId: number) {
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

/**
 * The $40 pack (spec 3 §9; decision 0252), once per recollection order: a pending recollection that requires payment
 * is charged to the card given, else to the card the original order was paid with; authorized and captured under
 * keys of the recollection order (a repeat charges nothing more), recorded as a card payment of the recollection
 * order (unique by the same key), and the recollection is no longer pending. Without a card, or when the card is
 * declined, it stays pending: the patient pays on the recollection order's status page. Answers whether it is paid.
 */
export async function chargeRecollectionPack(
  db: Db,
  gateway: PaymentGateway,
  user: UserInfo,
  originalOrderId: number,
  recollectionOrderId: number,
  card: CardInput | null,
): Promise<boolean> {
  const recollection = await recollectionMadeBy(db, recollectionOrderId);
  if (!recollection?.pending) return true;
  if (!recollection.paymentRequired) {
    await markRecollectionPaid(db, recollectionOrderId);
    return true;
  }
  let stored: { token: string; last4: string | null; brand: string | null } | null = null;
  if (card) {
    const tokenized = await gateway.tokenize(card);
    if (!tokenized.ok) return false;
    stored = { token: tokenized.token, last4: tokenized.last4, brand: tokenized.brand };
  } else stored = await cardOfOrder(db, originalOrderId);
  if (!stored) return false;
  const key = `recollection-pack:${recollectionOrderId}`;
  const authorized = await gateway.authorize({
    token: stored.token,
    amountCents: RECOLLECTION_PACK_CENTS,
    idempotencyKey: card ? `${key}:${stored.token}` : key,
    description: `Recollection pack, order ${recollectionOrderId}`,
  });
  if (!authorized.approved) {
    await recordAudit(db, {
      action: 'recollectionPackDeclined',
      outcome: 'failed',
      orderId: recollectionOrderId,
      detail: { code: authorized.code },
    });
    return false;
  }
  const captured = await gateway.capture({
    transactionId: authorized.transactionId,
    idempotencyKey: `${key}:capture:${authorized.transactionId}`,
  });
  if (!captured) return false;
  await db
    .insert(payments)
    .values({
      orderId: recollectionOrderId,
      gearReqId: null,
      paymentType: 'card',
      paymentFrom: user.type,
      amountCents: RECOLLECTION_PACK_CENTS,
      fullPaymentAmountCents: RECOLLECTION_PACK_CENTS,
      cardAuthAmountCents: RECOLLECTION_PACK_CENTS,
      cardLast4: stored.last4,
      cardBrand: stored.brand,
      tokenId: stored.token,
      transactionId: authorized.transactionId,
      installmentIntervalType: 'full',
      status: 'captured',
      idempotencyKey: key,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey });
  await markRecollectionPaid(db, recollectionOrderId);
  await recordAudit(db, {
    action: 'recollectionPackPaid',
    orderId: recollectionOrderId,
    detail: { amountCents: RECOLLECTION_PACK_CENTS },
  });
  return true;
}

/** What the status page shows of the recollection an order makes (decision 0252), or null. */
export async function recollectionSummaryOf(
  db: Db,
  recollectionOrderId: number,
): Promise<RecollectionOrderSummary | null> {
  const made = await recollectionMadeBy(db, recollectionOrderId);
  return made ? { ...made, chargeCents: recollectionChargeCents(made.paymentRequired) } : null;
}

/**
 * POST /gear/order/{id}/recollection-pack (decision 0252): the patient pays the $40 pack of a pending recollection
 * order with a card. 404/403 as any order; 409 when nothing is to be paid; 402 when the card is declined.
 */
export async function payRecollectionPack(
  db: Db,
  gateway: PaymentGateway,
  user: UserInfo,
  recollectionOrderId: number,
  card: CardInput,
): Promise<RecollectionOrderSummary> {
  await orderForCaller(db, user, recollectionOrderId);
  const made = await recollectionMadeBy(db, recollectionOrderId);
  if (!made?.pending || !made.paymentRequired) throw conflict(RECOLLECTION_PACK_MESSAGES.nothingDue);
  const paid = await chargeRecollectionPack(
    db,
    gateway,
    user,
    made.recollectionFor,
    recollectionOrderId,
    card,
  );
  if (!paid) throw new HttpError(402, RECOLLECTION_PACK_MESSAGES.declined);
  const summary = await recollectionSummaryOf(db, recollectionOrderId);
  if (!summary) throw notFound(MESSAGES.orderNotFound);
  return summary;
}

/** The pack payment's answers (ours). */
export const RECOLLECTION_PACK_MESSAGES = {
  nothingDue: 'Nothing is due for this recollection pack.',
  declined: 'The card was declined. Please check the details or use another card.',
} as const;

/**
 * GET /gear/re-collect/{accessionNo} (spec 3 §2 'Re-collect page', §4 'Re-collect status values', §7; decision 0252):
 * the accession's order for the caller, then its recollection, made now through requestRecollection when the test
 * may be re-collected, or the one made before. SUCCESS with the recollection order's status page; ORDER_NOT_FOUND for
 * an accession on no order; UNAUTHORIZED when the caller may not see the order; ERROR when the test cannot be
 * re-collected (not discarded, issues, canceled) or anything else goes wrong.
 */
export async function reCollect(
  db: Db,
  gateway: PaymentGateway,
  caller: RecollectCaller,
  accessionNo: string,
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
  try {
    const created = await requestRecollection(
      db,
      gateway,
      caller,
      order.id,
      [owner.gearReqId],
      order.patientInfo?.dateOfBirth ?? null,
      order.version,
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

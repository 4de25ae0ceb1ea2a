import {
  type ApplyDiscountAnswer,
  BILLING_METHODS,
  DISCOUNT_MESSAGES,
  type DiscountedRequisition,
  type DiscountOutcome,
  discountBoxLabel,
  discountCodeSchema,
  discountOutcome,
  type GearOrder,
  normalizeDiscountCode,
  pitlPlaceOf,
  type SavedOrder,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { orderForCaller } from '../order/order.service.ts';
import { priceOfRequisition } from '../pricing/pricing.service.ts';
import {
  auditDiscount,
  type DiscountRow,
  findUsableDiscount,
  type GuessBudget,
  spendBudget,
  spentBudgets,
} from './discount.repository.ts';

/**
 * Guessing codes is throttled (docs/decisions/0130): 10 refused codes per order and 30 per caller (signed-in user,
 * or patient session) in an hour. Every budget holds under any number of concurrent requests (spendBudget).
 */
export const DISCOUNT_GUESS_LIMITS = { perOrder: 10, perCaller: 30, windowSeconds: 3600 } as const;

const budgetsOf = (caller: Caller, orderId: number): GuessBudget[] => [
  {
    key: `discount-order:${orderId}`,
    limit: DISCOUNT_GUESS_LIMITS.perOrder,
    windowSeconds: DISCOUNT_GUESS_LIMITS.windowSeconds,
  },
  {
    key: caller.userId === null ? `discount-session:${caller.sessionId}` : `discount-user:${caller.userId}`,
    limit: DISCOUNT_GUESS_LIMITS.perCaller,
    windowSeconds: DISCOUNT_GUESS_LIMITS.windowSeconds,
  },
];

const throttled = () => new HttpError(429, DISCOUNT_MESSAGES.throttled);

const actorOf = (caller: Caller) => (caller.userId === null ? 'patient' : `user:${caller.userId}`);

export const isPitlOrder = (order: Pick<GearOrder, 'physicianInTheLoop' | 'requisitions'>): boolean =>
  order.physicianInTheLoop || order.requisitions.some((r) => r.physicianInTheLoop && !r.canceled);

/**
 * The order's live requisitions as a discount sees them: each priced under its billing method on the server
 * (priceOfRequisition), the Physician Account not payable, a requisition without a billing method not priced.
 */
export async function discountedRequisitionsOf(db: Db, order: GearOrder): Promise<DiscountedRequisition[]> {
  const live = order.requisitions.filter((r) => !r.canceled);
  return Promise.all(
    live.map(async (requisition): Promise<DiscountedRequisition> => {
      const pitl = pitlPlaceOf(order, requisition.id);
      const payable = requisition.billingMethod !== BILLING_METHODS.physicianAccount;
      if (requisition.billingMethod === null) {
        return { gearRequisitionId: requisition.id, price: null, items: [], payable, pitl };
      }
      const price = await priceOfRequisition(db, order, requisition, requisition.billingMethod);
      return { gearRequisitionId: requisition.id, price: price.price, items: price.items, payable, pitl };
    }),
  );
}

/**
 * The discount a code gives an order now, computed on the server from its own prices: what applyDiscount answers,
 * and what the submit with payment re-checks before charging (the browser's figures are never trusted). null when
 * the code does not exist, is inactive or expired.
 */
export async function discountForOrder(
  db: Db,
  order: GearOrder,
  code: string,
): Promise<{ discount: DiscountRow; outcome: DiscountOutcome } | null> {
  const discount = await findUsableDiscount(db, normalizeDiscountCode(code));
  if (!discount) return null;
  const requisitions = await discountedRequisitionsOf(db, order);
  const label = discountBoxLabel(isPitlOrder(order));
  const outcome = discountOutcome(discount, requisitions, {
    gsdlNo: order.practitioner?.gsdlNo ?? null,
    label,
  });
  return { discount, outcome };
}

const refusal = (
  discountCode: string,
  error: NonNullable<ApplyDiscountAnswer['error']>,
  message: string,
): ApplyDiscountAnswer => ({
  discountCode,
  discount: null,
  requisitions: [],
  totalDiscount: 0,
  error,
  message,
});

/**
 * GET /gear/api/{orderId}/applyDiscount/{code} (spec 3 §7): the discount the code gives the order, or why not.
 * Reading it changes nothing on the order (docs/decisions/0130): the code goes with the payment at submit.
 * - 403/404 for an order the caller may not see (orderForCaller);
 * - 429 once the caller or the order has used its budget of refused codes, before the code is looked at;
 * - an unknown, inactive or expired code: DiscountNotFoundException, 'Enter a valid {label}';
 * - a code of another practitioner, or an AFFILIATE over its maxDiscount: DiscountInvalidException and its message;
 * - an order whose payable prices are not all known: DiscountNotApplicableException, 'Unable to apply discount {code}'.
 * The first two count as refused codes. Each try is an audit event.
 */
export async function applyDiscountFor(
  db: Db,
  caller: Caller,
  orderId: number,
  typedCode: string,
): Promise<ApplyDiscountAnswer> {
  const order = (await orderForCaller(db, caller.userInfo, orderId)) as SavedOrder;
  const code = normalizeDiscountCode(typedCode);
  const budgets = budgetsOf(caller, order.id);
  const actor = actorOf(caller);
  if (await spentBudgets(db, budgets)) {
    await auditDiscount(db, order.id, actor, 'discountThrottled', {});
    throw throttled();
  }
  const found = await discountForOrder(db, order, code);
  const label = discountBoxLabel(isPitlOrder(order));
  const counted = async (answer: ApplyDiscountAnswer) => {
    for (const budget of budgets) {
      if (!(await spendBudget(db, budget))) {
        await auditDiscount(db, order.id, actor, 'discountThrottled', {});
        throw throttled();
      }
    }
    await auditDiscount(db, order.id, actor, 'discountRefused', { code, error: answer.error });
    return answer;
  };
  if (!found) return counted(refusal(code, 'DiscountNotFoundException', DISCOUNT_MESSAGES.enterValid(label)));
  const { discount, outcome } = found;
  if (!outcome.ok) {
    const answer = refusal(code, outcome.error, outcome.message);
    if (outcome.error === 'DiscountNotApplicableException') {
      await auditDiscount(db, order.id, actor, 'discountRefused', { code, error: outcome.error });
      return answer;
    }
    return counted(answer);
  }
  await auditDiscount(db, order.id, actor, 'discountApplied', {
    code,
    discountType: discount.discountType,
    totalDiscount: outcome.totalDiscount,
  });
  const { gsdlNo: _tiedTo, ...shown } = discount;
  return {
    discountCode: code,
    discount: shown,
    requisitions: outcome.requisitions,
    totalDiscount: outcome.totalDiscount,
    error: null,
    message: null,
  };
}

/** A code a payment carries, checked again: it applies now, or the refusal spec 3 §8 names for a submit. */
export type CarriedDiscount =
  | { ok: true; code: string; discount: DiscountRow; outcome: Extract<DiscountOutcome, { ok: true }> }
  | {
      ok: false;
      code: string;
      error: 'DiscountNotFoundException' | 'PitlDiscountNotFoundException';
      message: string;
    };

/**
 * The discount code the payments carry (spec 3 §7 payments[].discount; docs/decisions/0132), checked again on the
 * server against its own prices with discountForOrder: what the payment summary shows and the submit charges. A code
 * that no longer applies answers DiscountNotFoundException (PitlDiscountNotFoundException on a PITL order) with the
 * message spec 3 §8 gives ('Enter a valid {label}', or the refusal's own message). A refused code spends the caller's
 * and the order's guessing budgets as applyDiscount does (so neither the summary nor the submit is a way around
 * them); 429 once they are spent.
 */
export async function discountCarried(
  db: Db,
  caller: Caller,
  order: GearOrder,
  typedCode: string,
): Promise<CarriedDiscount> {
  const pitl = isPitlOrder(order);
  const label = discountBoxLabel(pitl);
  const error = pitl ? ('PitlDiscountNotFoundException' as const) : ('DiscountNotFoundException' as const);
  const parsed = discountCodeSchema.safeParse(typedCode);
  const code = parsed.success ? normalizeDiscountCode(parsed.data) : '';
  const budgets = budgetsOf(caller, order.id as number);
  const actor = actorOf(caller);
  if (await spentBudgets(db, budgets)) {
    await auditDiscount(db, order.id as number, actor, 'discountThrottled', {});
    throw throttled();
  }
  const found = code === '' ? null : await discountForOrder(db, order, code);
  if (found?.outcome.ok) return { ok: true, code, discount: found.discount, outcome: found.outcome };
  const message = found && !found.outcome.ok ? found.outcome.message : DISCOUNT_MESSAGES.enterValid(label);
  if (!(found && !found.outcome.ok && found.outcome.error === 'DiscountNotApplicableException')) {
    for (const budget of budgets) {
      if (!(await spendBudget(db, budget))) {
        await auditDiscount(db, order.id as number, actor, 'discountThrottled', {});
        throw throttled();
      }
    }
  }
  await auditDiscount(db, order.id as number, actor, 'discountRefused', { code, error, carried: true });
  return { ok: false, code, error, message };
}

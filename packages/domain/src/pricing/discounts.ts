import type { Discount, DiscountError, RequisitionDiscount } from '../contract/discount.ts';
import type { PriceLine } from '../contract/pricing.ts';
import { type PitlPlace, SPECIAL_FEE_NAMES } from './price-engine.ts';

/** spec 3 §2 'The discount box label is 'Discount Code' for PITL orders and 'QA Processing Code' otherwise.' */
export const discountBoxLabel = (pitlOrder: boolean): string =>
  pitlOrder ? 'Discount Code' : 'QA Processing Code';

/** spec 3 §8 'Discount' messages, verbatim. */
export const DISCOUNT_MESSAGES = {
  enterValid: (label: string) => `Enter a valid ${label}`,
  unableToApply: (code: string) => `Unable to apply discount ${code}`,
  failedToVerify: (label: string) => `Failed to verify ${label}`,
  affiliateOverLimit: 'The total cost of your order exceeds the allowed amount.',
  /** Ours (docs/decisions/0130): too many codes tried for one order or by one caller. */
  throttled: 'Too many discount codes were tried. Please wait an hour and try again.',
} as const;

/** spec 3 §9 'Non-refundable cancellation fee $40', excluded from PITL percentage discounts (spec 3 §5). */
export const NON_REFUNDABLE_FEE_CENTS = 4000;

/** A code as the box sends it: trimmed, upper case (codes are case-insensitive; docs/decisions/0130). */
export const normalizeDiscountCode = (code: string): string => code.trim().toUpperCase();

/**
 * One requisition as a discount sees it: its price under its billing method (integer cents, null while unknown),
 * the price's lines (spec 3 §3 items, fees with feeItem true), whether the patient pays it (false for Physician
 * Account, which is invoiced), and its place among the order's PITL requisitions.
 */
export interface DiscountedRequisition {
  gearRequisitionId: number;
  price: number | null;
  items: readonly PriceLine[];
  payable: boolean;
  pitl: PitlPlace;
}

export type DiscountOutcome =
  | { ok: true; requisitions: RequisitionDiscount[]; totalDiscount: number }
  | { ok: false; error: DiscountError; message: string };

/** The facts of the order a code is checked against. */
export interface DiscountOrder {
  /** The order's practitioner; a code tied to a practitioner (CLIENT codes) is valid only on their orders. */
  gsdlNo: string | null;
  /** spec 3 §2: the box's label, used by the refusal messages. */
  label: string;
}

const feeLine = (items: readonly PriceLine[], name: string): number =>
  items.filter((line) => line.feeItem && line.name === name).reduce((sum, line) => sum + line.price, 0);

const physicianFeeOf = (r: DiscountedRequisition) => feeLine(r.items, SPECIAL_FEE_NAMES.physicianFee);
const shippingOf = (r: DiscountedRequisition) => feeLine(r.items, SPECIAL_FEE_NAMES.shippingAndHandling);

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

/**
 * A fixed amount off the order, spent on the requisitions in their order (PRICE, CLIENT; docs/decisions/0130),
 * never below zero on any of them.
 */
function spread(amount: number, priced: readonly (DiscountedRequisition & { price: number })[]) {
  let left = Math.max(0, amount);
  return priced.map((r) => {
    const share = clamp(left, r.price);
    left -= share;
    return { gearRequisitionId: r.gearRequisitionId, discountAmount: share };
  });
}

/**
 * spec 3 §5 'Percentage discounts on PITL orders exclude the Shipping & Handling Fee' and 'The $40 non-refundable
 * fee is excluded from percentage discounts on PITL orders': on a PITL requisition the base is its price less its
 * Shipping & Handling Fee, and on the first PITL requisition (the one the order's once-only fees sit on) less $40.
 * The percentage of the base is rounded down to the cent.
 */
export function percentageBase(r: DiscountedRequisition & { price: number }): number {
  if (!r.pitl.pitl) return r.price;
  const excluded = shippingOf(r) + (r.pitl.first ? NON_REFUNDABLE_FEE_CENTS : 0);
  return Math.max(0, r.price - excluded);
}

/**
 * spec 3 §5 'Affiliate discounts add the Physician Fee on the first requisition and subtract shipping on later ones':
 * the affiliate's amount per requisition is discountAmount, plus the Physician Fee on the first requisition priced,
 * minus the order's Shipping & Handling Fee on each later one; never more than the requisition's price.
 */
function affiliateShares(discount: Discount, priced: readonly (DiscountedRequisition & { price: number })[]) {
  const orderShipping = priced.reduce((sum, r) => sum + shippingOf(r), 0);
  return priced.map((r, index) => {
    const amount =
      index === 0 ? discount.discountAmount + physicianFeeOf(r) : discount.discountAmount - orderShipping;
    return { gearRequisitionId: r.gearRequisitionId, discountAmount: clamp(amount, r.price) };
  });
}

/**
 * The discount a code gives an order (spec 3 §5 'Discounts', §9 'Discount types'; docs/decisions/0130), computed the
 * same way by the server when it answers applyDiscount and at submit, and by the browser for the price summary:
 * - PRICE: discountAmount cents off the order, less the order's Physician Fee ('The Physician Fee is deducted from a
 *   PRICE discount');
 * - PERCENTAGE: discountAmount percent of each requisition's price, PITL exclusions apart (percentageBase);
 * - CLIENT: discountAmount cents off the order, on the orders of the code's practitioner only;
 * - AFFILIATE: refused with 'The total cost of your order exceeds the allowed amount.' when maxDiscount is below the
 *   order total; else affiliateShares.
 * Only what the patient pays is discounted (not the Physician Account). A code tied to another practitioner is
 * refused ('Enter a valid {label}'); an order with a payable requisition whose price is unknown, or nothing payable,
 * cannot take a discount yet ('Unable to apply discount {code}').
 */
export function discountOutcome(
  discount: Discount & { gsdlNo?: string | null },
  requisitions: readonly DiscountedRequisition[],
  order: DiscountOrder,
): DiscountOutcome {
  const code = discount.discountCode;
  if (discount.gsdlNo && discount.gsdlNo !== order.gsdlNo) {
    return {
      ok: false,
      error: 'DiscountInvalidException',
      message: DISCOUNT_MESSAGES.enterValid(order.label),
    };
  }
  const payable = requisitions.filter((r) => r.payable);
  const priced = payable.filter((r): r is DiscountedRequisition & { price: number } => r.price !== null);
  if (priced.length === 0 || priced.length !== payable.length) {
    return {
      ok: false,
      error: 'DiscountNotApplicableException',
      message: DISCOUNT_MESSAGES.unableToApply(code),
    };
  }
  const orderTotal = priced.reduce((sum, r) => sum + r.price, 0);
  let shares: RequisitionDiscount[];
  switch (discount.discountType) {
    case 'PRICE': {
      const physicianFee = priced.reduce((sum, r) => sum + physicianFeeOf(r), 0);
      shares = spread(discount.discountAmount - physicianFee, priced);
      break;
    }
    case 'CLIENT':
      shares = spread(discount.discountAmount, priced);
      break;
    case 'PERCENTAGE': {
      const percent = clamp(discount.discountAmount, 100);
      shares = priced.map((r) => ({
        gearRequisitionId: r.gearRequisitionId,
        discountAmount: Math.floor((percentageBase(r) * percent) / 100),
      }));
      break;
    }
    case 'AFFILIATE':
      if (discount.maxDiscount !== null && discount.maxDiscount < orderTotal) {
        return {
          ok: false,
          error: 'DiscountInvalidException',
          message: DISCOUNT_MESSAGES.affiliateOverLimit,
        };
      }
      shares = affiliateShares(discount, priced);
      break;
  }
  return { ok: true, requisitions: shares, totalDiscount: shares.reduce((s, r) => s + r.discountAmount, 0) };
}

/** The discount of one requisition in an outcome (0 when it has none). */
export const requisitionDiscountOf = (outcome: DiscountOutcome | null, gearRequisitionId: number): number =>
  outcome?.ok
    ? (outcome.requisitions.find((r) => r.gearRequisitionId === gearRequisitionId)?.discountAmount ?? 0)
    : 0;

/**
 * The amounts due less a discount that applied (decisions 0130, 0132): each requisition's share taken off its amount,
 * never below zero; `totalCents` is what came off. A requisition the discount covers entirely stays due at $0.00.
 */
export function amountsLessDiscount<Due extends { gearReqId: number; amountCents: number }>(
  dues: readonly Due[],
  outcome: DiscountOutcome,
): { requisitions: Due[]; totalCents: number } {
  const requisitions = dues.map((due) => ({
    ...due,
    amountCents: Math.max(0, due.amountCents - requisitionDiscountOf(outcome, due.gearReqId)),
  }));
  const before = dues.reduce((sum, due) => sum + due.amountCents, 0);
  const after = requisitions.reduce((sum, due) => sum + due.amountCents, 0);
  return { requisitions, totalCents: before - after };
}

/**
 * spec 3 §5 payment-plan eligibility 'a net price over 100 dollars, unless a Practicum Testing discount applies':
 * whether the applied discount is one.
 */
export const isPracticumTestingApplied = (
  discount: Pick<Discount, 'practicumTesting'> | null,
  outcome: DiscountOutcome | null,
): boolean => discount?.practicumTesting === true && outcome?.ok === true;

/**
 * spec 3 §8 'Discount': what the box says about a refused code. DiscountInvalidException and DiscountNotFoundException
 * show the server message, or 'Enter a valid {label}' without one; any other error 'Unable to apply discount {code}'.
 * null for a code that applied.
 */
export function discountRefusalMessage(
  answer: { discountCode: string; error: string | null; message: string | null },
  label: string,
): string | null {
  if (answer.error === null) return null;
  if (answer.error === 'DiscountInvalidException' || answer.error === 'DiscountNotFoundException')
    return answer.message?.trim() || DISCOUNT_MESSAGES.enterValid(label);
  return DISCOUNT_MESSAGES.unableToApply(answer.discountCode);
}

/**
 * spec 3 §5 'A code is required before Apply': the message for the code typed, or null when it may be sent
 * ('Enter a valid {label}' for a blank code or one the API could never accept).
 */
export function discountCodeInputError(typed: string, label: string): string | null {
  const code = typed.trim();
  return code.length === 0 || code.length > 40 || !/^[\x21-\x7E]+$/.test(code)
    ? DISCOUNT_MESSAGES.enterValid(label)
    : null;
}

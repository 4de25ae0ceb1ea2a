import type { FieldError } from '../contract/errors.ts';
import { MESSAGES } from '../messages.ts';

/** spec 3 §9: 'Installments: 2 to 4 months; plan is full or month; interval default 1 … default plan length 4 months.' */
export const INSTALMENT_COUNT = { min: 2, max: 4, default: 4 } as const;
export const INSTALMENT_INTERVAL_DEFAULT = 1;

/** spec 3 §3 Payment 'Interval types: full, month'. */
export type InstalmentIntervalType = 'full' | 'month';

export interface PaymentPlan {
  installmentIntervalType: InstalmentIntervalType;
  installmentCount: number;
}

function requireWholeCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`Not a non-negative whole number of cents: ${amountCents}`);
  }
}

/** Equal parts rounded down to the cent, the remainder on the last part, so that the parts add up to the amount. */
function splitEvenly(amountCents: number, parts: number): number[] {
  requireWholeCents(amountCents);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`Cannot split into ${parts} parts`);
  const part = Math.floor(amountCents / parts);
  const last = amountCents - part * (parts - 1);
  return [...Array.from({ length: parts - 1 }, () => part), last];
}

/**
 * spec 3 §4 'Installment amounts are the full amount divided by the count.' Assumption (spec silent on rounding):
 * rounded down to the cent with the remainder on the last instalment, as for custom amounts.
 */
export const instalmentAmounts = (fullAmountCents: number, count: number): number[] =>
  splitEvenly(fullAmountCents, count);

/** spec 3 §4 'Payment plan choice: full or month': one payment of the full amount, or the monthly instalments. */
export const paymentPlanAmounts = (fullAmountCents: number, plan: PaymentPlan): number[] =>
  plan.installmentIntervalType === 'full'
    ? splitEvenly(fullAmountCents, 1)
    : instalmentAmounts(fullAmountCents, plan.installmentCount);

/** spec 3 §5 'Month plan installment count: 2 to 4 ('Please select a value between 2 and 4.')'. */
export function validateInstalmentCount(plan: PaymentPlan): FieldError[] {
  if (plan.installmentIntervalType === 'full') return [];
  const { installmentCount: count } = plan;
  const inRange = Number.isInteger(count) && count >= INSTALMENT_COUNT.min && count <= INSTALMENT_COUNT.max;
  return inRange ? [] : [{ field: 'installmentCount', defaultMessage: MESSAGES.instalmentCountOutOfRange }];
}

/**
 * spec 3 §4 'Custom payment amounts are split evenly across requisitions, rounded down to cents, with the remainder on
 * the last.' The amounts are in the order of the requisitions given.
 */
export const splitCustomAmount = (amountCents: number, requisitionCount: number): number[] =>
  splitEvenly(amountCents, requisitionCount);

/** Ours (spec 3 §5 'Custom payment amount cannot be negative.' gives no words). */
export const CUSTOM_AMOUNT_MESSAGES = {
  negative: 'The payment amount cannot be negative.',
  notCents: 'Enter an amount in dollars and cents.',
} as const;

/**
 * spec 3 §5 'Custom payment amount cannot be negative': a custom amount in integer cents, zero or more; anything else
 * (negative, a fraction of a cent, not a number) is refused with a field message.
 */
export function validateCustomAmount(amountCents: number, field = 'customAmount'): FieldError[] {
  if (!Number.isSafeInteger(amountCents)) return [{ field, defaultMessage: CUSTOM_AMOUNT_MESSAGES.notCents }];
  return amountCents < 0 ? [{ field, defaultMessage: CUSTOM_AMOUNT_MESSAGES.negative }] : [];
}

/** spec 3 §9 'The installment guidance mentions at least $75 per installment'. */
export const INSTALMENT_MINIMUM_CENTS = 7500;

/**
 * The most monthly instalments that keep each one at $75 or more for this total, within 2 to 4; 0 when even two
 * would be less (the guidance then says only the minimum).
 */
export function mostInstalmentsAtMinimum(totalCents: number): number {
  const most = Math.min(INSTALMENT_COUNT.max, Math.floor(totalCents / INSTALMENT_MINIMUM_CENTS));
  return most >= INSTALMENT_COUNT.min ? most : 0;
}

/** The guidance shown beside the plan choice (the words are ours, decision 0181). */
export function instalmentGuidance(totalCents: number): string {
  const most = mostInstalmentsAtMinimum(totalCents);
  const minimum = 'Each monthly payment should be at least $75.';
  return most === 0
    ? `${minimum} This total is too small to split into monthly payments of $75.`
    : `${minimum} For this total, choose up to ${most} payments.`;
}

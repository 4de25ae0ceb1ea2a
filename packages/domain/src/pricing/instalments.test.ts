import { describe, expect, it } from 'vitest';
import {
  INSTALMENT_COUNT,
  INSTALMENT_INTERVAL_DEFAULT,
  instalmentAmounts,
  instalmentGuidance,
  mostInstalmentsAtMinimum,
  type PaymentPlan,
  paymentPlanAmounts,
  splitCustomAmount,
  validateCustomAmount,
  validateInstalmentCount,
} from './instalments.ts';

describe('instalmentAmounts', () => {
  it.each<[string, number, number, number[]]>([
    ['spec 3 §4: the full amount divided by the count', 40000, 4, [10000, 10000, 10000, 10000]],
    ['spec 3 §4: two instalments', 25000, 2, [12500, 12500]],
    [
      'spec 3 §4 (assumption): rounded down to the cent, the remainder on the last',
      10000,
      3,
      [3333, 3333, 3334],
    ],
    ['spec 3 §4 (assumption): the remainder can be more than a cent', 10003, 4, [2500, 2500, 2500, 2503]],
  ])('%s', (_name, full, count, expected) => {
    const amounts = instalmentAmounts(full, count);
    expect(amounts).toEqual(expected);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(full);
  });
});

describe('paymentPlanAmounts', () => {
  it.each<[string, PaymentPlan, number[]]>([
    [
      'spec 3 §4: a full plan is one payment of the full amount',
      { installmentIntervalType: 'full', installmentCount: 4 },
      [12001],
    ],
    [
      'spec 3 §4: a month plan is the instalments',
      { installmentIntervalType: 'month', installmentCount: 2 },
      [6000, 6001],
    ],
  ])('%s', (_name, plan, expected) => {
    expect(paymentPlanAmounts(12001, plan)).toEqual(expected);
  });
});

describe('validateInstalmentCount', () => {
  const outOfRange = [
    { field: 'installmentCount', defaultMessage: 'Please select a value between 2 and 4.' },
  ];

  it.each<[string, PaymentPlan, typeof outOfRange]>([
    ['spec 3 §5: 1 month is refused', { installmentIntervalType: 'month', installmentCount: 1 }, outOfRange],
    ['spec 3 §5: 2 months pass', { installmentIntervalType: 'month', installmentCount: 2 }, []],
    ['spec 3 §5: 4 months pass', { installmentIntervalType: 'month', installmentCount: 4 }, []],
    [
      'spec 3 §5: 5 months are refused',
      { installmentIntervalType: 'month', installmentCount: 5 },
      outOfRange,
    ],
    [
      'spec 3 §5: a fraction of a month is refused',
      { installmentIntervalType: 'month', installmentCount: 2.5 },
      outOfRange,
    ],
    [
      'spec 3 §5: the count does not matter for a full plan',
      { installmentIntervalType: 'full', installmentCount: 1 },
      [],
    ],
  ])('%s', (_name, plan, expected) => {
    expect(validateInstalmentCount(plan)).toEqual(expected);
  });

  it('spec 3 §9: 2 to 4 months, default 4, interval default 1', () => {
    expect(INSTALMENT_COUNT).toEqual({ min: 2, max: 4, default: 4 });
    expect(INSTALMENT_INTERVAL_DEFAULT).toBe(1);
  });
});

describe('splitCustomAmount', () => {
  it.each<[string, number, number, number[]]>([
    ['spec 3 §4: split evenly across requisitions', 9000, 3, [3000, 3000, 3000]],
    ['spec 3 §4: rounded down to cents, the remainder on the last', 10000, 3, [3333, 3333, 3334]],
    ['spec 3 §4: the remainder on the last, two requisitions', 10001, 2, [5000, 5001]],
    ['spec 3 §4: one requisition takes it all', 4599, 1, [4599]],
    ['spec 3 §4: less than a cent each leaves the remainder on the last', 2, 3, [0, 0, 2]],
    ['spec 3 §4: zero is allowed', 0, 2, [0, 0]],
  ])('%s', (_name, amount, count, expected) => {
    expect(splitCustomAmount(amount, count)).toEqual(expected);
  });

  it.each<[string, number, number]>([
    ['spec 3 §5: a custom payment amount cannot be negative', -100, 2],
    ['ARCHITECTURE Money: fractions of a cent are refused', 100.5, 2],
    ['no requisitions, nothing to split into', 100, 0],
  ])('%s', (_name, amount, count) => {
    expect(() => splitCustomAmount(amount, count)).toThrow(RangeError);
  });
});

describe("validateCustomAmount (spec 3 §5 'Custom payment amount cannot be negative')", () => {
  it.each<[string, number, string | null]>([
    ['zero is allowed', 0, null],
    ['a whole number of cents is allowed', 4599, null],
    ['spec 3 §5: a negative amount is refused', -1, 'The payment amount cannot be negative.'],
    ['a fraction of a cent is refused', 10.5, 'Enter an amount in dollars and cents.'],
    ['not a number is refused', Number.NaN, 'Enter an amount in dollars and cents.'],
  ])('%s', (_name, amount, message) => {
    expect(validateCustomAmount(amount)).toEqual(
      message === null ? [] : [{ field: 'customAmount', defaultMessage: message }],
    );
  });
});

describe("spec 3 §9 'at least $75 per installment': the guidance beside the plan choice", () => {
  it.each<[number, number]>([
    [10_000, 0],
    [14_999, 0],
    [15_000, 2],
    [22_500, 3],
    [30_000, 4],
    [100_000, 4],
  ])('a total of %i cents allows up to %i payments of $75 or more', (total, most) =>
    expect(mostInstalmentsAtMinimum(total)).toBe(most),
  );
  it('says the minimum, and the most payments when there is a choice', () => {
    expect(instalmentGuidance(22_500)).toBe(
      'Each monthly payment should be at least $75. For this total, choose up to 3 payments.',
    );
    expect(instalmentGuidance(10_000)).toBe(
      'Each monthly payment should be at least $75. This total is too small to split into monthly payments of $75.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { Discount } from '../contract/discount.ts';
import type { PriceLine } from '../contract/pricing.ts';
import {
  amountsLessDiscount,
  DISCOUNT_MESSAGES,
  type DiscountedRequisition,
  discountBoxLabel,
  discountCodeInputError,
  discountOutcome,
  discountRefusalMessage,
  isPracticumTestingApplied,
  NON_REFUNDABLE_FEE_CENTS,
  normalizeDiscountCode,
  percentageBase,
  requisitionDiscountOf,
} from './discounts.ts';
import { NOT_PITL } from './price-engine.ts';

const test = (price: number): PriceLine => ({ name: 'GI Effects', price, feeItem: false });
const fee = (name: string, price: number): PriceLine => ({ name, price, feeItem: true });
const PHYSICIAN = (price: number) => fee('Physician Fee', price);
const SHIPPING = (price: number) => fee('Shipping & Handling Fee', price);
const MPD = (price: number) => fee('Multiple Product Discount', price);

const requisition = (
  id: number,
  items: PriceLine[],
  extra: Partial<DiscountedRequisition> = {},
): DiscountedRequisition => ({
  gearRequisitionId: id,
  price: items.reduce((sum, line) => sum + line.price, 0),
  items,
  payable: true,
  pitl: NOT_PITL,
  ...extra,
});

/** A PITL order: the first requisition carries the Physician Fee $25.00 and Shipping & Handling $9.95. */
const pitlFirst = (id = 1) =>
  requisition(id, [test(45900), PHYSICIAN(2500), SHIPPING(995)], { pitl: { pitl: true, first: true } });
const pitlLater = (id = 2) =>
  requisition(id, [test(19900), MPD(-2000)], { pitl: { pitl: true, first: false } });

const code = (
  discountType: Discount['discountType'],
  discountAmount: number,
  extra: Partial<Discount> = {},
) => ({
  discountCode: 'CODE',
  discountType,
  discountAmount,
  maxDiscount: null,
  practicumTesting: false,
  ...extra,
});

const ORDER = { gsdlNo: 'P1001', label: 'QA Processing Code' };
const PITL_ORDER = { gsdlNo: 'P1001', label: 'Discount Code' };

const shares = (outcome: ReturnType<typeof discountOutcome>) =>
  outcome.ok ? outcome.requisitions.map((r) => r.discountAmount) : outcome;

describe("spec 3 §2 'The discount box label is 'Discount Code' for PITL orders and 'QA Processing Code' otherwise'", () => {
  it.each([
    [true, 'Discount Code'],
    [false, 'QA Processing Code'],
  ])('PITL %s → %s', (pitl, label) => expect(discountBoxLabel(pitl)).toBe(label));
});

describe('discountOutcome per type (spec 3 §5 Discounts, §9 Discount types; decision 0130)', () => {
  it.each([
    ['PRICE $50 off a non-PITL order of $459 + $199', code('PRICE', 5000), [45900, 19900], [5000, 0]],
    [
      'PRICE larger than the first requisition spills onto the next',
      code('PRICE', 50000),
      [45900, 19900],
      [45900, 4100],
    ],
    ['PRICE never takes the order below zero', code('PRICE', 99999999), [45900, 19900], [45900, 19900]],
    ['CLIENT $30 off the order', code('CLIENT', 3000), [45900, 19900], [3000, 0]],
    ['PERCENTAGE 10% of each requisition', code('PERCENTAGE', 10), [45900, 19900], [4590, 1990]],
    ['PERCENTAGE rounds down to the cent (15% of $1.99 = 29.85¢)', code('PERCENTAGE', 15), [199], [29]],
    ['PERCENTAGE over 100 counts as 100', code('PERCENTAGE', 150), [45900], [45900]],
    ['AFFILIATE $100 per requisition, no cap', code('AFFILIATE', 10000), [45900, 19900], [10000, 10000]],
    ['AFFILIATE share never over the price', code('AFFILIATE', 30000), [45900, 19900], [30000, 19900]],
    [
      'AFFILIATE whose maxDiscount equals the total is accepted',
      code('AFFILIATE', 100, { maxDiscount: 65800 }),
      [45900, 19900],
      [100, 100],
    ],
  ])('%s', (_case, discount, prices, expected) => {
    const outcome = discountOutcome(
      discount,
      prices.map((price, index) => requisition(index + 1, [test(price)])),
      ORDER,
    );
    expect(shares(outcome)).toEqual(expected);
    if (outcome.ok) expect(outcome.totalDiscount).toBe(expected.reduce((a, b) => a + b, 0));
  });

  it("spec 3 §5 'An affiliate discount whose maxDiscount is below the order total is rejected' with the spec's message", () => {
    const outcome = discountOutcome(
      code('AFFILIATE', 10000, { maxDiscount: 65799 }),
      [requisition(1, [test(45900)]), requisition(2, [test(19900)])],
      ORDER,
    );
    expect(outcome).toEqual({
      ok: false,
      error: 'DiscountInvalidException',
      message: 'The total cost of your order exceeds the allowed amount.',
    });
  });

  it("spec 3 §5 'The Physician Fee is deducted from a PRICE discount' (a $100 code on a PITL order gives $75)", () => {
    expect(shares(discountOutcome(code('PRICE', 10000), [pitlFirst(), pitlLater()], PITL_ORDER))).toEqual([
      7500, 0,
    ]);
    // A PRICE code smaller than the Physician Fee gives nothing.
    expect(shares(discountOutcome(code('PRICE', 2000), [pitlFirst()], PITL_ORDER))).toEqual([0]);
  });

  it('a CLIENT discount is not reduced by the Physician Fee (the rule names PRICE only)', () => {
    expect(shares(discountOutcome(code('CLIENT', 10000), [pitlFirst()], PITL_ORDER))).toEqual([10000]);
  });

  it("spec 3 §5 'Percentage discounts on PITL orders exclude the Shipping & Handling Fee' and 'The $40 non-refundable fee'", () => {
    const first = pitlFirst();
    // $459 + $25 + $9.95 = $493.95; less S&H $9.95 and $40 → $444.00; 10% → $44.40.
    expect(percentageBase({ ...first, price: first.price as number })).toBe(
      45900 + 2500 - NON_REFUNDABLE_FEE_CENTS,
    );
    const outcome = discountOutcome(code('PERCENTAGE', 10), [first, pitlLater()], PITL_ORDER);
    // The later PITL requisition has no S&H and no $40: 10% of $179.00.
    expect(shares(outcome)).toEqual([4440, 1790]);
  });

  it('percentages of a non-PITL order exclude nothing, even a fee line named Shipping & Handling', () => {
    const r = requisition(1, [test(10000), SHIPPING(1000)]);
    expect(shares(discountOutcome(code('PERCENTAGE', 50), [r], ORDER))).toEqual([5500]);
  });

  it('the PITL percentage base never goes below zero', () => {
    const cheap = requisition(1, [test(1000), SHIPPING(995)], { pitl: { pitl: true, first: true } });
    expect(shares(discountOutcome(code('PERCENTAGE', 50), [cheap], PITL_ORDER))).toEqual([0]);
  });

  it("spec 3 §5 'Affiliate discounts add the Physician Fee on the first requisition and subtract shipping on later ones'", () => {
    // $100 affiliate: first $100 + $25 Physician Fee; later $100 − $9.95 shipping.
    expect(shares(discountOutcome(code('AFFILIATE', 10000), [pitlFirst(), pitlLater()], PITL_ORDER))).toEqual(
      [12500, 9005],
    );
  });

  it('the affiliate cap compares the whole order total, fees included', () => {
    const total = 45900 + 2500 + 995 + 19900 - 2000;
    const at = code('AFFILIATE', 10000, { maxDiscount: total });
    expect(discountOutcome(at, [pitlFirst(), pitlLater()], PITL_ORDER).ok).toBe(true);
    const below = code('AFFILIATE', 10000, { maxDiscount: total - 1 });
    expect(discountOutcome(below, [pitlFirst(), pitlLater()], PITL_ORDER)).toMatchObject({
      ok: false,
      message: 'The total cost of your order exceeds the allowed amount.',
    });
  });
});

describe('what a discount applies to (decision 0130)', () => {
  it('the Physician Account is invoiced, not discounted, and not in the affiliate total', () => {
    const invoiced = requisition(1, [test(29500)], { payable: false });
    const paid = requisition(2, [test(19900)]);
    expect(discountOutcome(code('PERCENTAGE', 10), [invoiced, paid], ORDER)).toEqual({
      ok: true,
      requisitions: [{ gearRequisitionId: 2, discountAmount: 1990 }],
      totalDiscount: 1990,
    });
    expect(discountOutcome(code('AFFILIATE', 100, { maxDiscount: 19900 }), [invoiced, paid], ORDER).ok).toBe(
      true,
    );
  });

  it("an order with a payable price not known yet, or nothing to pay, answers 'Unable to apply discount {code}'", () => {
    const unknown = requisition(1, [], { price: null });
    expect(discountOutcome(code('PRICE', 100), [unknown], ORDER)).toEqual({
      ok: false,
      error: 'DiscountNotApplicableException',
      message: 'Unable to apply discount CODE',
    });
    expect(
      discountOutcome(code('PRICE', 100), [requisition(1, [test(100)], { payable: false })], ORDER),
    ).toMatchObject({ ok: false, message: 'Unable to apply discount CODE' });
  });

  it("a code tied to another practitioner is refused with 'Enter a valid {label}'", () => {
    const client = { ...code('CLIENT', 3000), gsdlNo: 'P1002' };
    expect(discountOutcome(client, [requisition(1, [test(100)])], ORDER)).toEqual({
      ok: false,
      error: 'DiscountInvalidException',
      message: 'Enter a valid QA Processing Code',
    });
    expect(discountOutcome({ ...client, gsdlNo: 'P1001' }, [requisition(1, [test(10000)])], ORDER).ok).toBe(
      true,
    );
  });

  it('requisitionDiscountOf reads a share, 0 for others or a refusal', () => {
    const outcome = discountOutcome(code('PRICE', 100), [requisition(7, [test(1000)])], ORDER);
    expect(requisitionDiscountOf(outcome, 7)).toBe(100);
    expect(requisitionDiscountOf(outcome, 8)).toBe(0);
    expect(requisitionDiscountOf(null, 7)).toBe(0);
  });

  it("spec 3 §5 payment plans: 'unless a Practicum Testing discount applies'", () => {
    const practicum = code('PERCENTAGE', 100, { practicumTesting: true });
    const applied = discountOutcome(practicum, [requisition(1, [test(5000)])], ORDER);
    expect(isPracticumTestingApplied(practicum, applied)).toBe(true);
    expect(isPracticumTestingApplied(code('PERCENTAGE', 100), applied)).toBe(false);
    expect(isPracticumTestingApplied(practicum, null)).toBe(false);
  });

  it.each([
    [' qa-2026 ', 'QA-2026'],
    ['Affil500', 'AFFIL500'],
  ])('codes are trimmed and case-insensitive: %j → %s', (typed, normal) =>
    expect(normalizeDiscountCode(typed)).toBe(normal),
  );
});

describe("spec 3 §8 'Discount' messages of the box", () => {
  const L = 'QA Processing Code';
  it.each([
    [
      'DiscountNotFoundException with the server message',
      'DiscountNotFoundException',
      'Enter a valid QA Processing Code',
      'Enter a valid QA Processing Code',
    ],
    [
      'DiscountInvalidException shows the server message',
      'DiscountInvalidException',
      'The total cost of your order exceeds the allowed amount.',
      'The total cost of your order exceeds the allowed amount.',
    ],
    [
      "DiscountNotFoundException without a message: 'Enter a valid {label}'",
      'DiscountNotFoundException',
      null,
      'Enter a valid QA Processing Code',
    ],
    [
      "any other error: 'Unable to apply discount {code}'",
      'DiscountNotApplicableException',
      'whatever',
      'Unable to apply discount AB12',
    ],
    ['no error: nothing to say', null, null, null],
  ])('%s', (_case, error, message, expected) => {
    expect(discountRefusalMessage({ discountCode: 'AB12', error, message }, L)).toBe(expected);
  });

  it.each([
    ['', 'Enter a valid Discount Code'],
    ['   ', 'Enter a valid Discount Code'],
    ['HAS SPACE', 'Enter a valid Discount Code'],
    ['X'.repeat(41), 'Enter a valid Discount Code'],
    [' QA10 ', null],
  ])("spec 3 §5 'A code is required before Apply': %j → %s", (typed, expected) => {
    expect(discountCodeInputError(typed, 'Discount Code')).toBe(expected);
  });

  it("spec 3 §8 'Failed to verify {label}'", () => {
    expect(DISCOUNT_MESSAGES.failedToVerify('QA Processing Code')).toBe(
      'Failed to verify QA Processing Code',
    );
  });
});

describe('amountsLessDiscount: the dues a discount leaves (decisions 0130, 0132)', () => {
  const dues = [
    { gearReqId: 1, amountCents: 10_000 },
    { gearReqId: 2, amountCents: 3_000 },
  ];
  it.each<[string, { gearRequisitionId: number; discountAmount: number }[], number[], number]>([
    ['no share: amounts whole', [], [10_000, 3_000], 0],
    [
      'a share on each requisition comes off it',
      [
        { gearRequisitionId: 1, discountAmount: 2_500 },
        { gearRequisitionId: 2, discountAmount: 500 },
      ],
      [7_500, 2_500],
      3_000,
    ],
    [
      'a share above the amount leaves $0.00, never below',
      [{ gearRequisitionId: 2, discountAmount: 5_000 }],
      [10_000, 0],
      3_000,
    ],
    [
      'a share of a requisition not due changes nothing',
      [{ gearRequisitionId: 9, discountAmount: 5_000 }],
      [10_000, 3_000],
      0,
    ],
  ])('%s', (_name, shares, amounts, total) => {
    const outcome = { ok: true as const, requisitions: shares, totalDiscount: 0 };
    const less = amountsLessDiscount(dues, outcome);
    expect(less.requisitions.map((due) => due.amountCents)).toEqual(amounts);
    expect(less.totalCents).toBe(total);
  });
});

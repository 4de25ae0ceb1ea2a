import { describe, expect, it } from 'vitest';
import type { Discount } from '../contract/discount.ts';
import type { PriceLine } from '../contract/pricing.ts';
import { practitioner, requisition } from '../test-support/fixtures.ts';
import type { PriceCell } from './price-display.ts';
import {
  amountDueToday,
  orderPriceSummary,
  type PriceSummaryInput,
  type SummaryPrice,
} from './price-summary.ts';

const PA = 'Physician Account';
const PAY = 'No Insurance Billing: Pay Full Amount';
const line = (name: string, price: number, feeItem = false): PriceLine => ({ name, price, feeItem });

const priced = (items: PriceLine[]): SummaryPrice => {
  const fees = items.filter((l) => l.feeItem);
  return {
    cell: { state: 'priced', price: items.reduce((s, l) => s + l.price, 0), maxOutOfPocket: null, fees },
    items,
  };
};
const state = (cell: PriceCell): SummaryPrice => ({ cell, items: [] });

const order = (overrides: Partial<PriceSummaryInput['order']> = {}): PriceSummaryInput['order'] => ({
  physicianInTheLoop: false,
  recollectionFor: null,
  practitioner: practitioner(),
  requisitions: [
    requisition({ id: 1, reqNumber: '50012345', omsOrderableItemName: 'GI Effects', billingMethod: PAY }),
    requisition({ id: 2, reqNumber: null, omsOrderableItemName: 'SIBO', billingMethod: PAY }),
  ],
  ...overrides,
});

const input = (overrides: Partial<PriceSummaryInput> = {}): PriceSummaryInput => ({
  order: order(),
  prices: { 1: priced([line('GI Effects', 45900)]), 2: priced([line('SIBO', 19900)]) },
  discount: null,
  payingNow: true,
  ...overrides,
});

const percent10: Discount = {
  discountCode: 'QA10',
  discountType: 'PERCENTAGE',
  discountAmount: 10,
  maxDiscount: null,
  practicumTesting: false,
};

describe('orderPriceSummary (spec 3 §2 Payment section, §4 Payment page, §9 fees)', () => {
  it("sums the payable prices into 'Payment Due Today'", () => {
    const summary = orderPriceSummary(input());
    expect(summary.paymentDueToday).toBe(45900 + 19900);
    expect(summary.priceColumnLabel).toBe('Price');
    expect(summary.discountLabel).toBe('QA Processing Code');
    expect(summary.rows.map((r) => [r.gearRequisitionId, r.reqNumber, r.name, r.total])).toEqual([
      [1, '50012345', 'GI Effects', 45900],
      [2, null, 'SIBO', 19900],
    ]);
  });

  it('a discount lowers each row and Payment Due Today by its share', () => {
    const summary = orderPriceSummary(input({ discount: percent10 }));
    expect(summary.rows.map((r) => [r.discount, r.total])).toEqual([
      [4590, 41310],
      [1990, 17910],
    ]);
    expect(summary.totalDiscount).toBe(6580);
    expect(summary.paymentDueToday).toBe(65800 - 6580);
    expect(amountDueToday(input({ discount: percent10 }))).toBe(65800 - 6580);
  });

  it('an AFFILIATE over its limit shows the refusal and discounts nothing', () => {
    const affiliate: Discount = {
      ...percent10,
      discountType: 'AFFILIATE',
      discountAmount: 100,
      maxDiscount: 100,
    };
    const summary = orderPriceSummary(input({ discount: affiliate }));
    expect(summary.discount).toMatchObject({
      ok: false,
      message: 'The total cost of your order exceeds the allowed amount.',
    });
    expect(summary.paymentDueToday).toBe(65800);
  });

  it('splits price lines from spec 3 §9 fee items (International Surcharge, Physician Fee, S&H, Multiple Product Discount)', () => {
    const items = [
      line('GI Effects', 45900),
      line('Helicobacter pylori Stool Antigen', 5900),
      line('International Surcharge', 3000, true),
      line('Physician Fee', 2500, true),
      line('Shipping & Handling Fee', 995, true),
    ];
    const [row] = orderPriceSummary(
      input({ prices: { 1: priced(items), 2: priced([line('SIBO', 100)]) } }),
    ).rows;
    expect(row?.lines.map((l) => l.name)).toEqual(['GI Effects', 'Helicobacter pylori Stool Antigen']);
    expect(row?.fees.map((l) => l.name)).toEqual([
      'International Surcharge',
      'Physician Fee',
      'Shipping & Handling Fee',
    ]);
  });

  it("spec 3 §9 'PITL replacement orders label the price column 'Replacement Fee'' (PITL orders: 'Discount Code')", () => {
    const pitl = orderPriceSummary(input({ order: order({ physicianInTheLoop: true }) }));
    expect([pitl.priceColumnLabel, pitl.discountLabel]).toEqual(['Price', 'Discount Code']);
    const replacement = orderPriceSummary(
      input({ order: order({ physicianInTheLoop: true, recollectionFor: 100001 }) }),
    );
    expect(replacement.priceColumnLabel).toBe('Replacement Fee');
    // A recollection that is not PITL keeps 'Price'.
    expect(orderPriceSummary(input({ order: order({ recollectionFor: 100001 }) })).priceColumnLabel).toBe(
      'Price',
    );
  });

  it.each<[string, PriceCell]>([
    ['loading', { state: 'loading', slowWarning: null }],
    ['error', { state: 'error', price: 'Unable to determine price.', detail: '', notice: '' }],
    ['insurance required', { state: 'insuranceRequired', message: 'x' }],
    ['billing method required', { state: 'billingMethodRequired', message: 'x' }],
    ['billing option unknown', { state: 'billingOptionUnknown', message: 'x' }],
    ['do-not-quote', { state: 'doNotQuote', message: 'x' }],
  ])('spec 3 §4 price cell state %s leaves Payment Due Today unknown (null)', (_name, cell) => {
    const summary = orderPriceSummary(
      input({ prices: { 1: state(cell), 2: priced([line('SIBO', 19900)]) } }),
    );
    expect(summary.rows[0]?.cell).toEqual(cell);
    expect(summary.paymentDueToday).toBeNull();
  });

  it('a requisition without a price yet is loading', () => {
    const summary = orderPriceSummary(input({ prices: {} }));
    expect(summary.rows[0]?.cell.state).toBe('loading');
    expect(summary.paymentDueToday).toBeNull();
  });

  it('the Physician Account (physician account selected) is invoiced: $0.00 due and not discounted', () => {
    const withAccount = order({
      requisitions: [
        requisition({ id: 1, reqNumber: '50012345', omsOrderableItemName: 'GI Effects', billingMethod: PA }),
        requisition({ id: 2, reqNumber: null, omsOrderableItemName: 'SIBO', billingMethod: PAY }),
      ],
    });
    const summary = orderPriceSummary(
      input({
        order: withAccount,
        prices: { 1: state({ state: 'physicianAccount', price: 0 }), 2: priced([line('SIBO', 19900)]) },
        discount: percent10,
      }),
    );
    expect(summary.rows.map((r) => [r.payable, r.discount])).toEqual([
      [false, 0],
      [true, 1990],
    ]);
    expect(summary.paymentDueToday).toBe(19900 - 1990);
  });

  it("a practitioner who leaves payment to the patient owes only the expedited shipping; 'I will provide payment now' owes all", () => {
    expect(amountDueToday(input({ payingNow: false, expeditedShipping: 4500 }))).toBe(4500);
    expect(amountDueToday(input({ payingNow: true, expeditedShipping: 4500 }))).toBe(65800 + 4500);
    // Nothing priced is needed when nothing is paid now.
    expect(amountDueToday(input({ payingNow: false, prices: {} }))).toBe(0);
  });

  it('canceled requisitions are left out', () => {
    const requisitions = [
      requisition({ id: 1, reqNumber: '50012345', omsOrderableItemName: 'GI Effects', billingMethod: PAY }),
      requisition({ id: 2, omsOrderableItemName: 'SIBO', billingMethod: PAY, canceled: true }),
    ];
    const summary = orderPriceSummary(input({ order: order({ requisitions }) }));
    expect(summary.rows.map((r) => r.gearRequisitionId)).toEqual([1]);
    expect(summary.paymentDueToday).toBe(45900);
  });
});

describe("the cart dropdown's Payment Due Today (spec 3 §2 Cart dropdown; decisions 0086, 0164)", () => {
  const physicianAccount = order({
    requisitions: [
      requisition({ id: 1, reqNumber: '50012345', omsOrderableItemName: 'GI Effects', billingMethod: PA }),
      requisition({ id: 2, reqNumber: null, omsOrderableItemName: 'SIBO', billingMethod: PAY }),
    ],
  });
  it.each<[string, Partial<PriceSummaryInput>, number | null, number]>([
    ['a practitioner pays nothing at submit', { payingNow: false }, 0, 0],
    ['a patient pays the priced requisitions', {}, 45900 + 19900, 0],
    ['not the Physician Account', { order: physicianAccount }, 19900, 0],
    ['an applied code comes off, shown as its own line', { discount: percent10 }, 65800 - 6580, 6580],
    [
      'unknown while a price is pending',
      { prices: { 1: state({ state: 'loading', slowWarning: null }), 2: priced([line('SIBO', 19900)]) } },
      null,
      0,
    ],
  ])('%s', (_case, overrides, due, discount) => {
    const summary = orderPriceSummary(input(overrides));
    expect(summary.paymentDueToday).toBe(due);
    expect(summary.totalDiscount).toBe(discount);
  });
});

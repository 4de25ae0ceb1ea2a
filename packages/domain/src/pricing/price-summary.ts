import type { Discount } from '../contract/discount.ts';
import { BILLING_METHODS, type GearOrder, type Requisition } from '../contract/order.ts';
import type { PriceLine } from '../contract/pricing.ts';
import {
  type DiscountedRequisition,
  type DiscountOutcome,
  discountBoxLabel,
  discountOutcome,
  requisitionDiscountOf,
} from './discounts.ts';
import type { PriceCell } from './price-display.ts';
import { pitlPlaceOf } from './price-engine.ts';

type SummaryOrder = Pick<GearOrder, 'physicianInTheLoop' | 'recollectionFor' | 'practitioner'> & {
  requisitions: readonly Pick<
    Requisition,
    | 'id'
    | 'reqNumber'
    | 'omsOrderableItemName'
    | 'billingMethod'
    | 'physicianInTheLoop'
    | 'canceled'
    | 'quantity'
    | 'shipToOffice'
  >[];
};

/** What the browser (or the server) knows of one requisition's price: its cell (spec 3 §4) and the price's lines. */
export interface SummaryPrice {
  cell: PriceCell;
  /** spec 3 §3 Price result items; empty until priced. */
  items: readonly PriceLine[];
}

export interface PriceSummaryInput {
  order: SummaryOrder;
  /** By requisition id; a requisition without one is loading. */
  prices: Readonly<Record<number, SummaryPrice>>;
  /** The applied discount code (applyDiscount's discount), or null. */
  discount: (Discount & { gsdlNo?: string | null }) | null;
  /**
   * Whether the person at the page pays the tests now: a patient always; a practitioner when they chose 'I will provide
   * payment now' (spec 3 §4), else the patient pays later and nothing is due today for the tests.
   */
  payingNow: boolean;
  /** The expedited shipping charge paid with the order (integer cents; 0 for free shipping). */
  expeditedShipping?: number;
}

export interface PriceSummaryRow {
  gearRequisitionId: number;
  reqNumber: string | null;
  name: string;
  cell: PriceCell;
  /** The tests' lines (feeItem false). */
  lines: PriceLine[];
  /** spec 3 §9 special fee items: International Surcharge, Physician Fee, Shipping & Handling Fee, Multiple Product Discount. */
  fees: PriceLine[];
  /** Integer cents off this requisition by the applied discount. */
  discount: number;
  /** The price less the discount when priced; null otherwise. */
  total: number | null;
  /** Whether the patient pays this requisition (false on the Physician Account). */
  payable: boolean;
}

export interface OrderPriceSummary {
  /** spec 3 §9 'PITL replacement orders label the price column 'Replacement Fee''. */
  priceColumnLabel: 'Price' | 'Replacement Fee';
  /** spec 3 §2 the discount box's label. */
  discountLabel: string;
  rows: PriceSummaryRow[];
  /** The applied discount's outcome (null without a code): its shares, or why it no longer applies. */
  discount: DiscountOutcome | null;
  totalDiscount: number;
  expeditedShipping: number;
  /** spec 3 §2 'Payment Due Today' in integer cents; null while a price it needs is not known. */
  paymentDueToday: number | null;
}

const isPitlOrder = (order: SummaryOrder) =>
  order.physicianInTheLoop || order.requisitions.some((r) => r.physicianInTheLoop && !r.canceled);

const LOADING: SummaryPrice = { cell: { state: 'loading', slowWarning: null }, items: [] };

/** The price of a cell when it has one: priced, or the Physician Account's $0.00. */
const priceOfCell = (cell: PriceCell): number | null =>
  cell.state === 'priced' || cell.state === 'physicianAccount' ? cell.price : null;

/**
 * The order price summary of spec 3 §2 'Payment section' and §4 'Payment page': per live requisition its price
 * cell (every state of spec 3 §4), its price lines and fee items, its share of the discount, and 'Payment Due Today'.
 * The one place the amount due is computed (amountDueToday); the review's summary table, the payment section and
 * the submit read it.
 * - A requisition billed to the Physician Account is invoiced to the practitioner: not payable, not discounted.
 * - Payment Due Today is the expedited shipping charge plus, when the payer pays now, each payable requisition's
 *   price less its discount; null while one of those prices is not known (loading, error, insurance or billing
 *   required, billing option unknown, do-not-quote).
 */
export function orderPriceSummary(input: PriceSummaryInput): OrderPriceSummary {
  const { order } = input;
  const live = order.requisitions.filter((r) => !r.canceled);
  const pitlOrder = isPitlOrder(order);
  const label = discountBoxLabel(pitlOrder);
  const priceOf = (id: number) => input.prices[id] ?? LOADING;
  const payable = (r: (typeof live)[number]) => r.billingMethod !== BILLING_METHODS.physicianAccount;
  const discounted: DiscountedRequisition[] = live.map((r) => ({
    gearRequisitionId: r.id,
    price: priceOfCell(priceOf(r.id).cell),
    items: priceOf(r.id).items,
    payable: payable(r),
    pitl: pitlPlaceOf(order, r.id),
  }));
  const outcome =
    input.discount === null
      ? null
      : discountOutcome(input.discount, discounted, { gsdlNo: order.practitioner?.gsdlNo ?? null, label });
  const rows = live.map((r): PriceSummaryRow => {
    const { cell, items } = priceOf(r.id);
    const price = priceOfCell(cell);
    const discount = requisitionDiscountOf(outcome, r.id);
    return {
      gearRequisitionId: r.id,
      reqNumber: r.reqNumber,
      name: r.omsOrderableItemName,
      cell,
      lines: items.filter((line) => !line.feeItem),
      fees: items.filter((line) => line.feeItem),
      discount,
      total: price === null ? null : price - discount,
      payable: payable(r),
    };
  });
  const expeditedShipping = Math.max(0, input.expeditedShipping ?? 0);
  const due = sumDueToday(rows, input.payingNow, expeditedShipping);
  return {
    priceColumnLabel: pitlOrder && order.recollectionFor !== null ? 'Replacement Fee' : 'Price',
    discountLabel: label,
    rows,
    discount: outcome,
    totalDiscount: outcome?.ok ? outcome.totalDiscount : 0,
    expeditedShipping,
    paymentDueToday: due,
  };
}

/**
 * The rule of 'Payment Due Today' over priced lines (spec 3 §2; decision 0131): the expedited shipping charge plus,
 * when the payer pays now, every payable line's total (price less discount); null while one of those is unknown.
 * orderPriceSummary and the cart (review/cart.ts paymentDueToday) both sum with it.
 */
export function sumDueToday(
  lines: readonly { payable: boolean; total: number | null }[],
  payingNow: boolean,
  expeditedShipping = 0,
): number | null {
  let due: number | null = Math.max(0, expeditedShipping);
  if (!payingNow) return due;
  for (const line of lines) {
    if (!line.payable) continue;
    due = line.total === null || due === null ? null : due + line.total;
  }
  return due;
}

/**
 * spec 3 §2 'Payment Due Today' in integer cents (null while a price it needs is unknown): what the payment
 * section charges and the submit checks. The same number the price summary shows.
 */
export const amountDueToday = (input: PriceSummaryInput): number | null =>
  orderPriceSummary(input).paymentDueToday;

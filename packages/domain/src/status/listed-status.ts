import type { OrderStatusFacts } from './facts.ts';
import { ORDER_PAGE_HEADLINES, ORDER_PAGE_STATUSES, orderPageStatus } from './order-page-status.ts';

/**
 * The status an order shows in a list of orders (the admins' order history, a practitioner's orders): the order status
 * page's list of spec 3 §4 ('Derived order status (order status page)'), since each row links to that page, and one
 * state the spec has no name for because its lists start once an order is placed: NotPlaced, an order the
 * practitioner has not confirmed yet (spec 1 §4.1, step 11) and of which nothing was reported yet: a draft
 * (decision 0272).
 */
export const LISTED_ORDER_STATUSES = ['NotPlaced', ...ORDER_PAGE_STATUSES] as const;
export type ListedOrderStatus = (typeof LISTED_ORDER_STATUSES)[number];

export const LISTED_ORDER_HEADLINES: Record<ListedOrderStatus, string> = {
  NotPlaced: 'Not placed yet',
  ...ORDER_PAGE_HEADLINES,
};

export interface ListedOrderFacts {
  /** The order itself was canceled (an order canceled before it had a test, decision 0050). */
  canceled: boolean;
  /** The practitioner confirmed the order (spec 1 §4.1 step 11 completed). */
  placed: boolean;
  facts: OrderStatusFacts;
}

/**
 * An order's status in a list, derived on every read (spec 3 §4, decision 0272; a status filter's index keeps a copy
 * the database marks stale with any change of its facts, decision 0313): Canceled when the
 * order was canceled as a whole; else the order status page's status, except that an order the page would call
 * OrderPlaced which the practitioner has not confirmed is NotPlaced (what the lab and the carrier report about an
 * order always shows).
 */
export function listedOrderStatus({ canceled, placed, facts }: ListedOrderFacts): ListedOrderStatus {
  if (canceled) return 'Canceled';
  const status = orderPageStatus(facts);
  return status === 'OrderPlaced' && !placed ? 'NotPlaced' : status;
}

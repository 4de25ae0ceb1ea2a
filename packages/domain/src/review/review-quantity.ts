import type { FieldError } from '../access/practitioner-rules.ts';
import { isPackCapApplied, MAX_ONLINE_PACKS } from '../catalogue/bulk-quantities.ts';
import type { PhoneMessages } from '../messages.ts';
import type { GearOrder } from '../model.ts';
import { liveRequisitions } from './submit-rules.ts';

/** spec 3 §5, §9: 'Quantity 1 to 99, debounce 750 ms'. */
export const REVIEW_QUANTITY = { min: 1, max: 99, debounceMs: 750 } as const;

/** spec 3 §5: 'minimum 1, maximum 99, a non-numeric value becomes 1'. */
export function reviewQuantityOf(typed: string | number): number {
  const value = typeof typed === 'number' ? typed : Number.parseInt(typed.trim(), 10);
  if (!Number.isFinite(value)) return REVIEW_QUANTITY.min;
  return Math.min(REVIEW_QUANTITY.max, Math.max(REVIEW_QUANTITY.min, Math.trunc(value)));
}

/**
 * spec 3 §5: the server's check of PUT /gear/gear-requisition/{id}/quantity: a whole number from 1 to 99, and for
 * Canada orders (the international layout, spec 1 §5) at most 25 packs across the order's requisitions.
 */
export function reviewQuantityErrors(
  order: Pick<GearOrder, 'requisitions' | 'practitioner'>,
  gearReqId: number,
  quantity: number,
  phoneMessages: Pick<PhoneMessages, 'maxCollectionPacks'>,
): FieldError[] {
  if (!Number.isInteger(quantity) || quantity < REVIEW_QUANTITY.min || quantity > REVIEW_QUANTITY.max)
    return [{ field: 'quantity', defaultMessage: REVIEW_QUANTITY_MESSAGE }];
  if (!order.practitioner || !isPackCapApplied(order.practitioner)) return [];
  const others = liveRequisitions(order)
    .filter((requisition) => requisition.id !== gearReqId)
    .reduce((total, requisition) => total + requisition.quantity, 0);
  return others + quantity > MAX_ONLINE_PACKS
    ? [{ field: 'quantity', defaultMessage: phoneMessages.maxCollectionPacks }]
    : [];
}

/** Ours (decision 0080): the server's text for a quantity outside 1 to 99 (the browser never sends one). */
export const REVIEW_QUANTITY_MESSAGE = 'Please enter a quantity from 1 to 99.';

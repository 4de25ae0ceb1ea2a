import { isPackCapApplied, MAX_ONLINE_PACKS } from '../catalogue/bulk-quantities.ts';
import type { GearOrder } from '../contract/order.ts';
import { REVIEW_QUANTITY, reviewQuantityOf } from './review-quantity.ts';
import { liveRequisitions } from './submit-rules.ts';

export interface FittedReviewQuantity {
  /** What to save, or null when nothing fits (the other requisitions already hold the 25 packs). */
  quantity: number | null;
  /** The typed quantity was reduced (or refused) by Canada's cap: show the spec's message. */
  overLimit: boolean;
}

/**
 * spec 3 §5 (decision 0085): what the review saves for a typed quantity. 'minimum 1, maximum 99, a non-numeric value
 * becomes 1'; for Canada orders 'the total across requisitions is capped at 25': the row is reduced to the packs
 * the other requisitions leave, as the bulk lines are (spec 1 §5), and overLimit says so.
 */
export function fitReviewQuantity(
  order: Pick<GearOrder, 'requisitions' | 'practitioner'>,
  gearReqId: number,
  typed: string | number,
): FittedReviewQuantity {
  const wanted = reviewQuantityOf(typed);
  if (!order.practitioner || !isPackCapApplied(order.practitioner))
    return { quantity: wanted, overLimit: false };
  const others = liveRequisitions(order)
    .filter((requisition) => requisition.id !== gearReqId)
    .reduce((total, requisition) => total + requisition.quantity, 0);
  const room = MAX_ONLINE_PACKS - others;
  if (room < REVIEW_QUANTITY.min) return { quantity: null, overLimit: true };
  return { quantity: Math.min(wanted, room), overLimit: wanted > room };
}

import type { FieldError } from '../contract/errors.ts';
import type { GearOrder, Requisition } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { isPitlOrder } from '../removal/removal.ts';

type PricedOrder = Pick<GearOrder, 'physicianInTheLoop'> & {
  requisitions: readonly Pick<
    Requisition,
    'id' | 'canceled' | 'accessionNo' | 'accessionDetails' | 'physicianInTheLoop'
  >[];
};

/**
 * spec 3 §5 Review and submit: 'For PITL orders the price of every unaccessioned, unpaid requisition must be loaded
 * without error.' `unpriced` are the unpaid requisitions whose price could not be determined; on a PITL order each
 * one the lab has not received blocks the submit ('Unable to determine price.' under requisitions.N.price). Other
 * orders submit without payment on a config error (spec 3 §4).
 */
export function pitlUnpricedBlockers(order: PricedOrder, unpriced: readonly number[]): FieldError[] {
  if (!isPitlOrder(order as Pick<GearOrder, 'physicianInTheLoop' | 'requisitions'>)) return [];
  return order.requisitions
    .filter((requisition) => !requisition.canceled)
    .flatMap((requisition, index) =>
      unpriced.includes(requisition.id) &&
      requisition.accessionNo === null &&
      requisition.accessionDetails.length === 0
        ? [{ field: `requisitions.${index}.price`, defaultMessage: MESSAGES.unableToDeterminePrice }]
        : [],
    );
}

/** spec 3 §8 'Config error: … with a 'Try Again' reload for PITL orders.' */
export const configErrorOffersTryAgain = (order: Parameters<typeof isPitlOrder>[0]): boolean =>
  isPitlOrder(order);

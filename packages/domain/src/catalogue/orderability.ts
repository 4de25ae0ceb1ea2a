import type { OrderableItemSummary } from '../contract/catalogue.ts';
import type { FieldError } from '../contract/errors.ts';
import type { Address, Practitioner, Requisition } from '../contract/order.ts';
import { wholeYearsBetween } from '../identifiers/calendar-days.ts';
import { MESSAGES } from '../messages.ts';
import { medicareItemRefusal } from './medicare.ts';
import {
  COVID_ITEM_IDS,
  choiceOfOrderType,
  isOrderTypeAvailable,
  type OrderType,
  type OrderTypePractitioner,
} from './order-types.ts';

/** spec 1 §5: 'Products whose name ends with * cannot be ordered in New York.' */
export const isNewYorkRestricted = (item: Pick<OrderableItemSummary, 'name'>): boolean =>
  item.name.trimEnd().endsWith('*');

/** The part of a practitioner the New York rule reads. */
export type OfficeState = { office: { address: Pick<Address, 'state'> } };

export const isNewYorkOffice = (practitioner: OfficeState): boolean =>
  practitioner.office.address.state.trim().toUpperCase() === 'NY';

export const mayOrderInOfficeState = (
  item: Pick<OrderableItemSummary, 'name'>,
  practitioner: OfficeState,
): boolean => !(isNewYorkRestricted(item) && isNewYorkOffice(practitioner));

/** spec 1 §5: 'A drop-ship-only product is disabled when ship-to-office is chosen and the practitioner is not permitted.' */
export const isDisabledForShipToOffice = (
  item: Pick<OrderableItemSummary, 'dropShipOnly'>,
  practitioner: Pick<Practitioner, 'shipToOfficePermitted'>,
): boolean => item.dropShipOnly && !practitioner.shipToOfficePermitted;

/** spec 1 §5: a product already on the order (another requisition, not canceled). */
export const isAlreadyOnOrder = (
  itemId: number,
  requisitions: readonly Pick<Requisition, 'id' | 'omsOrderableItemId' | 'canceled'>[],
  exceptRequisitionId: number | null = null,
): boolean =>
  requisitions.some(
    (requisition) =>
      !requisition.canceled &&
      requisition.id !== exceptRequisitionId &&
      requisition.omsOrderableItemId === itemId,
  );

/** spec 1 §6: 'No item is orderable for a user with no eligible items'. */
export const onlineOrderingRefusal = (orderableItemCount: number): string | null =>
  orderableItemCount === 0 ? MESSAGES.notEligibleForOnlineOrdering : null;

/** spec 1 §9: 'Nutritional products: specimens from patients under 2 years are discarded.' */
export const discardsSpecimenForAge = (
  item: Pick<OrderableItemSummary, 'nutritional'>,
  dateOfBirth: string | null,
  today: string,
): boolean => item.nutritional && dateOfBirth !== null && wholeYearsBetween(dateOfBirth, today) < 2;

export interface OrderabilityFacts {
  practitioner: OrderTypePractitioner & Pick<Practitioner, 'office'>;
  orderType: OrderType;
  recollection: boolean;
  medicare: boolean;
  requisitionsOnOrder: readonly Pick<Requisition, 'id' | 'omsOrderableItemId' | 'canceled'>[];
  /** The requisition being saved (null for a new one): its own product is not 'already added'. */
  requisitionId: number | null;
}

/**
 * Whether a product may go on this requisition (spec 1 §5, §6): the order type is the practitioner's (Ship to Office
 * needs the permission that also enables drop-ship-only products there), a COVID registration is for a COVID product
 * (§9), the office is not in New York for a *
 * product, a Medicare order holds only eligible products, and the product is not on the order already.
 */
export function orderabilityErrors(
  item: Pick<OrderableItemSummary, 'id' | 'name'>,
  facts: OrderabilityFacts,
): FieldError[] {
  const refuse = (defaultMessage: string): FieldError[] => [{ field: 'omsOrderableItemId', defaultMessage }];
  const { practitioner, orderType } = facts;
  // spec 1 §2.6 'Ship to Office (only if … there is no recollection)'; §4.4 'a recollection gives dropShip'.
  if (orderType === 'bulk' && facts.recollection) return refuse(MESSAGES.recollectionShipsToPatient);
  if (!isOrderTypeAvailable(orderType, { practitioner, recollection: facts.recollection }))
    return refuse(MESSAGES.orderTypeNotAvailable(choiceOfOrderType(orderType).label));
  if (orderType === 'covidRegistration' && !COVID_ITEM_IDS.includes(item.id))
    return refuse(MESSAGES.testNotOffered);
  if (!mayOrderInOfficeState(item, practitioner)) return refuse(MESSAGES.notOrderableInNewYork);
  const medicareRefused = medicareItemRefusal(item, facts.medicare);
  if (medicareRefused) return refuse(medicareRefused);
  if (isAlreadyOnOrder(item.id, facts.requisitionsOnOrder, facts.requisitionId))
    return refuse(MESSAGES.productAlreadyAdded);
  return [];
}

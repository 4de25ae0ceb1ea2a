import type { GearOrder, Practitioner, Requisition, UserType } from '../contract/order.ts';
import { isDomesticLayout, isInternationalLayout } from './office-layout.ts';

/** spec 1 §1: the order types that panel selection can create. */
export const ORDER_TYPES = [
  'bulk',
  'dropShip',
  'registration',
  'covidRegistration',
  'noCardRegistration',
  'unknownIdActivation',
] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** spec 1 §2.6: the order-type buttons, each with the order type it starts. */
export const ORDER_TYPE_CHOICES = [
  { key: 'shipToOffice', label: 'Ship to Office', orderType: 'bulk' },
  { key: 'shipToPatient', label: 'Ship to Patient', orderType: 'dropShip' },
  { key: 'activateOnline', label: 'Activate Online', orderType: 'registration' },
  { key: 'activateCovidTest', label: 'Activate COVID Test', orderType: 'covidRegistration' },
] as const;
export type OrderTypeChoice = (typeof ORDER_TYPE_CHOICES)[number];
export type OrderTypeChoiceKey = OrderTypeChoice['key'];

/** spec 1 §9: items 902 and 910 are COVID products; 902 is the one 'Activate COVID Test' loads. */
export const COVID_ITEM_IDS: readonly number[] = [902, 910];
export const COVID_REGISTRATION_ITEM_ID = 902;

export type OrderTypePractitioner = Pick<
  Practitioner,
  'shipToOfficePermitted' | 'capAuthorized' | 'covidRegistrationAccount' | 'office'
>;

export interface OrderTypeFacts {
  userType: UserType;
  practitioner: OrderTypePractitioner;
  /** The order re-collects an earlier one (recollectionFor set). */
  recollection: boolean;
}

/**
 * spec 1 §2.6, §6: which order-type button shows. Ship to Patient and Activate Online are 'gated by office layout
 * (0 or 2, or the helper) and capAuthorized': we read it as domestic layout or CAP-authorized, since CAP-authorized
 * practitioners lose Ship to Office and must keep a way to order (docs/decisions/0005).
 */
const isChoiceAvailable: Record<OrderTypeChoiceKey, (facts: OrderTypeFacts) => boolean> = {
  shipToOffice: ({ practitioner, recollection }) =>
    practitioner.shipToOfficePermitted && !practitioner.capAuthorized && !recollection,
  shipToPatient: ({ practitioner }) => isDomesticLayout(practitioner) || practitioner.capAuthorized,
  activateOnline: ({ practitioner }) =>
    isDomesticLayout(practitioner) || isInternationalLayout(practitioner) || practitioner.capAuthorized,
  activateCovidTest: ({ practitioner }) => practitioner.covidRegistrationAccount,
};

/** spec 1 §6: a prc user 'has no order-type choice'; a myGDX user sees the buttons whose conditions hold. */
export const availableOrderTypeChoices = (facts: OrderTypeFacts): OrderTypeChoice[] =>
  facts.userType === 'prc' ? [] : ORDER_TYPE_CHOICES.filter((choice) => isChoiceAvailable[choice.key](facts));

/**
 * Whether a practitioner's user may create a requisition of this type. The activation variants
 * (noCardRegistration, unknownIdActivation) start from Activate Online.
 */
export function isOrderTypeAvailable(orderType: OrderType, facts: Omit<OrderTypeFacts, 'userType'>): boolean {
  const choice = choiceOfOrderType(orderType);
  return isChoiceAvailable[choice.key]({ ...facts, userType: 'myGDX' });
}

export function choiceOfOrderType(orderType: OrderType): OrderTypeChoice {
  const starting: OrderType =
    orderType === 'noCardRegistration' || orderType === 'unknownIdActivation' ? 'registration' : orderType;
  const choice = ORDER_TYPE_CHOICES.find((candidate) => candidate.orderType === starting);
  if (!choice) throw new Error(`no order-type choice for ${orderType}`);
  return choice;
}

/** The order type a saved requisition belongs to, from its flags. */
export const orderTypeOfRequisition = (
  requisition: Pick<Requisition, 'shipToOffice' | 'dropShip' | 'covidRegistration' | 'noCardActivation'>,
): OrderType => {
  if (requisition.shipToOffice) return 'bulk';
  if (requisition.covidRegistration) return 'covidRegistration';
  if (requisition.dropShip) return 'dropShip';
  return requisition.noCardActivation ? 'noCardRegistration' : 'registration';
};

export interface InitialOrderTypeFacts {
  /** The type given when the step is used inline. */
  inlineType: OrderType | null;
  userType: UserType;
  /** A patient adding another requisition to an order. */
  addingRequisition: boolean;
  /** The user arrived from the bundles (custom profiles) page. */
  fromBundles: boolean;
  order: Pick<
    GearOrder,
    'containsShipToOfficeRequisition' | 'myGDXKitOrder' | 'covidRegistration' | 'recollectionFor'
  > & { requisitions: Pick<Requisition, 'omsOrderableItemId'>[] };
  /** The requisition being edited (the route's gearReqId), if any. */
  requisition: Pick<Requisition, 'canceled' | 'covidRegistration'> | null;
}

const hasCovidItem = (order: InitialOrderTypeFacts['order']) =>
  order.requisitions.some((requisition) => COVID_ITEM_IDS.includes(requisition.omsOrderableItemId));

/**
 * spec 1 §4.4 'Initial order type', in the spec's order, except that arriving from bundles 'forces' dropShip and so
 * comes right after the inline type. null: a practitioner chooses with the order-type buttons. A patient, who has no
 * choice, registers.
 */
export function initialOrderType(facts: InitialOrderTypeFacts): OrderType | null {
  const { order, requisition, userType } = facts;
  if (facts.inlineType) return facts.inlineType;
  if (facts.fromBundles) return 'dropShip';
  if (userType === 'prc' && facts.addingRequisition) return 'registration';
  if (order.containsShipToOfficeRequisition) return 'bulk';
  if (order.myGDXKitOrder) return 'dropShip';
  if (
    order.covidRegistration ||
    requisition?.covidRegistration ||
    (userType === 'prc' && hasCovidItem(order))
  )
    return 'covidRegistration';
  if (order.recollectionFor !== null) return 'dropShip';
  if (requisition && !requisition.canceled) return 'registration';
  return userType === 'prc' ? 'registration' : null;
}

/**
 * spec 1 §2.6 'recollection order modal' (decision 0049): a practitioner opening panel selection of a recollection
 * order (recollectionFor set) that may still be changed is told what the order is.
 */
export const showsRecollectionModal = (
  order: Pick<GearOrder, 'recollectionFor'>,
  user: { type: UserType },
  panelSelectionLocked: boolean,
): boolean => order.recollectionFor !== null && user.type === 'myGDX' && !panelSelectionLocked;

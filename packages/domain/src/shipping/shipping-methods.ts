import { z } from 'zod';
import { isAdmin } from '../access/admin.ts';
import type { UserInfo } from '../contract/order.ts';
import { addressHasPoBox } from '../identifiers/po-box.ts';
import { isCanada } from '../identifiers/regions.ts';

/**
 * spec 2 §9 shipping methods, as stored in shippingMethod; spec 3 §9 labels Overnight 'Overnight (Regular)'.
 */
export const SHIPPING_METHODS = {
  ground: 'FedEx Ground',
  secondDay: 'Second Day',
  overnight: 'Overnight',
  overnightSaturday: 'Overnight (Sat. Delivery)',
  smartPost: 'Smart Post',
} as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[keyof typeof SHIPPING_METHODS];

export const SHIPPING_METHOD_VALUES = [
  SHIPPING_METHODS.ground,
  SHIPPING_METHODS.secondDay,
  SHIPPING_METHODS.overnight,
  SHIPPING_METHODS.overnightSaturday,
  SHIPPING_METHODS.smartPost,
] as const satisfies readonly ShippingMethod[];

export const shippingMethodSchema = z.enum(SHIPPING_METHOD_VALUES);

/** spec 2 §3, §9: 'shippingMethod (default FedEx Ground)'. */
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = SHIPPING_METHODS.ground;

/** spec 2 §9: FedEx Ground and Smart Post are free; the others are expedited and charged. */
export const FREE_SHIPPING_METHODS: readonly ShippingMethod[] = [
  SHIPPING_METHODS.ground,
  SHIPPING_METHODS.smartPost,
];

export const isShippingMethod = (value: string | null): value is ShippingMethod =>
  (SHIPPING_METHOD_VALUES as readonly (string | null)[]).includes(value);

export const isFreeShippingMethod = (method: string): boolean =>
  isShippingMethod(method) && FREE_SHIPPING_METHODS.includes(method);

/**
 * spec 2 §9: 'Cutoffs 2:30 PM ET for standard and second day, 12:00 noon ET for overnight' (Eastern time).
 */
export const SHIPPING_CUTOFFS: Readonly<Record<ShippingMethod, string>> = {
  [SHIPPING_METHODS.ground]: '2:30 PM ET',
  [SHIPPING_METHODS.smartPost]: '2:30 PM ET',
  [SHIPPING_METHODS.secondDay]: '2:30 PM ET',
  [SHIPPING_METHODS.overnight]: '12:00 noon ET',
  [SHIPPING_METHODS.overnightSaturday]: '12:00 noon ET',
};

export interface ShippingDestination {
  country: string | null;
  /**
   * The address looks like a PO box and the user said Yes (or, on the shipping step, the pattern matched).
   */
  poBox: boolean;
}

/**
 * spec 2 §9: the methods a destination can use: 'Smart Post (free; required for PO box; Canada is forced to
 * Ground)'. Canada wins over a PO box: Smart Post hands over to the US Postal Service, which does not deliver
 * there.
 */
export function availableShippingMethods(destination: ShippingDestination): ShippingMethod[] {
  if (isCanada(destination.country)) return [SHIPPING_METHODS.ground];
  if (destination.poBox) return [SHIPPING_METHODS.smartPost];
  return [...SHIPPING_METHOD_VALUES];
}

/**
 * The method to keep: the chosen one when the destination allows it, else the first it allows (spec 2 §4 PO
 * box Yes).
 */
export function shippingMethodFor(chosen: string | null, destination: ShippingDestination): ShippingMethod {
  const allowed = availableShippingMethods(destination);
  const [first = DEFAULT_SHIPPING_METHOD] = allowed;
  return isShippingMethod(chosen) && allowed.includes(chosen) ? chosen : first;
}

/**
 * spec 2 §2: the method selector inside the patient step is for myGDX users on drop-ship orders, not for
 * Canada.
 */
export const showsShippingMethodChoice = (
  user: Pick<UserInfo, 'type'>,
  dropShip: boolean,
  country: string | null,
): boolean => user.type === 'myGDX' && dropShip && !isCanada(country);

/**
 * spec 2 §6: 'Admins may waive the expedited shipping fee only when acting for the practitioner (onBehalfOf
 * includes the practitioner gsdlNo) and the order has no orderFormId'.
 */
export function mayWaiveExpeditedShippingFee(
  user: Pick<UserInfo, 'adminUser' | 'onBehalfOf'>,
  order: { orderFormId: string | null; practitioner: { gsdlNo: string } | null },
): boolean {
  const hasOrderForm = (order.orderFormId ?? '').trim() !== '';
  if (!isAdmin(user) || order.practitioner === null || hasOrderForm) return false;
  const wanted = order.practitioner.gsdlNo.trim().toUpperCase();
  return user.onBehalfOf.split(',').some((gsdlNo) => gsdlNo.trim().toUpperCase() === wanted);
}

/** The admin's expedited-fee waiver on the payment section (spec 2 §6; ours, decision 0187). */
export const EXPEDITED_WAIVER_MESSAGES = {
  label: 'Waive the expedited shipping fee',
  allowedHint: 'You are acting for this practitioner: the fee is not charged while this is ticked.',
  disabledHint:
    'Only an administrator acting for this practitioner may waive the fee, and not on an order with an order form.',
  refused:
    'Only an administrator acting for this practitioner may waive the expedited shipping fee, and not on an order with an order form.',
} as const;

/**
 * spec 2 §4: 'when a drop-ship address looks like a PO box, a dialog appears' ('Is this a P.O. Box?'); Yes
 * sets Smart Post (shippingMethodFor with poBox true), No keeps the method.
 */
export const asksPoBoxQuestion = (
  dropShip: boolean,
  address: { address1: string | null; address2: string | null } | undefined,
): boolean => dropShip && address !== undefined && addressHasPoBox(address);

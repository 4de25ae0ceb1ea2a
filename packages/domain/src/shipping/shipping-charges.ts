import {
  availableShippingMethods,
  isFreeShippingMethod,
  SHIPPING_CUTOFFS,
  type ShippingDestination,
  type ShippingMethod,
} from './shipping-methods.ts';

/** spec 2 §3 'Shipping charge: shippingMethod, price' (price in cents, as all money on the wire). */
export interface ShippingCharge {
  shippingMethod: ShippingMethod;
  price: number;
}

/** One choice of the shipping method selector (spec 2 §2, §9): the method, its price when known, its cutoff. */
export interface ShippingMethodChoice {
  shippingMethod: ShippingMethod;
  /** Cents; 0 for the free methods; null when the charges are not known (still loading, or failed). */
  price: number | null;
  cutoff: string;
}

/**
 * The methods the selector offers for the address being entered (spec 2 §9: 'Smart Post (free; required for PO box;
 * Canada is forced to Ground)'), each with its charge from GET /gear/order/{id}/available-shipping-charges, or 0
 * for a free method.
 */
export function shippingMethodChoices(
  destination: ShippingDestination,
  charges: readonly ShippingCharge[] | undefined,
): ShippingMethodChoice[] {
  return availableShippingMethods(destination).map((shippingMethod) => ({
    shippingMethod,
    price:
      charges?.find((charge) => charge.shippingMethod === shippingMethod)?.price ??
      (isFreeShippingMethod(shippingMethod) ? 0 : null),
    cutoff: SHIPPING_CUTOFFS[shippingMethod],
  }));
}

/** Refusals of PUT /gear/order/{id}/shippingInfo/ the spec gives no words for (ours). */
export const SHIPPING_STEP_REFUSALS = {
  noPacksToShip: 'This order has no collection packs to ship.',
  orderIdMismatch: 'The order in the address does not match the order being saved.',
} as const;

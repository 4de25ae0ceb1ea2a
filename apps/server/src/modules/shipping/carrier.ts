import {
  availableShippingMethods,
  SHIPPING_METHODS,
  type ShippingCharge,
  type ShippingDestination,
  type ShippingMethod,
} from '@gear/domain';

/**
 * The carrier adapter (ARCHITECTURE 'Adapters'; decision 0033): what shipping a destination costs. A real carrier's
 * rate service can stand behind this interface; the local default is a fixed rate table that works with no network.
 */
export interface Carrier {
  shippingCharges(destination: ShippingDestination): Promise<ShippingCharge[]>;
}

/** The default rates, in cents: FedEx Ground and Smart Post are free (spec 2 §9); the expedited methods are charged. */
export const DEFAULT_SHIPPING_RATES: Readonly<Record<ShippingMethod, number>> = {
  [SHIPPING_METHODS.ground]: 0,
  [SHIPPING_METHODS.secondDay]: 1995,
  [SHIPPING_METHODS.overnight]: 3495,
  [SHIPPING_METHODS.overnightSaturday]: 4995,
  [SHIPPING_METHODS.smartPost]: 0,
};

/** The local default: the rate table, for the methods the destination allows (Canada Ground only, PO box Smart Post). */
export const rateTableCarrier = (
  rates: Readonly<Record<ShippingMethod, number>> = DEFAULT_SHIPPING_RATES,
): Carrier => ({
  shippingCharges: async (destination) =>
    availableShippingMethods(destination).map((shippingMethod) => ({
      shippingMethod,
      price: rates[shippingMethod],
    })),
});

/**
 * Where a tracking number is followed (spec 3 §2 Track Shipment; spec/README.md resolution 7: the carrier's tracking
 * page is an adapter). The local default is the portal's own page of the scans the carrier sent to the intake.
 */
export interface CarrierTracking {
  trackingUrl(trackingNumber: string): string;
}

export const portalTracking = (publicUrl: string): CarrierTracking => ({
  trackingUrl: (trackingNumber) =>
    `${publicUrl.replace(/\/$/, '')}/tracking/${encodeURIComponent(trackingNumber)}`,
});

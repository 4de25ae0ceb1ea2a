/**
 * The words a person reads for a carrier's status code (the codes the intake records, decision 0251). The carrier's
 * own codes (LABEL_CREATED, DELIVERED …) are never shown as they are; a code not listed here reads as lower-case
 * words with its first letter capitalised.
 */
export const CARRIER_STATUS_TITLES: Record<string, string> = {
  LABEL_CREATED: 'Shipping label created',
  PICKED_UP: 'Picked up by the carrier',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  DELIVERY_EXCEPTION: 'Delivery problem reported by the carrier',
  EXCEPTION: 'Delivery problem reported by the carrier',
  RETURNED_TO_SENDER: 'Returned to the sender',
  CANCELED: 'Shipment canceled',
};

export function carrierStatusTitle(code: string): string {
  const known = CARRIER_STATUS_TITLES[code.toUpperCase()];
  if (known) return known;
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Carrier update';
}

import type { GearOrder } from '../contract/order.ts';
import { patientFactsOfOrder, shippingAddressOf } from '../patient/validate-patient.ts';
import { asksPoBoxQuestion, SHIPPING_METHODS } from '../shipping/shipping-methods.ts';

type PoBoxOrder = Parameters<typeof patientFactsOfOrder>[0] &
  Pick<GearOrder, 'patientInfo' | 'shippingMethod'>;

/**
 * spec 3 §2 Review modals 'PO-box confirmation', §5 'A drop-ship address containing a PO box limits shipping to Smart
 * Post': Submit asks 'Is this a P.O. Box?' when the packs go to the patient at an address that looks like a P.O. box
 * and the order does not ship by Smart Post yet (decision 0189). Yes ships by Smart Post; No submits as it is.
 */
export function asksReviewPoBoxQuestion(order: PoBoxOrder): boolean {
  if (order.shippingMethod === SHIPPING_METHODS.smartPost || order.patientInfo === null) return false;
  return asksPoBoxQuestion(patientFactsOfOrder(order).dropShip, shippingAddressOf(order.patientInfo));
}

import {
  addressHasPoBox,
  completeStep,
  type GearOrder,
  type PatientAddress,
  SHIPPING_STEP_REFUSALS,
  type ShippingCharge,
  type ShippingDestination,
  type ShippingInformation,
  type ShippingStepBody,
  STEP_IDS,
  shippingMethodFor,
  shipsPacks,
  type UserInfo,
  validateShipping,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, refuseIfAny } from '../../lib/http-error.ts';
import { orderForCaller, type SavedOrder } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
import type { Carrier } from './carrier.ts';

type AddressLines = { address1: string | null; address2: string | null; country: string | null };

type TypedAddress = Pick<PatientAddress, 'address1' | 'address2' | 'country'> & { type: string };

const shippingAddressOf = (addresses: readonly TypedAddress[]) =>
  addresses.find((address) => address.type === 'shipping') ?? null;

/**
 * Where an order's packs go (decision 0033): the shipping information saved on the shipping step, else the
 * patient's shipping address on a drop-ship order, else the practitioner's office.
 */
export function destinationOf(order: GearOrder): AddressLines | null {
  if (order.shippingInformation) return order.shippingInformation;
  const patientAddress = shippingAddressOf(order.patientInfo?.addresses ?? []);
  if (order.containsDropShipRequisition && patientAddress) return patientAddress;
  return order.practitioner?.office.address ?? null;
}

const asDestination = (address: AddressLines | null): ShippingDestination => ({
  country: address?.country ?? null,
  poBox: address ? addressHasPoBox(address) : false,
});

/** GET /gear/order/{id}/available-shipping-charges (spec 2 §7): the charges for where the order's packs go. */
export async function availableShippingCharges(
  db: Db,
  carrier: Carrier,
  user: UserInfo,
  orderId: number,
): Promise<ShippingCharge[]> {
  const order = await orderForCaller(db, user, orderId);
  return carrier.shippingCharges(asDestination(destinationOf(order)));
}

/**
 * The shipping step's change (spec 2 §5, §7, §8): the shipping method and address of an order that ships packs.
 * validateShipping refuses what the spec refuses (missing fields, the limits, NY with products ending in *, listing
 * them, ordering.restricted.found; a country other than the practitioner's, shipping.practitioner.country.mismatch);
 * a PO box only warns. The method is kept to those the address allows (Canada Ground, PO box Smart Post:
 * shippingMethodFor). Completes step 14.
 */
export function planShippingSave(order: SavedOrder, user: UserInfo, sent: ShippingStepBody): OrderChangePlan {
  if (!shipsPacks(order)) throw badRequest(SHIPPING_STEP_REFUSALS.noPacksToShip);
  const { gearOrderId: _id, ...fields } = sent;
  const practitioner = order.practitioner;
  // The field errors keep the spec's error key when they have one.
  refuseIfAny(
    validateShipping(fields, {
      practitionerCountry: practitioner?.office.address.country ?? null,
      reqLayoutId: practitioner?.office.reqLayoutId ?? null,
      productNames: order.requisitions
        .filter((requisition) => !requisition.canceled)
        .map((requisition) => requisition.omsOrderableItemName),
    }),
  );
  const info: ShippingInformation = {
    ...fields,
    shippingMethod: shippingMethodFor(fields.shippingMethod, asDestination(fields)),
  };
  return {
    changes: { shippingInformation: info, shippingMethod: info.shippingMethod },
    steps: completeStep(order.workflow.steps, {
      id: STEP_IDS.shipping,
      gearReqId: null,
      userType: user.type,
      stepDate: new Date().toISOString(),
    }),
  };
}

/** PUT /gear/order/{id}/shippingInfo/ (spec 2 §5, §7, §8) through the change core (decision 0065). */
export async function saveShippingInfo(
  db: Db,
  user: UserInfo,
  orderId: number,
  body: ShippingStepBody & { version?: number | undefined },
  basedOn: number | undefined,
): Promise<GearOrder> {
  if (body.gearOrderId !== orderId) {
    const message = SHIPPING_STEP_REFUSALS.orderIdMismatch;
    throw badRequest(message, [{ field: 'gearOrderId', defaultMessage: message }]);
  }
  const { version: _version, ...sent } = body;
  const saved = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.shipping,
    plan: ({ order }) => planShippingSave(order, user, sent),
  });
  return saved.order;
}

import {
  EXPEDITED_WAIVER_MESSAGES,
  type GearOrder,
  MESSAGES,
  mayWaiveExpeditedShippingFee,
  type SavedOrder,
  type UserInfo,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../lib/http-error.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan, UNCHANGED } from '../order/order-change.ts';

/** Whether an admin waived the order's expedited shipping fee (decision 0187). */
export async function isExpeditedShippingWaived(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: orders.expeditedShippingWaivedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.at != null;
}

/**
 * spec 2 §6: 'Admins may waive the expedited shipping fee only when acting for the practitioner (onBehalfOf includes
 * the practitioner gsdlNo) and the order has no orderFormId; otherwise the checkbox is disabled.' Anyone else is
 * refused (403); asking for what is already so changes nothing.
 */
export function planShippingWaiver(
  order: SavedOrder,
  user: UserInfo,
  waived: boolean,
  alreadyWaived: boolean,
  at: Date,
): OrderChangePlan | typeof UNCHANGED {
  if (!mayWaiveExpeditedShippingFee(user, order)) throw forbidden(EXPEDITED_WAIVER_MESSAGES.refused);
  if (waived === alreadyWaived) return UNCHANGED;
  return {
    changes: waived
      ? { expeditedShippingWaivedBy: user.gsdlNo, expeditedShippingWaivedAt: at }
      : { expeditedShippingWaivedBy: null, expeditedShippingWaivedAt: null },
  };
}

/**
 * Whether the waiver is set, read with the order's version: a reading newer than the order the change core loaded is
 * refused as stale, so a concurrent twin that finds the waiver already set by another request answers 409, not a 200
 * that reads as saved (decision 0100; issue 14: 200 concurrent identical waivers answered three 200s on PostgreSQL).
 */
async function waivedAsOf(db: Db, order: SavedOrder): Promise<boolean> {
  const [row] = await db
    .select({ at: orders.expeditedShippingWaivedAt, version: orders.version })
    .from(orders)
    .where(eq(orders.id, order.id as number));
  if (row?.version !== order.version) throw conflict(MESSAGES.staleOrder);
  return row.at != null;
}

/** PUT /gear/order/{id}/expedited-shipping-waiver through the change core (decision 0187). */
export async function saveShippingWaiver(
  db: Db,
  user: UserInfo,
  orderId: number,
  waived: boolean,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const { order } = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.expeditedShippingWaiver,
    plan: async ({ order: found }) =>
      planShippingWaiver(found, user, waived, await waivedAsOf(db, found), new Date()),
  });
  return order;
}

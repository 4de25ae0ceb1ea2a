import { type GearOrder, isOrderLocked, MESSAGES, type UserInfo } from '@gear/domain';
import type { Db } from '../db/client.ts';
import { claimVersion, type OrderChanges } from '../modules/order/order.repository.ts';
import { orderForCaller } from '../modules/order/order.service.ts';
import { conflict } from './http-error.ts';

export type SavedOrder = GearOrder & { id: number };

/**
 * An order a step may change: one the caller may see (404, 403 with no data), not received by the lab unless the
 * caller is an admin (409 'This order has been received by our lab…', spec 1 §4.2, spec 2 §8).
 */
export async function orderToChange(db: Db, user: UserInfo, id: number): Promise<SavedOrder> {
  const order = (await orderForCaller(db, user, id)) as SavedOrder;
  if (isOrderLocked(order, user)) throw conflict(MESSAGES.orderReceivedByLab);
  return order;
}

/**
 * Bumps the order's version inside the transaction making a change, from the version the caller read (or, when the
 * call carries none, the one this request read): 409 with the stale-order message when another write came first.
 */
export async function claimOrder(
  tx: Db,
  order: SavedOrder,
  version: number | undefined,
  changes: OrderChanges = {},
): Promise<void> {
  if (!(await claimVersion(tx, order.id, version ?? order.version, changes)))
    throw conflict(MESSAGES.staleOrder);
}

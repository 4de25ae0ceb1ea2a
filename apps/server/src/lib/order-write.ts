// Left for the review and submit saves that landed while the change core was built (decision 0065): they move to
// changeOrder next, and this file goes.
import { type GearOrder, MESSAGES, orderLockMessage, type UserInfo } from '@gear/domain';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { claimVersion, claimVersionWith, type OrderChanges } from '../modules/order/order.repository.ts';
import { orderForCaller } from '../modules/order/order.service.ts';
import { conflict } from './http-error.ts';

export type SavedOrder = GearOrder & { id: number };

/**
 * Refuses a change to an order closed to this caller: 409 'This order has been canceled…' for a canceled order
 * (everyone, decision 0050), else 409 'This order has been received by our lab…' for non-admins once the lab has it
 * (spec 1 §4.2, spec 2 §8).
 */
export function refuseLockedOrder(order: Pick<GearOrder, 'requisitions' | 'canceled'>, user: UserInfo): void {
  const message = orderLockMessage(order, user);
  if (message !== null) throw conflict(message);
}

/** An order a step may change: one the caller may see (404, 403 with no data) and not locked (refuseLockedOrder). */
export async function orderToChange(db: Db, user: UserInfo, id: number): Promise<SavedOrder> {
  const order = (await orderForCaller(db, user, id)) as SavedOrder;
  refuseLockedOrder(order, user);
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

/**
 * claimOrder and the change's writes in one statement, without a transaction (claimVersionWith, decision 0055):
 * 409 with the stale-order message, and nothing written, when another write came first. Each write must be
 * conditioned on CLAIMED and touch rows no other write of the list touches.
 */
export async function claimOrderWith(
  db: Db,
  order: SavedOrder,
  version: number | undefined,
  changes: OrderChanges,
  writes: readonly (SQLWrapper | null)[],
): Promise<void> {
  const present = writes.filter((write) => write !== null);
  if (!(await claimVersionWith(db, order.id, version ?? order.version, changes, present)))
    throw conflict(MESSAGES.staleOrder);
}

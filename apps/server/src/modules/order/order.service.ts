import { type GearOrder, MESSAGES, mayViewOrder, type UserInfo } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { findOrderOwner, loadOrder } from './order.repository.ts';
import { cachedOrder, rememberOrder } from './order-read-cache.ts';

/**
 * Loads an order for a caller who may see it: its practitioner or a user acting on their behalf, or an admin.
 * Another practitioner's order answers 403 and carries none of its data; an unknown id answers 404.
 */
export async function orderForCaller(db: Db, user: UserInfo, id: number): Promise<GearOrder> {
  const owner = await findOrderOwner(db, id);
  if (!owner) throw notFound(MESSAGES.orderNotFound);
  if (!mayViewOrder(user, owner.practitioner)) throw forbidden(MESSAGES.forbidden);
  const cached = cachedOrder(db, id, owner.version);
  if (cached) return cached;
  const order = await loadOrder(db, id);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  rememberOrder(db, order);
  return order;
}

/** The order as saved, read afresh and kept for the next read. */
export async function savedOrder(db: Db, id: number): Promise<GearOrder> {
  const order = await loadOrder(db, id);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  rememberOrder(db, order);
  return order;
}

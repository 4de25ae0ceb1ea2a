import { type GearOrder, MESSAGES, mayViewOrder, type Requisition, type UserInfo } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { findOrderOwner, findRequisitionOwner, loadOrder } from './order.repository.ts';
import { cachedOrder, rememberOrder } from './order-read-cache.ts';

/**
 * Loads an order for a caller who may see it: its practitioner or a user acting on their behalf, an admin, or the
 * patient who proved it (docs/decisions/0040).
 * Another practitioner's order answers 403 and carries none of its data; an unknown id answers 404.
 */
export async function orderForCaller(db: Db, user: UserInfo, id: number): Promise<GearOrder> {
  const owner = await findOrderOwner(db, id);
  if (!owner) throw notFound(MESSAGES.orderNotFound);
  if (!mayViewOrder(user, owner.practitioner, id)) throw forbidden(MESSAGES.forbidden);
  return orderAtVersion(db, id, owner.version);
}

async function orderAtVersion(db: Db, id: number, version: number): Promise<GearOrder> {
  const cached = cachedOrder(db, id, version);
  if (cached) return cached;
  const order = await loadOrder(db, id);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  rememberOrder(db, order);
  return order;
}

export type SavedOrder = GearOrder & { id: number };

/**
 * A requisition (by gearReqId) and its order, for a caller who may see that order: an unknown requisition answers
 * 404, another practitioner's 403 with none of its data. One query when the order is cached at its version.
 */
export async function requisitionForCaller(
  db: Db,
  user: UserInfo,
  gearReqId: number,
): Promise<{ order: SavedOrder; requisition: Requisition }> {
  const owner = await findRequisitionOwner(db, gearReqId);
  if (!owner) throw notFound(MESSAGES.requisitionUnknown);
  if (!mayViewOrder(user, owner.practitioner, owner.orderId)) throw forbidden(MESSAGES.forbidden);
  const order = (await orderAtVersion(db, owner.orderId, owner.version)) as SavedOrder;
  const requisition = order.requisitions.find((r) => r.id === gearReqId);
  if (!requisition) throw notFound(MESSAGES.requisitionUnknown);
  return { order, requisition };
}

/** The order as saved, read afresh and kept for the next read. */
export async function savedOrder(db: Db, id: number): Promise<GearOrder> {
  const order = await loadOrder(db, id);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  rememberOrder(db, order);
  return order;
}

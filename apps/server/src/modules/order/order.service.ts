import { type GearOrder, MESSAGES, mayViewOrder, type Requisition, type UserInfo } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { OrderOwnerPractitioner } from './order.repository.ts';
import {
  createdOrderRead,
  type OrderWithOwner,
  orderFor,
  orderOfRequisitionFor,
  savedOrderRead,
} from './order-reads.ts';

export type SavedOrder = GearOrder & { id: number };

/** Refuses (403, with none of the order's data) a caller who may not see an order of this practitioner. */
const mayView = (user: UserInfo) => (owner: OrderOwnerPractitioner, orderId: number) => {
  if (!mayViewOrder(user, owner, orderId)) throw forbidden(MESSAGES.forbidden);
};

/**
 * Loads an order for a caller who may see it: its practitioner or a user acting on their behalf, an admin, or the
 * patient who proved it (docs/decisions/0040).
 * Another practitioner's order answers 403 and carries none of its data; an unknown id answers 404.
 */
export async function orderForCaller(db: Db, user: UserInfo, id: number): Promise<GearOrder> {
  const order = await orderFor(db, id, mayView(user));
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/**
 * A requisition (by gearReqId) and its order, for a caller who may see that order: an unknown requisition answers
 * 404, another practitioner's 403 with none of its data.
 */
export async function requisitionForCaller(
  db: Db,
  user: UserInfo,
  gearReqId: number,
): Promise<{ order: SavedOrder; requisition: Requisition }> {
  const order = (await orderOfRequisitionFor(db, gearReqId, mayView(user))) as SavedOrder | null;
  const requisition = order?.requisitions.find((r) => r.id === gearReqId);
  if (!order || !requisition) throw notFound(MESSAGES.requisitionUnknown);
  return { order, requisition };
}

/** The order as saved, read afresh and kept for the next read. */
export async function savedOrder(db: Db, id: number): Promise<GearOrder> {
  const order = await savedOrderRead(db, id);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/** A new order answered from what the statement inserting it returned (insertOrderWithSteps), kept for the next read. */
export const createdOrder = (
  db: Db,
  insert: () => Promise<{ id: number; created: () => Promise<OrderWithOwner> }>,
): Promise<GearOrder> => createdOrderRead(db, insert);

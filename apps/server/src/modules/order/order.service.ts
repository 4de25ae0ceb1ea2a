import {
  type GearOrder,
  MESSAGES,
  mayViewOrder,
  type Requisition,
  type SavedOrder,
  type UserInfo,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { writeEpoch } from '../../lib/write-epoch.ts';
import {
  findOrderOwner,
  findRequisitionOwner,
  loadOrderWithOwner,
  type OrderOwnerPractitioner,
} from './order.repository.ts';
import {
  cachedOrder,
  confirmOrder,
  currentOrder,
  currentOrderOfRequisition,
  rememberOrder,
} from './order-read-cache.ts';

/**
 * Loads an order for a caller who may see it: its practitioner or a user acting on their behalf, an admin, or the
 * patient who proved it (docs/decisions/0040).
 * Another practitioner's order answers 403 and carries none of its data; an unknown id answers 404.
 */
export async function orderForCaller(db: Db, user: UserInfo, id: number): Promise<GearOrder> {
  const current = currentOrder(db, id);
  if (current) {
    if (!mayViewOrder(user, current.owner, id)) throw forbidden(MESSAGES.forbidden);
    return current.order;
  }
  const epoch = writeEpoch(db);
  const owner = await findOrderOwner(db, id);
  if (!owner) throw notFound(MESSAGES.orderNotFound);
  if (!mayViewOrder(user, owner.practitioner, id)) throw forbidden(MESSAGES.forbidden);
  return orderAtVersion(db, id, owner, epoch);
}

/**
 * The order at the version its owner query read: the cached copy when it has that version (now confirmed current
 * as of `epoch`, the write epoch taken before that query), else read afresh.
 */
async function orderAtVersion(
  db: Db,
  id: number,
  owner: { version: number; practitioner: OrderOwnerPractitioner },
  epoch: number | null,
): Promise<GearOrder> {
  const cached = cachedOrder(db, id, owner.version);
  if (cached) {
    confirmOrder(db, id, owner.practitioner, epoch);
    return cached;
  }
  return readAndRemember(db, id);
}

async function readAndRemember(db: Db, id: number): Promise<GearOrder> {
  const epoch = writeEpoch(db);
  const loaded = await loadOrderWithOwner(db, id);
  if (!loaded) throw notFound(MESSAGES.orderNotFound);
  rememberOrder(db, loaded.order, { owner: loaded.owner, epoch });
  return loaded.order;
}

/**
 * A requisition (by gearReqId) and its order, for a caller who may see that order: an unknown requisition answers
 * 404, another practitioner's 403 with none of its data. One query when the order is cached at its version.
 */
export async function requisitionForCaller(
  db: Db,
  user: UserInfo,
  gearReqId: number,
): Promise<{ order: SavedOrder; requisition: Requisition }> {
  const current = currentOrderOfRequisition(db, gearReqId);
  if (current) {
    if (!mayViewOrder(user, current.owner, current.order.id as number)) throw forbidden(MESSAGES.forbidden);
    return { order: current.order as SavedOrder, requisition: current.requisition };
  }
  const epoch = writeEpoch(db);
  const owner = await findRequisitionOwner(db, gearReqId);
  if (!owner) throw notFound(MESSAGES.requisitionUnknown);
  if (!mayViewOrder(user, owner.practitioner, owner.orderId)) throw forbidden(MESSAGES.forbidden);
  const order = (await orderAtVersion(db, owner.orderId, owner, epoch)) as SavedOrder;
  const requisition = order.requisitions.find((r) => r.id === gearReqId);
  if (!requisition) throw notFound(MESSAGES.requisitionUnknown);
  return { order, requisition };
}

/** The order as saved, read afresh and kept for the next read (current until the next write). */
export const savedOrder = (db: Db, id: number): Promise<GearOrder> => readAndRemember(db, id);

/**
 * A new order as the statement that inserted it returned it (insertOrderWithSteps), kept for the next read: current
 * when that statement was the only write since `epochBefore` (the write epoch taken before it ran).
 */
export async function rememberCreatedOrder(
  db: Db,
  epochBefore: number | null,
  created: () => Promise<{ order: GearOrder; owner: OrderOwnerPractitioner }>,
): Promise<GearOrder> {
  const epochAfter = writeEpoch(db);
  const { order, owner } = await created();
  const current = epochBefore !== null && epochAfter === epochBefore + 1;
  rememberOrder(db, order, { owner, epoch: current ? epochAfter : null });
  return order;
}

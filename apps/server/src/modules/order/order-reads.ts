import type { GearOrder } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { keptUntilChanged } from '../../db/kept.ts';
import { markSnapshot } from '../../lib/serializer.ts';
import {
  findOrderOwner,
  findRequisitionOwner,
  loadOrderWithOwner,
  type OrderOwnerPractitioner,
} from './order.repository.ts';

/** An assembled order with its practitioner as the access rules read it (mayViewOrder). */
export interface OrderWithOwner {
  order: GearOrder;
  owner: OrderOwnerPractitioner;
}

/** The data an assembled order is built from. */
const ORDER_DATA = ['orders', 'practitioners', 'catalogue'] as const;

/** The order a requisition was last seen on (used only while that order is known current). */
const orderOfRequisition = keptUntilChanged<number, number | null>({
  from: ORDER_DATA,
  read: () => null,
  elsewhere: 'checked by the reader',
  maxKeys: 40_000,
});

/** Reads an order with its practitioner in one statement, and keeps it (a snapshot: nobody changes it). */
function readOrder(db: Db, id: number): Promise<OrderWithOwner | null> {
  const since = orderOfRequisition.since(db);
  return loadOrderWithOwner(db, id).then((found) => {
    if (found) keepRequisitionsOf(db, found.order, since);
    return found;
  });
}

function keepRequisitionsOf(db: Db, order: GearOrder, since: ReturnType<typeof orderOfRequisition.since>) {
  markSnapshot(order);
  for (const requisition of order.requisitions)
    orderOfRequisition.keep(db, requisition.id, order.id as number, since);
}

/**
 * Assembled orders by id (decisions 0011, 0055, 0070). On the embedded database an order kept since before the last
 * change of its data is served with no statement. Elsewhere (PostgreSQL, any number of processes) the reader checks
 * the kept copy against the order's version and practitioner in one statement: every write to an order's facts bumps
 * orders.version (claimVersion, or a new order).
 */
const keptOrders = keptUntilChanged<number, Promise<OrderWithOwner | null>>({
  from: ORDER_DATA,
  // A change of one order (its claim) keeps the others (decision 0306).
  keyedBy: 'orders',
  read: readOrder,
  elsewhere: 'checked by the reader',
  maxKeys: 2000,
});

/** May this caller read an order of this practitioner? Throws (403) when not. */
export type AccessCheck = (owner: OrderOwnerPractitioner, orderId: number) => void;

/**
 * The order with the given id, or null; `allowed` runs on its practitioner before the order itself is read. One
 * statement when a kept copy is at the order's version, none when it is known current.
 */
export async function orderFor(db: Db, id: number, allowed: AccessCheck): Promise<GearOrder | null> {
  const kept = keptOrders.peek(db, id);
  if (kept?.current) {
    const current = await kept.value;
    if (current) allowed(current.owner, id);
    return current?.order ?? null;
  }
  const since = keptOrders.since(db);
  const owner = await findOrderOwner(db, id);
  if (!owner) return null;
  allowed(owner.practitioner, id);
  return (await atVersion(db, id, owner, since, kept?.value))?.order ?? null;
}

/** The order holding a requisition (by gearReqId), or null; `allowed` as for orderFor. */
export async function orderOfRequisitionFor(
  db: Db,
  gearReqId: number,
  allowed: AccessCheck,
): Promise<GearOrder | null> {
  const orderId = orderOfRequisition.peek(db, gearReqId);
  const kept = orderId?.current && orderId.value !== null ? keptOrders.peek(db, orderId.value) : undefined;
  const current = kept?.current ? await kept.value : null;
  if (current?.order.requisitions.some((r) => r.id === gearReqId)) {
    allowed(current.owner, current.order.id as number);
    return current.order;
  }
  const since = keptOrders.since(db);
  const owner = await findRequisitionOwner(db, gearReqId);
  if (!owner) return null;
  allowed(owner.practitioner, owner.orderId);
  return (
    (await atVersion(db, owner.orderId, owner, since, keptOrders.peek(db, owner.orderId)?.value))?.order ??
    null
  );
}

/**
 * The order at the version its owner statement read (taken since `since`): the kept copy when it has that version,
 * now confirmed, else read afresh (null when it was deleted in between).
 */
async function atVersion(
  db: Db,
  id: number,
  owner: { version: number; practitioner: OrderOwnerPractitioner },
  since: ReturnType<typeof keptOrders.since>,
  kept: Promise<OrderWithOwner | null> | undefined,
): Promise<OrderWithOwner | null> {
  const cached = kept ? await kept.catch(() => null) : null;
  if (cached && cached.order.version === owner.version) {
    const confirmed = { order: cached.order, owner: owner.practitioner };
    keptOrders.keep(db, id, Promise.resolve(confirmed), since);
    keepRequisitionsOf(db, cached.order, since);
    return confirmed;
  }
  return keptOrders(db, id);
}

/** The order as saved: kept for the next read (read afresh, as a save changed its data). */
export async function savedOrderRead(db: Db, id: number): Promise<GearOrder | null> {
  return (await keptOrders(db, id))?.order ?? null;
}

/**
 * A new order as the single statement that inserted it returned it: kept as current when that statement was the
 * only change since it began, else kept for the reader to check.
 */
export async function createdOrderRead(
  db: Db,
  insert: () => Promise<{ id: number; created: () => Promise<OrderWithOwner> }>,
): Promise<GearOrder> {
  const before = keptOrders.since(db);
  const { id, created } = await insert();
  const after = keptOrders.since(db);
  const order = await created();
  keepRequisitionsOf(db, order.order, after);
  keptOrders.keepWritten(db, id, Promise.resolve(order), before);
  return order.order;
}

import type { GearOrder } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { markSnapshot } from '../../lib/serializer.ts';
import { writeEpoch } from '../../lib/write-epoch.ts';
import type { OrderOwnerPractitioner } from './order.repository.ts';

const MAX_ORDERS = 2000;

interface Entry {
  order: GearOrder;
  /** The order's practitioner as the access rules read it, when it was read with the order. */
  owner: OrderOwnerPractitioner | undefined;
  /** The embedded database's write epoch the entry was read or confirmed at (null: not known to be current). */
  epoch: number | null;
}

interface Cache {
  orders: Map<number, Entry>;
  /** The order a requisition was last seen on (checked against that order's entry before use). */
  orderOfRequisition: Map<number, number>;
}

const caches = new WeakMap<Db, Cache>();

const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { orders: new Map(), orderOfRequisition: new Map() };
    caches.set(db, cache);
  }
  return cache;
};

const touch = (cache: Cache, id: number, entry: Entry) => {
  cache.orders.delete(id);
  cache.orders.set(id, entry);
};

/**
 * Assembled orders by id, valid only for the version they were read at. Every write to an order's facts bumps
 * orders.version (claimVersion), so a cached copy is served only while the database still holds that version:
 * safe with any number of API processes on one PostgreSQL server.
 */
export function cachedOrder(db: Db, id: number, version: number): GearOrder | undefined {
  const cache = cacheOf(db);
  const entry = cache.orders.get(id);
  if (!entry) return undefined;
  if (entry.order.version !== version) {
    cache.orders.delete(id);
    return undefined;
  }
  touch(cache, id, entry);
  return entry.order;
}

/**
 * An order that is certainly current without asking the database (decision 0055): on the embedded database, read or
 * confirmed at the present write epoch (nothing has been written since), with the practitioner the access check
 * needs. Never on a PostgreSQL server, where other processes write.
 */
export function currentOrder(
  db: Db,
  id: number,
): { order: GearOrder; owner: OrderOwnerPractitioner } | undefined {
  const epoch = writeEpoch(db);
  if (epoch === null) return undefined;
  const cache = cacheOf(db);
  const entry = cache.orders.get(id);
  if (!entry || entry.epoch !== epoch || entry.owner === undefined) return undefined;
  touch(cache, id, entry);
  return { order: entry.order, owner: entry.owner };
}

/** The current order holding a requisition, when one is cached (see currentOrder). */
export function currentOrderOfRequisition(db: Db, gearReqId: number) {
  const orderId = cacheOf(db).orderOfRequisition.get(gearReqId);
  if (orderId === undefined) return undefined;
  const current = currentOrder(db, orderId);
  const requisition = current?.order.requisitions.find((r) => r.id === gearReqId);
  return current && requisition ? { ...current, requisition } : undefined;
}

/**
 * The version check of a cached order succeeded: it is current as of `epoch` (the write epoch taken before the
 * check's query), with this practitioner.
 */
export function confirmOrder(db: Db, id: number, owner: OrderOwnerPractitioner, epoch: number | null) {
  const entry = cacheOf(db).orders.get(id);
  if (entry) Object.assign(entry, { owner, epoch });
}

/**
 * Keeps an order as read (a snapshot: nobody changes it, so its JSON is written once per route). `epoch` is the write epoch taken before the read began (null when unknown), `owner` the
 * practitioner read with it.
 */
export function rememberOrder(
  db: Db,
  order: GearOrder,
  read: { owner?: OrderOwnerPractitioner; epoch?: number | null } = {},
) {
  if (typeof order.id !== 'number') return;
  const cache = cacheOf(db);
  markSnapshot(order);
  touch(cache, order.id, { order, owner: read.owner, epoch: read.epoch ?? null });
  for (const requisition of order.requisitions) cache.orderOfRequisition.set(requisition.id, order.id);
  if (cache.orders.size > MAX_ORDERS) {
    const oldest = cache.orders.keys().next().value;
    if (oldest !== undefined) cache.orders.delete(oldest);
  }
  if (cache.orderOfRequisition.size > MAX_ORDERS * 20) cache.orderOfRequisition.clear();
}

import type { GearOrder } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { perDb } from '../../lib/per-db.ts';

const MAX_ORDERS = 2000;
const cacheOf = perDb((_db: Db) => new Map<number, GearOrder>());

/**
 * Assembled orders by id, valid only for the version they were read at. Every write to an order's facts bumps
 * orders.version (claimVersion), so a cached copy is served only while the database still holds that version:
 * safe with any number of API processes on one PostgreSQL server.
 */
export function cachedOrder(db: Db, id: number, version: number): GearOrder | undefined {
  const cache = cacheOf(db);
  const order = cache.get(id);
  if (!order) return undefined;
  if (order.version !== version) {
    cache.delete(id);
    return undefined;
  }
  cache.delete(id);
  cache.set(id, order);
  return order;
}

export function rememberOrder(db: Db, order: GearOrder) {
  if (typeof order.id !== 'number') return;
  const cache = cacheOf(db);
  cache.delete(order.id);
  cache.set(order.id, order);
  if (cache.size > MAX_ORDERS) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

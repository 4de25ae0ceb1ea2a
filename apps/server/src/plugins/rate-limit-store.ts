import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { rateLimitHits } from '../db/schema/index.ts';

type Counted = { current: number; ttl: number };
type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * Counts one request against `key` in one statement (docs/decisions/0233): the upsert locks the row, so 200
 * concurrent requests on any number of processes get the counts 1 to 200. A window that has ended starts again at 1.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Counted> {
  const ended = sql`${rateLimitHits.resetsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitHits.resetsAt} end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      ttl: sql<number>`greatest(ceil(extract(epoch from ${rateLimitHits.resetsAt} - now()) * 1000), 0)::integer`,
    });
  return { current: row?.hits ?? 1, ttl: Number(row?.ttl ?? windowMs) };
}

/** Drops the rows whose window has ended. */
export const sweepRateLimitHits = (db: Db) =>
  db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, sql`now()`));

/** A store for @fastify/rate-limit that keeps its counts in the portal's database, one key per route and address. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const storeFor = (route: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      countHit(db, `${route} ${key}`, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    },
    child(routeOptions) {
      const { method, url } = (routeOptions as RouteInfo).routeInfo ?? {};
      return storeFor(`${[method ?? ''].flat().join(',')} ${url ?? ''}`.trim());
    },
  });
  return class {
    constructor() {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin constructs the store; one object serves it.
      return storeFor('*');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

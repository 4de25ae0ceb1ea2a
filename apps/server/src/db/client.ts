import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { outageOf } from '@gear/domain';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseSettings, databaseSettingsOf } from '../config.ts';
import type { Db } from './db.ts';
import { trackEmbeddedWrites } from './kept.ts';
import * as schema from './schema/index.ts';

export type { Db, Schema } from './db.ts';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The migrations this build carries (drizzle's journal): /readyz checks the database holds them all. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A connection the database closed under the portal: logged as its kind and code only (the message of a driver
 * error may quote a statement or its values), never thrown, so the process lives on (docs/decisions/0153).
 */
export function logConnectionLost(where: 'idle' | 'held', error: unknown) {
  const outage = outageOf(error);
  console.warn(
    JSON.stringify({
      level: 'warn',
      msg: 'PostgreSQL connection lost',
      where,
      kind: outage?.kind ?? 'other',
      code:
        outage?.code ??
        (typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'none'),
    }),
  );
}

/** An embedded database: in memory when dir is null, else on disk (the caller holds the directory lock). */
export async function openPglite(dir: string | null): Promise<Database> {
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  trackEmbeddedWrites(db, client);
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * A pool of connections to a PostgreSQL server (docs/decisions/0153). node-postgres treats an 'error' event with no
 * listener as fatal, and the pool listens only to its idle connections: a connection checked out by a transaction
 * whose backend is terminated (a restart, a failover, pg_terminate_backend) would end the process. So every
 * connection gets its own listener the moment it is made, for its whole life, idle or held; its request fails with
 * the error (a 503 through the error handler), the pool drops the dead connection and makes a new one for the next.
 */
export function postgresPool(url: string, settings: DatabaseSettings = databaseSettingsOf()): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    keepAlive: true,
  });
  pool.on('connect', (client) => {
    client.on('error', (error) => logConnectionLost('held', error));
  });
  pool.on('error', (error) => logConnectionLost('idle', error));
  return pool;
}

export async function openPostgres(
  url: string,
  settings: DatabaseSettings = databaseSettingsOf(),
): Promise<Database> {
  const pool = postgresPool(url, settings);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  await migratePg(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from './db.ts';
import { trackEmbeddedWrites } from './kept.ts';
import * as schema from './schema/index.ts';

export type { Db, Schema } from './db.ts';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An embedded database: in memory when dir is null, else on disk (the caller holds the directory lock). */
export async function openPglite(dir: string | null): Promise<Database> {
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  trackEmbeddedWrites(db, client);
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection closed: ${error.message}`));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  await migratePg(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

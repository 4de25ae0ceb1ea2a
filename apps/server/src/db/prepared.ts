import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './db.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/** The PostgreSQL pool a database runs on (null: the embedded database, or a transaction). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * The rows of a read built with drizzle's `sql` whose text takes a few shapes (a list's filters). On a PostgreSQL
 * pool it runs as a named prepared statement, one name per text, so each connection plans each shape once and then
 * only binds values (docs/decisions/0313); elsewhere (the embedded database, a transaction) as drizzle runs it.
 */
export async function readPrepared<T>(db: Db, statement: SQL): Promise<T[]> {
  const client = poolOf(db);
  if (!client) return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `read_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  return (await client.query({ name, text, values: params })).rows as T[];
}

/**
 * The rows of several reads together (decision 0333: one per way of finding an order). On a PostgreSQL pool each is
 * its own prepared statement (`readPrepared`), all run at once on the pool's connections, so each is planned alone
 * for its own values; elsewhere one statement, the union of them all (the embedded database runs one statement at a
 * time, each at a fixed cost of its own).
 */
export async function readEach<T>(db: Db, statements: readonly SQL[]): Promise<T[]> {
  if (poolOf(db))
    return (await Promise.all(statements.map((statement) => readPrepared<T>(db, statement)))).flat();
  const union = sql.join(
    statements.map((statement) => sql`(${statement})`),
    sql` union all `,
  );
  return ((await db.execute(union)) as unknown as { rows: T[] }).rows;
}

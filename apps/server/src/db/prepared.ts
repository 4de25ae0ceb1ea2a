import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './db.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The rows of a read built with drizzle's `sql` whose text takes a few shapes (a list's filters). On a PostgreSQL
 * pool it runs as a named prepared statement, one name per text, so each connection plans each shape once and then
 * only binds values (docs/decisions/0313); elsewhere (the embedded database, a transaction) as drizzle runs it.
 */
export async function readPrepared<T>(db: Db, statement: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `read_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  return (await client.query({ name, text, values: params })).rows as T[];
}

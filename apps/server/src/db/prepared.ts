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
 * A constant of the code written into a statement's text (docs/decisions/0341): PostgreSQL's plan cache plans a
 * statement without parameters once per connection, and one with parameters anew at every read until it trusts a
 * generic plan, judged by guessed values.
 */
export function literal(value: number | string): SQL {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return sql.raw(String(value));
  if (typeof value === 'string' && /^[a-z_]+$/.test(value)) return sql.raw(`'${value}'`);
  throw new RangeError('not a literal');
}

/**
 * A timestamp with time zone as an answer writes it: ISO 8601 in UTC to the millisecond, as `Date#toISOString` does
 * (both drop the microseconds). Made by the database, for lists of many rows: parsing each value into a Date and
 * writing it again costs the API about a microsecond a value (docs/decisions/0344).
 */
export const isoText = (timestamp: SQL) =>
  sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The empty JSON array: what `coalesce(json_agg(…), …)` answers for no rows. */
export const emptyJsonArray = sql.raw(`'[]'::json`);

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

/** The union of reads, each in parentheses (each may carry its own order and limit). */
const unionOf = (statements: readonly SQL[]) =>
  sql.join(
    statements.map((statement) => sql`(${statement})`),
    sql` union all `,
  );

/**
 * The rows of several groups of reads together (decisions 0333, 0336: the ways of finding an order). On a PostgreSQL
 * pool each group is one prepared statement (`readPrepared`), the union of its reads, the groups run at once on the
 * pool's connections, so each group is planned for its own values or once for all; elsewhere one statement, the
 * union of them all (the embedded database runs one statement at a time, each at a fixed cost of its own).
 */
export async function readEach<T>(db: Db, groups: readonly (readonly SQL[])[]): Promise<T[]> {
  const nonEmpty = groups.filter((group) => group.length > 0);
  if (poolOf(db))
    return (await Promise.all(nonEmpty.map((group) => readPrepared<T>(db, unionOf(group))))).flat();
  return ((await db.execute(unionOf(nonEmpty.flat()))) as unknown as { rows: T[] }).rows;
}

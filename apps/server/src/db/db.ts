import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database as the repositories use it: an embedded database, a PostgreSQL pool, or a transaction of either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

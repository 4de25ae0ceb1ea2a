import { perDb } from './per-db.ts';

/**
 * A prepared statement per database, made on first use (a statement belongs to the connection pool or embedded
 * database it was prepared on).
 */
export const preparedPerDb = perDb;

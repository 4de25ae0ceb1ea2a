import type { Db } from '../db/client.ts';

/**
 * A prepared statement per database, made on first use (a statement belongs to the connection pool or embedded
 * database it was prepared on).
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

import type { Db } from '../db/client.ts';

/**
 * One value per database, made on first use: a prepared statement (it belongs to the connection pool or embedded
 * database it was prepared on), or an in-memory cache of that database's rows.
 */
export function perDb<T>(make: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
}

export interface KeptPerDb<V> {
  (db: Db): Promise<V>;
  /** Drops the kept value of a database: the next call loads it again (tests that change the rows). */
  forget(db: Db): void;
}

/**
 * A value loaded from a database and kept in memory per database for `ttlMs` (Infinity: until forgotten); every
 * caller in that time shares the one load. A failed load is not kept, so the next call tries again.
 */
export function keptPerDb<V>(ttlMs: number, load: (db: Db) => Promise<V>): KeptPerDb<V> {
  const kept = new WeakMap<Db, { value: Promise<V>; loadedAt: number }>();
  const get = (db: Db): Promise<V> => {
    const cached = kept.get(db);
    if (cached && Date.now() - cached.loadedAt < ttlMs) return cached.value;
    const value = load(db);
    kept.set(db, { value, loadedAt: Date.now() });
    value.catch(() => {
      if (kept.get(db)?.value === value) kept.delete(db);
    });
    return value;
  };
  return Object.assign(get, { forget: (db: Db) => void kept.delete(db) });
}

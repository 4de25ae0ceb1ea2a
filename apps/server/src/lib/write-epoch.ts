import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/client.ts';

interface Tracked {
  /** Bumped after every statement that may have changed data, and after every transaction, commit or rollback. */
  epoch: number;
  /** Statements run (the benchmarks print them per call). */
  statements: number;
}

const tracked = new WeakMap<object, Tracked>();

/** A statement that reads only: a plain SELECT (a WITH may hide a write, so it counts as one). */
const READ_ONLY = /^\s*\(?\s*select\b/i;

/**
 * Counts what an embedded database runs (decision 0055). This process is the only one that can reach an embedded
 * database (the data-folder lock, or memory), and every statement goes through this client: so "no statement that
 * could write has finished since epoch E" is known here without asking the database. A write bumps the epoch when it
 * completes; a transaction bumps it when it ends (PGlite runs no other statement while one is open, so nobody reads
 * its writes before then).
 */
export function trackEmbeddedWrites(db: Db, client: PGlite) {
  const state: Tracked = { epoch: 0, statements: 0 };
  tracked.set(db, state);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const counted =
    <A extends unknown[], R>(run: (sql: string, ...rest: A) => Promise<R>, bumps: boolean) =>
    async (sql: string, ...rest: A): Promise<R> => {
      state.statements += 1;
      try {
        return await run(sql, ...rest);
      } finally {
        if (bumps && !READ_ONLY.test(sql)) state.epoch += 1;
      }
    };
  client.query = counted(query, true) as PGlite['query'];
  client.exec = counted(exec, true) as PGlite['exec'];
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    try {
      return await transaction((tx) => {
        tx.query = counted(tx.query.bind(tx), false) as typeof tx.query;
        tx.exec = counted(tx.exec.bind(tx), false) as typeof tx.exec;
        return callback(tx);
      });
    } finally {
      state.epoch += 1;
    }
  }) as PGlite['transaction'];
}

/**
 * The write epoch of an embedded database: equal values mean no write finished in between, so what was read at the
 * first is still true at the second. null for a PostgreSQL server (other processes write too) and for a transaction:
 * there only the database can tell.
 */
export const writeEpoch = (db: Db): number | null => tracked.get(db)?.epoch ?? null;

/** Statements an embedded database has run (0 for PostgreSQL). */
export const databaseStatementCount = (db: Db): number => tracked.get(db)?.statements ?? 0;

/**
 * A read kept until the next write (decision 0055): on the embedded database, a value read at write epoch E is
 * served again while the epoch is still E, for the same key; anything written anywhere makes the next call read
 * afresh. On PostgreSQL (and in a transaction) every call reads. At most `maxKeys` keys are kept per database.
 */
export function untilNextWrite<K, V>(
  read: (db: Db, key: K) => Promise<V>,
  maxKeys = 500,
): (db: Db, key: K) => Promise<V> {
  const kept = new WeakMap<Db, Map<K, { epoch: number; value: Promise<V> }>>();
  return (db, key) => {
    const epoch = writeEpoch(db);
    if (epoch === null) return read(db, key);
    let values = kept.get(db);
    if (!values) {
      values = new Map();
      kept.set(db, values);
    }
    const hit = values.get(key);
    if (hit && hit.epoch === epoch) return hit.value;
    const value = read(db, key);
    if (values.size >= maxKeys) values.clear();
    const entry = { epoch, value };
    values.set(key, entry);
    const forgetFailure = values;
    value.catch(() => {
      if (forgetFailure.get(key) === entry) forgetFailure.delete(key);
    });
    return value;
  };
}

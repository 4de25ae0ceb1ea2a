import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/client.ts';

interface Tracked {
  /** Bumped after every statement that may have changed data, and after every transaction, commit or rollback. */
  epoch: number;
  /** Statements run (the benchmarks print them per call). */
  statements: number;
  /** Bumped like `epoch`, but only by writes that may have changed the patients table (PATIENT_WRITES). */
  patientsEpoch: number;
}

const tracked = new WeakMap<object, Tracked>();

/** A statement that reads only: a plain SELECT (a WITH may hide a write, so it counts as one). */
const READ_ONLY = /^\s*\(?\s*select\b/i;

/**
 * A write that may change the patients table: one that names it, drops, truncates, creates or alters anything (a
 * reset or a migration), runs code (DO, CALL) or rolls back (a hand-written BEGIN). No trigger, rule or cascading
 * foreign key reaches the patients from another table (their only key, to practitioners, is NO ACTION): one added
 * must be named here. Errs on the side of bumping: a false alarm costs a re-read, never a stale answer.
 */
const PATIENT_WRITES = /\bpatients\b|\b(drop|truncate|alter|create|call|rollback|abort)\b|^\s*do\b/i;

/**
 * Counts what an embedded database runs (decision 0055). This process is the only one that can reach an embedded
 * database (the data-folder lock, or memory), and every statement goes through this client: so "no statement that
 * could write has finished since epoch E" is known here without asking the database. A write bumps the epoch when it
 * completes; a transaction bumps it when it ends (PGlite runs no other statement while one is open, so nobody reads
 * its writes before then).
 */
export function trackEmbeddedWrites(db: Db, client: PGlite) {
  const state: Tracked = { epoch: 0, statements: 0, patientsEpoch: 0 };
  tracked.set(db, state);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  /** inTransaction: set when a statement of that transaction may have written patients (bumped when it ends). */
  const counted =
    <A extends unknown[], R>(
      run: (sql: string, ...rest: A) => Promise<R>,
      inTransaction?: { wrotePatients: boolean },
    ) =>
    async (sql: string, ...rest: A): Promise<R> => {
      const bumps = inTransaction === undefined;
      state.statements += 1;
      const writesPatients = !READ_ONLY.test(sql) && PATIENT_WRITES.test(sql);
      if (inTransaction && writesPatients) inTransaction.wrotePatients = true;
      try {
        return await run(sql, ...rest);
      } finally {
        if (bumps && !READ_ONLY.test(sql)) state.epoch += 1;
        if (bumps && writesPatients) state.patientsEpoch += 1;
      }
    };
  client.query = counted(query) as PGlite['query'];
  client.exec = counted(exec) as PGlite['exec'];
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    const thisTransaction = { wrotePatients: false };
    try {
      return await transaction((tx) => {
        tx.query = counted(tx.query.bind(tx), thisTransaction) as typeof tx.query;
        tx.exec = counted(tx.exec.bind(tx), thisTransaction) as typeof tx.exec;
        return callback(tx);
      });
    } finally {
      state.epoch += 1;
      if (thisTransaction.wrotePatients) state.patientsEpoch += 1;
    }
  }) as PGlite['transaction'];
}

/**
 * The write epoch of an embedded database: equal values mean no write finished in between, so what was read at the
 * first is still true at the second. null for a PostgreSQL server (other processes write too) and for a transaction:
 * there only the database can tell.
 */
export const writeEpoch = (db: Db): number | null => tracked.get(db)?.epoch ?? null;

/**
 * Like writeEpoch, for the patients table only (decision 0020): equal values mean no statement that could change a
 * patient record finished in between. null on PostgreSQL and in a transaction.
 */
export const patientsWriteEpoch = (db: Db): number | null => tracked.get(db)?.patientsEpoch ?? null;

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

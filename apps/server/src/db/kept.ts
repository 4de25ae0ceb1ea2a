import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './db.ts';

/**
 * What kept values are built from (decision 0070). Working data is changed by the portal's requests; reference data
 * only by its importers (the seed, the catalogue and ICD-10 imports), which say so.
 */
const WORKING_DATA = ['orders', 'patients', 'practitioners', 'bundles', 'sessions', 'subscriptions'] as const;
const REFERENCE_DATA = ['catalogue', 'prices', 'dxCodes'] as const;
export type DataSet = (typeof WORKING_DATA)[number] | (typeof REFERENCE_DATA)[number];
export const EVERY_DATA_SET: readonly DataSet[] = [...WORKING_DATA, ...REFERENCE_DATA];

/** What the code running now writes, as it said with `changing` (and `changingOneRecord`). */
interface Declared {
  sets: readonly DataSet[];
  /** The one record of those sets the write changes (its key), when it said so. */
  record?: unknown;
}

const declared = new AsyncLocalStorage<Declared>();

/** A write of tables that feed no kept value (writesNothingKept). */
const NOTHING_KEPT: Declared = { sets: [] };

/**
 * Runs a write that changes the given data sets: how a repository (or the code making a change) says what its
 * statements change, so that values kept from other data stay. On an embedded database a statement that writes
 * without saying so changes every set of working data, never reference data, unless it writes only tables that feed
 * no kept value (FEEDS_NO_KEPT_VALUE: the job queue, the audit trail; decision 0306), which change nothing.
 * A transaction changes what its statements say; when none says anything, every set of working data.
 */
export function changing<T>(sets: readonly DataSet[], write: () => PromiseLike<T>): Promise<T> {
  return declared.run({ sets }, async () => await write());
}

/**
 * Runs a single statement that changes one record of a data set and nothing else of it (an order's row and its own
 * rows, by the order's id): a value kept by record (`keyedBy`) for another key stays (decision 0306). In a
 * transaction it counts as a change of the whole set, as does any other write.
 */
export function changingOneRecord<T>(set: DataSet, key: unknown, write: () => PromiseLike<T>): Promise<T> {
  return declared.run({ sets: [set], record: key }, async () => await write());
}

/** Records changed one by one are remembered up to this many per set; past it, the whole set counts as changed. */
const MAX_CHANGED_RECORDS = 10_000;

interface Tracker {
  /** Bumped by every change. */
  generation: number;
  /** The generation of each data set's last change as a whole. */
  changedAt: Map<DataSet, number>;
  /** The generation of each record's last change on its own (changingOneRecord), by set and key. */
  recordChangedAt: Map<DataSet, Map<unknown, number>>;
  /** The generation of the last change of any one record of each set. */
  anyRecordChangedAt: Map<DataSet, number>;
  /** Statements run (the benchmarks print them per call). */
  statements: number;
}

const trackers = new WeakMap<object, Tracker>();

/** A statement that reads only: a plain SELECT (a WITH may hide a write, so it counts as one). */
const READ_ONLY = /^\s*\(?\s*select\b/i;

/**
 * Tables no kept value is built from (decision 0306): the job queue's schema, the audit trail, the status emails'
 * progress, the rate limiter's hits, and the kept order statuses (decision 0333: only the order lists read them, to
 * find candidates whose status each list derives again from the facts, so a list answers the same whether a status
 * is kept or stale; the facts' own writes, which make them stale, change 'orders'). None has a trigger that writes
 * elsewhere. A value kept from one of them must take it off this list.
 */
const FEEDS_NO_KEPT_VALUE =
  /^"?(pgboss"?\s*\.\s*"?\w+|audit_events|status_emails|rate_limit_hits|order_statuses)"?$/i;
/** The tables a statement inserts into, updates or deletes from (FOR UPDATE and DO UPDATE are not writes of one). */
const WRITE_TARGET =
  /(?:\binsert\s+into|\bdelete\s+from|(?<!\b(?:for|key|do)\s+)\bupdate)\s+((?:"?\w+"?\s*\.\s*)?"?\w+"?)/gi;
/** One INSERT, UPDATE or DELETE (a WITH of them), nothing that could write by other means. */
const PLAIN_WRITE = /^\(?\s*(insert|update|delete|with)\b/i;
const OTHER_WRITES = /\b(merge|truncate|alter|drop|create|call|copy)\b/i;
/** The parts of a script (pg-boss's maintenance) that write nothing, and maintenance that changes no row (vacuum). */
const NO_WRITE = /^(begin|commit|set|vacuum|analyze|\(?\s*select)\b/i;

const writesOnlyTablesFeedingNothing = (statement: string) => {
  if (!PLAIN_WRITE.test(statement) || OTHER_WRITES.test(statement)) return false;
  const targets = [...statement.matchAll(WRITE_TARGET)].map((match) => match[1] ?? '');
  return targets.length > 0 && targets.every((table) => FEEDS_NO_KEPT_VALUE.test(table));
};

/** A statement (or script) that writes only tables that feed no kept value: it changes no data set. */
function classify(sql: string): boolean {
  const parts = sql
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  return parts.every((part) => NO_WRITE.test(part) || writesOnlyTablesFeedingNothing(part));
}

/**
 * The answers of classify by statement text, at most CLASSIFIED_MAX texts (all are dropped when one more comes) of
 * at most CLASSIFIED_LENGTH characters (a longer one, an import's script, is classified each time). A server runs a
 * few hundred texts over and over (the parameters are not in them), and the regular expressions over a statement of
 * 2 kB cost more than looking it up (decision 0331).
 */
const CLASSIFIED_MAX = 2_000;
const CLASSIFIED_LENGTH = 16_384;
const classified = new Map<string, boolean>();

function writesNothingKept(sql: string): boolean {
  if (sql.length > CLASSIFIED_LENGTH) return classify(sql);
  const known = classified.get(sql);
  if (known !== undefined) return known;
  const answer = classify(sql);
  if (classified.size >= CLASSIFIED_MAX) classified.clear();
  classified.set(sql, answer);
  return answer;
}

/**
 * Follows what an embedded database runs (decisions 0055, 0070). This process is the only one that can reach an
 * embedded database (the data-folder lock, or memory), and every statement goes through this client: so "nothing a
 * value was built from changed since" is known here without asking the database. A write counts when it completes;
 * a transaction when it ends (PGlite runs no other statement while one is open, so nobody reads its writes before).
 */
export function trackEmbeddedWrites(db: object, client: PGlite) {
  const tracker: Tracker = {
    generation: 0,
    changedAt: new Map(),
    recordChangedAt: new Map(),
    anyRecordChangedAt: new Map(),
    statements: 0,
  };
  trackers.set(db, tracker);
  const change = (sets: Iterable<DataSet>) => {
    tracker.generation += 1;
    for (const set of sets) {
      tracker.changedAt.set(set, tracker.generation);
      tracker.recordChangedAt.delete(set);
    }
  };
  const changeRecord = (set: DataSet, key: unknown) => {
    tracker.generation += 1;
    const records = tracker.recordChangedAt.get(set) ?? new Map<unknown, number>();
    if (records.size >= MAX_CHANGED_RECORDS) return change([set]);
    records.set(key, tracker.generation);
    tracker.recordChangedAt.set(set, records);
    tracker.anyRecordChangedAt.set(set, tracker.generation);
  };
  const writtenBy = (sql: string): Declared | null => {
    if (READ_ONLY.test(sql)) return null;
    if (writesNothingKept(sql)) return NOTHING_KEPT;
    return declared.getStore() ?? { sets: WORKING_DATA };
  };
  const changeAsDeclared = ({ sets, record }: Declared) => {
    const [set] = sets;
    if (record !== undefined && set !== undefined && sets.length === 1) changeRecord(set, record);
    else change(sets);
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const counted =
    <A extends unknown[], R>(run: (sql: string, ...rest: A) => Promise<R>) =>
    async (sql: string, ...rest: A): Promise<R> => {
      tracker.statements += 1;
      const written = writtenBy(sql);
      try {
        return await run(sql, ...rest);
      } finally {
        if (written) changeAsDeclared(written);
      }
    };
  /** In a transaction: notes what each write says it changes, for the end of the transaction. */
  const noted =
    <A extends unknown[], R>(
      run: (sql: string, ...rest: A) => Promise<R>,
      writes: { sets: Set<DataSet> | null; undeclared: boolean },
    ) =>
    (sql: string, ...rest: A): Promise<R> => {
      tracker.statements += 1;
      const written = writtenBy(sql);
      if (written) {
        const sets = written === NOTHING_KEPT ? [] : declared.getStore()?.sets;
        if (!sets) writes.undeclared = true;
        else writes.sets = new Set([...(writes.sets ?? []), ...sets]);
      }
      return run(sql, ...rest);
    };
  client.query = counted(query) as PGlite['query'];
  client.exec = counted(exec) as PGlite['exec'];
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    const writes: { sets: Set<DataSet> | null; undeclared: boolean } = { sets: null, undeclared: false };
    try {
      return await transaction((tx) => {
        tx.query = noted(tx.query.bind(tx), writes) as typeof tx.query;
        tx.exec = noted(tx.exec.bind(tx), writes) as typeof tx.exec;
        return callback(tx);
      });
    } finally {
      // A transaction that names what it changes speaks for its other writes (the order core names 'orders'); one
      // that names nothing, or only writes that change no working data (audit events), changes all working data.
      if (writes.sets?.size) change(writes.sets);
      else if (writes.undeclared) change(WORKING_DATA);
    }
  }) as PGlite['transaction'];
}

/** Statements an embedded database has run (0 for PostgreSQL): the benchmarks' statement counts. */
export const statementsRun = (db: Db): number => trackers.get(db)?.statements ?? 0;

/** Where a value was read from: the generation of an embedded database before the read began (null elsewhere). */
export type ReadSince = number | null;

/** How a kept value is refreshed on a database other processes write too (PostgreSQL), or in a transaction. */
export type Elsewhere =
  /** Read on every call: nothing is kept. */
  | 'read'
  /** Kept at most this long; with serveOldWhileReading, a call after that answers the old value while it reads. */
  | { maxAgeMs: number; serveOldWhileReading?: boolean }
  /** Kept, and checked by its reader before use (peek's `current` is false): an order and its version. */
  | 'checked by the reader';

export interface KeptOptions<K, V> {
  /** The data sets the value is built from: a change to any of them makes the next call read afresh. */
  from: readonly DataSet[];
  read: (db: Db, key: K) => V;
  elsewhere: Elsewhere;
  /** At most this many keys per database (all are dropped when one more comes). */
  maxKeys?: number;
  /**
   * The set of `from` whose records the keys are (an order by its id): a change of one other record of it keeps the
   * value; a change of the set as a whole drops it, as for every other set (decision 0306).
   */
  keyedBy?: DataSet;
}

export interface Kept<K, V> {
  /** The kept value when nothing it was built from changed since it was read, else read afresh and kept. */
  (db: Db, key: K): V;
  /** The value kept for key, and whether it is known unchanged without asking the database (embedded only). */
  peek(db: Db, key: K): { value: V; current: boolean } | undefined;
  /** The point a read starts from: take it before reading, give it to keep. */
  since(db: Db): ReadSince;
  /** Keeps a value read (or confirmed by its reader) since the given point. */
  keep(db: Db, key: K, value: V, since: ReadSince): void;
  /**
   * Keeps a value a single write returned (its RETURNING rows): current when that write was the only change since
   * the given point, else kept for the reader to check.
   */
  keepWritten(db: Db, key: K, value: V, before: ReadSince): void;
  /** Drops what a database keeps (tests that change reference data behind the importers' back). */
  forget(db: Db): void;
}

interface Entry<V> {
  value: V;
  since: ReadSince;
  at: number;
}

const isPromise = (value: unknown): value is Promise<unknown> => value instanceof Promise;

/**
 * A value kept until the data it was built from changes (decision 0070): the one way the server keeps what it read.
 * On the embedded database it is exact (see trackEmbeddedWrites); on PostgreSQL, where other processes write, it
 * follows `elsewhere`. A value that is a promise and fails is not kept.
 */
export function keptUntilChanged<K, V>({
  from,
  read,
  elsewhere,
  maxKeys = 500,
  keyedBy,
}: KeptOptions<K, V>): Kept<K, V> {
  const kept = new WeakMap<Db, Map<K, Entry<V>>>();
  const entriesOf = (db: Db) => {
    let entries = kept.get(db);
    if (!entries) {
      entries = new Map();
      kept.set(db, entries);
    }
    return entries;
  };
  /** The generation of the last change of a set that this key's value was built from. */
  const lastChangeOf = (tracker: Tracker, set: DataSet, key: K) => {
    const whole = tracker.changedAt.get(set) ?? 0;
    const records =
      set === keyedBy
        ? (tracker.recordChangedAt.get(set)?.get(key) ?? 0)
        : (tracker.anyRecordChangedAt.get(set) ?? 0);
    return Math.max(whole, records);
  };
  const unchangedSince = (tracker: Tracker, key: K, since: ReadSince) =>
    since !== null && from.every((set) => lastChangeOf(tracker, set, key) <= since);
  const isCurrent = (db: Db, key: K, entry: Entry<V>) => {
    const tracker = trackers.get(db);
    if (tracker) return unchangedSince(tracker, key, entry.since);
    return typeof elsewhere === 'object' && Date.now() - entry.at < elsewhere.maxAgeMs;
  };
  const store = (db: Db, key: K, value: V, since: ReadSince) => {
    const entries = entriesOf(db);
    entries.delete(key);
    if (entries.size >= maxKeys) entries.clear();
    const entry = { value, since, at: Date.now() };
    entries.set(key, entry);
    return { entries, entry };
  };
  const since = (db: Db): ReadSince => trackers.get(db)?.generation ?? null;

  const get = (db: Db, key: K): V => {
    if (!trackers.has(db) && elsewhere === 'read') return read(db, key);
    const hit = kept.get(db)?.get(key);
    if (hit && isCurrent(db, key, hit)) return hit.value;
    const value = read(db, key);
    const { entries, entry } = store(db, key, value, since(db));
    const serveOld =
      hit !== undefined && typeof elsewhere === 'object' && elsewhere.serveOldWhileReading === true;
    if (isPromise(value)) {
      value.catch(() => {
        if (entries.get(key) !== entry) return;
        if (serveOld) entries.set(key, hit);
        else entries.delete(key);
      });
      if (serveOld && !trackers.has(db)) return hit.value;
    }
    return value;
  };

  return Object.assign(get, {
    peek(db: Db, key: K) {
      const entry = kept.get(db)?.get(key);
      return entry && { value: entry.value, current: isCurrent(db, key, entry) };
    },
    since,
    keep(db: Db, key: K, value: V, readSince: ReadSince) {
      store(db, key, value, readSince);
    },
    keepWritten(db: Db, key: K, value: V, before: ReadSince) {
      const after = since(db);
      const alone = before !== null && after === before + 1;
      store(db, key, value, alone ? after : null);
    },
    forget(db: Db) {
      kept.delete(db);
    },
  });
}

/** Whether every write to this database goes through this process (an embedded database, not in a transaction). */
export const seesEveryWrite = (db: Db): boolean => trackers.has(db);

/**
 * A prepared statement per database, made on first use: it belongs to the pool or embedded database it was made on,
 * and is built from no data.
 */
export const preparedStatement = <T>(make: (db: Db) => T): Kept<void, T> =>
  keptUntilChanged<void, T>({
    from: [],
    read: (db) => make(db),
    elsewhere: { maxAgeMs: Number.POSITIVE_INFINITY },
  });

// The limit of a save (issue 10, item 9): the SQL statements the save issued, captured at the driver, run again by
// the driver on the same database with as many concurrent workers as the load generator has connections. A save's
// throughput over its limit's is what the API (HTTP, validation, assembling and writing JSON) adds to its SQL.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';

export interface Statement {
  text: string;
  params: unknown[];
  /** Rows the statement returned or changed when captured: a replay must match (a stale claim returns none). */
  rows: number;
}

type Driver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

const driverOf = (db: Db, kind: 'pglite' | 'postgres'): Driver => {
  const client = (db as unknown as { $client: unknown }).$client;
  return kind === 'pglite' ? { kind, client: client as PGlite } : { kind, pool: client as pg.Pool };
};

const rowsOf = (result: unknown): number => {
  const { rows, affectedRows, rowCount } = result as {
    rows?: unknown[];
    affectedRows?: number;
    rowCount?: number;
  };
  return Math.max(rows?.length ?? 0, affectedRows ?? 0, rowCount ?? 0);
};

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** Wraps a query function so that every statement it runs is recorded (pg: text or config, and values). */
function recording(query: QueryFn, into: Statement[]): QueryFn {
  return async (...args: unknown[]) => {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    const params = (
      typeof first === 'string' ? second : ((first as { values?: unknown[] }).values ?? second)
    ) as unknown[] | undefined;
    const result = await query(...args);
    // The audit trail's events (batched request events run on their own timer), the bearer token's session check
    // (docs/decisions/0214, 0217) and the job queue's polling (its schema pgboss, decision 0160) are left out of a
    // save's limit: the scenario's own figures include them.
    if (!BACKGROUND.test(text)) into.push({ text, params: params ?? [], rows: rowsOf(result) });
    return result;
  };
}

const BACKGROUND = /^\s*insert into "?audit_events"?|from "(patient_)?sessions" where|\bpgboss"?\./;

/** The statements `work` makes the database run (work must be the only thing running meanwhile). */
export async function captureStatements(
  db: Db,
  kind: 'pglite' | 'postgres',
  work: () => Promise<unknown>,
): Promise<Statement[]> {
  const driver = driverOf(db, kind);
  const statements: Statement[] = [];
  if (driver.kind === 'pglite') {
    const { client } = driver;
    const query = client.query;
    const transaction = client.transaction;
    client.query = recording(query as QueryFn, statements) as PGlite['query'];
    client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
      statements.push({ text: 'begin', params: [], rows: 0 });
      const result = await transaction.call(client, (tx) => {
        tx.query = recording(tx.query.bind(tx) as QueryFn, statements) as typeof tx.query;
        return callback(tx);
      });
      statements.push({ text: 'commit', params: [], rows: 0 });
      return result;
    }) as PGlite['transaction'];
    try {
      await work();
    } finally {
      client.query = query;
      client.transaction = transaction;
    }
    return statements;
  }
  const { pool } = driver;
  const query = pool.query;
  const connect = pool.connect;
  pool.query = recording(query.bind(pool) as QueryFn, statements) as typeof pool.query;
  // pool.query checks a client out with a callback (its statement is recorded by the wrapper of pool.query); a
  // transaction checks one out as a promise, whose statements are recorded here.
  const checkOut = async () => {
    const client: pg.PoolClient = await (connect as () => Promise<pg.PoolClient>).call(pool);
    const clientQuery = client.query;
    client.query = recording(clientQuery.bind(client) as QueryFn, statements) as typeof client.query;
    const release = client.release;
    client.release = (...args: Parameters<typeof release>) => {
      client.query = clientQuery;
      client.release = release;
      return release.apply(client, args);
    };
    return client;
  };
  pool.connect = ((...args: unknown[]) =>
    typeof args[0] === 'function'
      ? (connect as (...rest: unknown[]) => unknown).apply(pool, args)
      : checkOut()) as unknown as typeof pool.connect;
  try {
    await work();
  } finally {
    pool.query = query;
    pool.connect = connect;
  }
  return statements;
}

/**
 * The parameters that carry the order's version, found by capturing two saves of the same change at versions v and
 * v + 1: [statement, parameter] pairs whose value was v in the first and v + 1 in the second.
 */
export function versionSlots(first: Statement[], second: Statement[], version: number): [number, number][] {
  if (first.length !== second.length || first.some((s, i) => s.text !== second[i]?.text)) {
    const texts = (statements: Statement[]) => statements.map((s) => s.text.slice(0, 120)).join('\n  ');
    throw new Error(
      `the two saves did not issue the same statements:\n first:\n  ${texts(first)}\n second:\n  ${texts(second)}`,
    );
  }
  const slots: [number, number][] = [];
  first.forEach((statement, i) => {
    statement.params.forEach((param, j) => {
      if (String(param) === String(version) && String(second[i]?.params[j]) === String(version + 1))
        slots.push([i, j]);
    });
  });
  return slots;
}

/** One worker's statements: replayed as captured, with the version parameters set to the order's next version. */
export interface Replay {
  statements: Statement[];
  slots: [number, number][];
  /** The version the next replay claims (bumped after each). */
  version: number;
}

async function replayOnce(driver: Driver, replay: Replay): Promise<boolean> {
  const statements = replay.statements.map((statement) => ({ ...statement, params: [...statement.params] }));
  for (const [i, j] of replay.slots) {
    const statement = statements[i];
    if (statement) statement.params[j] = replay.version;
  }
  const inner = statements.filter((s) => s.text !== 'begin' && s.text !== 'commit');
  const inTransaction = inner.length !== statements.length;
  let same = true;
  const check = (statement: Statement, result: unknown) => {
    if (rowsOf(result) !== statement.rows) same = false;
  };
  if (driver.kind === 'pglite') {
    const run = async (runner: Pick<PGlite, 'query'>) => {
      for (const statement of inner) check(statement, await runner.query(statement.text, statement.params));
    };
    if (inTransaction) await driver.client.transaction(run);
    else await run(driver.client);
  } else {
    const client = await driver.pool.connect();
    try {
      for (const statement of statements)
        check(statement, await client.query(statement.text, statement.params));
    } finally {
      client.release();
    }
  }
  if (replay.slots.length > 0) replay.version += 1;
  return same;
}

/** Replays each worker's statements over and over for `seconds`: replays per second, p99 latency, mismatches. */
export async function runLimit(
  db: Db,
  kind: 'pglite' | 'postgres',
  replays: Replay[],
  seconds: number,
): Promise<{ rps: number; p99: number; errors: number }> {
  const driver = driverOf(db, kind);
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    replays.map(async (replay) => {
      while (Date.now() < until) {
        const started = performance.now();
        if (!(await replayOnce(driver, replay))) errors += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { rps: latencies.length / seconds, p99: Math.round(p99), errors };
}

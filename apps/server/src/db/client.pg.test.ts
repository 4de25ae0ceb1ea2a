import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { openTestDatabase } from './test-db.ts';

// Issue 21 §1 (docs/decisions/0153): a PostgreSQL backend terminated under the portal (57P01, what a restart sends)
// fails the request that held it and nothing else; the process lives on and the pool reconnects.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL connections lost under the portal', () => {
  let database: Database;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await openTestDatabase();
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    process.prependListener('uncaughtException', onUncaught);
  }, 120_000);
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await admin?.end();
    await database?.close();
  });

  const pidOf = async (db: Database['db']) => {
    const result = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    return (result as unknown as { rows: { pid: number }[] }).rows[0]?.pid as number;
  };
  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1, 5000)', [pid]);

  it('a connection held idle inside a transaction, its backend terminated: that transaction fails, the process lives, the next query works', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pid = 0;
    let pidKnown: () => void = () => {};
    const known = new Promise<void>((resolve) => {
      pidKnown = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      pid = await pidOf(tx as unknown as Database['db']);
      pidKnown();
      await held;
      await tx.execute(sql`select 1`);
    });
    const outcome = transaction.then(
      () => 'committed',
      (error: { code?: string; message?: string }) => error.code ?? error.message ?? 'failed',
    );
    await known;
    await terminate(pid);
    // The client's socket closes while the transaction holds it idle: the moment that crashed the process.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    expect(await outcome).not.toBe('committed');
    expect(uncaught).toEqual([]);
    const after = await pidOf(database.db);
    expect(after).not.toBe(pid);
  });
});

import { PGlite } from '@electric-sql/pglite';
import { labToday } from '@gear/domain';
import PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { PaymentGateway } from './gateway/gateway.ts';
import { chargeDueInstalments } from './instalment-job.ts';

/** The queue whose one kind of job is a run of the instalment job (decision 0160). */
export const INSTALMENT_QUEUE = 'charge-due-instalments';
/** Every hour on the hour (UTC), as the timer of decision 0121 did. */
export const INSTALMENT_CRON = '0 * * * *';

interface SqlRunner {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss talks to the database through `executeSql`. On PostgreSQL that is the pool drizzle already holds. On the
 * embedded database (one connection, queries serialised) pg-boss's install and maintenance scripts are several
 * statements with no values, which PGlite runs with `exec` (the last result answers); the rest go through `query`.
 */
export function sqlRunnerOf(db: Db): SqlRunner {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite)
    return {
      // The queue's own tables (schema pgboss) feed no kept value: db/kept.ts knows its writes change nothing kept.
      executeSql: async (text, values) => {
        if (values === undefined || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await client.query(text, values);
        return { rows: result.rows };
      },
    };
  const pool = client as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  return { executeSql: (text, values) => pool.query(text, values) };
}

export interface InstalmentQueue {
  /** Asks for a run now (the queue's worker takes it): used at start and by tests. */
  runNow(): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the portal's database (its own schema `pgboss`), schedules the instalment job hourly and works
 * it in this process. Every process may do so: the cron is one row, a run is one job taken by one worker (SKIP
 * LOCKED), and a charge is made once whatever runs (the gateway's key and the conditional settle of decision 0121).
 * A failed run is retried by the queue; it is logged by kind only.
 */
export async function startInstalmentQueue(
  db: Db,
  gateway: PaymentGateway,
  options: { log: (message: string) => void; pollingIntervalSeconds?: number; today?: () => string },
): Promise<InstalmentQueue> {
  const boss = new PgBoss({ db: sqlRunnerOf(db), schema: 'pgboss' });
  boss.on('error', (error) => options.log(`instalment queue error: ${error.name}`));
  await boss.start();
  await boss.createQueue(INSTALMENT_QUEUE, {
    name: INSTALMENT_QUEUE,
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
  });
  await boss.schedule(INSTALMENT_QUEUE, INSTALMENT_CRON);
  const today = options.today ?? labToday;
  await boss.work(
    INSTALMENT_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async () => {
      try {
        await chargeDueInstalments(db, gateway, today());
      } catch (error) {
        options.log(`instalment job failed: ${error instanceof Error ? error.name : 'unknown'}`);
        throw error;
      }
    },
  );
  return {
    runNow: () => boss.send(INSTALMENT_QUEUE, {}),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

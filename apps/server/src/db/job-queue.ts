import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Db } from './db.ts';

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

export interface JobQueue {
  /** Asks for a run now (the queue's worker takes it): used at start and by tests. */
  runNow(): Promise<string | null>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** The queue's name; its one kind of job is a run of `run`. */
  name: string;
  run: () => Promise<unknown>;
  /** When runs are asked for on a schedule: a cron expression (UTC). */
  cron?: string;
  /** Seconds before a failed run is tried again (backing off, at most three times). */
  retryDelaySeconds: number;
  pollingIntervalSeconds?: number;
  /** A queue error or a failed run, by the error's kind only (never its message: it may quote data). */
  onFailure: (what: 'queue error' | 'job failed', kind: string) => void;
}

const kindOf = (error: unknown) => (error instanceof Error ? error.name : 'unknown');

/**
 * A job on pg-boss in the portal's database (schema `pgboss`; decisions 0160, 0301, 0333): its own queue, at most
 * one run waiting (the 'stately' policy), worked by this process. Every process may start it: a run is one job taken
 * by one worker (SKIP LOCKED), and a cron is one row. A failed run is retried by the queue.
 */
export async function startJobQueue(db: Db, options: JobQueueOptions): Promise<JobQueue> {
  const { name, onFailure } = options;
  const boss = new PgBoss({ db: sqlRunnerOf(db), schema: 'pgboss' });
  boss.on('error', (error) => onFailure('queue error', error.name));
  await boss.start();
  await boss.createQueue(name, {
    name,
    policy: 'stately',
    retryLimit: 3,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
  });
  if (options.cron) await boss.schedule(name, options.cron);
  await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 }, async () => {
    try {
      await options.run();
    } catch (error) {
      onFailure('job failed', kindOf(error));
      throw error;
    }
  });
  return {
    runNow: () => boss.send(name, {}),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { sqlRunnerOf } from '../payment/instalment-queue.ts';

/** The queue whose one kind of job is a clean-up of the kept statuses (decisions 0313, 0333). */
export const STATUS_TIDY_QUEUE = 'tidy-order-statuses';
/** How many statuses kept by this process make the status table worth a clean-up. */
export const KEPT_BEFORE_TIDY = 1000;

interface Tidy {
  /** Statuses kept since the last run was asked for. */
  kept: number;
  /** Asks the queue for a run (set by the queue of this database; none: nothing asks, as in tests). */
  ask: (() => void) | null;
}

const tidies = new WeakMap<Db, Tidy>();
const tidyOf = (db: Db): Tidy => {
  const tidy = tidies.get(db) ?? { kept: 0, ask: null };
  tidies.set(db, tidy);
  return tidy;
};

/**
 * A list kept `count` statuses (each leaves its stale row's index entries behind, and the planner's statistics say
 * how many rows are stale): after a thousand, a run of the clean-up job is asked for. The list does not wait for it.
 */
export function statusesKept(db: Db, count: number): void {
  const tidy = tidyOf(db);
  tidy.kept += count;
  if (tidy.kept < KEPT_BEFORE_TIDY || !tidy.ask) return;
  tidy.kept = 0;
  tidy.ask();
}

/**
 * The clean-up: the status table vacuumed (the index entries of rows no longer stale go) and analysed (the planner
 * knows how few rows are stale). The embedded database has no autovacuum; on PostgreSQL this comes sooner.
 */
export async function tidyOrderStatuses(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) order_statuses`);
}

export interface StatusTidyQueue {
  /** Asks for a run now (the queue's worker takes it): used by tests. */
  runNow(): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Starts the clean-up job on pg-boss, as the instalment and status-email jobs (decisions 0160, 0301): its own queue,
 * a run asked for by `statusesKept` (at most one queued: the 'stately' policy), worked by this process. A failed run
 * is retried by the queue; it is logged by kind only.
 */
export async function startStatusTidyQueue(
  db: Db,
  options: { log: (message: string) => void; pollingIntervalSeconds?: number },
): Promise<StatusTidyQueue> {
  const boss = new PgBoss({ db: sqlRunnerOf(db), schema: 'pgboss' });
  boss.on('error', (error) => options.log(`status tidy queue error: ${error.name}`));
  await boss.start();
  await boss.createQueue(STATUS_TIDY_QUEUE, {
    name: STATUS_TIDY_QUEUE,
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  });
  await boss.work(
    STATUS_TIDY_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async () => {
      try {
        await tidyOrderStatuses(db);
      } catch (error) {
        options.log(`status tidy job failed: ${error instanceof Error ? error.name : 'unknown'}`);
        throw error;
      }
    },
  );
  const runNow = () => boss.send(STATUS_TIDY_QUEUE, {});
  tidyOf(db).ask = () => {
    runNow().catch((error: unknown) =>
      options.log(`status tidy not asked: ${error instanceof Error ? error.name : 'unknown'}`),
    );
  };
  return {
    runNow,
    stop: async () => {
      tidyOf(db).ask = null;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

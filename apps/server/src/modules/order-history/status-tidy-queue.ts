import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type JobQueue, startJobQueue } from '../../db/job-queue.ts';

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

export type StatusTidyQueue = JobQueue;

/**
 * Starts the clean-up job on pg-boss, as the instalment and status-email jobs (decisions 0160, 0301): its own queue,
 * a run asked for by `statusesKept` (at most one queued: the 'stately' policy), worked by this process. A failed run
 * is retried by the queue; it is logged by kind only.
 */
export async function startStatusTidyQueue(
  db: Db,
  options: { log: (message: string) => void; pollingIntervalSeconds?: number },
): Promise<StatusTidyQueue> {
  const queue = await startJobQueue(db, {
    name: STATUS_TIDY_QUEUE,
    retryDelaySeconds: 30,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    run: () => tidyOrderStatuses(db),
    onFailure: (what, kind) => options.log(`status tidy ${what}: ${kind}`),
  });
  tidyOf(db).ask = () => {
    queue
      .runNow()
      .catch((error: unknown) =>
        options.log(`status tidy not asked: ${error instanceof Error ? error.name : 'unknown'}`),
      );
  };
  return {
    runNow: queue.runNow,
    stop: async () => {
      tidyOf(db).ask = null;
      await queue.stop();
    },
  };
}

import { labToday } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { type JobQueue, startJobQueue } from '../../db/job-queue.ts';
import type { PaymentGateway } from './gateway/gateway.ts';
import { chargeDueInstalments } from './instalment-job.ts';

/** The queue whose one kind of job is a run of the instalment job (decision 0160). */
export const INSTALMENT_QUEUE = 'charge-due-instalments';
/** Every hour on the hour (UTC), as the timer of decision 0121 did. */
export const INSTALMENT_CRON = '0 * * * *';

export type InstalmentQueue = JobQueue;

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
  const today = options.today ?? labToday;
  return startJobQueue(db, {
    name: INSTALMENT_QUEUE,
    cron: INSTALMENT_CRON,
    retryDelaySeconds: 60,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    run: () => chargeDueInstalments(db, gateway, today()),
    onFailure: (what, kind) => options.log(`instalment ${what}: ${kind}`),
  });
}

import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/client.ts';
import { type JobQueue, startJobQueue } from '../../db/job-queue.ts';

import { type StatusEmailSettings, sendDueStatusEmails } from './status-emails.service.ts';

/** The queue whose one kind of job is a run of the status-email job (decision 0301). */
export const STATUS_EMAIL_QUEUE = 'send-status-emails';
/** Every minute: an email written by the intake goes within a minute or two. */
export const STATUS_EMAIL_CRON = '* * * * *';

export type StatusEmailQueue = JobQueue;

/**
 * Starts the status-email job on pg-boss, as the instalment job (decision 0160): its own queue in the `pgboss`
 * schema, a run every minute, worked by this process (every process may: a run claims each email by one statement).
 * A run that fails as a whole (the database away) is retried by the queue; each email's own retries are its row's
 * (sendDueStatusEmails).
 */
export async function startStatusEmailQueue(
  db: Db,
  mailer: Mailer,
  settings: StatusEmailSettings & { pollingIntervalSeconds?: number },
): Promise<StatusEmailQueue> {
  return startJobQueue(db, {
    name: STATUS_EMAIL_QUEUE,
    cron: STATUS_EMAIL_CRON,
    retryDelaySeconds: 30,
    pollingIntervalSeconds: settings.pollingIntervalSeconds,
    run: () => sendDueStatusEmails(db, mailer, settings),
    onFailure: (what, kind) => settings.log({ kind }, `status email ${what}`),
  });
}

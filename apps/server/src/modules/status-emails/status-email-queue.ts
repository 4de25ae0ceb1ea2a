import PgBoss from 'pg-boss';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/client.ts';
import { sqlRunnerOf } from '../payment/instalment-queue.ts';
import { type StatusEmailSettings, sendDueStatusEmails } from './status-emails.service.ts';

/** The queue whose one kind of job is a run of the status-email job (decision 0301). */
export const STATUS_EMAIL_QUEUE = 'send-status-emails';
/** Every minute: an email written by the intake goes within a minute or two. */
export const STATUS_EMAIL_CRON = '* * * * *';

export interface StatusEmailQueue {
  /** Asks for a run now (the queue's worker takes it): used at start and by tests. */
  runNow(): Promise<string | null>;
  stop(): Promise<void>;
}

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
  const boss = new PgBoss({ db: sqlRunnerOf(db), schema: 'pgboss' });
  boss.on('error', (error) => settings.log({ kind: error.name }, 'status email queue error'));
  await boss.start();
  await boss.createQueue(STATUS_EMAIL_QUEUE, {
    name: STATUS_EMAIL_QUEUE,
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  });
  await boss.schedule(STATUS_EMAIL_QUEUE, STATUS_EMAIL_CRON);
  await boss.work(
    STATUS_EMAIL_QUEUE,
    { pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 10 },
    async () => {
      try {
        await sendDueStatusEmails(db, mailer, settings);
      } catch (error) {
        settings.log({ kind: error instanceof Error ? error.name : 'unknown' }, 'status email job failed');
        throw error;
      }
    },
  );
  return {
    runNow: () => boss.send(STATUS_EMAIL_QUEUE, {}),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

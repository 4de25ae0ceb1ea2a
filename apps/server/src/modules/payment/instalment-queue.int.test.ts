import { PAYMENT_MESSAGES, type RecordedPayment } from '@gear/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, useSignIns, useTestApp } from '../../test/helper.ts';
import { localGateway } from './gateway/local-gateway.ts';
import {
  INSTALMENT_QUEUE,
  type InstalmentQueue,
  sqlRunnerOf,
  startInstalmentQueue,
} from './instalment-queue.ts';
import { patientPaidOrder } from './test-payments.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery' });
let queue: InstalmentQueue | null = null;
afterEach(async () => {
  await queue?.stop();
  queue = null;
});

async function instalmentsOf(orderId: number, headers: Record<string, string>) {
  const [payment] = ok<RecordedPayment[]>(
    await ctx.app.inject({ method: 'GET', url: `/gear/order/${orderId}/payments`, headers }),
  );
  return payment?.instalments.map((i) => [i.number, i.status, i.failureMessage]) ?? [];
}

/** Waits until the queue's worker has settled every instalment (what the order then shows), or gives up. */
async function settled(orderId: number, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const rows = await instalmentsOf(orderId, headers);
    if (rows.every(([, status]) => status !== 'scheduled')) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return instalmentsOf(orderId, headers);
}

describe('the instalment job on the pg-boss queue (decisions 0121, 0160)', () => {
  it('a queued run charges the due instalments once, and a declined one is recorded as failed on the order', async () => {
    const paid = await patientPaidOrder(ctx, as.avery, '6011111111111117', 3);
    const declined = await patientPaidOrder(ctx, as.avery, '4000000000000341', 2);
    queue = await startInstalmentQueue(ctx.database.db, localGateway(ctx.database.db), {
      log: () => {},
      pollingIntervalSeconds: 0.5,
      today: () => '2099-12-31',
    });
    expect(await queue.runNow()).not.toBeNull();
    expect(await settled(paid.order.id, paid.patient.headers)).toEqual([
      [1, 'charged', null],
      [2, 'charged', null],
      [3, 'charged', null],
    ]);
    expect(await settled(declined.order.id, declined.patient.headers)).toEqual([
      [1, 'charged', null],
      [2, 'failed', PAYMENT_MESSAGES.cardDeclined],
    ]);
    // The run is a job of the queue's own tables (not a timer): pg-boss kept it, completed.
    const jobs = await sqlRunnerOf(ctx.database.db).executeSql(
      `select state from pgboss.job where name = $1 and state = 'completed'`,
      [INSTALMENT_QUEUE],
    );
    expect(jobs.rows.length).toBeGreaterThanOrEqual(1);
    // A second run finds nothing scheduled: nothing is charged twice.
    expect(await queue.runNow()).not.toBeNull();
    expect(await settled(paid.order.id, paid.patient.headers)).toHaveLength(3);
  });
});

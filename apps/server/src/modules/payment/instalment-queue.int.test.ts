import { PAYMENT_MESSAGES, type RecordedPayment } from '@gear/domain';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sqlRunnerOf } from '../../db/job-queue.ts';
import { seesEveryWrite, statementsRun } from '../../db/kept.ts';
import { ok, useSignIns, useTestApp } from '../../test/helper.ts';
import { orderFor } from '../order/order-reads.ts';
import { localGateway } from './gateway/local-gateway.ts';
import { INSTALMENT_QUEUE, type InstalmentQueue, startInstalmentQueue } from './instalment-queue.ts';
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

  it('decision 0306: the queue polling and running a job drops no order the portal keeps (embedded database)', async () => {
    const { db } = ctx.database;
    if (!seesEveryWrite(db)) return;
    const [first] = (
      (await db.execute<{ id: number }>(sql`select id from orders order by id limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const orderId = first?.id as number;
    const read = async () => {
      const before = statementsRun(db);
      expect(await orderFor(db, orderId, () => {})).not.toBeNull();
      return statementsRun(db) - before;
    };
    await read();
    expect(await read()).toBe(0);
    queue = await startInstalmentQueue(db, localGateway(db), { log: () => {}, pollingIntervalSeconds: 0.5 });
    await read();
    const polledFrom = statementsRun(db);
    expect(await queue.runNow()).not.toBeNull();
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const done = await sqlRunnerOf(db).executeSql(
        `select 1 from pgboss.job where name = $1 and state = 'completed'`,
        [INSTALMENT_QUEUE],
      );
      if (done.rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1200));
    // The queue ran its statements (polls, the job, its completion) meanwhile; the order is still served as kept.
    expect(statementsRun(db) - polledFrom).toBeGreaterThan(3);
    expect(await read()).toBe(0);
  });
});

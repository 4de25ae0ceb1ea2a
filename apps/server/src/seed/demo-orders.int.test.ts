import { count, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessions, orders, requisitions, workflowSteps } from '../db/schema/index.ts';
import { useTestApp } from '../test/helper.ts';
import { DEMO_ORDERS, seedDemoOrders } from './demo-orders.ts';

const ctx = useTestApp();

const counts = async () => {
  const { db } = ctx.database;
  const [orderCount] = await db.select({ n: count() }).from(orders);
  const [requisitionCount] = await db.select({ n: count() }).from(requisitions);
  const [stepCount] = await db.select({ n: count() }).from(workflowSteps);
  const [accessionCount] = await db.select({ n: count() }).from(accessions);
  return [orderCount?.n, requisitionCount?.n, stepCount?.n, accessionCount?.n];
};

describe('seedDemoOrders', () => {
  it('demo-data.md: one order per pack that needs one, with its requisition, workflow rows and accession', async () => {
    const rows = await ctx.database.db
      .select({ activationCode: requisitions.activationCode, reqNumber: requisitions.reqNumber })
      .from(requisitions)
      .where(
        inArray(
          requisitions.activationCode,
          DEMO_ORDERS.map((demo) => demo.activationCode),
        ),
      );
    expect(rows.map((row) => `${row.activationCode}/${row.reqNumber}`).sort()).toEqual([
      'C565591369/50012347',
      'C824591515/50012345',
      'C922499553/50012350',
    ]);
    // The three orders above, the patient-confirmed and recollection orders of demo-panels.ts (0045, 0049) and the
    // three of the review (demo-review-orders.ts) and the eight whose patients pay (demo-payments.ts), 15 workflow
    // rows each; and the review's ship-to-office order with two lines: 10 order rows and 5 rows per line; and the 14
    // orders of every derived status and the bill due (demo-status-orders.ts), seven accessions among them; and the 7 PITL orders
    // (demo-pitl-orders.ts): five of one pack (15 rows) and two of three packs (25 rows), three accessions among them;
    // and the 2 recollect demo orders (50031001, 50031002) with three accessions.
    expect(await counts()).toEqual([
      17 + 14 + 7 + 2,
      18 + 14 + 11 + 2,
      16 * 15 + 10 + 2 * 5 + 14 * 15 + 5 * 15 + 2 * 25 + 2 * 15,
      1 + 7 + 3 + 3,
    ]);
  });

  it('is idempotent', async () => {
    const before = await counts();
    await seedDemoOrders(ctx.database.db);
    expect(await counts()).toEqual(before);
  });
});

import {
  ORDER_PAGE_STATUSES,
  type OrderPageStatus,
  orderPageStatus,
  PATIENT_VIEW_STATUSES,
  type PatientViewStatus,
  patientViewStatus,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { accessions, requisitions } from '../db/schema/index.ts';
import { openTestDatabase } from '../db/test-db.ts';
import { loadOrder } from '../modules/order/order.repository.ts';
import { orderStatusFacts } from '../modules/order-status/order-status-facts.ts';
import { orderTimeline } from '../modules/order-status/timeline.repository.ts';
import { DEMO_STATUS_ORDERS, type DemoStatusKey } from './demo-status-orders.ts';
import { seedDemoData } from './index.ts';

const EXPECTED: Record<DemoStatusKey, [OrderPageStatus, PatientViewStatus]> = {
  placed: ['OrderPlaced', 'ActivationIncomplete'],
  incomplete: ['Incomplete', 'ActivationIncomplete'],
  shipped: ['Shipped', 'ActivationIncomplete'],
  specimenMissing: ['SpecimenMissing', 'ActivationIncomplete'],
  activationComplete: ['ActivationComplete', 'ActivationComplete'],
  receivedByLab: ['ReceivedByLab', 'TestingInProgress'],
  resultsReady: ['ResultsReady', 'ResultsReady'],
  discarded: ['DiscardedSpecimens', 'SpecimenProblem'],
  discardedWithIssues: ['DiscardedSpecimens', 'SpecimenProblem'],
  canceled: ['Canceled', 'Canceled'],
  multipleAccessions: ['ReceivedByLab', 'MultipleOrders'],
  recollectionPending: ['RecollectionPending', 'ActivationIncomplete'],
  recollectionOrdered: ['RecollectionOrdered', 'ActivationIncomplete'],
  recollectable: ['DiscardedSpecimens', 'SpecimenProblem'],
  accessionChoice: ['DiscardedSpecimens', 'MultipleOrders'],
  billDue: ['ResultsReady', 'ResultsReady'],
};

describe('demo orders in every derived status (spec 3 §4, demo-data.md)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db);
    await seedDemoData(database.db);
    return () => database.close();
  }, 120_000);

  async function statusesOf(reqNumber: string, selectedAccessionNo: string | null = null) {
    const [row] = await database.db
      .select({ orderId: requisitions.orderId })
      .from(requisitions)
      .where(eq(requisitions.reqNumber, reqNumber));
    const order = await loadOrder(database.db, row?.orderId as number);
    const facts = await orderStatusFacts(
      database.db,
      {
        ...(order as NonNullable<typeof order>),
        id: row?.orderId as number,
      },
      selectedAccessionNo,
    );
    return [orderPageStatus(facts), patientViewStatus(facts).status] as const;
  }

  it.each(DEMO_STATUS_ORDERS.map((setup) => [setup.key, setup.reqNumber] as const))(
    'the %s order (requisition %s) has its status in both lists',
    async (key, reqNumber) => {
      expect(await statusesOf(reqNumber)).toEqual(EXPECTED[key]);
    },
  );

  it("'Multiple orders' (spec 3 §4): the status follows the accession chosen", async () => {
    expect(await statusesOf('50031002', 'A2611031003')).toEqual(['ResultsReady', 'ResultsReady']);
    expect(await statusesOf('50031002', 'A2611031002')).toEqual(['DiscardedSpecimens', 'SpecimenProblem']);
  });

  it('covers every status of both lists, and keeps C922499553 received by the lab', async () => {
    const seen = await Promise.all(DEMO_STATUS_ORDERS.map((setup) => statusesOf(setup.reqNumber)));
    expect(new Set(seen.map(([page]) => page))).toEqual(new Set(ORDER_PAGE_STATUSES));
    expect(new Set(seen.map(([, view]) => view))).toEqual(new Set(PATIENT_VIEW_STATUSES));
    const [fixed] = await database.db
      .select({ accessionNo: accessions.accessionNo })
      .from(accessions)
      .innerJoin(requisitions, eq(requisitions.id, accessions.gearReqId))
      .where(eq(requisitions.activationCode, 'C922499553'));
    expect(fixed?.accessionNo).toBe('A2601050001');
  });

  it.each(DEMO_STATUS_ORDERS.map((setup) => [setup.key, setup.reqNumber] as const))(
    "the %s order's timeline starts with the order, before its backdated carrier and lab events",
    async (_key, reqNumber) => {
      const [row] = await database.db
        .select({ orderId: requisitions.orderId })
        .from(requisitions)
        .where(eq(requisitions.reqNumber, reqNumber));
      const { entries } = await orderTimeline(database.db, row?.orderId as number);
      expect(entries[0]?.kind).toBe('ordered');
      expect(entries.filter((entry) => entry.kind === 'ordered')).toHaveLength(1);
      expect(entries.some((entry) => /^[A-Z_]+$/.test(entry.text))).toBe(false);
    },
  );
});

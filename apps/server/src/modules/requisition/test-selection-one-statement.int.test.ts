import { BILLING_METHODS, MESSAGES } from '@gear/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, requisitions, workflowSteps } from '../../db/schema/index.ts';
import { expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';
import { ok } from '../../test/order-builders.ts';
import { claimVersionWith } from '../order/order.repository.ts';
import { updateRequisitionWrite } from './requisition.repository.ts';

// Decision 0055: changing a requisition's test selection claims the order's version and writes in one statement.
const ctx = useTestApp();

type Body = Record<string, unknown>;

const metabolomix = (overrides: Body = {}): Body => ({
  id: null,
  omsOrderableItemId: 617,
  panel: 5860,
  components: [5861, 5862, 5863, 5864, 5865],
  addons: [],
  profileSpecificFields: [],
  patientInstructions: null,
  dropShip: true,
  ...overrides,
});
const nutrEval = (overrides: Body = {}): Body => ({
  id: null,
  omsOrderableItemId: 534,
  panel: 5900,
  dropShip: true,
  ...overrides,
});
const acknowledged = { governmentPayor: true, dateMedicalNecessityAcknowledged: '2026-01-05T10:00:00Z' };

async function save(order: { id: number; version: number }, requisition: Body, more: Body = {}) {
  const { headers } = await signIn(ctx.app, 'dr.avery');
  return ctx.app.inject({
    method: 'PUT',
    url: '/gear/testSelection',
    headers,
    payload: { id: order.id, version: order.version, requisitions: [requisition], ...more },
  });
}

async function newOrder() {
  const { headers } = await signIn(ctx.app, 'dr.avery');
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/gear/practitioner/',
    headers,
    payload: { id: 'new', practAgreement: true, practitioner: { gsdlNo: 'P1001' } },
  });
  return ok(response);
}

/** What the database holds for an order: its row's facts, requisitions and workflow rows. */
async function stored(orderId: number) {
  const { db } = ctx.database;
  const [order] = await db
    .select({ version: orders.version, governmentPayor: orders.governmentPayor })
    .from(orders)
    .where(eq(orders.id, orderId));
  const reqs = await db
    .select({
      id: requisitions.id,
      billingMethod: requisitions.billingMethod,
      patientInstructions: requisitions.patientInstructions,
      orderableItemId: requisitions.orderableItemId,
    })
    .from(requisitions)
    .where(eq(requisitions.orderId, orderId))
    .orderBy(asc(requisitions.id));
  const steps = await db
    .select()
    .from(workflowSteps)
    .where(eq(workflowSteps.orderId, orderId))
    .orderBy(asc(workflowSteps.id));
  return { order, reqs, steps };
}

describe('decision 0055: changing a requisition is one statement', () => {
  it('answers the order as a fresh read does (its statements are counted by bench/requests.ts)', async () => {
    const first = ok(await save(await newOrder(), metabolomix()));
    const requisitionId = first.requisitions[0]?.id;
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const payload = {
      id: first.id,
      version: first.version,
      requisitions: [metabolomix({ id: requisitionId, patientInstructions: 'Fasting.' })],
    };
    // Read once after signing in (a write): the order is then current, and the save needs no check of it.
    ok(await ctx.app.inject({ method: 'GET', url: `/gear/order/${first.id}`, headers }));
    const response = await ctx.app.inject({ method: 'PUT', url: '/gear/testSelection', headers, payload });
    const changed = ok(response);
    expect(changed.version).toBe(first.version + 1);
    expect(changed.requisitions[0]?.patientInstructions).toBe('Fasting.');
    const read = ok(await ctx.app.inject({ method: 'GET', url: `/gear/order/${first.id}`, headers }));
    expect(read).toEqual(changed);
    const { steps } = await stored(first.id);
    expect(steps.find((row) => row.stepId === 2 && row.gearReqId === requisitionId)?.completed).toBe(true);
  });

  it('a stale version answers 409 and writes nothing: not the requisition, the re-billing, the rows, the order', async () => {
    const first = ok(await save(await newOrder(), metabolomix()));
    const both = ok(await save(first, nutrEval(), acknowledged));
    const nutrEvalId = both.requisitions[1]?.id;
    // Someone else saves first: the version read by this caller is now stale.
    ok(await save(both, nutrEval({ id: nutrEvalId, patientInstructions: 'Other tab.' })));
    const held = await stored(both.id);
    expectEnvelope(
      await save(both, nutrEval({ id: nutrEvalId, patientInstructions: 'Stale tab.' }), {
        governmentPayor: false,
      }),
      409,
      MESSAGES.staleOrder,
    );
    expect(await stored(both.id)).toEqual(held);
    expect(held.order?.governmentPayor).toBe(true);
    expect(held.reqs.map((r) => r.billingMethod)).toEqual([
      BILLING_METHODS.medicare,
      BILLING_METHODS.medicare,
    ]);
    expect(held.reqs[1]?.patientInstructions).toBe('Other tab.');
  });

  it('switching Medicare off re-bills the other requisition in the same statement', async () => {
    const first = ok(await save(await newOrder(), metabolomix()));
    const both = ok(await save(first, nutrEval(), acknowledged));
    const back = ok(await save(both, nutrEval({ id: both.requisitions[1]?.id }), { governmentPayor: false }));
    expect(back.governmentPayor).toBe(false);
    expect(back.requisitions.map((r) => r.billingMethod)).toEqual([null, null]);
    const { reqs, order } = await stored(both.id);
    expect(order?.governmentPayor).toBe(false);
    expect(reqs.map((r) => r.billingMethod)).toEqual([null, null]);
  });

  it('claimVersionWith: a write conditioned on the claim runs only when the version is current', async () => {
    const saved = ok(await save(await newOrder(), metabolomix()));
    const requisitionId = saved.requisitions[0]?.id as number;
    const { db } = ctx.database;
    const write = updateRequisitionWrite(db, requisitionId, { patientInstructions: 'Written.' });
    expect(await claimVersionWith(db, saved.id, saved.version - 1, {}, [write])).toBe(false);
    expect((await stored(saved.id)).reqs[0]?.patientInstructions).toBeNull();
    expect((await stored(saved.id)).order?.version).toBe(saved.version);
    expect(await claimVersionWith(db, saved.id, saved.version, {}, [write])).toBe(true);
    const after = await stored(saved.id);
    expect(after.reqs[0]?.patientInstructions).toBe('Written.');
    expect(after.order?.version).toBe(saved.version + 1);
  });
});

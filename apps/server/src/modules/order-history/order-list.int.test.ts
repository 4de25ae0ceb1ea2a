import { MESSAGES, type OrderListPage, STEP_IDS } from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, workflowSteps } from '../../db/schema/index.ts';
import { callAs, createOrder, expectEnvelope, ok, useSignIns, useTestApp } from '../../test/helper.ts';
import { signInPatient } from '../../test/order-builders.ts';

// The orders page (issue 15; docs/decisions/0310): GET /api/orders, the caller's orders, drafts first.
const ctx = useTestApp();
const as = useSignIns(ctx, {
  admin: 'admin.ops',
  avery: 'dr.avery',
  kim: 'staff.kim',
  diaz: 'dr.diaz',
});

type Who = (typeof as)[keyof typeof as];
const list = async (who: Who, query: Record<string, string> = {}) =>
  ok<OrderListPage>(await callAs(ctx.app, who, 'GET', `/api/orders?${new URLSearchParams(query)}`));

/** Every order of a list, following `next` from the first page, `limit` a page. */
async function walk(who: Who, query: Record<string, string>, limit: number) {
  const seen: OrderListPage['orders'] = [];
  let next: OrderListPage['next'] = null;
  let pages = 0;
  do {
    const page = await list(who, {
      ...query,
      limit: String(limit),
      ...(next ? { section: next.section, before: String(next.before) } : {}),
    });
    seen.push(...page.orders);
    next = page.next;
    pages += 1;
  } while (next && pages < 500);
  return seen;
}

const practitionerOf = (row: OrderListPage['orders'][number]) => row.practitioner?.gsdlNo;

describe('GET /api/orders: the orders page (issue 15, decision 0310)', () => {
  it("lists the practitioners' orders the caller may order for, drafts first, each part newest first", async () => {
    const draft = await createOrder(ctx.app, as.avery.headers, 'P1001');
    const all = await walk(as.avery, {}, 100);
    expect(all.length).toBeGreaterThan(2);
    expect(new Set(all.map(practitionerOf))).toEqual(
      new Set(all.map(practitionerOf).filter((g) => ['P1001', 'P1002', 'P1006'].includes(g ?? ''))),
    );
    expect(all.map(practitionerOf)).toContain('P1001');
    const firstPlaced = all.findIndex((row) => !row.draft);
    expect(firstPlaced).toBeGreaterThan(0);
    expect(all.slice(firstPlaced).every((row) => !row.draft)).toBe(true);
    const drafts = all.slice(0, firstPlaced);
    expect(drafts.map((row) => row.gearOrderId)).toContain(draft.id);
    expect(drafts.every((row) => row.submittedAt === null && !row.canceled)).toBe(true);
    for (const part of [drafts, all.slice(firstPlaced)])
      expect(part.map((row) => row.gearOrderId)).toEqual(
        [...part.map((row) => row.gearOrderId)].sort((a, b) => b - a),
      );
    // Its derived status: a draft is 'Not placed yet' unless the lab or carrier reported on it.
    expect(all.find((row) => row.gearOrderId === draft.id)?.status).toBe('NotPlaced');
    expect(all.slice(firstPlaced).every((row) => row.submittedAt !== null || row.canceled)).toBe(true);
  });

  it('keyset pages lead through every order once, across the drafts and the placed orders', async () => {
    const all = await walk(as.avery, {}, 100);
    const byTwo = await walk(as.avery, {}, 2);
    expect(byTwo.map((row) => row.gearOrderId)).toEqual(all.map((row) => row.gearOrderId));
    const byThree = await walk(as.avery, {}, 3);
    expect(byThree.map((row) => row.gearOrderId)).toEqual(all.map((row) => row.gearOrderId));
    expect(new Set(all.map((row) => row.gearOrderId)).size).toBe(all.length);
  });

  it("another practice's orders are never listed, found or filtered to", async () => {
    const diazs = await createOrder(ctx.app, as.diaz.headers, 'P1004');
    const avery = await walk(as.avery, {}, 100);
    expect(avery.map((row) => row.gearOrderId)).not.toContain(diazs.id);
    expect(avery.every((row) => practitionerOf(row) !== 'P1004')).toBe(true);
    expect((await list(as.avery, { q: String(diazs.id) })).orders).toEqual([]);
    const diaz = await walk(as.diaz, {}, 100);
    expect(diaz.map((row) => row.gearOrderId)).toContain(diazs.id);
    expect(diaz.every((row) => practitionerOf(row) === 'P1004')).toBe(true);
    // staff.kim acts for P1001 and P1002: P1006's orders (dr.avery's onBehalfOf) are not hers.
    const kim = await walk(as.kim, {}, 100);
    expect(kim.every((row) => ['P1001', 'P1002'].includes(practitionerOf(row) ?? ''))).toBe(true);
    expectEnvelope(
      await callAs(ctx.app, as.avery, 'GET', '/api/orders?gsdlNo=P1004'),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(await callAs(ctx.app, as.kim, 'GET', '/api/orders?gsdlNo=p1006'), 403, MESSAGES.forbidden);
    // Admins: every order, or one practitioner's.
    const admin = await walk(as.admin, {}, 100);
    expect(admin.map((row) => row.gearOrderId)).toEqual(expect.arrayContaining([diazs.id]));
    const p1004 = await list(as.admin, { gsdlNo: 'P1004', limit: '100' });
    expect(p1004.orders.every((row) => practitionerOf(row) === 'P1004')).toBe(true);
  });

  it('finds an order by patient name and by order number; filters by derived status', async () => {
    const byName = await list(as.avery, { q: 'Testpatient' });
    expect(byName.orders.length).toBeGreaterThan(0);
    expect(byName.orders.every((row) => row.patient?.nameLast === 'Testpatient')).toBe(true);
    const id = byName.orders[0]?.gearOrderId ?? 0;
    expect((await list(as.avery, { q: String(id) })).orders.map((row) => row.gearOrderId)).toContain(id);
    const received = await walk(as.avery, { status: 'ReceivedByLab' }, 100);
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((row) => row.status === 'ReceivedByLab')).toBe(true);
    const notPlaced = await list(as.avery, { status: 'NotPlaced', limit: '100' });
    expect(notPlaced.orders.every((row) => row.status === 'NotPlaced' && row.draft)).toBe(true);
    expect(notPlaced.searchedTo).not.toBeNull();
  });

  it('a draft the practitioner confirms moves to the placed orders', async () => {
    const order = await createOrder(ctx.app, as.avery.headers, 'P1001');
    const before = await list(as.avery, { q: String(order.id) });
    expect(before.orders[0]?.draft).toBe(true);
    const confirmation = and(
      eq(workflowSteps.orderId, order.id),
      eq(workflowSteps.stepId, STEP_IDS.practitionerConfirmation),
    );
    await ctx.database.db
      .update(workflowSteps)
      .set({ completed: true, stepDate: new Date() })
      .where(confirmation);
    const after = await list(as.avery, { q: String(order.id) });
    expect(after.orders[0]).toMatchObject({ gearOrderId: order.id, draft: false });
    await ctx.database.db.update(workflowSteps).set({ completed: false, stepDate: null }).where(confirmation);
    expect((await list(as.avery, { q: String(order.id) })).orders[0]?.draft).toBe(true);
    // A canceled order is no draft.
    await ctx.database.db.update(orders).set({ canceled: true }).where(eq(orders.id, order.id));
    expect((await list(as.avery, { q: String(order.id) })).orders[0]).toMatchObject({
      draft: false,
      status: 'Canceled',
    });
  });

  it('refuses a signed-out caller (401) and a patient (403); answers no-store', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/orders' });
    expectEnvelope(anonymous, 401);
    const [first] = (await list(as.avery, { q: 'Testpatient' })).orders;
    const patient = await signInPatient(ctx.app, ctx.database.db, [first?.gearOrderId ?? 0]);
    expectEnvelope(await callAs(ctx.app, patient, 'GET', '/api/orders'), 403, MESSAGES.forbidden);
    const answer = await callAs(ctx.app, as.avery, 'GET', '/api/orders');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a page size of 0', 'limit=0'],
    ['a page size over 100', 'limit=101'],
    ['a part that is not one', 'section=archived'],
    ['a cursor that is not an id', 'before=abc'],
    ['a negative cursor', 'before=-3'],
    ['a NUL in the search', 'q=a%00b'],
    ['a search over 100 characters', `q=${'x'.repeat(101)}`],
    ['a GSDL number over 5', 'gsdlNo=P100199'],
    ['a status that is not one', 'status=Lost'],
  ])('bad input is a 400: %s', async (_name, query) => {
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', `/api/orders?${query}`), 400);
  });
});

import {
  LISTED_ORDER_STATUSES,
  MESSAGES,
  ORDER_PAGE_STATUSES,
  type OrderHistoryPage,
  type OrderStatus,
  STEP_IDS,
} from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isoText } from '../../db/prepared.ts';
import { requisitions, workflowSteps } from '../../db/schema/index.ts';
import { DEMO_STATUS_ORDERS } from '../../seed/demo-status-orders.ts';
import { callAs, expectEnvelope, ok, useSignIns, useTestApp } from '../../test/helper.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { admin: 'admin.ops', avery: 'dr.avery', kim: 'staff.kim' });

const search = async (query: Record<string, string>) =>
  ok<OrderHistoryPage>(
    await callAs(ctx.app, as.admin, 'GET', `/api/admin/orders?${new URLSearchParams(query)}`),
  );
const activationCodesOf = (page: OrderHistoryPage) =>
  page.orders.flatMap((order) => order.requisitions.map((r) => r.activationCode));

describe('GET /api/admin/orders: the order history (spec 1 §2.1, decision 0281)', () => {
  it.each<[string, string, string]>([
    ['a requisition number', '50012350', 'C922499553'],
    ['an activation number, in any case', 'c922499553', 'C922499553'],
    ['an accession number', 'A2601050001', 'C922499553'],
    ["a patient's last name from its start", 'samp', 'C922499553'],
    ["a patient's first and last name", 'Robert Sample', 'C922499553'],
    ['a requisition number of another order', '50012345', 'C824591515'],
  ])('finds an order by %s', async (_name, q, activationCode) => {
    const page = await search({ q });
    expect(activationCodesOf(page)).toContain(activationCode);
    expect(page.orders.length).toBeLessThanOrEqual(2);
  });

  it('decision 0336: a name search matches %, _ and \\ literally and finds letters beyond ASCII, by each way', async () => {
    const names: [string, string][] = [
      ['Lit', 'O%Brien'],
      ['Lit', 'O_Hara'],
      ['Lit', 'OxHara'],
      ['Lit', 'Back\\slash'],
      ['Zoë', 'Ørsted'],
      ['Ødd', 'Zoëlle'],
    ];
    const ids = new Map<string, number>();
    for (const [nameFirst, nameLast] of names) {
      const { rows } = (await ctx.app.db.execute(sql`
        insert into orders (practitioner_gsdl_no, patient_info)
        values ('P1005', jsonb_build_object('nameFirst', ${nameFirst}::text, 'nameLast', ${nameLast}::text))
        returning id`)) as unknown as { rows: { id: number }[] };
      ids.set(nameLast, Number(rows[0]?.id));
    }
    const found = async (q: string) =>
      (await search({ q, gsdlNo: 'P1005' })).orders
        .map((order) => order.patient?.nameLast)
        .filter((name) => name !== undefined && names.some(([, last]) => last === name))
        .sort();
    expect(await found('o%')).toEqual(['O%Brien']);
    expect(await found('o_h')).toEqual(['O_Hara']);
    expect(await found('back\\')).toEqual(['Back\\slash']);
    expect(await found('ZOË')).toEqual(['Zoëlle', 'Ørsted']);
    expect(await found('ø')).toEqual(['Zoëlle', 'Ørsted']);
    expect(await found('Zoë ør')).toEqual(['Ørsted']);
    expect(await found('lit o%')).toEqual(['O%Brien']);
    expect(ids.size).toBe(names.length);
  });

  it('an order row: practitioner, patient, dates, numbers, accession and total paid', async () => {
    const [order] = (await search({ q: '50012350' })).orders;
    expect(order).toMatchObject({
      practitioner: { gsdlNo: 'P1001', lastName: 'Avery' },
      patient: { nameFirst: 'Robert', nameLast: 'Sample' },
      canceled: false,
      totalPaidCents: expect.any(Number),
      requisitions: [{ reqNumber: '50012350', activationCode: 'C922499553', accessionNo: 'A2601050001' }],
    });
    expect(order?.submittedAt).not.toBeNull();
    const byId = await search({ q: String(order?.gearOrderId) });
    expect(byId.orders.map((row) => row.gearOrderId)).toContain(order?.gearOrderId);
  });

  it('decision 0344: the dates of a row are ISO 8601 in UTC to the millisecond, as Date#toISOString writes them', async () => {
    const { rows } = (await ctx.app.db.execute(sql`
      insert into orders (practitioner_gsdl_no, patient_info, created_at, updated_at)
      values ('P1005', '{"nameFirst":"Iso","nameLast":"Dates"}',
        '2026-03-04 00:06:07.891999-05', '2026-12-31 23:59:59.9999+00')
      returning id`)) as unknown as { rows: { id: number }[] };
    const id = Number(rows[0]?.id);
    const [order] = (await search({ q: String(id) })).orders;
    expect(order).toMatchObject({
      gearOrderId: id,
      createdAt: '2026-03-04T05:06:07.891Z',
      updatedAt: '2026-12-31T23:59:59.999Z',
    });
    expect(order?.createdAt).toBe(new Date('2026-03-04T05:06:07.891999Z').toISOString());
  });

  it("says an order billed to the practice's account is, rather than reading $0.00 paid (issue 17)", async () => {
    // The demo order in 'Activation Complete' bills the practice (Physician Account); 50012345 is a patient's.
    const [practice] = (await search({ q: '50030005' })).orders;
    expect(practice).toMatchObject({ totalPaidCents: 0, billedToPractice: true });
    const [patients] = (await search({ q: '50012345' })).orders;
    expect(patients?.billedToPractice).toBe(false);
  });

  it('filters by practitioner and by the days the orders were started; a search with no match is empty', async () => {
    const p1002 = await search({ gsdlNo: 'p1002' });
    expect(p1002.orders.length).toBeGreaterThan(0);
    expect(p1002.orders.every((order) => order.practitioner?.gsdlNo === 'P1002')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await search({ from: today, to: today })).orders.length).toBeGreaterThan(0);
    expect((await search({ from: '2099-01-01' })).orders).toEqual([]);
    expect((await search({ to: '2000-01-01' })).orders).toEqual([]);
    expect((await search({ q: 'zzz-no-such-order' })).orders).toEqual([]);
    expect((await search({ q: '50%' })).orders).toEqual([]);
  });

  it('pages newest first on the server: nextBefore leads through every order once', async () => {
    const all = await search({ limit: '100' });
    const seen: number[] = [];
    let before: number | null | undefined;
    do {
      const page = await search({ limit: '2', ...(before ? { before: String(before) } : {}) });
      seen.push(...page.orders.map((order) => order.gearOrderId));
      before = page.nextBefore;
    } while (before);
    expect(seen).toEqual(all.orders.map((order) => order.gearOrderId));
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('admins only: a practitioner and staff are refused 403, a signed-out caller 401', async () => {
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/api/admin/orders'), 403, MESSAGES.forbidden);
    expectEnvelope(
      await callAs(ctx.app, as.kim, 'GET', '/api/admin/orders?q=50012350'),
      403,
      MESSAGES.forbidden,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
  });

  it.each([
    ['an end before the start', 'from=2026-02-01&to=2026-01-01'],
    ['a date that is not one', 'from=2026-02-30'],
    ['a page size of 0', 'limit=0'],
    ['a NUL in the search', 'q=a%00b'],
    ['a search over 100 characters', `q=${'x'.repeat(101)}`],
    ['a GSDL number over 5', 'gsdlNo=P100199'],
  ])('bad input is a 400: %s', async (_name, query) => {
    expectEnvelope(await callAs(ctx.app, as.admin, 'GET', `/api/admin/orders?${query}`), 400);
  });

  it('bad input is a 400: a status that is not one of the list', async () => {
    expectEnvelope(await callAs(ctx.app, as.admin, 'GET', '/api/admin/orders?status=Lost'), 400);
    expectEnvelope(await callAs(ctx.app, as.admin, 'GET', '/api/admin/orders?status=orderplaced'), 400);
  });
});

describe('GET /api/admin/orders: the derived status of each order (spec 3 §4 order status page list, decision 0272)', () => {
  it.each(DEMO_STATUS_ORDERS.map((setup) => [setup.key, setup.reqNumber] as const))(
    'the %s demo order (requisition %s) shows the status its status page shows',
    async (_key, reqNumber) => {
      const [order] = (await search({ q: reqNumber })).orders;
      const page = ok<OrderStatus>(
        await callAs(ctx.app, as.admin, 'GET', `/gear/order/${order?.gearOrderId}/status`),
      );
      // decision 0272: the page's OrderPlaced is NotPlaced in a list while the practitioner has not confirmed.
      expect(order?.status).toBe(
        page.orderPageStatus === 'OrderPlaced' && order?.submittedAt === null
          ? 'NotPlaced'
          : page.orderPageStatus,
      );
    },
  );

  it('every status of the page list occurs among the demo orders, and a draft is NotPlaced', async () => {
    // The demo's placed order, its practitioner confirmation (spec 1 §4.1 step 11) complete, is OrderPlaced; until
    // that step is complete an order is a draft, NotPlaced.
    const placed = DEMO_STATUS_ORDERS.find((setup) => setup.key === 'placed')?.reqNumber as string;
    const [order] = (await search({ q: placed })).orders;
    expect(order?.status).toBe('OrderPlaced');
    const confirmation = (completed: boolean) =>
      ctx.database.db
        .update(workflowSteps)
        .set({ completed, stepDate: completed ? new Date() : null })
        .where(
          and(
            eq(workflowSteps.orderId, order?.gearOrderId as number),
            eq(workflowSteps.stepId, STEP_IDS.practitionerConfirmation),
          ),
        );
    await confirmation(false);
    expect((await search({ q: placed })).orders[0]?.status).toBe('NotPlaced');
    await confirmation(true);
    expect((await search({ q: placed })).orders[0]?.status).toBe('OrderPlaced');
    const statuses = new Set<string>();
    let before: number | null | undefined;
    do {
      const page = await search({ limit: '100', ...(before ? { before: String(before) } : {}) });
      for (const order of page.orders) statuses.add(order.status);
      for (const order of page.orders.filter((row) => row.status === 'NotPlaced'))
        expect(order.submittedAt).toBeNull();
      before = page.nextBefore;
    } while (before);
    for (const status of ORDER_PAGE_STATUSES) expect(statuses).toContain(status);
    expect(statuses).toContain('NotPlaced');
    expect(
      [...statuses].every((status) => (LISTED_ORDER_STATUSES as readonly string[]).includes(status)),
    ).toBe(true);
  });

  it.each(['ReceivedByLab', 'Canceled', 'NotPlaced', 'ResultsReady'])(
    'filters by status %s: only such orders, and paging one at a time finds each once',
    async (status) => {
      const all = await search({ status, limit: '100' });
      expect(all.orders.length).toBeGreaterThan(0);
      expect(all.orders.every((order) => order.status === status)).toBe(true);
      const seen: number[] = [];
      let before: number | null | undefined;
      do {
        const page = await search({ status, limit: '1', ...(before ? { before: String(before) } : {}) });
        expect(page.orders.length).toBeLessThanOrEqual(1);
        seen.push(...page.orders.map((order) => order.gearOrderId));
        before = page.nextBefore;
      } while (before);
      expect(seen).toEqual(all.orders.map((order) => order.gearOrderId));
    },
  );

  it('a status filter combines with the search: the received demo order by its requisition number', async () => {
    const received = DEMO_STATUS_ORDERS.find((setup) => setup.key === 'receivedByLab')?.reqNumber as string;
    expect((await search({ q: received, status: 'ReceivedByLab' })).orders).toHaveLength(1);
    expect((await search({ q: received, status: 'ResultsReady' })).orders).toEqual([]);
  });

  it("decision 0337: the name keys follow the patient's name: renamed, the order is found by the new name only", async () => {
    const { rows } = (await ctx.app.db.execute(sql`
      insert into orders (practitioner_gsdl_no, patient_info)
      values ('P1005', jsonb_build_object('nameFirst', 'Quinn'::text, 'nameLast', 'Oldname'::text))
      returning id`)) as unknown as { rows: { id: number }[] };
    const id = Number(rows[0]?.id);
    const ids = async (q: string) => (await search({ q, gsdlNo: 'P1005' })).orders.map((o) => o.gearOrderId);
    expect(await ids('oldn')).toContain(id);
    await ctx.app.db.execute(sql`
      update orders set patient_info = jsonb_set(patient_info, '{nameLast}', '"Newname"') where id = ${id}`);
    expect(await ids('oldn')).not.toContain(id);
    expect(await ids('quinn newn')).toContain(id);
  });

  it('is derived on every read: a change to the order shows at once (nothing stale is kept)', async () => {
    const shipped = DEMO_STATUS_ORDERS.find((setup) => setup.key === 'shipped')?.reqNumber as string;
    const [before] = (await search({ q: shipped })).orders;
    expect(before?.status).toBe('Shipped');
    await ctx.database.db
      .update(requisitions)
      .set({ canceled: true })
      .where(eq(requisitions.reqNumber, shipped));
    const [after] = (await search({ q: shipped })).orders;
    expect(after?.status).toBe('Canceled');
    expect(
      (await search({ status: 'Shipped', limit: '100' })).orders.map((o) => o.gearOrderId),
    ).not.toContain(before?.gearOrderId);
    await ctx.database.db
      .update(requisitions)
      .set({ canceled: false })
      .where(eq(requisitions.reqNumber, shipped));
    expect((await search({ q: shipped })).orders[0]?.status).toBe('Shipped');
  });
});

describe('isoText: a timestamp as an answer writes it (decision 0344)', () => {
  it.each([
    ['2026-03-04 00:06:07.891999-05', 'Pacific/Auckland', '2026-03-04T05:06:07.891Z'],
    ['2026-12-31 23:59:59.9999+00', 'America/New_York', '2026-12-31T23:59:59.999Z'],
    ['2026-01-01 00:00:00+00', 'UTC', '2026-01-01T00:00:00.000Z'],
    ['1999-06-30 12:00:00.5+14', 'Asia/Kolkata', '1999-06-29T22:00:00.500Z'],
    ['2030-02-28 23:30:00.001234+05:30', 'Europe/London', '2030-02-28T18:00:00.001Z'],
  ])('%s read in the time zone %s is %s, as Date#toISOString writes it', async (timestamp, zone, iso) => {
    const text = await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local time zone '${zone}'`));
      const result = await tx.execute(sql`select ${isoText(sql`${timestamp}::timestamptz`)} as text`);
      return (result as unknown as { rows: { text: string }[] }).rows[0]?.text;
    });
    expect(text).toBe(iso);
    expect(new Date(iso).toISOString()).toBe(iso);
  });
});

import { type AuditEventsPage, MESSAGES } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { expectEnvelope, headersOf, signIn, useTestApp } from '../../test/helper.ts';
import { orderWithRequisition, patientInfo } from '../patient/test-orders.ts';
import { auditBatcher } from './audit.service.ts';

const ctx = useTestApp();

type Response = Awaited<ReturnType<typeof ctx.app.inject>>;

/** The events written under a request (the request-level event is written just after the answer is sent). */
async function eventsOf(response: Response, atLeast = 1) {
  const requestId = String(response.headers['x-request-id']);
  for (let i = 0; i < 100; i++) {
    const rows = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));
    if (rows.length >= atLeast) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${atLeast} audit events for request ${requestId}`);
}

const AGENT = { 'user-agent': 'AuditTest/1.0' };

// Issue 14 item 4 (docs/decisions/0214).
describe('the audit trail', () => {
  it('records a read of an order: who, role, for whom, which order, outcome, address and user agent', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const avery = await signIn(ctx.app, 'dr.avery');
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}`,
      headers: { ...avery.headers, ...AGENT },
      remoteAddress: '10.40.0.1',
    });
    expect(read.statusCode).toBe(200);
    const [event] = await eventsOf(read);
    expect(event).toMatchObject({
      action: 'read /gear/order/:id',
      orderId: order.id,
      role: 'myGDX',
      onBehalfOf: 'P1001',
      outcome: 'success',
      status: 200,
      address: '10.40.0.1',
      userAgent: 'AuditTest/1.0',
    });
    expect(event?.userId).toEqual(expect.any(Number));
    expect(event?.actor).toBe(`user:${event?.userId}`);
  });

  it('records a change of an order twice: the request, and the order-change core with the new version', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${order.id}/patient/`,
      headers: { ...(await headersOf(ctx.app, 'dr.avery')), ...AGENT },
      payload: { id: order.id, version: order.version, patientInfo: patientInfo() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const events = await eventsOf(saved, 2);
    expect(events.map((e) => e.action).sort()).toEqual([
      'change /gear/order/:id/patient/',
      'orderChanged:patient',
    ]);
    const change = events.find((e) => e.action === 'orderChanged:patient');
    expect(change).toMatchObject({
      orderId: order.id,
      outcome: 'success',
      detail: { version: order.version + 1 },
    });
    // No patient's data in any event.
    expect(JSON.stringify(events)).not.toContain('Ada');
  });

  it('records refusals: 401 without a caller, 403 for another practice', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await eventsOf(anonymous))[0]).toMatchObject({
      outcome: 'refused',
      status: 401,
      role: 'anonymous',
    });
    const chen = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}`,
      headers: await headersOf(ctx.app, 'dr.chen'),
    });
    expect(chen.statusCode).toBe(403);
    expect((await eventsOf(chen))[0]).toMatchObject({ outcome: 'refused', status: 403, orderId: order.id });
  });

  it('records sign-in, failed sign-in and sign-out', async () => {
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'dr.fox', password: 'wrong' },
      remoteAddress: '10.40.0.2',
    });
    expect(failed.statusCode).toBe(401);
    expect((await eventsOf(failed))[0]).toMatchObject({
      action: 'signIn',
      outcome: 'refused',
      status: 401,
      userId: expect.any(Number),
    });
    const fox = await signIn(ctx.app, 'dr.fox');
    const signedIn = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'signIn' and ${auditEvents.outcome} = 'success'`);
    expect(signedIn.length).toBeGreaterThan(0);
    const out = await ctx.app.inject({ method: 'DELETE', url: '/api/session', headers: fox.headers });
    expect(out.statusCode).toBe(204);
    expect((await eventsOf(out))[0]).toMatchObject({ action: 'signOut', role: 'myGDX' });
  });

  it('is append-only: the database refuses to update, delete or truncate audit events', async () => {
    const db = ctx.database.db;
    await expect(db.execute(sql`update audit_events set action = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const [{ count }] = (
      (await db.execute(
        sql`select count(*)::int as count from audit_events where action = 'edited'`,
      )) as unknown as {
        rows: { count: number }[];
      }
    ).rows as [{ count: number }];
    expect(count).toBe(0);
  });
});

describe('GET /api/admin/audit-events and /admin/audit', () => {
  it('lists the events of an order to an administrator, newest first, a page at a time', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const avery = await headersOf(ctx.app, 'dr.avery');
    for (let i = 0; i < 3; i++)
      await eventsOf(await ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers: avery }));
    const admin = await headersOf(ctx.app, 'admin.ops');
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit-events?orderId=${order.id}&limit=2`,
      headers: admin,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page = first.json<AuditEventsPage>();
    expect(page.events).toHaveLength(2);
    expect(page.events.every((e) => e.orderId === order.id)).toBe(true);
    expect(page.events[0]?.id).toBeGreaterThan(page.events[1]?.id ?? Infinity);
    expect(page.nextBefore).toBe(page.events[1]?.id);
    const next = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit-events?orderId=${order.id}&limit=2&before=${page.nextBefore}`,
      headers: admin,
    });
    const older = next.json<AuditEventsPage>();
    expect(older.events[0]?.id).toBeLessThan(page.nextBefore ?? 0);

    const html = await ctx.app.inject({
      method: 'GET',
      url: `/admin/audit?orderId=${order.id}&limit=2`,
      headers: admin,
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Audit events, newest first');
    expect(html.body).toContain(`<td>${order.id}</td>`);
    expect(html.body).toContain('Older events');
  });

  it('lists the events of a user', async () => {
    const admin = await headersOf(ctx.app, 'admin.ops');
    const [row] = (
      (await ctx.database.db.execute(sql`select id from users where login_name = 'dr.avery'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const page = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/audit-events?userId=${row?.id}`,
        headers: admin,
      })
    ).json<AuditEventsPage>();
    expect(page.events.length).toBeGreaterThan(0);
    expect(page.events.every((e) => e.userId === row?.id)).toBe(true);
  });

  it('refuses anyone but an administrator, and bad input with 400', async () => {
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-events' }), 401);
    expectEnvelope(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/audit-events',
        headers: await headersOf(ctx.app, 'dr.avery'),
      }),
      403,
      MESSAGES.forbidden,
    );
    const admin = await headersOf(ctx.app, 'admin.ops');
    for (const query of [
      'orderId=abc',
      'orderId=99999999999',
      'limit=1000',
      'chartNumber=%00',
      `chartNumber=${'x'.repeat(500)}`,
    ])
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/admin/audit-events?${query}`, headers: admin }))
          .statusCode,
        query,
      ).toBe(400);
  });
});

// Issue 14 item 4, the cost on reads (docs/decisions/0220).
describe('the audit batcher', () => {
  const fakeRequest = (id: string, address = '10.40.0.9') =>
    ({ id, ip: address, headers: { 'user-agent': 'BatchTest/1.0' }, caller: null }) as unknown as Parameters<
      ReturnType<typeof auditBatcher>['add']
    >[1];
  /** A batcher of its own, the failures it reports, and an order id no other test uses. */
  const newBatcher = () => {
    const failures: unknown[] = [];
    const batch = auditBatcher(ctx.database.db, (error) => failures.push(error));
    return { batch, failures, orderId: 900_000 + Math.floor(Math.random() * 90_000) };
  };
  const eventsOf = (orderId: number) =>
    ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.orderId, orderId))
      .orderBy(auditEvents.id);

  it('writes repeated reads of one order by one caller as one event with the count and every request id', async () => {
    const { batch, failures, orderId } = newBatcher();
    for (let i = 0; i < 30; i++)
      batch.add(
        { action: 'read /gear/order/:id', orderId, status: 200 },
        fakeRequest(`batch-read-${orderId}-${i}`),
      );
    batch.add(
      { action: 'read /gear/order/:id', orderId, status: 200 },
      fakeRequest(`batch-other-${orderId}`, '10.40.0.10'),
    );
    batch.add(
      { action: 'read /gear/order/:id', orderId, status: 403, outcome: 'refused' },
      fakeRequest(`batch-refused-${orderId}`),
    );
    batch.add(
      { action: 'change /gear/order/:id/patient/', orderId, status: 200 },
      fakeRequest(`batch-change-${orderId}`),
    );
    await batch.flush();
    expect(failures).toEqual([]);
    const rows = await eventsOf(orderId);
    expect(rows).toHaveLength(4);
    const [reads, other, refused, change] = rows;
    expect(reads).toMatchObject({ requestId: `batch-read-${orderId}-0`, address: '10.40.0.9', status: 200 });
    expect(reads?.detail).toMatchObject({ count: 30 });
    expect((reads?.detail as { requestIds?: string[] } | undefined)?.requestIds).toEqual(
      Array.from({ length: 30 }, (_, i) => `batch-read-${orderId}-${i}`),
    );
    expect(other).toMatchObject({ address: '10.40.0.10', detail: {} });
    expect(refused).toMatchObject({ outcome: 'refused', status: 403, detail: {} });
    expect(change).toMatchObject({ action: 'change /gear/order/:id/patient/', detail: {} });
  });

  it('decision 0338: 1,500 repeated reads are written as they fill batches of 1,000 events, every request id kept', async () => {
    const { batch, failures, orderId } = newBatcher();
    for (let i = 0; i < 1500; i++)
      batch.add(
        { action: 'read /gear/order/:id', orderId, status: 200 },
        fakeRequest(`many-${orderId}-${i}`),
      );
    await batch.flush();
    expect(failures).toEqual([]);
    const rows = await eventsOf(orderId);
    expect(rows.map((row) => (row.detail as { count?: number }).count)).toEqual([1000, 500]);
    expect(rows.flatMap((row) => (row.detail as { requestIds: string[] }).requestIds)).toEqual(
      Array.from({ length: 1500 }, (_, i) => `many-${orderId}-${i}`),
    );
  });

  it('loses no event on a normal shutdown: closing the app writes what is waiting', async () => {
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: ctx.dataDir,
      }),
      ctx.database.db,
    );
    const order = await orderWithRequisition(app, 'dr.avery', 'P1001');
    const headers = await headersOf(app, 'dr.avery');
    const reads = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers }),
      ),
    );
    expect(reads.every((read) => read.statusCode === 200)).toBe(true);
    await app.close();
    const rows = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.orderId, order.id));
    const counted = rows
      .filter((row) => row.action === 'read /gear/order/:id')
      .reduce((sum, row) => sum + Number((row.detail as { count?: number }).count ?? 1), 0);
    expect(counted).toBe(20);
  });
});

// Issue 14 (task 4): the admin's expedited-shipping fee waiver (spec 2 §6, decisions 0186, 0187) is a once-only change:
// 200 identical concurrent requests apply it once and bump the order's version once (PGlite, and PostgreSQL where
// TEST_DATABASE_URL is set).
import { SHIPPING_METHODS } from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders, users } from '../../db/schema/index.ts';
import { currentVersion, signIn, useTestApp } from '../../test/helper.ts';
import { dropShipOrder, PRODUCTS, type SavedOrder } from '../../test/order-builders.ts';

const ctx = useTestApp();
const db = () => ctx.database.db;
const CONCURRENT = 200;

/** A P1001 order shipping by Second Day ($19.95). */
async function expeditedOrder(): Promise<SavedOrder> {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
  await db()
    .update(orders)
    .set({ shippingMethod: SHIPPING_METHODS.secondDay, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, order.id));
  return order;
}

/** admin.ops acting for P1001, signed in once (the concurrent requests measure the waiver, not sign-in). */
async function actingAdmin() {
  await db()
    .update(users)
    .set({ onBehalfOf: ['P1001'] })
    .where(eq(users.loginName, 'admin.ops'));
  return signIn(ctx.app, 'admin.ops');
}

const waiverEvents = (orderId: number) =>
  db()
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, 'orderChanged:expeditedShippingWaiver')),
    );

const savedState = async (orderId: number) => {
  const [row] = await db()
    .select({
      version: orders.version,
      waivedAt: orders.expeditedShippingWaivedAt,
      by: orders.expeditedShippingWaivedBy,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
};

/** Every answer is one the route gives (never a 500); 503 only when the pool turned a request away (decision 0154). */
const expectKnownAnswers = (statuses: number[], known: number[]) => {
  expect(statuses.filter((status) => !known.includes(status) && status !== 503)).toEqual([]);
};

describe('PUT /gear/order/{id}/expedited-shipping-waiver is applied once under concurrency (decision 0186)', () => {
  it(`${CONCURRENT} concurrent identical waivers on one version: one applies it, the rest are stale (409); version +1`, async () => {
    const order = await expeditedOrder();
    const admin = await actingAdmin();
    const version = (await currentVersion(db(), { orderId: order.id })) as number;
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        ctx.app.inject({
          method: 'PUT',
          url: `/gear/order/${order.id}/expedited-shipping-waiver`,
          headers: admin.headers,
          payload: { waived: true, version },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expectKnownAnswers(statuses, [200, 409]);
    const applied = answers.filter((answer) => answer.statusCode === 200);
    expect(applied.length).toBeLessThanOrEqual(1);
    if (!statuses.includes(503)) expect(applied).toHaveLength(1);
    const saved = await savedState(order.id);
    expect(saved?.version).toBe(version + applied.length);
    if (applied.length === 1) {
      expect(applied[0]?.json<SavedOrder>().version).toBe(version + 1);
      expect(saved?.waivedAt).not.toBeNull();
      expect(saved?.by).toBe('A9001'); // admin.ops, who waived it
    }
    expect(await waiverEvents(order.id)).toHaveLength(applied.length);
  }, 120_000);

  it(`${CONCURRENT} concurrent identical waivers under one Idempotency-Key: all answered the one saved order; version +1`, async () => {
    const order = await expeditedOrder();
    const admin = await actingAdmin();
    const version = (await currentVersion(db(), { orderId: order.id })) as number;
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        ctx.app.inject({
          method: 'PUT',
          url: `/gear/order/${order.id}/expedited-shipping-waiver`,
          headers: { ...admin.headers, 'idempotency-key': `waiver-once-${order.id}` },
          payload: { waived: true, version },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // A repeat that arrives while the first is still saving may meet the saved version first (409), never a 500.
    expectKnownAnswers(statuses, [200, 409]);
    const saved = await savedState(order.id);
    expect(saved?.version).toBe(version + 1);
    expect(saved?.waivedAt).not.toBeNull();
    const versions = new Set(
      answers
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => answer.json<SavedOrder>().version),
    );
    expect(versions).toEqual(new Set([version + 1]));
    expect(await waiverEvents(order.id)).toHaveLength(1);
  }, 120_000);
});

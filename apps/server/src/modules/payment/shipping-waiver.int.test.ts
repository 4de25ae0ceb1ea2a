import { EXPEDITED_WAIVER_MESSAGES, MESSAGES, type PaymentSummary, SHIPPING_METHODS } from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders, users } from '../../db/schema/index.ts';
import {
  type Caller,
  callAs,
  currentVersion,
  expectEnvelope,
  signIn,
  useTestApp,
} from '../../test/helper.ts';
import { dropShipOrder, ok, PRODUCTS, type SavedOrder } from '../../test/order-builders.ts';

/** spec 2 §6: the admin's expedited-fee waiver (decision 0187). */
const ctx = useTestApp();
const db = () => ctx.database.db;

/** A P1001 order shipping by Second Day ($19.95), as an admin reading it would see. */
async function expeditedOrder(orderFormId: string | null = null): Promise<SavedOrder> {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
  await db()
    .update(orders)
    .set({ shippingMethod: SHIPPING_METHODS.secondDay, orderFormId, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, order.id));
  return order;
}

/** admin.ops acting for the given practitioners (onBehalfOf), signed in afresh so the session carries it. */
async function adminActingFor(gsdlNumbers: string[]) {
  await db().update(users).set({ onBehalfOf: gsdlNumbers }).where(eq(users.loginName, 'admin.ops'));
  return signIn(ctx.app, 'admin.ops');
}

const waive = async (who: Caller, order: SavedOrder, waived: unknown, version?: number | null) =>
  callAs(ctx.app, who, 'PUT', `/gear/order/${order.id}/expedited-shipping-waiver`, {
    waived,
    ...(version === null ? {} : { version: version ?? (await currentVersion(db(), { orderId: order.id })) }),
  });

const summaryOf = async (who: Caller, order: SavedOrder) =>
  ok<PaymentSummary>(await callAs(ctx.app, who, 'GET', `/gear/order/${order.id}/payment-summary`));

describe('PUT /gear/order/{id}/expedited-shipping-waiver (spec 2 §6)', () => {
  it('an admin acting for the practitioner waives the fee: nothing owed for shipping; the waiver taken back restores it', async () => {
    const order = await expeditedOrder();
    const admin = await adminActingFor(['P1002', 'P1001']);
    const before = await summaryOf(admin, order);
    expect(before).toMatchObject({
      expeditedShippingCents: 1995,
      expeditedShippingWaived: false,
      mayWaiveExpeditedShipping: true,
    });
    const version = await currentVersion(db(), { orderId: order.id });
    const saved = ok(await waive(admin, order, true));
    expect(saved.version).toBe((version ?? 0) + 1);
    expect(await summaryOf(admin, order)).toMatchObject({
      expeditedShippingCents: 0,
      expeditedShippingWaived: true,
    });
    // The practitioner's own payment step owes no shipping either.
    expect((await summaryOf('dr.avery', order)).expeditedShippingCents).toBe(0);
    // Asking again changes nothing.
    expect(ok(await waive(admin, order, true)).version).toBe(saved.version);
    ok(await waive(admin, order, false));
    expect(await summaryOf(admin, order)).toMatchObject({
      expeditedShippingCents: 1995,
      expeditedShippingWaived: false,
    });
    const audited = await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.orderId, order.id),
          eq(auditEvents.action, 'orderChanged:expeditedShippingWaiver'),
        ),
      );
    expect(audited).toHaveLength(2);
  });

  it('403 for an admin not acting for the practitioner, for an order with an order form, and for practitioners', async () => {
    const order = await expeditedOrder();
    const notActing = await adminActingFor(['P1003']);
    expect((await summaryOf(notActing, order)).mayWaiveExpeditedShipping).toBe(false);
    expectEnvelope(await waive(notActing, order, true), 403, EXPEDITED_WAIVER_MESSAGES.refused);
    const withForm = await expeditedOrder('FORM-77');
    const acting = await adminActingFor(['P1001']);
    expect((await summaryOf(acting, withForm)).mayWaiveExpeditedShipping).toBe(false);
    expectEnvelope(await waive(acting, withForm, true), 403, EXPEDITED_WAIVER_MESSAGES.refused);
    expectEnvelope(await waive('dr.avery', order, true), 403, EXPEDITED_WAIVER_MESSAGES.refused);
    expect((await summaryOf('dr.avery', order)).expeditedShippingCents).toBe(1995);
  });

  it('401 without credentials, 403 for another practitioner, 404 unknown order, 428 without a version, 409 stale, 400 bad input', async () => {
    const order = await expeditedOrder();
    const admin = await adminActingFor(['P1001']);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${order.id}/expedited-shipping-waiver`,
      payload: { waived: true, version: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expectEnvelope(await waive('dr.chen', order, true), 403);
    expectEnvelope(
      await callAs(ctx.app, admin, 'PUT', '/gear/order/999999/expedited-shipping-waiver', {
        waived: true,
        version: 1,
      }),
      404,
    );
    expectEnvelope(await waive(admin, order, true, null), 428, MESSAGES.orderVersionRequired);
    expectEnvelope(await waive(admin, order, true, 1), 409, MESSAGES.staleOrder);
    expectEnvelope(await waive(admin, order, 'yes'), 400);
    expectEnvelope(await waive(admin, order, 'ok\u0000'), 400);
  });
});

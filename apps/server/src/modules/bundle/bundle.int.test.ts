import { BILLING_METHODS, MESSAGES, type SavedOrder, STEP_IDS, STEP_STATUS } from '@gear/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bundleProducts, bundles } from '../../db/schema/index.ts';
import { DEMO_BUNDLE } from '../../seed/demo-panels.ts';
import {
  createOrder,
  currentVersion,
  type DemoLogin,
  expectEnvelope,
  signIn,
  useTestApp,
} from '../../test/helper.ts';

const ctx = useTestApp();

async function demoBundleId(): Promise<number> {
  const [row] = await ctx.database.db.select().from(bundles).where(eq(bundles.name, DEMO_BUNDLE.name));
  if (!row) throw new Error('the demo bundle is not seeded');
  return row.id;
}

/** Orders the bundle as the browser does: onto an existing order with the version of it that it read. */
async function orderBundle(login: DemoLogin, gearBundleId: number, body: Record<string, unknown>) {
  const { headers } = await signIn(ctx.app, login);
  const version =
    typeof body.gearOrderId === 'number' && !('version' in body)
      ? await currentVersion(ctx.database.db, { orderId: body.gearOrderId })
      : undefined;
  return ctx.app.inject({
    method: 'PUT',
    url: `/gear/bundle/${gearBundleId}/order`,
    headers,
    payload: { gearBundleId, ...body, ...(version === undefined ? {} : { version }) },
  });
}

const stepOf = (order: SavedOrder, id: number, gearReqId: number) =>
  order.workflow.steps.find((row) => row.id === id && row.gearReqId === gearReqId);

describe('PUT /gear/bundle/{gearBundleId}/order (spec 1 §7, decision 0048)', () => {
  it('spec 1 §4.4: a new order of drop-ship requisitions, one per product, the patient to select the billing option', async () => {
    const id = await demoBundleId();
    const response = await orderBundle('dr.avery', id, { gearOrderId: null, practAgreement: true });
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json<SavedOrder>();
    expect(order.practitioner?.gsdlNo).toBe('P1001');
    expect(order).toMatchObject({
      myGDXKitOrder: true,
      containsDropShipRequisition: true,
      governmentPayor: false,
    });
    expect(
      order.requisitions.map((r) => [r.omsOrderableItemId, r.panel, r.dropShip, r.billingMethod]),
    ).toEqual([
      [540, 5400, true, BILLING_METHODS.patientSelects],
      [617, 5860, true, BILLING_METHODS.patientSelects],
    ]);
    for (const requisition of order.requisitions) {
      expect(stepOf(order, STEP_IDS.panels, requisition.id)?.status).toEqual(STEP_STATUS.completed);
      expect(stepOf(order, STEP_IDS.billing, requisition.id)?.skipped).toBe(true);
    }
    expect(order.workflow.steps.find((row) => row.id === STEP_IDS.pract)?.completed).toBe(true);
  });

  it('adds the products to the order named by gearOrderId; a second time they are already on it', async () => {
    const id = await demoBundleId();
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const created = await createOrder(ctx.app, headers, 'P1001');
    const first = await orderBundle('dr.avery', id, { gearOrderId: created.id, practAgreement: true });
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json<SavedOrder>();
    expect(order.id).toBe(created.id);
    expect(order.requisitions).toHaveLength(2);
    const again = expectEnvelope(
      await orderBundle('dr.avery', id, { gearOrderId: created.id, practAgreement: true }),
      400,
      MESSAGES.productAlreadyAdded,
    );
    expect(again.errors?.map((error) => error.field)).toEqual([
      'products.0.omsOrderableItemId',
      'products.1.omsOrderableItemId',
    ]);
  });

  it('spec 1 §5: a new order needs the authorization agreement; nothing is written', async () => {
    const id = await demoBundleId();
    expectEnvelope(
      await orderBundle('dr.avery', id, { gearOrderId: null, practAgreement: false }),
      400,
      MESSAGES.authorizationRequired,
    );
  });

  it('refuses an order of another practitioner, a stale version, and a body naming another bundle', async () => {
    const id = await demoBundleId();
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const other = await createOrder(ctx.app, headers, 'P1002');
    expectEnvelope(
      await orderBundle('dr.avery', id, { gearOrderId: other.id, practAgreement: true }),
      400,
      MESSAGES.bundleOfAnotherPractitioner,
    );
    const mine = await createOrder(ctx.app, headers, 'P1001');
    expectEnvelope(
      await orderBundle('dr.avery', id, { gearOrderId: mine.id, version: mine.version + 5 }),
      409,
      MESSAGES.staleOrder,
    );
    const mismatch = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/bundle/${id}/order`,
      headers,
      payload: { gearBundleId: id + 1, gearOrderId: null, practAgreement: true },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('spec 1 §6: 403 for a practitioner the caller may not order for, 404 for an unknown or deleted profile, 401 signed out', async () => {
    const id = await demoBundleId();
    expectEnvelope(await orderBundle('dr.chen', id, { practAgreement: true }), 403, MESSAGES.forbidden);
    expectEnvelope(
      await orderBundle('dr.avery', 999999, { practAgreement: true }),
      404,
      MESSAGES.bundleNotFound,
    );
    const [deleted] = await ctx.database.db
      .insert(bundles)
      .values({ gsdlNo: 'P1001', name: 'Old', billingMethod: BILLING_METHODS.patientSelects, deleted: true })
      .returning({ id: bundles.id });
    if (!deleted) throw new Error('no bundle');
    expectEnvelope(
      await orderBundle('dr.avery', deleted.id, { practAgreement: true }),
      404,
      MESSAGES.bundleNotFound,
    );
    const signedOut = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/bundle/${id}/order`,
      payload: { gearBundleId: id, practAgreement: true },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('spec 1 §5/§6: a billing option the practitioner does not have, or a * product for New York, is refused', async () => {
    const [bundle] = await ctx.database.db
      .insert(bundles)
      .values({ gsdlNo: 'P1002', name: 'Hormones', billingMethod: BILLING_METHODS.insurance })
      .returning({ id: bundles.id });
    if (!bundle) throw new Error('no bundle');
    await ctx.database.db
      .insert(bundleProducts)
      .values([{ bundleId: bundle.id, position: 0, orderableItemId: 760 }]);
    const body = expectEnvelope(
      await orderBundle('dr.avery', bundle.id, { practAgreement: true }),
      400,
      MESSAGES.bundleBillingNotOffered(BILLING_METHODS.insurance),
    );
    expect(body.errors?.map((error) => error.defaultMessage)).toContain(MESSAGES.notOrderableInNewYork);
  });

  it('spec 1 §5: a Medicare profile holds only Medicare-eligible products', async () => {
    const [bundle] = await ctx.database.db
      .insert(bundles)
      .values({ gsdlNo: 'P1001', name: 'Medicare mix', billingMethod: BILLING_METHODS.medicare })
      .returning({ id: bundles.id });
    if (!bundle) throw new Error('no bundle');
    await ctx.database.db.insert(bundleProducts).values([
      { bundleId: bundle.id, position: 0, orderableItemId: 540 },
      { bundleId: bundle.id, position: 1, orderableItemId: 215 },
    ]);
    const body = expectEnvelope(await orderBundle('dr.avery', bundle.id, { practAgreement: true }), 400);
    expect(body.message).toMatch(/^Medicare or Tricare billing is not available for the .+ test\./);
    expect(body.errors?.map((error) => error.field)).toEqual(['products.1.omsOrderableItemId']);
  });
});

import { BILLING_METHODS, MESSAGES, STEP_IDS, STEP_STATUS } from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import {
  currentVersion,
  expectEnvelope,
  GI_EFFECTS,
  METABOLOMIX,
  newOrderWith,
  type OrderWithRequisitions,
  ok,
  type SignedIn,
  signIn,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';

const ctx = useTestApp();
const users = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', admin: 'admin.ops' });

/** A P1001 order of dr.avery with requisitions for the given products. */
const orderWith = (...products: Record<string, unknown>[]) =>
  newOrderWith(ctx.app, users.avery.headers, 'P1001', products);

/** A billing save as the browser sends it: with the version of the order it read, unless the payload names one. */
const saveBilling = async (
  payload: Record<string, unknown>,
  headers: SignedIn['headers'] = users.avery.headers,
) => {
  const version =
    'version' in payload || typeof payload.gearReqId !== 'number' || payload.gearReqId > 2_147_483_647
      ? undefined
      : await currentVersion(ctx.database.db, { gearReqId: payload.gearReqId });
  return ctx.app.inject({
    method: 'PUT',
    url: '/gear/billingMethod/',
    headers,
    payload: version === undefined ? payload : { ...payload, version },
  });
};

const billingRow = (order: OrderWithRequisitions, gearReqId: number) =>
  order.workflow.steps.find((row) => row.id === STEP_IDS.billing && row.gearReqId === gearReqId);

const receivedOrder = async () =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/gear/order?requisitionNumber=C922499553',
      headers: users.avery.headers,
    })
  ).json<OrderWithRequisitions>();

describe('PUT /gear/billingMethod/ (spec 1 §2.5, §4.3, §5, §6)', () => {
  it('saves Bill Insurance for 540, answers the order, completes the billing step and bumps the version', async () => {
    const order = await orderWith(GI_EFFECTS);
    const [requisition] = order.requisitions;
    if (!requisition) throw new Error('no requisition');
    const saved = ok<OrderWithRequisitions>(
      await saveBilling({ billingMethod: BILLING_METHODS.insurance, gearReqId: requisition.id }),
    );
    expect(saved.version).toBe(order.version + 1);
    expect(saved.requisitions[0]).toMatchObject({
      billingMethod: 'Bill Insurance with Patient Payment',
      insuranceBillingSelected: true,
      physicianBillingSelected: false,
    });
    expect(billingRow(saved, requisition.id)).toMatchObject({
      completed: true,
      status: { id: STEP_STATUS.completed.id },
    });
    // the version read may be sent; a stale one answers 409
    const again = ok<OrderWithRequisitions>(
      await saveBilling({
        billingMethod: BILLING_METHODS.patientPay,
        gearReqId: requisition.id,
        version: saved.version,
      }),
    );
    expect(again.requisitions[0]?.billingMethod).toBe('No Insurance Billing: Pay Full Amount');
    expectEnvelope(
      await saveBilling({
        billingMethod: BILLING_METHODS.insurance,
        gearReqId: requisition.id,
        version: saved.version,
      }),
      409,
      MESSAGES.staleOrder,
    );
  });

  it.each([
    ['a billing method the spec does not name', 'Cash'],
    ['a COVID option on a product that is not a COVID product', BILLING_METHODS.uninsured],
    ['the HRSA option for a practitioner who is not configured for it', BILLING_METHODS.uninsuredHrsa],
    ['no billing method', null],
    ['an empty billing method', ''],
  ])("refuses %s with 'Please select a billing option.'", async (_case, billingMethod) => {
    const order = await orderWith(GI_EFFECTS);
    const body = expectEnvelope(
      await saveBilling({ billingMethod, gearReqId: order.requisitions[0]?.id }),
      400,
      'Please select a billing option.',
    );
    expect(body.errors).toEqual([
      { field: 'billingMethod', defaultMessage: 'Please select a billing option.' },
    ]);
  });

  it('refuses Medicare or Tricare on a product that is not Medicare-eligible (it is not offered)', async () => {
    const order = await orderWith({ omsOrderableItemId: 215, panel: 4700 });
    expectEnvelope(
      await saveBilling({ billingMethod: BILLING_METHODS.medicare, gearReqId: order.requisitions[0]?.id }),
      400,
      'Please select a billing option.',
    );
  });

  it("'Let my patient select their billing option' leaves the billing step skipped (status 4), not completed", async () => {
    const order = await orderWith(GI_EFFECTS);
    const gearReqId = order.requisitions[0]?.id as number;
    const saved = ok<OrderWithRequisitions>(
      await saveBilling({ billingMethod: BILLING_METHODS.patientSelects, gearReqId }),
    );
    expect(saved.requisitions[0]?.billingMethod).toBe('Let my patient select their billing option');
    expect(billingRow(saved, gearReqId)).toMatchObject({
      completed: false,
      skipped: true,
      status: { id: STEP_STATUS.skipped.id },
    });
  });

  it('spec 1 §4.3: the Medicare toggle converts every requisition of the order, both ways', async () => {
    const order = await orderWith(GI_EFFECTS, METABOLOMIX);
    const [first, second] = order.requisitions.map((r) => r.id) as [number, number];
    const needsAcknowledgement = expectEnvelope(
      await saveBilling({ billingMethod: BILLING_METHODS.medicare, gearReqId: first }),
      400,
      MESSAGES.medicalNecessityRequired,
    );
    expect(needsAcknowledgement.errors?.[0]?.field).toBe('dateMedicalNecessityAcknowledged');

    const medicare = ok<OrderWithRequisitions>(
      await saveBilling({
        billingMethod: BILLING_METHODS.medicare,
        gearReqId: first,
        dateMedicalNecessityAcknowledged: '2026-03-02',
      }),
    );
    expect(medicare.governmentPayor).toBe(true);
    expect(medicare.requisitions.map((r) => r.billingMethod)).toEqual([
      'Medicare or Tricare',
      'Medicare or Tricare',
    ]);

    const back = ok<OrderWithRequisitions>(
      await saveBilling({ billingMethod: BILLING_METHODS.insurance, gearReqId: second }),
    );
    expect(back.governmentPayor).toBe(false);
    expect(back.requisitions.map((r) => r.billingMethod)).toEqual([
      null,
      'Bill Insurance with Patient Payment',
    ]);
  });

  it('spec 1 §5: the toggle is refused while a product on the order is not Medicare-eligible', async () => {
    const order = await orderWith(GI_EFFECTS, { omsOrderableItemId: 215, panel: 4700 });
    expectEnvelope(
      await saveBilling({
        billingMethod: BILLING_METHODS.medicare,
        gearReqId: order.requisitions[0]?.id,
        dateMedicalNecessityAcknowledged: '2026-03-02',
      }),
      400,
      'Medicare or Tricare billing is not available for the SIBO Breath Test test. Please switch to Non-Medicare billing to order this test.',
    );
  });

  it('spec 1 §9: the configured HRSA practitioner gets the HRSA option on a COVID product and loses Physician Account', async () => {
    const gray = await signIn(ctx.app, 'dr.gray');
    const order = await newOrderWith(ctx.app, gray.headers, 'P1007', [
      {
        omsOrderableItemId: 902,
        panel: 9020,
        components: [9021],
        dropShip: false,
        covidRegistration: true,
        profileSpecificFields: [
          ...[4110, 4111, 4112, 4114, 4115, 4116, 4117].map((id) => ({ id, value: 'false' })),
          { id: 4118, value: '@NA' },
        ],
      },
    ]);
    const gearReqId = order.requisitions[0]?.id as number;
    expectEnvelope(
      await saveBilling({ billingMethod: BILLING_METHODS.physicianAccount, gearReqId }, gray.headers),
      400,
      'Please select a billing option.',
    );
    const saved = ok<OrderWithRequisitions>(
      await saveBilling({ billingMethod: BILLING_METHODS.uninsuredHrsa, gearReqId }, gray.headers),
    );
    expect(saved.requisitions[0]?.billingMethod).toBe('Uninsured (HRSA Elligible)');
  });

  it('answers 401 without a sign-in, 403 for another practitioner, 404 for an unknown requisition', async () => {
    const order = await orderWith(GI_EFFECTS);
    const payload = { billingMethod: BILLING_METHODS.insurance, gearReqId: order.requisitions[0]?.id };
    expectEnvelope(await ctx.app.inject({ method: 'PUT', url: '/gear/billingMethod/', payload }), 401);
    expectEnvelope(await saveBilling(payload, users.chen.headers), 403, MESSAGES.forbidden);
    expectEnvelope(await saveBilling({ ...payload, gearReqId: 999_999 }), 404, MESSAGES.requisitionUnknown);
  });

  it('spec 1 §4.2: an order received by the lab answers 409 for non-admins; admins may still change it', async () => {
    const received = await receivedOrder();
    const payload = { billingMethod: BILLING_METHODS.patientPay, gearReqId: received.requisitions[0]?.id };
    expectEnvelope(await saveBilling(payload), 409, MESSAGES.orderReceivedByLab);
    expect((await saveBilling(payload, users.admin.headers)).statusCode).toBe(200);
  });

  it.each([
    ['a gearReqId that is not a number', { gearReqId: 'abc', billingMethod: BILLING_METHODS.insurance }],
    [
      'a gearReqId beyond a database integer',
      { gearReqId: 2 ** 40, billingMethod: BILLING_METHODS.insurance },
    ],
    ['no gearReqId', { billingMethod: BILLING_METHODS.insurance }],
    ['a NUL character', { gearReqId: 1, billingMethod: 'Physician\u0000Account' }],
    ['a 2,000-character billing method', { gearReqId: 1, billingMethod: 'x'.repeat(2000) }],
    ['a negative version', { gearReqId: 1, billingMethod: BILLING_METHODS.insurance, version: -1 }],
  ])('answers 400, never 500, for %s', async (_case, payload) => {
    expectEnvelope(await saveBilling(payload), 400);
  });
});

describe('PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source} (spec 1 §4.3, §7)', () => {
  const confirm = async (
    orderId: number,
    reqId: number,
    source = 'BillingOptions',
    headers: SignedIn['headers'] = users.avery.headers,
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${orderId}/confirm-price-increase/${reqId}/${source}`,
      headers: { ...headers, 'if-match': String((await currentVersion(ctx.database.db, { orderId })) ?? 1) },
    });

  it('records who confirmed, when, from which screen, with the billing method and price; bumps the version', async () => {
    const order = await orderWith(GI_EFFECTS);
    const gearReqId = order.requisitions[0]?.id as number;
    const billed = ok<OrderWithRequisitions>(
      await saveBilling({ billingMethod: BILLING_METHODS.patientPay, gearReqId }),
    );
    const response = await confirm(order.id, gearReqId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderWithRequisitions>().version).toBe(billed.version + 1);
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, order.id), eq(auditEvents.action, 'priceIncreaseConfirmed')));
    expect(events).toHaveLength(1);
    expect(events[0]?.actor).toMatch(/^user:\d+$/);
    expect(events[0]?.at).toBeInstanceOf(Date);
    expect(events[0]?.detail).toEqual({
      gearReqId,
      source: 'BillingOptions',
      userType: 'myGDX',
      billingMethod: 'No Insurance Billing: Pay Full Amount',
      priceCents: 45900,
    });
  });

  it('answers 401, 403 for another practitioner, 404 for an unknown order or a requisition not on it', async () => {
    const order = await orderWith(GI_EFFECTS);
    const other = await orderWith(METABOLOMIX);
    const gearReqId = order.requisitions[0]?.id as number;
    expectEnvelope(
      await ctx.app.inject({
        method: 'PUT',
        url: `/gear/order/${order.id}/confirm-price-increase/${gearReqId}/BillingOptions`,
      }),
      401,
    );
    expectEnvelope(
      await confirm(order.id, gearReqId, 'BillingOptions', users.chen.headers),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(await confirm(999_999, gearReqId), 404, MESSAGES.orderNotFound);
    expectEnvelope(
      await confirm(order.id, other.requisitions[0]?.id as number),
      404,
      MESSAGES.requisitionNotOnOrder,
    );
  });

  it('answers 409 for an order received by the lab, 400 for a source that is not a screen name', async () => {
    const received = await receivedOrder();
    expectEnvelope(
      await confirm(received.id, received.requisitions[0]?.id as number),
      409,
      MESSAGES.orderReceivedByLab,
    );
    const order = await orderWith(GI_EFFECTS);
    const gearReqId = order.requisitions[0]?.id as number;
    for (const source of ['Billing%20Options', 'x'.repeat(41), '%00', '1234']) {
      expectEnvelope(await confirm(order.id, gearReqId, source), 400);
    }
    expectEnvelope(await confirm(order.id, 2 ** 40), 400);
  });
});

import { readFileSync } from 'node:fs';
import { BILLING_METHODS, type GearOrder, MESSAGES, STEP_IDS } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, requisitions } from '../../db/schema/index.ts';
import {
  callAs,
  createOrder,
  type DemoLogin,
  expectEnvelope,
  headersOf,
  useTestApp,
} from '../../test/helper.ts';
import {
  componentsOf,
  dropShipOrder,
  ok,
  PRODUCTS,
  type SavedOrder,
  shippingBody,
} from '../../test/order-builders.ts';
import { patientInfo } from '../patient/test-orders.ts';

/**
 * Decision 0050: a canceled order (DELETE /gear/order/cancel/{id}: the order and every requisition canceled) is
 * closed to every change: each step's save answers 409 'This order has been canceled and can no longer be changed.',
 * for an admin too, and writes nothing.
 */
const ctx = useTestApp();

type Response = Awaited<ReturnType<typeof ctx.app.inject>>;
type Login = Extract<DemoLogin, 'dr.avery' | 'admin.ops'>;

const JPEG = readFileSync(new URL('../../../../../e2e/fixtures/insurance-card-front.jpg', import.meta.url));

function cardForm(orderId: number) {
  const boundary = `----gear-${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    field('type', 'ins-primary-front'),
    field('gearOrderId', String(orderId)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const read = async (orderId: number): Promise<SavedOrder> =>
  ok(await callAs(ctx.app, 'dr.avery', 'GET', `/gear/order/${orderId}`));

/** A drop-ship order of two tests for dr.avery (P1001), canceled by her. */
async function canceledOrder(): Promise<SavedOrder> {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects, PRODUCTS.sibo3Hour]);
  const cancel = await callAs(
    ctx.app,
    'dr.avery',
    'DELETE',
    `/gear/order/cancel/${order.id}?version=${order.version}`,
  );
  expect(cancel.body).toBe('cancelPass');
  const canceled = await read(order.id);
  expect(canceled.requisitions.every((r) => r.canceled)).toBe(true);
  return canceled;
}

const reqId = (order: GearOrder, index: number) => order.requisitions[index]?.id ?? 0;

type Attempt = (order: SavedOrder, login: Login) => Promise<Response>;

const inject = (
  login: Login,
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => callAs(ctx.app, login, method, url, payload);

const ATTEMPTS: [string, Attempt][] = [
  [
    'PUT /gear/practitioner/ (spec 1 §7)',
    (order, login) =>
      inject(login, 'PUT', '/gear/practitioner/', {
        id: order.id,
        version: order.version,
        practAgreement: true,
        practitioner: { gsdlNo: 'P1001' },
      }),
  ],
  [
    'PUT /gear/testSelection (spec 1 §7)',
    (order, login) =>
      inject(login, 'PUT', '/gear/testSelection', {
        id: order.id,
        version: order.version,
        requisitions: [
          {
            id: reqId(order, 0),
            omsOrderableItemId: PRODUCTS.giEffects.omsOrderableItemId,
            panel: PRODUCTS.giEffects.panel,
            components: componentsOf(PRODUCTS.giEffects.panel),
            addons: [],
            dropShip: true,
          },
        ],
      }),
  ],
  [
    'PUT /gear/billingMethod/ (spec 1 §7)',
    (order, login) =>
      inject(login, 'PUT', '/gear/billingMethod/', {
        billingMethod: BILLING_METHODS.patientPay,
        gearReqId: reqId(order, 0),
      }),
  ],
  [
    'PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source} (spec 1 §7)',
    (order, login) =>
      inject(
        login,
        'PUT',
        `/gear/order/${order.id}/confirm-price-increase/${reqId(order, 0)}/BillingOptions`,
      ),
  ],
  [
    'PUT /gear/diagnosisCodes/ (spec 1 §7)',
    (order, login) =>
      inject(login, 'PUT', '/gear/diagnosisCodes/', {
        gearReqId: reqId(order, 0),
        selectedCodes: [],
        otherCodes: ['1_K58.0'],
      }),
  ],
  [
    'PUT /gear/sampleCollection (spec 2 §7)',
    (order, login) =>
      inject(login, 'PUT', '/gear/sampleCollection', {
        id: reqId(order, 0),
        gearOrderId: order.id,
        version: order.version,
        lastSampleCollected: false,
        dateLastSampleCollected: null,
        sampleCollectionData: [],
        patientInstructions: null,
        clinicalFindings: null,
        routeNumber: null,
      }),
  ],
  [
    'PUT /gear/dropShipInstructions (spec 2 §7)',
    (order, login) =>
      inject(login, 'PUT', '/gear/dropShipInstructions', {
        gearOrderId: order.id,
        gearReqId: reqId(order, 0),
        version: order.version,
        patientInstructions: 'Collect on a weekday morning.',
        clinicalFindings: null,
        routeNumber: null,
      }),
  ],
  [
    'PUT /gear/order/{id}/patient/ (spec 2 §7)',
    (order, login) =>
      inject(login, 'PUT', `/gear/order/${order.id}/patient/`, {
        id: order.id,
        version: order.version,
        patientInfo: patientInfo(),
      }),
  ],
  [
    'PUT /gear/order/{id}/insurance/ (spec 2 §7)',
    (order, login) =>
      inject(login, 'PUT', `/gear/order/${order.id}/insurance/`, {
        id: order.id,
        version: order.version,
        insurance: null,
        secondaryInsurance: null,
      }),
  ],
  [
    'POST /gear/uploadInsuranceAttachment (spec 2 §7)',
    async (order, login) => {
      const form = cardForm(order.id);
      return ctx.app.inject({
        method: 'POST',
        url: '/gear/uploadInsuranceAttachment',
        headers: { ...(await headersOf(ctx.app, login)), 'content-type': form.contentType },
        payload: form.payload,
      });
    },
  ],
  [
    'DELETE /gear/deleteInsuranceAttachment (spec 2 §7)',
    async (order, login) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/gear/deleteInsuranceAttachment',
        query: { orderId: String(order.id), cardImgType: 'ins-primary-front' },
        headers: await headersOf(ctx.app, login),
      }),
  ],
  [
    'PUT /gear/order/{id}/shippingInfo/ (spec 2 §7)',
    (order, login) =>
      inject(
        login,
        'PUT',
        `/gear/order/${order.id}/shippingInfo/`,
        shippingBody(order, { shippingMethod: 'FedEx Ground', instructions: null }),
      ),
  ],
  [
    'PUT /gear/order/{id}/skip-step/{stepId}/{reqId} (spec 2 §7)',
    (order, login) =>
      inject(login, 'PUT', `/gear/order/${order.id}/skip-step/${STEP_IDS.collection}/${reqId(order, 1)}`),
  ],
  [
    'DELETE /gear/order/{id}/requisition/{reqId} (spec 2 §7)',
    (order, login) => inject(login, 'DELETE', `/gear/order/${order.id}/requisition/${reqId(order, 1)}`),
  ],
  [
    'PUT /gear/order/{id}/requisition/{reqId}/save-for-later (spec 2 §7)',
    (order, login) =>
      inject(login, 'PUT', `/gear/order/${order.id}/requisition/${reqId(order, 1)}/save-for-later`),
  ],
];

describe('decision 0050: every step save refuses a canceled order', () => {
  it.each(ATTEMPTS)(
    '%s answers 409 with the canceled message, for the practitioner and an admin',
    async (_call, attempt) => {
      const order = await canceledOrder();
      for (const login of ['dr.avery', 'admin.ops'] as const) {
        expectEnvelope(await attempt(order, login), 409, MESSAGES.orderCanceled);
      }
      const after = await read(order.id);
      expect(after.version).toBe(order.version);
      expect(after).toEqual(order);
    },
  );

  it('the canceled order can still be read, and a second cancel says it already was', async () => {
    const order = await canceledOrder();
    expect((await read(order.id)).id).toBe(order.id);
    const again = await inject(
      'dr.avery',
      'DELETE',
      `/gear/order/cancel/${order.id}?version=${order.version}`,
    );
    expect(again.body).toBe('cancelAlreadyRefunded');
  });

  it('an order canceled before it had a test stays closed: no test can be added, the practitioner not changed', async () => {
    const headers = await headersOf(ctx.app, 'dr.avery');
    const created = await createOrder(ctx.app, headers, 'P1001');
    const cancel = await inject(
      'dr.avery',
      'DELETE',
      `/gear/order/cancel/${created.id}?version=${created.version}`,
    );
    expect(cancel.body).toBe('cancelPass');
    const canceled = await read(created.id);
    expect(canceled).toMatchObject({ requisitions: [], canceled: true });
    for (const login of ['dr.avery', 'admin.ops'] as const) {
      const added = await inject(login, 'PUT', '/gear/testSelection', {
        id: created.id,
        version: canceled.version,
        requisitions: [
          {
            id: null,
            omsOrderableItemId: PRODUCTS.giEffects.omsOrderableItemId,
            panel: PRODUCTS.giEffects.panel,
            components: componentsOf(PRODUCTS.giEffects.panel),
            addons: [],
            dropShip: true,
          },
        ],
      });
      expectEnvelope(added, 409, MESSAGES.orderCanceled);
    }
    const practitioner = await inject('dr.avery', 'PUT', '/gear/practitioner/', {
      id: created.id,
      version: canceled.version,
      practAgreement: true,
      practitioner: { gsdlNo: 'P1002' },
    });
    expectEnvelope(practitioner, 409, MESSAGES.orderCanceled);
    expect(await read(created.id)).toEqual(canceled);
  });

  it('one canceled test of two leaves the order open: its other steps still save', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects, PRODUCTS.sibo3Hour]);
    const { db } = ctx.database;
    await db
      .update(requisitions)
      .set({ canceled: true })
      .where(eq(requisitions.id, reqId(order, 1)));
    await db
      .update(orders)
      .set({ version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id));
    expect((await read(order.id)).requisitions.map((r) => r.canceled)).toEqual([false, true]);
    const saved = await inject('dr.avery', 'PUT', '/gear/billingMethod/', {
      billingMethod: BILLING_METHODS.patientPay,
      gearReqId: reqId(order, 0),
      version: order.version + 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

import { BILLING_METHODS, MESSAGES, type SavedOrder } from '@gear/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { PATIENT_CONFIRMED_PACK } from '../../seed/demo-panels.ts';
import {
  addRequisition,
  createOrder,
  type DemoLogin,
  expectEnvelope,
  signIn,
  useTestApp,
} from '../../test/helper.ts';

const ctx = useTestApp();

const GI_COMPONENTS = [5401, 5402, 5403, 5404, 5405, 5406, 5407, 5408, 5409, 5410, 5411, 5412];
const H_PYLORI = { omsInputFieldID: 5413, cptQuantity: null };

async function seededOrder(): Promise<SavedOrder> {
  const { headers } = await signIn(ctx.app, 'dr.avery');
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/gear/order?requisitionNumber=${PATIENT_CONFIRMED_PACK.reqNumber}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedOrder>();
}

async function save(login: DemoLogin, order: SavedOrder, requisition: Record<string, unknown>, more = {}) {
  const { headers } = await signIn(ctx.app, login);
  const [current] = order.requisitions;
  return ctx.app.inject({
    method: 'PUT',
    url: '/gear/testSelection',
    headers,
    payload: {
      id: order.id,
      version: order.version,
      requisitions: [
        {
          id: current?.id,
          omsOrderableItemId: 540,
          panel: 5400,
          components: GI_COMPONENTS,
          addons: [],
          dropShip: true,
          reqNumber: current?.reqNumber,
          activationCode: current?.activationCode,
          ...requisition,
        },
      ],
      ...more,
    },
  });
}

describe('PUT /gear/testSelection: the price-increase confirmation (spec 1 §4.4, decision 0045)', () => {
  it('the demo order of P1001 is patient-confirmed, billed to insurance, and open to the practitioner', async () => {
    const order = await seededOrder();
    expect(order.workflow.patientConfirmed).toBe(true);
    expect(order.workflow.practitionerConfirmed).toBe(false);
    expect(order.requisitions).toHaveLength(1);
    expect(order.requisitions[0]).toMatchObject({
      omsOrderableItemId: 540,
      billingMethod: BILLING_METHODS.insurance,
      reqNumber: PATIENT_CONFIRMED_PACK.reqNumber,
      addons: [],
    });
  });

  it('spec 1 §4.4: an add-on that raises the price is refused with 409 until confirmed; nothing is written', async () => {
    const order = await seededOrder();
    const body = expectEnvelope(
      await save('dr.avery', order, { addons: [H_PYLORI] }),
      409,
      MESSAGES.priceIncreaseNeedsConfirmation,
    );
    expect(body.errors).toEqual([
      { field: 'priceIncreaseConfirmed', defaultMessage: MESSAGES.priceIncreaseNeedsConfirmation },
    ]);
    const after = await seededOrder();
    expect(after.version).toBe(order.version);
    expect(after.requisitions[0]?.addons).toEqual([]);
  });

  it('spec 1 §4.4: the same selection, unchanged, needs no confirmation', async () => {
    const order = await seededOrder();
    const response = await save('dr.avery', order, {});
    expect(response.statusCode, response.body).toBe(200);
  });

  it("spec 1 §4.4: 'Yes resubmits as confirmed and then records the price change'", async () => {
    const order = await seededOrder();
    const saved = await save('dr.avery', order, { addons: [H_PYLORI] }, { priceIncreaseConfirmed: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<SavedOrder>();
    const [requisition] = after.requisitions;
    expect(requisition?.addons).toEqual([H_PYLORI]);
    if (!requisition) throw new Error('no requisition');

    const { headers } = await signIn(ctx.app, 'dr.avery');
    const recorded = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${after.id}/confirm-price-increase/${requisition.id}/PanelSelection`,
      headers: { ...headers, 'if-match': String(after.version) },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.orderId, after.id));
    expect(events.map((event) => event.detail)).toContainEqual(
      expect.objectContaining({
        gearReqId: requisition.id,
        source: 'PanelSelection',
        billingMethod: BILLING_METHODS.insurance,
        priceCents: 19900 + 2900,
      }),
    );
  });

  it('spec 1 §4.4: a change that lowers the price needs no confirmation', async () => {
    const order = await seededOrder();
    expect(order.requisitions[0]?.addons).toEqual([H_PYLORI]);
    const response = await save('dr.avery', order, { addons: [] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SavedOrder>().requisitions[0]?.addons).toEqual([]);
  });

  it('spec 1 §4.4: an order the patient has not confirmed takes a pricier selection without asking', async () => {
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const created = await createOrder(ctx.app, headers, 'P1001');
    const order = await addRequisition(ctx.app, headers, created, {
      omsOrderableItemId: 540,
      panel: 5400,
      components: GI_COMPONENTS,
    });
    const [requisition] = order.requisitions;
    const billed = await ctx.app.inject({
      method: 'PUT',
      url: '/gear/billingMethod/',
      headers,
      payload: {
        billingMethod: BILLING_METHODS.insurance,
        gearReqId: requisition?.id,
        version: order.version,
      },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const response = await save('dr.avery', billed.json<SavedOrder>(), {
      addons: [H_PYLORI],
      reqNumber: null,
      activationCode: null,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses another practitioner, and a body whose confirmation is not a boolean', async () => {
    const order = await seededOrder();
    const other = await save('dr.chen', order, { addons: [H_PYLORI] }, { priceIncreaseConfirmed: true });
    expect(other.statusCode).toBe(403);
    const bad = await save('dr.avery', order, { addons: [H_PYLORI] }, { priceIncreaseConfirmed: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});

import { MESSAGES, type SavedOrder } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { createOrder, expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';

const ctx = useTestApp();

const ORGANIX = {
  omsOrderableItemId: 622,
  panel: 6020,
  components: [6021, 6022, 6023, 6024, 6025, 6026, 6027],
};
const GI = {
  omsOrderableItemId: 540,
  panel: 5400,
  components: [5401, 5402, 5403, 5404, 5405, 5406, 5407, 5408, 5409, 5410, 5411, 5412],
};

const METABOLOMIX = { omsOrderableItemId: 617, panel: 5860, components: [] };
/** An Activate Online save of an unused pack of P1001 for another product. */
async function activate(product: Record<string, unknown>, reqNumber: string) {
  const { headers } = await signIn(ctx.app, 'dr.avery');
  const order = await createOrder(ctx.app, headers, 'P1001');
  return ctx.app.inject({
    method: 'PUT',
    url: '/gear/testSelection',
    headers,
    payload: {
      id: order.id,
      version: order.version,
      requisitions: [{ id: null, ...product, addons: [], dropShip: false, reqNumber }],
    },
  });
}

/** The unused pack 50012355 (Toxic Element Clearance, urine) activated for Organix (urine): a saved requisition. */
async function savedPack() {
  const { headers } = await signIn(ctx.app, 'dr.avery');
  const activated = await activate(ORGANIX, '50012355');
  expect(activated.statusCode, activated.body).toBe(200);
  const order = activated.json<SavedOrder>();
  const [requisition] = order.requisitions;
  if (!requisition) throw new Error('no requisition');
  return { headers, orderId: order.id, version: order.version, gearReqId: requisition.id };
}

/** Edits the saved requisition to `product` (the body names no pack: the requisition's numbers stand). */
const editTo = (saved: Awaited<ReturnType<typeof savedPack>>, product: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/gear/testSelection',
    headers: saved.headers,
    payload: {
      id: saved.orderId,
      version: saved.version,
      requisitions: [{ id: saved.gearReqId, ...product, addons: [], dropShip: false }],
    },
  });

describe('PUT /gear/testSelection: repurposing a pack for another test (spec 1 §4.4, decision 0047)', () => {
  it('spec 1 §4.4: a urine pack used for another urine test keeps its numbers and is marked repurposed', async () => {
    const response = await activate(ORGANIX, '50012353'); // Metabolomix+ (617), urine
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SavedOrder>().requisitions[0]).toMatchObject({
      omsOrderableItemId: 622,
      reqNumber: '50012353',
      activationCode: 'C735029183',
      repurposedCollectionPack: { reqNumber: '50012353', activationCode: 'C735029183', gearReqId: null },
    });
  });

  it("spec 1 §4.4: a saved requisition is edited to another test of its pack's specimen, never to another specimen", async () => {
    const saved = await savedPack();
    // decision 0047: not to a stool test, and nothing is written.
    expectEnvelope(await editTo(saved, GI), 400, MESSAGES.repurposeSpecimenMismatch);
    const unchanged = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${saved.orderId}`,
      headers: saved.headers,
    });
    expect(unchanged.json<SavedOrder>().requisitions.map((r) => r.omsOrderableItemId)).toEqual([622]);

    const edited = await editTo(saved, METABOLOMIX);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SavedOrder>().requisitions).toEqual([
      expect.objectContaining({
        id: saved.gearReqId,
        omsOrderableItemId: 617,
        reqNumber: '50012355',
        activationCode: 'C950317628',
        repurposedCollectionPack: {
          reqNumber: '50012355',
          activationCode: 'C950317628',
          gearReqId: saved.gearReqId,
        },
      }),
    ]);
  });

  it('decision 0047: a (saliva, 895) pack is not used for a test of another specimen', async () => {
    const body = expectEnvelope(await activate(GI, '50012357'), 400, MESSAGES.repurposeSpecimenMismatch);
    expect(body.errors).toEqual([
      { field: 'requisitions.0.omsOrderableItemId', defaultMessage: MESSAGES.repurposeSpecimenMismatch },
    ]);
  });
});

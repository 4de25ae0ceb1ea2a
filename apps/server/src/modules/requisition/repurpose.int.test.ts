import { type GearOrder, MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { createOrder, expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';

const ctx = useTestApp();

type SavedOrder = GearOrder & { id: number };

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

  it('decision 0047: a (saliva, 895) pack is not used for a test of another specimen', async () => {
    const body = expectEnvelope(await activate(GI, '50012357'), 400, MESSAGES.repurposeSpecimenMismatch);
    expect(body.errors).toEqual([
      { field: 'requisitions.0.omsOrderableItemId', defaultMessage: MESSAGES.repurposeSpecimenMismatch },
    ]);
  });
});

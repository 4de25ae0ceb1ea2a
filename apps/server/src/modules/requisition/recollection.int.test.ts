import { MESSAGES, type SavedOrder } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { RECOLLECTION_PACK } from '../../seed/demo-panels.ts';
import { expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';

const ctx = useTestApp();

const GI_COMPONENTS = [5401, 5402, 5403, 5404, 5405, 5406, 5407, 5408, 5409, 5410, 5411, 5412];

async function orderHolding(requisitionNumber: string): Promise<SavedOrder> {
  const { headers } = await signIn(ctx.app, 'dr.avery');
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/gear/order?requisitionNumber=${requisitionNumber}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedOrder>();
}

async function put(url: string, payload: Record<string, unknown>) {
  const { headers } = await signIn(ctx.app, 'dr.avery');
  return ctx.app.inject({ method: 'PUT', url, headers, payload });
}

describe('a recollection order on panel selection (spec 1 §2.6, §4.4, decision 0049)', () => {
  it('the demo recollection order of P1001 re-collects the order received by the lab', async () => {
    const order = await orderHolding(RECOLLECTION_PACK.reqNumber);
    const received = await orderHolding('50012350');
    expect(order.recollectionFor).toBe(received.id);
    expect(order.requisitions.map((r) => [r.omsOrderableItemId, r.dropShip])).toEqual([[540, true]]);
  });

  it("spec 1 §2.6: Ship to Office is refused on a recollection order ('no recollection')", async () => {
    const order = await orderHolding(RECOLLECTION_PACK.reqNumber);
    const body = expectEnvelope(
      await put('/gear/testSelection/', {
        id: order.id,
        version: order.version,
        requisitions: [
          {
            id: null,
            omsOrderableItemId: 542,
            dropShip: false,
            shipToOffice: true,
            quantity: 2,
            panel: null,
            components: [],
            addons: [],
            patientInstructions: null,
          },
        ],
      }),
      400,
      MESSAGES.recollectionShipsToPatient,
    );
    expect(body.errors).toEqual([
      { field: 'requisitions.0.omsOrderableItemId', defaultMessage: MESSAGES.recollectionShipsToPatient },
    ]);
  });

  it('spec 1 §4.4: its drop-ship requisition is saved as usual', async () => {
    const order = await orderHolding(RECOLLECTION_PACK.reqNumber);
    const [requisition] = order.requisitions;
    const response = await put('/gear/testSelection', {
      id: order.id,
      version: order.version,
      requisitions: [
        {
          id: requisition?.id,
          omsOrderableItemId: 540,
          panel: 5400,
          components: GI_COMPONENTS,
          addons: [],
          dropShip: true,
          reqNumber: RECOLLECTION_PACK.reqNumber,
          activationCode: RECOLLECTION_PACK.activationCode,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SavedOrder>().recollectionFor).toBe(order.recollectionFor);
  });
});

import { MESSAGES } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, practitioners } from '../../db/schema/index.ts';
import { expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';
import { dropShipOrder, ok, PRODUCTS, type SavedOrder } from '../../test/order-builders.ts';

// Decisions 0055 and 0070: orders kept until their data changes (statements per read are counted by
// bench/requests.ts).
const ctx = useTestApp();

const readOrder = async (id: number, login: 'dr.avery' | 'dr.chen' | 'admin.ops' = 'dr.avery') =>
  ctx.app.inject({
    method: 'GET',
    url: `/gear/order/${id}`,
    headers: (await signIn(ctx.app, login)).headers,
  });

describe('decision 0055: order reads served from memory while nothing was written', () => {
  it('a second read of an unchanged order answers the same', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const read = () => ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers });
    const first = ok(await read());
    const second = ok(await read());
    expect(second).toEqual(first);
    expect(first).toMatchObject({ id: order.id, version: order.version });
  });

  it('a write that does not go through the order repository (raw SQL, with its version bump) is seen at once', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    expect(ok(await readOrder(order.id)).shippingMethod).toBe('FedEx Ground');
    expect(ok(await readOrder(order.id)).shippingMethod).toBe('FedEx Ground');
    await ctx.database.db.execute(
      sql`update orders set shipping_method = 'FedEx 2Day', version = version + 1 where id = ${order.id}`,
    );
    const after = ok(await readOrder(order.id));
    expect(after).toMatchObject({ shippingMethod: 'FedEx 2Day', version: order.version + 1 });
  });

  it('a write in a transaction that rolls back leaves the order as it was', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    ok(await readOrder(order.id));
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.update(orders).set({ shippingMethod: 'Rolled back' }).where(eq(orders.id, order.id));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(ok(await readOrder(order.id))).toMatchObject({
      version: order.version,
      shippingMethod: 'FedEx Ground',
    });
  });

  it('a cached order still answers 403 to another practitioner and 200 to an admin; 404 for no order', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    ok(await readOrder(order.id));
    expectEnvelope(await readOrder(order.id, 'dr.chen'), 403, MESSAGES.forbidden);
    expect(ok(await readOrder(order.id, 'admin.ops')).id).toBe(order.id);
    expectEnvelope(await readOrder(999_999), 404, MESSAGES.orderNotFound);
  });

  it("a change of the practitioner's authorizing doctor is seen by the access check at once", async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1002', [PRODUCTS.giEffects]);
    expect((await readOrder(order.id, 'dr.chen')).statusCode).toBe(403);
    const setAuthorizing = (gsdlNo: string) =>
      ctx.database.db
        .update(practitioners)
        .set({ authorizingDoctorGsdlNo: gsdlNo })
        .where(eq(practitioners.gsdlNo, 'P1002'));
    // dr.chen (P1003) may see the orders of practitioners P1003 authorizes.
    await setAuthorizing('P1003');
    try {
      expect((await readOrder(order.id, 'dr.chen')).statusCode).toBe(200);
    } finally {
      await setAuthorizing('P1001');
    }
    expect((await readOrder(order.id, 'dr.chen')).statusCode).toBe(403);
  });

  it('a save answers the saved order and the next read serves it; a stale save is 409', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const save = (version: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/gear/testSelection',
        headers,
        payload: {
          id: order.id,
          version,
          requisitions: [
            {
              id: order.requisitions[0]?.id,
              ...PRODUCTS.giEffects,
              patientInstructions: `Version ${version}`,
              dropShip: true,
            },
          ],
        },
      });
    const saved = ok(await save(order.version));
    expect(saved.version).toBe(order.version + 1);
    const read: SavedOrder = ok(
      await ctx.app.inject({ method: 'GET', url: `/gear/order/${saved.id}`, headers }),
    );
    expect(read).toEqual(saved);
    expect(read.requisitions[0]?.patientInstructions).toBe(`Version ${order.version}`);
    expectEnvelope(await save(order.version), 409, MESSAGES.staleOrder);
  });
});

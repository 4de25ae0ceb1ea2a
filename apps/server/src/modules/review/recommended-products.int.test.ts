import { MESSAGES, type RecommendedProduct } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import {
  callAs,
  expectEnvelope,
  GI_EFFECTS,
  METABOLOMIX,
  ok,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import { dropShipOrder, signInPatient } from '../../test/order-builders.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen' });

const GI_MAP = { omsOrderableItemId: 215, panel: 4700 } as const;

const recommended = (id: number, query = '', who: Parameters<typeof callAs>[1] = as.avery) =>
  callAs(ctx.app, who, 'GET', `/gear/recommended-products/order/${id}${query}`);

describe('GET /gear/recommended-products/order/{id} (spec 3 §2, §6, §7; decision 0110)', () => {
  it('answers products often ordered together first, never one on the order, at most 3', async () => {
    // GI Effects was ordered with Metabolomix+ in four orders and with GI-MAP in four, besides the demo orders (two
    // PITL orders have GI Effects with Metabolomix+ and NutrEval): Metabolomix+ first, then GI-MAP.
    for (const other of [METABOLOMIX, METABOLOMIX, METABOLOMIX, METABOLOMIX, GI_MAP, GI_MAP, GI_MAP, GI_MAP])
      await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [GI_EFFECTS, other]);
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [GI_EFFECTS]);

    const response = await recommended(order.id, '?limit=3');
    expect(response.headers['cache-control']).toBe('no-store');
    const products = ok<RecommendedProduct[]>(response);
    expect(products).toHaveLength(3);
    expect(products.slice(0, 2).map((product) => product.omsOrderableItemId)).toEqual([617, 215]);
    expect(products.map((product) => product.omsOrderableItemId)).not.toContain(540);
    expect(products[0]).toMatchObject({ title: expect.any(String), imageUrl: null, productPage: null });

    expect(
      ok<RecommendedProduct[]>(await recommended(order.id, '?limit=1')).map((p) => p.omsOrderableItemId),
    ).toEqual([617]);
    expect(ok<RecommendedProduct[]>(await recommended(order.id, '?limit=50'))).toHaveLength(3);
    expect(ok<RecommendedProduct[]>(await recommended(order.id))).toHaveLength(3);
  });

  it('refuses: 400 a bad limit, 401 signed out, 403 a patient or another practitioner, 404 an unknown order', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [GI_EFFECTS]);
    expectEnvelope(await recommended(order.id, '?limit=abc'), 400);
    const signedOut = await ctx.app.inject({
      method: 'GET',
      url: `/gear/recommended-products/order/${order.id}`,
    });
    expect(signedOut.statusCode).toBe(401);
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expectEnvelope(await recommended(order.id, '', patient), 403, MESSAGES.forbidden);
    expect((await recommended(order.id, '', as.chen)).statusCode).toBe(403);
    expectEnvelope(await recommended(987654, ''), 404, MESSAGES.orderNotFound);
  });
});

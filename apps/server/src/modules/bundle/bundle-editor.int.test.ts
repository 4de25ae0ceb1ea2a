import { BILLING_METHODS, type BundleAnswer, type BundleSaveAnswer, MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { callAs, expectEnvelope, ok, useSignIns, useTestApp } from '../../test/helper.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, {
  avery: 'dr.avery',
  kim: 'staff.kim',
  chen: 'dr.chen',
  fox: 'dr.fox',
  admin: 'admin.ops',
});

const twoProducts = {
  gsdlNo: 'P1001',
  name: 'Gut and nutrition',
  products: [
    { omsOrderableItemId: 540, panel: 5400, components: [], addons: [] },
    { omsOrderableItemId: 617, panel: null, components: [], addons: [] },
  ],
};

async function saveAsAvery(body: Record<string, unknown> = twoProducts) {
  return ok<BundleSaveAnswer>(await callAs(ctx.app, as.avery, 'POST', '/gear/bundle/save', body));
}

const listOf = async (who: (typeof as)[keyof typeof as], gsdlNo: string) =>
  callAs(ctx.app, who, 'GET', `/gear/bundle?gsdlNo=${gsdlNo}`);

describe('POST /gear/bundle/save, GET and DELETE /gear/bundle/{id} (spec 3 §4, §5, §7; decision 0280)', () => {
  it('saves a profile: SUCCESS, the patient selects billing by default, listed for the editor and panel selection', async () => {
    const saved = await saveAsAvery();
    expect(saved).toEqual({ status: 'SUCCESS', gearBundleId: expect.any(Number) });
    const loaded = ok<BundleAnswer>(
      await callAs(ctx.app, as.avery, 'GET', `/gear/bundle/${saved.gearBundleId}`),
    );
    expect(loaded).toMatchObject({
      name: 'Gut and nutrition',
      gsdlNo: 'P1001',
      billingMethod: BILLING_METHODS.patientSelects,
      practitioner: { gsdlNo: 'P1001', lastName: 'Avery' },
    });
    expect(loaded.products.map((p) => [p.omsOrderableItemId, p.panel])).toEqual([
      [540, 5400],
      [617, null],
    ]);
    const list = ok<{ bundles: { gearBundleId: number; productNamesString: string }[] }>(
      await listOf(as.avery, 'P1001'),
    );
    expect(list.bundles.map((b) => b.gearBundleId)).toContain(saved.gearBundleId);
    const lists = ok<{ savedBundles: { gearBundleId: number }[] }>(
      await callAs(ctx.app, as.avery, 'GET', '/gear/practitioner/P1001/orderableItems'),
    );
    expect(lists.savedBundles.map((b) => b.gearBundleId)).toContain(saved.gearBundleId);
  });

  it('rewrites a profile in place; staff ordering for the practitioner may too', async () => {
    const { gearBundleId } = await saveAsAvery();
    const body = {
      ...twoProducts,
      gearBundleId,
      name: 'Renamed',
      billingMethod: BILLING_METHODS.patientPay,
      products: [{ omsOrderableItemId: 534 }],
    };
    expect(ok<BundleSaveAnswer>(await callAs(ctx.app, as.kim, 'POST', '/gear/bundle/save', body))).toEqual({
      status: 'SUCCESS',
      gearBundleId,
    });
    const loaded = ok<BundleAnswer>(await callAs(ctx.app, as.avery, 'GET', `/gear/bundle/${gearBundleId}`));
    expect(loaded).toMatchObject({ name: 'Renamed', billingMethod: BILLING_METHODS.patientPay });
    expect(loaded.products.map((p) => p.omsOrderableItemId)).toEqual([534]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['spec 3 §5: the name is required', { name: '   ' }, MESSAGES.bundleNameRequired],
    ['spec 3 §5: the name is at most 128', { name: 'x'.repeat(129) }, MESSAGES.bundleNameTooLong],
    ['spec 3 §5: at least one product', { products: [] }, MESSAGES.bundleNeedsProduct],
    [
      'spec 1 §5: excluded add-ons',
      {
        products: [
          {
            omsOrderableItemId: 617,
            panel: 5860,
            addons: [
              { omsInputFieldID: 5877, cptQuantity: null },
              { omsInputFieldID: 5887, cptQuantity: null },
            ],
          },
        ],
      },
      MESSAGES.addOnExclusion,
    ],
    [
      'a product once',
      { products: [{ omsOrderableItemId: 540 }, { omsOrderableItemId: 540 }] },
      MESSAGES.productAlreadyAdded,
    ],
  ])("%s: 400 'ERROR' with the field's message, nothing written", async (_name, change, message) => {
    const before = ok<{ bundles: unknown[] }>(await listOf(as.avery, 'P1001')).bundles.length;
    const body = expectEnvelope(
      await callAs(ctx.app, as.avery, 'POST', '/gear/bundle/save', { ...twoProducts, ...change }),
      400,
      message,
    );
    expect(body.error).toBe('ERROR');
    expect(ok<{ bundles: unknown[] }>(await listOf(as.avery, 'P1001')).bundles).toHaveLength(before);
  });

  it('bad input is a 400: an unknown billing method, a NUL in the name, a non-numeric id', async () => {
    expectEnvelope(
      await callAs(ctx.app, as.avery, 'POST', '/gear/bundle/save', {
        ...twoProducts,
        billingMethod: 'Barter',
      }),
      400,
    );
    expectEnvelope(
      await callAs(ctx.app, as.avery, 'POST', '/gear/bundle/save', { ...twoProducts, name: 'a\u0000b' }),
      400,
    );
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/gear/bundle/abc'), 400);
  });

  it("deletes with DELETED: gone from the lists, its load 404, a second delete 404, a save of it 410 'DELETED'", async () => {
    const { gearBundleId } = await saveAsAvery();
    expect(
      ok<BundleSaveAnswer>(await callAs(ctx.app, as.avery, 'DELETE', `/gear/bundle/${gearBundleId}`)),
    ).toEqual({
      status: 'DELETED',
      gearBundleId,
    });
    const list = ok<{ bundles: { gearBundleId: number }[] }>(await listOf(as.avery, 'P1001'));
    expect(list.bundles.map((b) => b.gearBundleId)).not.toContain(gearBundleId);
    expectEnvelope(
      await callAs(ctx.app, as.avery, 'GET', `/gear/bundle/${gearBundleId}`),
      404,
      MESSAGES.bundleNotFound,
    );
    expectEnvelope(await callAs(ctx.app, as.avery, 'DELETE', `/gear/bundle/${gearBundleId}`), 404);
    const again = expectEnvelope(
      await callAs(ctx.app, as.avery, 'POST', '/gear/bundle/save', { ...twoProducts, gearBundleId }),
      410,
      MESSAGES.bundleDeleted,
    );
    expect(again.error).toBe('DELETED');
  });

  describe("another practice's profiles are never listed, loaded, changed or deleted (spec 3 §6)", () => {
    it('another practitioner: 403 on list, load, save over it, save for them, delete; the profile unchanged', async () => {
      const { gearBundleId } = await saveAsAvery();
      expectEnvelope(await listOf(as.chen, 'P1001'), 403, MESSAGES.forbidden);
      expectEnvelope(
        await callAs(ctx.app, as.chen, 'GET', `/gear/bundle/${gearBundleId}`),
        403,
        MESSAGES.forbidden,
      );
      expectEnvelope(
        await callAs(ctx.app, as.chen, 'POST', '/gear/bundle/save', {
          ...twoProducts,
          gearBundleId,
          name: 'Taken',
        }),
        403,
      );
      expectEnvelope(
        await callAs(ctx.app, as.chen, 'POST', '/gear/bundle/save', {
          ...twoProducts,
          gsdlNo: 'P1003',
          gearBundleId,
        }),
        403,
      );
      expectEnvelope(await callAs(ctx.app, as.chen, 'POST', '/gear/bundle/save', twoProducts), 403);
      expectEnvelope(await callAs(ctx.app, as.chen, 'DELETE', `/gear/bundle/${gearBundleId}`), 403);
      const loaded = ok<BundleAnswer>(await callAs(ctx.app, as.avery, 'GET', `/gear/bundle/${gearBundleId}`));
      expect(loaded.name).toBe(twoProducts.name);
    });

    it("staff outside their onBehalfOf: staff.kim may not touch P1006's profiles (dr.avery may)", async () => {
      const fox = { ...twoProducts, gsdlNo: 'P1006' };
      const saved = ok<BundleSaveAnswer>(await callAs(ctx.app, as.fox, 'POST', '/gear/bundle/save', fox));
      expectEnvelope(await listOf(as.kim, 'P1006'), 403);
      expectEnvelope(await callAs(ctx.app, as.kim, 'GET', `/gear/bundle/${saved.gearBundleId}`), 403);
      expectEnvelope(await callAs(ctx.app, as.kim, 'POST', '/gear/bundle/save', fox), 403);
      expectEnvelope(await callAs(ctx.app, as.kim, 'DELETE', `/gear/bundle/${saved.gearBundleId}`), 403);
      ok(await listOf(as.avery, 'P1006'));
    });

    it('a profile cannot be moved to another practitioner by its id', async () => {
      const { gearBundleId } = await saveAsAvery();
      const body = expectEnvelope(
        await callAs(ctx.app, as.avery, 'POST', '/gear/bundle/save', {
          ...twoProducts,
          gsdlNo: 'P1002',
          gearBundleId,
        }),
        400,
        MESSAGES.bundleOfAnotherPractitioner,
      );
      expect(body.error).toBe('ERROR');
    });

    it('signed out: 401; unknown profile 404; unknown practitioner 404', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/gear/bundle/1' })).statusCode).toBe(401);
      expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/gear/bundle/999999'), 404);
      expectEnvelope(await listOf(as.admin, 'P9999'), 404);
    });
  });
});

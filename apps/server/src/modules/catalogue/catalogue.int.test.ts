import { MESSAGES, type OrderableItemLists } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { bundleProducts, bundles } from '../../db/schema/index.ts';
import { CATALOGUE_ITEMS } from '../../seed/catalogue-data.ts';
import {
  callAs,
  type DemoLogin,
  expectEnvelope,
  newOrderWith,
  signIn,
  useTestApp,
} from '../../test/helper.ts';

const ctx = useTestApp();

const get = (login: DemoLogin, url: string) => callAs(ctx.app, login, 'GET', url);
const lists = async (login: DemoLogin, gsdl: string) => {
  const response = await get(login, `/gear/practitioner/${gsdl}/orderableItems`);
  expect(response.statusCode).toBe(200);
  return response.json<OrderableItemLists>();
};
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('GET /gear/practitioner/{gsdl}/orderableItems', () => {
  it('spec 1 §3: answers every list of the catalogue answer', async () => {
    const answer = await lists('dr.avery', 'P1001');
    expect(Object.keys(answer).sort()).toEqual([
      'categoryMap',
      'gbfSharedKitsMap',
      'otherOrderableItems',
      'productHighlights',
      'recentlyOrderedItems',
      'savedBundles',
      'topProducts',
    ]);
  });

  it('spec 1 §2.6: the complete alphabetical listing holds every active product, by name', async () => {
    const { otherOrderableItems } = await lists('dr.avery', 'P1001');
    const names = otherOrderableItems.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(ids(otherOrderableItems).sort()).toEqual(
      CATALOGUE_ITEMS.filter((item) => item.active)
        .map((item) => item.id)
        .sort(),
    );
    expect(otherOrderableItems[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      category: expect.any(String),
      description: expect.any(String),
      specimenType: expect.any(String),
      dropShipOnly: expect.any(Boolean),
      mcrEligible: expect.any(Boolean),
      paperless: expect.any(Boolean),
      nutritional: expect.any(Boolean),
      covid: expect.any(Boolean),
      gbfName: null,
    });
  });

  it("spec 1 §2.6: the provider's Most Popular Profiles are the 8 most popular products", async () => {
    const { topProducts } = await lists('dr.avery', 'P1001');
    const expected = [...CATALOGUE_ITEMS]
      .sort((a, b) => b.popularity - a.popularity)
      .slice(0, 8)
      .map((item) => item.id);
    expect(ids(topProducts)).toEqual(expected);
  });

  it('spec 1 §2.6: one section per category; drop-ship highlights; kits sharing a GBF name', async () => {
    const answer = await lists('dr.avery', 'P1001');
    expect(Object.keys(answer.categoryMap)).toEqual([
      'Cardiometabolic',
      'COVID-19',
      'Endocrinology',
      'Gastrointestinal',
      'Home Kits',
      'Immunology',
      'Metabolic',
      'Nutritional',
      'Toxicology',
    ]);
    expect(ids(answer.categoryMap['COVID-19'] ?? [])).toEqual([910, 902]);
    expect(ids(answer.productHighlights)).toEqual([930]);
    expect(
      Object.fromEntries(Object.entries(answer.gbfSharedKitsMap).map(([name, items]) => [name, ids(items)])),
    ).toEqual({
      'GI Effects Stool Kit': [542, 540],
    });
  });

  it("spec 1 §2.6: Recently Ordered comes from the practitioner's orders, newest first", async () => {
    // P1001's demo orders: GI Effects (540) on most, and the ship-to-office order's Metabolomix+ (617, decision 0110).
    expect(ids((await lists('dr.avery', 'P1001')).recentlyOrderedItems)).toEqual([540, 617]);
    const { headers } = await signIn(ctx.app, 'dr.avery');
    await newOrderWith(ctx.app, headers, 'P1001', [{ omsOrderableItemId: 622, panel: 6020, components: [] }]);
    expect(ids((await lists('dr.avery', 'P1001')).recentlyOrderedItems)).toEqual([622, 540, 617]);
  });

  it('spec 1 §5: a New York office does not get the products whose name ends with *', async () => {
    const answer = await lists('dr.avery', 'P1002');
    const everything = JSON.stringify(answer);
    expect(everything).not.toContain('Rhythm Plus*');
    // P1002's demo orders: the order awaiting its authorizing practitioner (GI Effects, decision 0080), then 215.
    expect(ids(answer.recentlyOrderedItems)).toEqual([540, 215]);
    expect(JSON.stringify(await lists('dr.avery', 'P1001'))).toContain('Rhythm Plus*');
  });

  it("spec 1 §2.6: Customized Profiles are the practitioner's saved bundles", async () => {
    const [bundle] = await ctx.database.db
      .insert(bundles)
      .values({ gsdlNo: 'P1006', name: 'Gut work-up', billingMethod: 'Physician Account' })
      .returning({ id: bundles.id });
    if (!bundle) throw new Error('no bundle');
    await ctx.database.db.insert(bundleProducts).values([
      { bundleId: bundle.id, position: 1, orderableItemId: 854 },
      { bundleId: bundle.id, position: 0, orderableItemId: 540 },
    ]);
    await ctx.database.db
      .insert(bundles)
      .values({ gsdlNo: 'P1006', name: 'Old', billingMethod: 'x', deleted: true });
    expect((await lists('dr.fox', 'P1006')).savedBundles).toEqual([
      {
        gearBundleId: bundle.id,
        gearOrderId: null,
        name: 'Gut work-up',
        billingMethod: 'Physician Account',
        productNamesString: 'GI Effects Comprehensive Profile - Stool (3-day), GI Pathogens Profile',
        practAgreement: null,
      },
    ]);
    // P1001's demo custom profile (demo-panels.ts, decision 0048).
    expect((await lists('dr.avery', 'P1001')).savedBundles).toEqual([
      expect.objectContaining({
        name: 'Gut and Metabolic Workup',
        billingMethod: 'Let my patient select their billing option',
        productNamesString: 'GI Effects Comprehensive Profile - Stool (3-day), Metabolomix+',
      }),
    ]);
  });

  it('spec 1 §6: office staff and admins may see the lists of the practitioners they order for', async () => {
    expect((await get('staff.kim', '/gear/practitioner/P1002/orderableItems')).statusCode).toBe(200);
    expect((await get('admin.ops', '/gear/practitioner/P1005/orderableItems')).statusCode).toBe(200);
    expect((await get('dr.avery', '/gear/practitioner/p1001/orderableItems')).statusCode).toBe(200);
  });

  it("refuses another practitioner's lists (403)", async () => {
    expectEnvelope(await get('dr.chen', '/gear/practitioner/P1001/orderableItems'), 403, MESSAGES.forbidden);
  });

  it.each([
    ['an unknown number', 'P9999', 'No details found for P9999.'],
    ['a number over 5 characters', 'P10011', 'No details found for P10011.'],
  ])('answers 404 for %s', async (_case, gsdl, message) => {
    expectEnvelope(await get('admin.ops', `/gear/practitioner/${gsdl}/orderableItems`), 404, message);
  });

  it('answers 404, never a failure, for a number that is not letters and digits', async () => {
    for (const gsdl of ['P-1', '%F0%9F%A7%AA']) {
      expectEnvelope(await get('admin.ops', `/gear/practitioner/${gsdl}/orderableItems`), 404);
    }
    // A NUL is unsupported text anywhere (issue 14 item 11, decision 0213): 400, never a failure.
    expectEnvelope(await get('admin.ops', '/gear/practitioner/%00/orderableItems'), 400);
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(
      await ctx.app.inject({ method: 'GET', url: '/gear/practitioner/P1001/orderableItems' }),
      401,
    );
  });
});

describe('GET /gear/practitioner/{gsdl}/previousInstructions/{x}', () => {
  const save = async (instructions: string | null) => {
    const { headers } = await signIn(ctx.app, 'dr.avery');
    await newOrderWith(ctx.app, headers, 'P1001', [
      { omsOrderableItemId: 546, panel: 5460, patientInstructions: instructions },
    ]);
  };

  it("spec 1 §7: the practitioner's earlier distinct instructions for the product, newest first", async () => {
    await save('Take thyroid medication after the draw.');
    await save('Fast overnight.');
    await save('Take thyroid medication after the draw.');
    await save(null);
    const response = await get('dr.avery', '/gear/practitioner/P1001/previousInstructions/546');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['Take thyroid medication after the draw.', 'Fast overnight.']);
    expect((await get('admin.ops', '/gear/practitioner/P1001/previousInstructions/540')).json()).toEqual([]);
  });

  it("refuses another practitioner's instructions (403)", async () => {
    expectEnvelope(await get('dr.chen', '/gear/practitioner/P1001/previousInstructions/546'), 403);
  });

  it('answers 404 for a product the catalogue does not have', async () => {
    expectEnvelope(
      await get('dr.avery', '/gear/practitioner/P1001/previousInstructions/99999'),
      404,
      MESSAGES.productNotFound,
    );
  });

  it.each(['abc', '0', '-4', '99999999999'])('answers 400 for the product id %s', async (x) => {
    expectEnvelope(await get('dr.avery', `/gear/practitioner/P1001/previousInstructions/${x}`), 400);
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(
      await ctx.app.inject({ method: 'GET', url: '/gear/practitioner/P1001/previousInstructions/546' }),
      401,
    );
  });
});

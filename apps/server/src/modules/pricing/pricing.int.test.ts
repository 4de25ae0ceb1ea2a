import { BILLING_METHODS, MESSAGES } from '@gear/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, specialFees } from '../../db/schema/index.ts';
import { SPECIAL_FEE_ROWS, seedSpecialFees } from '../../seed/special-fees.ts';
import {
  expectEnvelope,
  GI_EFFECTS,
  newOrderWith,
  type SignedIn,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import { dropShipOrder, PRODUCTS } from '../../test/order-builders.ts';
import { forgetPriceRows } from './price-rows.ts';

const ctx = useTestApp();
const users = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen' });
let gearReqId: number;
let withAddOn: number;

beforeAll(async () => {
  const order = await newOrderWith(ctx.app, users.avery.headers, 'P1001', [GI_EFFECTS]);
  gearReqId = order.requisitions[0]?.id as number;
  const second = await newOrderWith(ctx.app, users.avery.headers, 'P1001', [
    { ...GI_EFFECTS, addons: [{ omsInputFieldID: 5413, cptQuantity: null }] },
  ]);
  withAddOn = second.requisitions[0]?.id as number;
});

const appliedPrice = (
  query: Record<string, string | number>,
  headers: SignedIn['headers'] = users.avery.headers,
) => ctx.app.inject({ method: 'GET', url: '/gear/api/applied-price', query: stringify(query), headers });

const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

const GI = 'GI Effects Comprehensive Profile - Stool (3-day)';

describe('GET /gear/api/applied-price (spec 1 §7, spec 3 §3)', () => {
  it('Bill Insurance for 540: the initial payment and the most out of pocket, in cents', async () => {
    const response = await appliedPrice({ gearReqId, billingMethod: BILLING_METHODS.insurance });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      gearRequisitionId: gearReqId,
      billingMethod: 'Bill Insurance with Patient Payment',
      insuranceProvider: null,
      secondaryInsuranceProvider: null,
      price: 19900,
      maxOutOfPocket: 29900,
      medicarePrice: 0,
      tricarePrice: 0,
      items: [{ name: GI, price: 19900, feeItem: false }],
      error: null,
      placeholder: false,
      configError: false,
    });
  });

  it.each([
    [BILLING_METHODS.patientPay, 45900, null],
    ['Physician Account (P1001 has its own price)', 29500, null],
    [BILLING_METHODS.medicare, 0, null],
  ])('prices %s', async (method, price, maxOutOfPocket) => {
    const billingMethod = method.startsWith('Physician') ? BILLING_METHODS.physicianAccount : method;
    const body = (await appliedPrice({ gearReqId, billingMethod })).json();
    expect(body).toMatchObject({ price, maxOutOfPocket, error: null });
  });

  it('adds the add-ons, one line each', async () => {
    const body = (
      await appliedPrice({ gearReqId: withAddOn, billingMethod: BILLING_METHODS.patientPay })
    ).json();
    expect(body).toMatchObject({
      price: 45900 + 5900,
      items: [
        { name: GI, price: 45900, feeItem: false },
        { name: 'Helicobacter pylori Stool Antigen', price: 5900, feeItem: false },
      ],
    });
  });

  it("'Let my patient select their billing option' has no price: billingOptionUnknown", async () => {
    const body = (await appliedPrice({ gearReqId, billingMethod: BILLING_METHODS.patientSelects })).json();
    expect(body).toMatchObject({ price: null, error: 'billingOptionUnknown', configError: false });
  });

  it('answers 401, 403 for another practitioner, 404 for an unknown requisition', async () => {
    expectEnvelope(
      await ctx.app.inject({
        method: 'GET',
        url: `/gear/api/applied-price?gearReqId=${gearReqId}&billingMethod=Physician%20Account`,
      }),
      401,
    );
    expectEnvelope(
      await appliedPrice({ gearReqId, billingMethod: BILLING_METHODS.insurance }, users.chen.headers),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(
      await appliedPrice({ gearReqId: 999_999, billingMethod: BILLING_METHODS.insurance }),
      404,
      MESSAGES.requisitionUnknown,
    );
  });

  it("answers 400 for a billing method the spec does not name, with 'Please select a billing option.'", async () => {
    const body = expectEnvelope(await appliedPrice({ gearReqId, billingMethod: 'Cash' }), 400);
    expect(body.errors).toEqual([
      { field: 'billingMethod', defaultMessage: 'Please select a billing option.' },
    ]);
  });

  it.each([
    ['no billing method', { gearReqId: 1 }],
    ['no requisition', { billingMethod: BILLING_METHODS.insurance }],
    ['a requisition id that is not a number', { gearReqId: 'x', billingMethod: BILLING_METHODS.insurance }],
    [
      'a requisition id beyond a database integer',
      { gearReqId: 2 ** 40, billingMethod: BILLING_METHODS.insurance },
    ],
    ['a 2,000-character billing method', { gearReqId: 1, billingMethod: 'x'.repeat(2000) }],
  ])('answers 400, never 500, for %s', async (_case, query) => {
    expectEnvelope(await appliedPrice(query), 400);
  });
});

describe('GET /gear/api/inputFieldPriceMap/{orderableItemId} (spec 1 §7, §9)', () => {
  const priceMap = (path: string, headers: SignedIn['headers'] = users.avery.headers) =>
    ctx.app.inject({ method: 'GET', url: `/gear/api/inputFieldPriceMap/${path}`, headers });

  it("answers PTPAY and IIP by input field id, with the product's own price under 'item'", async () => {
    const response = await priceMap('540?gsdlNo=P1001');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      PTPAY: { 5413: 5900, 5414: 6900, item: 45900 },
      IIP: { 5413: 2900, 5414: 3900, item: 19900 },
    });
  });

  it("the practitioner's override wins (P1002's patient-pay price of the SIBO breath test)", async () => {
    const body = (await priceMap('215?gsdlNo=p1002')).json<{ PTPAY: Record<string, number> }>();
    expect(body.PTPAY.item).toBe(17900);
    expect((await priceMap('215?gsdlNo=P1001')).json<{ PTPAY: Record<string, number> }>().PTPAY.item).toBe(
      19900,
    );
  });

  it('spec 1 §9: component 6587 includes the price of 6700 (mixed component pricing, item 700)', async () => {
    const body = (await priceMap('700?gsdlNo=P1001')).json<{ PTPAY: Record<string, number> }>();
    expect(body.PTPAY['6587']).toBe((body.PTPAY['6700'] ?? 0) + 9900);
  });

  it('answers 401, 403 for a practitioner the caller may not order for, 404 for unknown ones', async () => {
    expectEnvelope(
      await ctx.app.inject({ method: 'GET', url: '/gear/api/inputFieldPriceMap/540?gsdlNo=P1001' }),
      401,
    );
    expectEnvelope(await priceMap('540?gsdlNo=P1001', users.chen.headers), 403, MESSAGES.forbidden);
    expectEnvelope(await priceMap('540?gsdlNo=P9999'), 404, 'No details found for P9999.');
    expectEnvelope(await priceMap('99999?gsdlNo=P1001'), 404, MESSAGES.productNotFound);
  });

  it.each([
    ['no gsdlNo', '540'],
    ['a gsdlNo over 5 characters', '540?gsdlNo=P100100'],
    ['an item id that is not a number', 'abc?gsdlNo=P1001'],
    ['an item id beyond a database integer', `${2 ** 40}?gsdlNo=P1001`],
    ['a NUL in the gsdlNo', '540?gsdlNo=P1%0001'],
  ])('answers 400, never 500, for %s', async (_case, path) => {
    expectEnvelope(await priceMap(path), 400);
  });
});

describe('GET /gear/api/applied-price: the special fees of a PITL order (spec 3 §9, decision 0051)', () => {
  const SIBO = 'SIBO Breath Test';

  /** A drop-ship order of 540 then 215 for P1001, marked physician-in-the-loop (no call creates PITL orders yet). */
  async function pitlOrder() {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects, PRODUCTS.sibo3Hour]);
    await ctx.database.db
      .update(orders)
      .set({ physicianInTheLoop: true, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id));
    return { first: order.requisitions[0]?.id as number, second: order.requisitions[1]?.id as number };
  }

  it("the first requisition carries the Physician Fee and P1001's Shipping & Handling Fee; the second the Multiple Product Discount", async () => {
    const { first, second } = await pitlOrder();
    const firstPrice = (
      await appliedPrice({ gearReqId: first, billingMethod: BILLING_METHODS.patientPay })
    ).json();
    expect(firstPrice).toMatchObject({
      price: 45900 + 2500 + 995,
      items: [
        { name: GI, price: 45900, feeItem: false },
        { name: 'Physician Fee', price: 2500, feeItem: true },
        { name: 'Shipping & Handling Fee', price: 995, feeItem: true },
      ],
      error: null,
    });
    const secondPrice = (
      await appliedPrice({ gearReqId: second, billingMethod: BILLING_METHODS.patientPay })
    ).json<{
      price: number;
      items: { name: string; price: number; feeItem: boolean }[];
    }>();
    expect(secondPrice.price).toBe(19900 - 2000);
    expect(secondPrice.items.at(-1)).toEqual({
      name: 'Multiple Product Discount',
      price: -2000,
      feeItem: true,
    });
    expect(secondPrice.items[0]?.name).toContain(SIBO);
  });

  it('Bill Insurance adds the fees to the initial payment and the range; Physician Account has none', async () => {
    const { first } = await pitlOrder();
    expect(
      (await appliedPrice({ gearReqId: first, billingMethod: BILLING_METHODS.insurance })).json(),
    ).toMatchObject({ price: 19900 + 3495, maxOutOfPocket: 29900 + 3495 });
    expect(
      (await appliedPrice({ gearReqId: first, billingMethod: BILLING_METHODS.physicianAccount })).json(),
    ).toMatchObject({ price: 29500, items: [{ name: GI, price: 29500, feeItem: false }] });
  });

  it('the amounts are data: a changed list amount is charged once the cache is refreshed', async () => {
    const { first } = await pitlOrder();
    await ctx.database.db
      .update(specialFees)
      .set({ amountCents: 3000 })
      .where(
        and(
          eq(specialFees.fee, 'physicianFee'),
          eq(specialFees.priceType, 'PTPAY'),
          isNull(specialFees.gsdlNo),
        ),
      );
    forgetPriceRows(ctx.database.db);
    const body = (await appliedPrice({ gearReqId: first, billingMethod: BILLING_METHODS.patientPay })).json();
    expect(body).toMatchObject({ price: 45900 + 3000 + 995 });
  });

  it('an order that is not PITL has no such fees', async () => {
    expect(
      (await appliedPrice({ gearReqId, billingMethod: BILLING_METHODS.patientPay })).json(),
    ).toMatchObject({
      price: 45900,
      items: [{ name: GI, price: 45900, feeItem: false }],
    });
  });
});

describe('the special fee seed (decision 0051)', () => {
  it('is idempotent: a second run adds nothing and keeps changed amounts', async () => {
    const before = await ctx.database.db.select().from(specialFees);
    expect(before.length).toBe(SPECIAL_FEE_ROWS.length);
    await seedSpecialFees(ctx.database.db);
    expect(await ctx.database.db.select().from(specialFees)).toEqual(before);
  });
});

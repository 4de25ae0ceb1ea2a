import { BILLING_METHODS, MESSAGES } from '@gear/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, orders, requisitions, signInFailures } from '../../db/schema/index.ts';
import { expectEnvelope, type SignedIn, useSignIns, useTestApp } from '../../test/helper.ts';
import { dropShipOrder, PRODUCTS, signInPatient } from '../../test/order-builders.ts';
import { DISCOUNT_GUESS_LIMITS } from './discount.service.ts';

const ctx = useTestApp();
const users = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', admin: 'admin.ops', kim: 'staff.kim' });

/** GI Effects 3-day (patient pay $459.00) and SIBO 3-hour (patient pay $199.00) on a drop-ship order of P1001. */
async function pricedOrder(
  billing: readonly (string | null)[] = [BILLING_METHODS.patientPay, BILLING_METHODS.patientPay],
  options: { pitl?: boolean; gsdlNo?: string } = {},
) {
  const order = await dropShipOrder(ctx.app, 'dr.avery', options.gsdlNo ?? 'P1001', [
    PRODUCTS.giEffects,
    PRODUCTS.sibo3Hour,
  ]);
  for (const [index, requisition] of order.requisitions.entries()) {
    await ctx.database.db
      .update(requisitions)
      .set({ billingMethod: billing[index] ?? null })
      .where(eq(requisitions.id, requisition.id));
  }
  await ctx.database.db
    .update(orders)
    .set({ physicianInTheLoop: options.pitl ?? false, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, order.id));
  return order;
}

const apply = (orderId: number | string, code: string, who: SignedIn | null = users.avery) =>
  ctx.app.inject({
    method: 'GET',
    url: `/gear/api/${orderId}/applyDiscount/${code}`,
    headers: who?.headers ?? {},
  });

let order: Awaited<ReturnType<typeof pricedOrder>>;
beforeAll(async () => {
  order = await pricedOrder();
});

const ids = () => order.requisitions.map((r) => r.id);

describe('GET /gear/api/{orderId}/applyDiscount/{code} (spec 3 §7, §5 Discounts, §8 Discount)', () => {
  it('PERCENTAGE QA10: 10% of each requisition, with the discount and discountCode; no-store; audited', async () => {
    const response = await apply(order.id, 'qa10');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [gi, sibo] = ids();
    expect(response.json()).toEqual({
      discountCode: 'QA10',
      discount: {
        discountCode: 'QA10',
        discountType: 'PERCENTAGE',
        discountAmount: 10,
        maxDiscount: null,
        practicumTesting: false,
      },
      requisitions: [
        { gearRequisitionId: gi, discountAmount: 4590 },
        { gearRequisitionId: sibo, discountAmount: 1990 },
      ],
      totalDiscount: 6580,
      error: null,
      message: null,
    });
    // Written after the answer, in the request's batch (decision 0163).
    const appliedEvents = async () =>
      (
        await ctx.database.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.orderId, order.id), eq(auditEvents.action, 'discountApplied')))
      ).map((e) => ({ detail: e.detail, requestId: e.requestId }));
    await expect.poll(appliedEvents).toEqual([
      {
        detail: { code: 'QA10', discountType: 'PERCENTAGE', totalDiscount: 6580 },
        requestId: expect.any(String),
      },
    ]);
  });

  it('PRICE, CLIENT and AFFILIATE codes of the demo data', async () => {
    expect((await apply(order.id, 'SAVE50')).json()).toMatchObject({ totalDiscount: 5000, error: null });
    expect((await apply(order.id, 'AVERY30')).json()).toMatchObject({ totalDiscount: 3000, error: null });
    expect((await apply(order.id, 'AFFILIATE100')).json()).toMatchObject({
      totalDiscount: 20000,
      discount: { discountType: 'AFFILIATE', maxDiscount: 200000 },
    });
    expect((await apply(order.id, 'PRACTICUM')).json()).toMatchObject({
      totalDiscount: 32900,
      discount: { practicumTesting: true },
    });
  });

  it("an AFFILIATE whose maxDiscount is below the order total: 'The total cost of your order exceeds the allowed amount.'", async () => {
    expect((await apply(order.id, 'AFFILIATE-SMALL')).json()).toEqual({
      discountCode: 'AFFILIATE-SMALL',
      discount: null,
      requisitions: [],
      totalDiscount: 0,
      error: 'DiscountInvalidException',
      message: 'The total cost of your order exceeds the allowed amount.',
    });
  });

  it.each([
    ['an unknown code', 'NOPE'],
    ['an inactive code', 'RETIRED20'],
    ['an expired code', 'EXPIRED15'],
  ])("%s: DiscountNotFoundException, 'Enter a valid QA Processing Code'", async (_case, code) => {
    expect((await apply(order.id, code)).json()).toMatchObject({
      discountCode: code,
      discount: null,
      error: 'DiscountNotFoundException',
      message: 'Enter a valid QA Processing Code',
    });
  });

  it("a PITL order's label is 'Discount Code'; the PITL rules apply (percentage without S&H and $40)", async () => {
    const pitl = await pricedOrder(undefined, { pitl: true });
    expect((await apply(pitl.id, 'NOPE')).json()).toMatchObject({ message: 'Enter a valid Discount Code' });
    // First: $459 + Physician Fee $25 + P1001's S&H $9.95; base $459 + $25 − $40 = $444 → $44.40.
    // Second: $199 − Multiple Product Discount $20 = $179 → $17.90.
    const [first, second] = pitl.requisitions.map((r) => r.id);
    expect((await apply(pitl.id, 'QA10')).json()).toMatchObject({
      requisitions: [
        { gearRequisitionId: first, discountAmount: 4440 },
        { gearRequisitionId: second, discountAmount: 1790 },
      ],
    });
    // PRICE $50 less the Physician Fee $25.
    expect((await apply(pitl.id, 'SAVE50')).json()).toMatchObject({ totalDiscount: 2500 });
  });

  it("a CLIENT code of P1001 on P1002's order: DiscountInvalidException, 'Enter a valid QA Processing Code'", async () => {
    const other = await pricedOrder(undefined, { gsdlNo: 'P1002' });
    expect((await apply(other.id, 'AVERY30')).json()).toMatchObject({
      error: 'DiscountInvalidException',
      message: 'Enter a valid QA Processing Code',
    });
  });

  it("an order without billing yet: DiscountNotApplicableException, 'Unable to apply discount {code}'", async () => {
    const unbilled = await pricedOrder([null, null]);
    expect((await apply(unbilled.id, 'QA10')).json()).toMatchObject({
      error: 'DiscountNotApplicableException',
      message: 'Unable to apply discount QA10',
    });
  });

  it('the Physician Account is not discounted', async () => {
    const mixed = await pricedOrder([BILLING_METHODS.physicianAccount, BILLING_METHODS.patientPay]);
    expect((await apply(mixed.id, 'QA10')).json()).toMatchObject({
      requisitions: [{ gearRequisitionId: mixed.requisitions[1]?.id, discountAmount: 1990 }],
      totalDiscount: 1990,
    });
  });

  it("the order's patient session, office staff and an admin may apply; 401, 403, 404 otherwise", async () => {
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expect((await apply(order.id, 'QA10', patient)).json()).toMatchObject({ totalDiscount: 6580 });
    expect((await apply(order.id, 'QA10', users.kim)).json()).toMatchObject({ totalDiscount: 6580 });
    expect((await apply(order.id, 'QA10', users.admin)).json()).toMatchObject({ totalDiscount: 6580 });
    expectEnvelope(await apply(order.id, 'QA10', null), 401);
    expectEnvelope(await apply(order.id, 'QA10', users.chen), 403, MESSAGES.forbidden);
    const stranger = await signInPatient(ctx.app, ctx.database.db, []);
    expectEnvelope(await apply(order.id, 'QA10', stranger), 403, MESSAGES.forbidden);
    expectEnvelope(await apply(2_000_000_000, 'QA10'), 404, MESSAGES.orderNotFound);
  });

  it.each([
    ['a NUL in the code', 'QA%0010'],
    ['broken UTF-8 in the code', 'QA%FF'],
    ['a space inside the code', 'QA%2010'],
    ['a code over 40 characters', 'Q'.repeat(41)],
    ['a blank code', '%20'],
    ['an order id that is not a number', null],
    ['an order id beyond a database integer', 2 ** 40],
  ])('answers 400, never 500, for %s', async (_case, code) => {
    const url =
      typeof code === 'string'
        ? `/gear/api/${order.id}/applyDiscount/${code}`
        : `/gear/api/${code === null ? 'abc' : code}/applyDiscount/QA10`;
    const response = await ctx.app.inject({ method: 'GET', url, headers: users.avery.headers });
    expectEnvelope(response, 400);
  });
});

describe('guessing codes is throttled (decision 0130)', () => {
  const throttled = 'Too many discount codes were tried. Please wait an hour and try again.';

  it(`200 concurrent wrong codes on one order: exactly ${DISCOUNT_GUESS_LIMITS.perOrder} answered, the rest 429; then even a valid code is 429 until the hour has passed`, async () => {
    const target = await pricedOrder();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => apply(target.id, `WRONG${i}`, users.admin)),
    );
    const counts = { answered: 0, throttled: 0, other: 0 };
    for (const response of responses) {
      if (response.statusCode === 200) counts.answered += 1;
      else if (response.statusCode === 429 && response.json().message === throttled) counts.throttled += 1;
      else counts.other += 1;
    }
    expect(counts).toEqual({ answered: DISCOUNT_GUESS_LIMITS.perOrder, throttled: 190, other: 0 });
    expectEnvelope(await apply(target.id, 'QA10', users.avery), 429, throttled);
    // The order's window closes after an hour.
    await ctx.database.db
      .update(signInFailures)
      .set({ windowStartedAt: sql`now() - interval '61 minutes'` })
      .where(eq(signInFailures.key, `discount-order:${target.id}`));
    expect((await apply(target.id, 'QA10', users.avery)).json()).toMatchObject({ totalDiscount: 6580 });
  });

  it(`a caller has ${DISCOUNT_GUESS_LIMITS.perCaller} refused codes an hour over all orders, whatever the concurrency`, async () => {
    const targets = await Promise.all([pricedOrder(), pricedOrder(), pricedOrder(), pricedOrder()]);
    // 10 + 10 + 10 + 9 guesses: no order's own budget of 10 is spent by the last one.
    const responses = await Promise.all(
      targets.flatMap((target, t) =>
        Array.from({ length: t === 3 ? 9 : 10 }, (_, i) => apply(target.id, `GUESS${i}`, users.kim)),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBe(DISCOUNT_GUESS_LIMITS.perCaller);
    expect(statuses.filter((s) => s === 429).length).toBe(39 - DISCOUNT_GUESS_LIMITS.perCaller);
    // staff.kim is throttled everywhere now, even with a valid code; another caller is not on the last order.
    const last = targets[3]?.id as number;
    expectEnvelope(await apply(last, 'QA10', users.kim), 429);
    expect((await apply(last, 'QA10', users.avery)).json()).toMatchObject({ error: null });
  });

  it('refusals are audited without patient data; throttled tries too', async () => {
    const discountEvents = () =>
      ctx.database.db
        .select({ action: auditEvents.action, detail: auditEvents.detail })
        .from(auditEvents)
        .where(like(auditEvents.action, 'discount%'));
    await expect
      .poll(async () => (await discountEvents()).some((r) => r.action === 'discountThrottled'))
      .toBe(true);
    const rows = await discountEvents();
    expect(rows.find((r) => r.action === 'discountRefused')?.detail).toEqual({
      code: expect.any(String),
      error: expect.any(String),
    });
  });
});

import { MESSAGES, SHIPPING_MESSAGES, SHIPPING_STEP_REFUSALS, STEP_IDS, STEP_STATUS } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import {
  callAs,
  createOrder,
  type DemoLogin,
  expectEnvelope,
  signIn,
  useTestApp,
} from '../../test/helper.ts';
import {
  dropShipOrder,
  ok,
  PRODUCTS,
  receiveByLab,
  type SavedOrder,
  shippingBody,
  shipToOfficeOrder,
  stepRow,
} from '../../test/order-builders.ts';

const ctx = useTestApp();
type Body = Record<string, unknown>;

const putShipping = (login: DemoLogin, order: { id: number }, payload: Body) =>
  callAs(ctx.app, login, 'PUT', `/gear/order/${order.id}/shippingInfo/`, payload);

const charges = (login: DemoLogin, orderId: number) =>
  callAs(ctx.app, login, 'GET', `/gear/order/${orderId}/available-shipping-charges`);

describe('PUT /gear/order/{id}/shippingInfo/', () => {
  it('spec 2 §7: saves the method and address, completes step 14 and answers the order', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const saved = ok(await putShipping('dr.avery', order, shippingBody(order)));
    expect(saved.version).toBe(order.version + 1);
    expect(saved.shippingMethod).toBe('Second Day');
    expect(saved.shippingInformation).toEqual({
      shippingMethod: 'Second Day',
      company: 'Blue Ridge Integrative Medicine',
      attention: 'Dana Avery',
      address1: '63 Zillicoa Street',
      address2: null,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      country: 'United States',
      instructions: 'Leave at the front desk.',
    });
    expect(stepRow(saved, STEP_IDS.shipping)?.status).toEqual(STEP_STATUS.completed);
  });

  it('spec 2 §4: a PO box does not block; the method becomes Smart Post (required for a PO box)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const saved = ok(await putShipping('dr.avery', order, shippingBody(order, { address1: 'PO Box 1234' })));
    expect(saved.shippingMethod).toBe('Smart Post');
    expect(saved.shippingInformation?.address1).toBe('PO Box 1234');
  });

  it('spec 2 §9: Canada is forced to FedEx Ground', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.evans', 'P1005', [540]);
    const saved = ok(
      await putShipping(
        'dr.evans',
        order,
        shippingBody(order, {
          shippingMethod: 'Overnight',
          address1: '100 King Street West',
          city: 'Toronto',
          state: 'ON',
          zipCode: 'M5X 1A9',
          country: 'Canada',
        }),
      ),
    );
    expect(saved.shippingMethod).toBe('FedEx Ground');
  });

  it('spec 2 §5, §8: NY with a product ending in * is refused, listing it (ordering.restricted.found)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540, 760]);
    const body = expectEnvelope(
      await putShipping(
        'dr.avery',
        order,
        shippingBody(order, {
          address1: '210 West 57th Street',
          city: 'New York',
          state: 'NY',
          zipCode: '10019',
        }),
      ),
      400,
      'The panel(s) selected may not be ordered in this state. Rhythm Plus*',
    );
    expect(body.errors).toEqual([
      {
        field: 'state',
        defaultMessage: 'The panel(s) selected may not be ordered in this state. Rhythm Plus*',
        code: 'ordering.restricted.found',
      },
    ]);
  });

  it('spec 2 §8: the country must match the practitioner’s (shipping.practitioner.country.mismatch)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const body = expectEnvelope(
      await putShipping(
        'dr.avery',
        order,
        shippingBody(order, { city: 'Toronto', state: 'ON', zipCode: 'M5X 1A9', country: 'Canada' }),
      ),
      400,
    );
    expect(body.errors).toContainEqual({
      field: 'country',
      defaultMessage: SHIPPING_MESSAGES.countryMismatch('United States'),
      code: 'shipping.practitioner.country.mismatch',
    });
  });

  it('spec 2 §5: the required fields and the limits, with their messages', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const body = expectEnvelope(
      await putShipping(
        'dr.avery',
        order,
        shippingBody(order, {
          address1: ' ',
          city: null,
          state: null,
          zipCode: null,
          country: null,
          company: 'c'.repeat(129),
          instructions: 'i'.repeat(513),
        }),
      ),
      400,
      SHIPPING_MESSAGES.addressRequired,
    );
    expect(body.errors).toEqual([
      { field: 'address1', defaultMessage: 'Please enter an address' },
      { field: 'city', defaultMessage: 'Please enter a city' },
      { field: 'state', defaultMessage: 'Please enter a state' },
      { field: 'zipCode', defaultMessage: 'Please enter a zip code' },
      { field: 'country', defaultMessage: 'Please enter a country' },
      { field: 'company', defaultMessage: 'Company can be at most 128 characters.' },
      { field: 'instructions', defaultMessage: 'Order instructions can be at most 512 characters.' },
    ]);
  });

  it('refuses an order that ships no packs, and a body for another order', async () => {
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const empty = (await createOrder(ctx.app, headers, 'P1001')) as SavedOrder;
    expectEnvelope(
      await putShipping('dr.avery', empty, shippingBody(empty)),
      400,
      SHIPPING_STEP_REFUSALS.noPacksToShip,
    );
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    expectEnvelope(
      await putShipping('dr.avery', order, shippingBody(order, { gearOrderId: empty.id })),
      400,
      SHIPPING_STEP_REFUSALS.orderIdMismatch,
    );
  });

  it('answers 401, 403 (another practitioner), 404, and 409 (stale; received by the lab)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    expectEnvelope(
      await ctx.app.inject({
        method: 'PUT',
        url: `/gear/order/${order.id}/shippingInfo/`,
        payload: shippingBody(order),
      }),
      401,
    );
    expectEnvelope(await putShipping('dr.fox', order, shippingBody(order)), 403, MESSAGES.forbidden);
    const unknown = { ...order, id: 2_000_000_000 };
    expectEnvelope(
      await putShipping('dr.avery', unknown, shippingBody(unknown)),
      404,
      MESSAGES.orderNotFound,
    );
    ok(await putShipping('dr.avery', order, shippingBody(order)));
    expectEnvelope(await putShipping('dr.avery', order, shippingBody(order)), 409, MESSAGES.staleOrder);
    await receiveByLab(ctx.database.db, order.requisitions[0]?.id ?? 0, `A-SHIP-${order.id}`);
    expectEnvelope(
      await putShipping('dr.avery', order, shippingBody({ ...order, version: order.version + 2 })),
      409,
      MESSAGES.orderReceivedByLab,
    );
  });

  it.each<[string, Body]>([
    ['an unknown method', { shippingMethod: 'Pigeon' }],
    ['a NUL byte', { company: 'a\u0000b' }],
  ])('answers 400 for bad input: %s', async (_case, overrides) => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    expectEnvelope(
      await putShipping('dr.avery', order, shippingBody(order, overrides)),
      400,
      MESSAGES.invalidInput,
    );
  });

  it('answers 428 for a save naming no version (decision 0065; was 400 before the one version rule)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    expectEnvelope(
      await putShipping('dr.avery', order, shippingBody(order, { version: undefined })),
      428,
      MESSAGES.orderVersionRequired,
    );
  });
});

describe('GET /gear/order/{id}/available-shipping-charges', () => {
  it('spec 2 §9: every method for a US office; Ground and Smart Post free, the others priced in cents', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    expect(ok<unknown>(await charges('dr.avery', order.id))).toEqual([
      { shippingMethod: 'FedEx Ground', price: 0 },
      { shippingMethod: 'Second Day', price: 1995 },
      { shippingMethod: 'Overnight', price: 3495 },
      { shippingMethod: 'Overnight (Sat. Delivery)', price: 4995 },
      { shippingMethod: 'Smart Post', price: 0 },
    ]);
  });

  it('spec 2 §9: Canada gets Ground only; a saved PO box Smart Post only', async () => {
    const canadian = await shipToOfficeOrder(ctx.app, 'dr.evans', 'P1005', [540]);
    expect(ok<unknown>(await charges('dr.evans', canadian.id))).toEqual([
      { shippingMethod: 'FedEx Ground', price: 0 },
    ]);
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    ok(await putShipping('dr.avery', order, shippingBody(order, { address2: 'P.O. Box 77' })));
    expect(ok<unknown>(await charges('dr.avery', order.id))).toEqual([
      { shippingMethod: 'Smart Post', price: 0 },
    ]);
  });

  it('answers 401, 403 and 404', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    expectEnvelope(
      await ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}/available-shipping-charges` }),
      401,
    );
    expectEnvelope(await charges('dr.fox', order.id), 403, MESSAGES.forbidden);
    expectEnvelope(await charges('dr.avery', 2_000_000_000), 404, MESSAGES.orderNotFound);
    expectEnvelope(await charges('dr.avery', 0), 400, MESSAGES.invalidInput);
  });
});

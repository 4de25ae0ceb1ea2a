import type { GearOrder } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import {
  makeOrder,
  makePractitioner,
  practitionerUser,
  TEST_PHONE,
  workflowStep,
} from '../../test/fixtures.ts';
import { makeRequisition } from '../../test/panels-helpers.tsx';
import { renderApp } from '../../test/render-app.tsx';

const CHARGES = [
  { shippingMethod: 'FedEx Ground', price: 0 },
  { shippingMethod: 'Second Day', price: 1995 },
  { shippingMethod: 'Overnight', price: 3495 },
  { shippingMethod: 'Overnight (Sat. Delivery)', price: 4995 },
  { shippingMethod: 'Smart Post', price: 0 },
];

const shippingOrder = (more: Partial<GearOrder> = {}): GearOrder =>
  makeOrder({
    requisitions: [makeRequisition({ shipToOffice: true, dropShip: false })],
    containsShipToOfficeRequisition: true,
    shippingMethod: 'FedEx Ground',
    workflow: {
      steps: [
        workflowStep(1, 'done'),
        workflowStep(2, 'done', 9),
        workflowStep(8, 'new'),
        workflowStep(14, 'new'),
      ],
      practitionerConfirmed: false,
      patientConfirmed: false,
      complete: false,
    },
    ...more,
  });

const saved = (order: GearOrder): GearOrder => ({
  ...order,
  version: order.version + 1,
  workflow: {
    ...order.workflow,
    steps: order.workflow.steps.map((row) =>
      row.id === 14
        ? { ...row, completed: true, notStarted: false, status: { id: 3, name: 'Completed' } }
        : row,
    ),
  },
});

function openShipping(order = shippingOrder(), handlers: Record<string, Handler> = {}) {
  return renderApp(`/order/${order.id}/shipping`, {
    user: practitionerUser,
    handlers: {
      [`GET /gear/order/${order.id}`]: () => json(order),
      [`GET /gear/order/${order.id}/available-shipping-charges`]: () => json(CHARGES),
      [`PUT /gear/order/${order.id}/shippingInfo/`]: () => json(saved(order)),
      ...handlers,
    },
  });
}

const methods = () =>
  within(screen.getByRole('radiogroup', { name: /Shipping Method/ }))
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('value'));
const next = () => screen.getByRole('button', { name: 'Next' });
const field = (label: RegExp) => screen.getByRole('textbox', { name: label });

describe('shipping step (spec 2 §2, §4, §5, §9)', () => {
  it('offers every method with its charge and cutoff, starting from the office address', async () => {
    openShipping();
    expect(
      await screen.findByRole('radio', { name: 'Second Day: $19.95' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'FedEx Ground: Free' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Overnight: $34.95' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Overnight (Sat. Delivery): $49.95' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Smart Post: Free' })).toBeInTheDocument();
    expect(screen.getAllByText('Order by 2:30 PM ET to ship the same business day')).toHaveLength(3);
    expect(screen.getAllByText('Order by 12:00 noon ET to ship the same business day')).toHaveLength(2);
    expect(field(/Company/)).toHaveValue('Lovelace Family Practice');
    expect(field(/Attention/)).toHaveValue('Ada Lovelace, MD');
    expect(field(/Address line 1/)).toHaveValue('12 Analytical Way');
    // Decision 0327: the one state and country inputs, lists of the shared region codes and country names.
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('United States');
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('NC');
    expect(screen.getByRole('option', { name: 'North Carolina (NC)' })).toBeInTheDocument();
    expect(field(/Company/)).toHaveAttribute('maxlength', '128');
    expect(field(/City/)).toHaveAttribute('maxlength', '64');
    expect(field(/Zip code/)).toHaveAttribute('maxlength', '10');
    expect(field(/Order instructions/)).toHaveAttribute('maxlength', '512');
    await expectAccessible();
  });

  it('Next saves the shipping fields with gearOrderId (PUT /gear/order/{id}/shippingInfo/) and moves on', async () => {
    const app = openShipping();
    await app.user.click(await screen.findByRole('radio', { name: 'Overnight: $34.95' }));
    await app.user.type(field(/Order instructions/), 'Front desk.');
    await app.user.click(next());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/order/42/shippingInfo/')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/order/42/shippingInfo/')[0]?.body).toEqual({
      shippingMethod: 'Overnight',
      company: 'Lovelace Family Practice',
      attention: 'Ada Lovelace, MD',
      address1: '12 Analytical Way',
      address2: 'Suite 3',
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      country: 'United States',
      instructions: 'Front desk.',
      gearOrderId: 42,
      version: 1,
    });
    await waitFor(() => expect(app.location()).not.toBe('/order/42/shipping'));
  });

  it('a PO box warns, offers Smart Post only, and still saves', async () => {
    const app = openShipping();
    await app.user.clear(await screen.findByRole('textbox', { name: /Address line 2/ }));
    await app.user.type(field(/Address line 2/), 'PO Box 1234');
    expect(screen.getByText(/Collection packs cannot ship to a P\.O\. Box\./)).toBeInTheDocument();
    expect(methods()).toEqual(['Smart Post']);
    await expectAccessible();
    await app.user.click(next());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/order/42/shippingInfo/')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/order/42/shippingInfo/')[0]?.body).toMatchObject({
      shippingMethod: 'Smart Post',
      address2: 'PO Box 1234',
    });
  });

  it('NY with a product ending in * is refused, listing it, and nothing is sent', async () => {
    const order = shippingOrder({
      requisitions: [
        makeRequisition({ shipToOffice: true, dropShip: false, omsOrderableItemName: 'Rhythm Plus*' }),
      ],
    });
    const app = openShipping(order);
    await app.user.selectOptions(await screen.findByRole('combobox', { name: /^State/ }), 'NY');
    await app.user.click(next());
    expect(
      (await screen.findAllByText('The panel(s) selected may not be ordered in this state. Rhythm Plus*'))
        .length,
    ).toBeGreaterThan(0);
    expect(app.server.callsTo('PUT /gear/order/42/shippingInfo/')).toHaveLength(0);
  });

  it('Canada is forced to FedEx Ground', async () => {
    const practitioner = makePractitioner({
      office: {
        ...makePractitioner().office,
        reqLayoutId: 3,
        address: {
          address1: '100 King Street West',
          address2: null,
          city: 'Toronto',
          state: 'ON',
          zipCode: 'M5X 1A9',
          country: 'Canada',
        },
      },
    });
    openShipping(shippingOrder({ practitioner, shippingMethod: 'Overnight' }));
    expect(await screen.findByRole('radio', { name: 'FedEx Ground: Free' })).toBeChecked();
    expect(methods()).toEqual(['FedEx Ground']);
    expect(screen.getByText('Collection packs to Canada ship by FedEx Ground.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Postal code/ })).toBeInTheDocument();
  });

  it('decision 0184: a typed ZIP fills the empty city and state from GET /api/places/postal-code/{code}; typing stays free', async () => {
    const empty = {
      shippingMethod: 'FedEx Ground',
      company: null,
      attention: null,
      address1: null,
      address2: null,
      city: null,
      state: null,
      zipCode: null,
      country: null,
      instructions: null,
    };
    const app = openShipping(shippingOrder({ shippingInformation: empty }), {
      'GET /api/places/postal-code/28801': () =>
        json({ postalCode: '28801', city: 'Asheville', state: 'NC', country: 'US' }),
    });
    await app.user.selectOptions(await screen.findByRole('combobox', { name: /^State/ }), 'SC');
    await app.user.type(field(/^Zip code/), '28801');
    await waitFor(() => expect(field(/^City/)).toHaveValue('Asheville'));
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('SC');
    expect(app.server.callsTo('GET /api/places/postal-code/28801')).toHaveLength(1);
  });

  it('the required fields, with their messages', async () => {
    const app = openShipping(
      shippingOrder({
        shippingInformation: {
          shippingMethod: 'FedEx Ground',
          company: null,
          attention: null,
          address1: null,
          address2: null,
          city: null,
          state: null,
          zipCode: null,
          country: null,
          instructions: null,
        },
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Next' }));
    for (const message of [
      'Please enter an address',
      'Please enter a city',
      'Please enter a state',
      'Please enter a zip code',
      'Please enter a country',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(app.server.callsTo('PUT /gear/order/42/shippingInfo/')).toHaveLength(0);
  });

  it('spec 2 §8: the charges that fail to load say so; the free methods stay free', async () => {
    openShipping(shippingOrder(), {
      'GET /gear/order/42/available-shipping-charges': () => envelope(500, 'boom'),
    });
    expect(
      await screen.findByText('An unexpected error occurred while loading the shipping charges.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'FedEx Ground: Free' })).toBeInTheDocument();
  });

  it("spec 2 §8: the server's country mismatch is shown; another refusal and a failure get the spec's texts", async () => {
    const mismatch =
      'The shipping country must match the practitioner country. Please provide a United States address.';
    const app = openShipping(shippingOrder(), {
      'PUT /gear/order/42/shippingInfo/': () =>
        json(
          {
            error: 'Bad Request',
            message: mismatch,
            errors: [
              { field: 'country', defaultMessage: mismatch, code: 'shipping.practitioner.country.mismatch' },
            ],
          },
          400,
        ),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(mismatch)).length).toBe(2);

    app.server.on({
      'PUT /gear/order/42/shippingInfo/': () => envelope(400, 'This order has no collection packs to ship.'),
    });
    await app.user.click(next());
    expect(
      await screen.findByText(
        `We're sorry, an unexpected error has occurred. Please call us at ${TEST_PHONE}.`,
      ),
    ).toBeInTheDocument();

    app.server.on({ 'PUT /gear/order/42/shippingInfo/': () => envelope(500, 'boom') });
    await app.user.click(next());
    expect(
      await screen.findByText(`An unexpected error has occurred. Please call us at ${TEST_PHONE}.`),
    ).toBeInTheDocument();
  });
});

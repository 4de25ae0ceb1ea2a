import { type GearOrder, type OrderStatus, PATIENT_MESSAGES, PITL_TRANSFER_MESSAGES } from '@gear/domain';
import { janeReadyToShip } from '@gear/domain/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { type Handler, json } from '../../test/fetch-mock.ts';
import { patientUser, workflowThrough } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540 } from '../../test/requisition-fixtures.ts';

/** spec 3 §4 Transfer, §3 pitlRecollectionOrderSummary, §9 'Replacement Fee' (decisions 0290, 0293, 0294). */
const base = orderWith540(
  { dropShip: true, physicianInTheLoop: true },
  { patientInfo: janeReadyToShip(), workflow: workflowThrough(8, [1, 2, 3, 4, 5, 6, 7, 8, 9]) },
);
const first = base.requisitions[0] as GearOrder['requisitions'][number];
const order = {
  ...base,
  id: 42,
  physicianInTheLoop: true,
  requisitions: [
    { ...first, id: 9, reqNumber: '50040004', omsOrderableItemName: 'Metabolomix+' },
    { ...first, id: 10, reqNumber: '50040005', omsOrderableItemName: 'NutrEval FMV' },
  ],
} as GearOrder;

const status: OrderStatus = {
  orderId: 42,
  orderPageStatus: 'OrderPlaced',
  headline: 'Order placed',
  actions: [],
  patientView: { status: 'ActivationComplete', headline: 'Activation Complete', expectedDate: null },
  tracking: null,
  trackingLinks: [],
  accessionChoices: [],
  selectedAccessionNo: null,
  requisitions: [],
  physicianInTheLoop: true,
  paid: true,
  recollection: null,
};

const summary = (
  overrides: Partial<NonNullable<GearOrder['pitlRecollectionOrderSummary']>> = {},
): NonNullable<GearOrder['pitlRecollectionOrderSummary']> => ({
  recollectionPending: false,
  paymentRequired: false,
  gearReqRecollectionMap: {},
  ...overrides,
});

/** The order as the reader serves it (decision 0293): its summary on it, its packs as the lab left them. */
const orderWith = (
  pitlRecollectionOrderSummary = summary(),
  requisitions: GearOrder['requisitions'] = order.requisitions,
  version = order.version,
): GearOrder => ({ ...order, version, pitlRecollectionOrderSummary, requisitions });

function open(handlers: Record<string, Handler>, read: () => GearOrder = () => orderWith()) {
  return renderApp('/order-status/42', {
    user: patientUser,
    handlers: {
      'GET /gear/order/42': () => json(read()),
      'GET /gear/order/42/status': () => json(status),
      'GET /gear/order/42/timeline': () => json({ orderId: 42, entries: [] }),
      'POST /gateway/tokens': () => json({ token: 'tok_test', brand: 'Visa', last4: '4242' }),
      ...handlers,
    },
  });
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillForm(state = 'NC') {
  type(/^First name/, 'Theo');
  type(/^Last name/, 'Newcomer');
  type(/^Date of birth/, '1995-06-01');
  type(/^Sex/, 'M');
  type(/^Email/, 'theo.newcomer@example.com');
  type(/^Cell phone/, '704-555-0100');
  type(/^Street address/, '1 Main Street');
  type(/^City/, 'Charlotte');
  type(/^State/, state);
  type(/^Zip code/, '28202');
  type(/^Card number/, '4242424242424242');
  type(/^Cardholder name/, 'Theo Newcomer');
  type(/^Expiration date/, '12/30');
  type(/^CVV/, '123');
  type(/^Billing zip code/, '28202');
}

describe('Transfer Collection Packs (spec 3 §4 Transfer)', () => {
  it('at least one pack; two packs to a new patient for $15.00; the Success screen links to /connect/{id}', async () => {
    const app = open({
      'POST /gear/order/42/pitl-transfer': () =>
        json({ gearOrder: order, error: null, transferredOrderId: 43 }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Transfer Collection Packs' }, { timeout: 10_000 }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Transfer Collection Packs' });
    expect(within(modal).getByRole('checkbox', { name: /Metabolomix\+/ })).not.toBeChecked();
    expect(within(modal).getByTestId('transfer-total')).toHaveTextContent('Total $15.00');
    fillForm();
    fireEvent.click(within(modal).getByRole('button', { name: 'Transfer and Pay $15.00' }));
    expect(await within(modal).findByText(PITL_TRANSFER_MESSAGES.noPack)).toBeVisible();
    expect(app.server.callsTo('POST /gear/order/42/pitl-transfer')).toHaveLength(0);
    fireEvent.click(within(modal).getByRole('checkbox', { name: /Metabolomix\+/ }));
    fireEvent.click(within(modal).getByRole('checkbox', { name: /NutrEval/ }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Transfer and Pay $15.00' }));
    expect(await within(modal).findByRole('heading', { name: 'Success' })).toBeVisible();
    expect(within(modal).getByRole('link', { name: 'Open order 43' })).toHaveAttribute('href', '/connect/43');
    const [call] = app.server.callsTo('POST /gear/order/42/pitl-transfer');
    expect(call?.search).toBe(`?dateOfBirth=${order.patientInfo?.dateOfBirth}`);
    expect(call?.headers['if-match']).toBe(`"${order.version}"`);
    expect(call?.body).toMatchObject({
      gearOrderId: 42,
      gearReqIds: [9, 10],
      newPatient: { nameFirst: 'Theo', nameLast: 'Newcomer', dateOfBirth: '1995-06-01', gender: 'M' },
      physicianFeePayment: { tokenId: 'tok_test', cardAuthAmount: 15 },
    });
    await expectAccessible(app.container);
  });

  it('a single eligible pack is preselected; spec 2 §5 a restricted state is refused before any call', async () => {
    // The first pack reached the lab (decision 0290: not transferable); the other is the single one preselected.
    const received = { ...(order.requisitions[0] as GearOrder['requisitions'][number]), accessionNo: 'A1' };
    const app = open({}, () => orderWith(summary(), [received, order.requisitions[1] as typeof received]));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Transfer Collection Packs' }, { timeout: 10_000 }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Transfer Collection Packs' });
    expect(within(modal).getByRole('checkbox', { name: /NutrEval/ })).toBeChecked();
    fillForm('NY');
    fireEvent.click(within(modal).getByRole('button', { name: 'Transfer and Pay $15.00' }));
    expect(await within(modal).findByText(PATIENT_MESSAGES.pitlRestrictedState)).toBeVisible();
    expect(app.server.callsTo('POST /gear/order/42/pitl-transfer')).toHaveLength(0);
  });
});

describe('the recollection summary (spec 3 §3 pitlRecollectionOrderSummary)', () => {
  it("pending with payment required: the 'Replacement Fee' column, pay $40.00, Return to Order", async () => {
    let paid = false;
    // Test 9 was re-collected on order 77, whose $40 replacement fee is due; test 10 was received (not transferable).
    const received = { ...(order.requisitions[1] as GearOrder['requisitions'][number]), accessionNo: 'A1' };
    const packs = [order.requisitions[0] as typeof received, received];
    const pending = orderWith(
      summary({ recollectionPending: true, paymentRequired: true, gearReqRecollectionMap: { '9': 77 } }),
      packs,
    );
    const after = orderWith(summary({ gearReqRecollectionMap: { '9': 77 } }), packs, order.version + 1);
    const app = open(
      {
        'POST /gear/order/42/recollection-pack': () => {
          paid = true;
          return json(after);
        },
      },
      () => (paid ? after : pending),
    );
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByRole('columnheader', { name: 'Replacement Fee' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: '$40.00' })).toBeVisible();
    type(/^Card number/, '4242424242424242');
    type(/^Cardholder name/, 'Jane Testpatient');
    type(/^Expiration date/, '12/30');
    type(/^CVV/, '123');
    type(/^Billing zip code/, '28801');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Replacement Fee' }));
    await waitFor(() => expect(app.server.callsTo('POST /gear/order/42/recollection-pack')).toHaveLength(1));
    const [call] = app.server.callsTo('POST /gear/order/42/recollection-pack');
    expect(call?.headers['if-match']).toBe(`"${order.version}"`);
    expect(call?.search).toBe(`?dateOfBirth=${order.patientInfo?.dateOfBirth}`);
    expect(call?.body).toEqual({ recollectionOrderId: null, tokenId: 'tok_test' });
    expect(await screen.findByText(/nothing is due/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Order' })).toHaveAttribute('href', '/order/42');
    await expectAccessible(app.container);
  });
});

import {
  CANCEL_ORDER_MESSAGES,
  CANCEL_TEST_MESSAGES,
  type GearOrder,
  type OrderStatus,
  type OrderTimeline,
} from '@gear/domain';
import { janeReadyToShip } from '@gear/domain/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { patientUser, practitionerUser, workflowThrough } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540 } from '../../test/requisition-fixtures.ts';

const order = (overrides: Partial<GearOrder> = {}) =>
  ({
    ...orderWith540(
      { dropShip: true, components: [5401], paymentInfo: { id: 3, paymentFrom: 'prc' } },
      {
        patientInfo: janeReadyToShip(),
        workflow: workflowThrough(8, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
        ...overrides,
      },
    ),
    id: 42,
    patientAgreement: true,
    nsaAcknowledged: true,
  }) as GearOrder;

const requisition = (overrides: Partial<OrderStatus['requisitions'][number]> = {}) => ({
  gearReqId: 9,
  reqNumber: '1000001',
  name: 'GI Effects',
  canceled: false,
  cancelable: true,
  recollectionOrderId: null,
  amountDueCents: 0,
  payBill: false,
  accessions: [],
  ...overrides,
});

const status = (overrides: Partial<OrderStatus> = {}): OrderStatus => ({
  orderId: 42,
  orderPageStatus: 'OrderPlaced',
  headline: 'Order placed',
  actions: ['download', 'cancelOrder'],
  patientView: { status: 'ActivationComplete', headline: 'Activation Complete', expectedDate: null },
  tracking: null,
  trackingLinks: [],
  accessionChoices: [],
  selectedAccessionNo: null,
  requisitions: [requisition()],
  physicianInTheLoop: false,
  paid: true,
  recollection: null,
  ...overrides,
});

const timeline = (entries: OrderTimeline['entries'] = []): OrderTimeline => ({ orderId: 42, entries });

const ordered = {
  at: '2026-11-20T10:00:00.000Z',
  kind: 'ordered',
  by: 'practitioner',
  text: 'Order created',
  gearReqId: null,
} as const;

function open(handlers: Record<string, Handler>, user = patientUser) {
  return renderApp('/order-status/42', {
    user,
    handlers: {
      'GET /gear/order/42': () => json(order()),
      'GET /gear/order/42/timeline': () => json(timeline([ordered])),
      'GET /html/connect/refund-policy/index.html': () =>
        new Response('<p>Refund policy</p>', { headers: { 'Content-Type': 'text/html' } }),
      ...handlers,
    },
  });
}

describe("the order status page (spec 3 §2 'Order status page', §4; decision 0262)", () => {
  it('shows the order number, the status headline, the actions by status, each test and the history', async () => {
    const app = open({ 'GET /gear/order/42/status': () => json(status()) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order 42' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Order placed' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Receipt' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Patient Agreement' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Track Shipment' })).toBeNull();
    const test = screen.getByRole('region', { name: 'GI Effects (requisition 1000001)' });
    expect(within(test).getByRole('button', { name: 'Cancel Test' })).toBeVisible();
    expect(screen.getByText(/Collection packs arrive in 2 to 5 business days\./)).toBeVisible();
    expect(await screen.findByText('Order created')).toBeVisible();
    await expectAccessible(app.container);
  });

  it('results ready: View Results and Schedule a Consult, no cancel; a discarded specimen says so', async () => {
    open({
      'GET /gear/order/42/status': () =>
        json(
          status({
            orderPageStatus: 'ResultsReady',
            headline: 'Results Ready',
            actions: ['download', 'consult'],
            requisitions: [
              requisition({
                cancelable: false,
                accessions: [
                  {
                    accessionNo: 'A1',
                    productName: 'GI Effects',
                    offering: { kind: 'results', interactiveReport: true },
                    expectedDate: null,
                    resultsAvailable: true,
                    interactiveReport: true,
                  },
                  {
                    accessionNo: 'A2',
                    productName: 'GI Effects',
                    offering: {
                      kind: 'discarded',
                      results: true,
                      requestNewPack: false,
                      newPackWillBeMailed: true,
                    },
                    expectedDate: null,
                    resultsAvailable: false,
                    interactiveReport: false,
                  },
                ],
              }),
            ],
          }),
        ),
    });
    expect(
      await screen.findByRole('button', { name: 'View Results (A1)' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /View Results \(A2\)/ })).toBeNull();
    // spec 3 §4 per test: results and the interactive report for A1; the discarded A2 offers no report.
    expect(screen.getByRole('link', { name: 'View Interactive Report (A1)' }).getAttribute('href')).toMatch(
      /^\/prc\/reporting\/ireport\/A1\?orderId=42&zipCode=/,
    );
    expect(screen.queryByRole('link', { name: /View Interactive Report \(A2\)/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Schedule a Consult' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Test' })).toBeNull();
    expect(screen.getByText('Our lab was unable to complete your test...')).toBeVisible();
    expect(screen.getByText('A new pack will be mailed.')).toBeVisible();
    // Nothing owed: no Pay Bill (decision 0300).
    expect(screen.queryByRole('link', { name: 'Pay Bill' })).toBeNull();
  });

  it('decision 0300: a results-ready test that owes offers Pay Bill, opening /pay/ereq with its link values', async () => {
    open({
      'GET /gear/order/42/status': () =>
        json(
          status({
            orderPageStatus: 'ResultsReady',
            headline: 'Results Ready',
            actions: ['download', 'consult'],
            requisitions: [
              requisition({
                cancelable: false,
                amountDueCents: 45_900,
                payBill: true,
                accessions: [
                  {
                    accessionNo: 'A1',
                    productName: 'GI Effects',
                    offering: { kind: 'results', interactiveReport: true },
                    expectedDate: null,
                    resultsAvailable: false,
                    interactiveReport: false,
                  },
                ],
              }),
            ],
          }),
        ),
    });
    const pay = await screen.findByRole('link', { name: 'Pay Bill' }, { timeout: 10_000 });
    expect(pay.getAttribute('href')).toMatch(
      /^\/pay\/ereq\/9\?requisitionNumber=1000001&orderNo=42&dateOfBirth=\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('Cancel Order asks, calls DELETE with the version and date of birth, and reloads the status', async () => {
    let canceled = false;
    const app = open({
      'GET /gear/order/42/status': () =>
        json(
          canceled ? status({ orderPageStatus: 'Canceled', headline: 'Canceled', actions: [] }) : status(),
        ),
      'DELETE /gear/order/cancel/42': () => {
        canceled = true;
        return new Response('cancelPass', { headers: { 'Content-Type': 'text/plain' } });
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Cancel Order' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Canceled' })).toBeVisible();
    const [call] = app.server.callsTo('DELETE /gear/order/cancel/42');
    expect(call?.search).toContain('version=');
    expect(call?.search).toContain('dateOfBirth=');
    expect(call?.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
  });

  it('decision 0200: the same cancel sent again after a 503 keeps its Idempotency-Key', async () => {
    const app = open({
      'GET /gear/order/42/status': () => json(status()),
      'DELETE /gear/order/cancel/42': () => envelope(503, 'The portal is temporarily unavailable.'),
    });
    const cancel = async () => {
      await app.user.click(await screen.findByRole('button', { name: 'Cancel Order' }, { timeout: 10_000 }));
      await app.user.click(
        within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', {
          name: 'Cancel Order',
        }),
      );
    };
    await cancel();
    await waitFor(() => expect(app.server.callsTo('DELETE /gear/order/cancel/42')).toHaveLength(1));
    await cancel();
    await waitFor(() => expect(app.server.callsTo('DELETE /gear/order/cancel/42')).toHaveLength(2));
    const [first, second] = app.server.callsTo('DELETE /gear/order/cancel/42');
    expect(first?.headers['idempotency-key']).toBeTruthy();
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('spec 3 §8: already refunded, and any failure, say so', async () => {
    const app = open({
      'GET /gear/order/42/status': () => json(status()),
      'DELETE /gear/order/cancel/42': () =>
        new Response('cancelAlreadyRefunded', { headers: { 'Content-Type': 'text/plain' } }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Cancel Order' }, { timeout: 10_000 }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', {
        name: 'Cancel Order',
      }),
    );
    expect(await screen.findByText(CANCEL_ORDER_MESSAGES.alreadyRefunded)).toBeVisible();
    app.server.on({ 'DELETE /gear/order/cancel/42': () => envelope(500, 'boom') });
    await app.user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', {
        name: 'Cancel Order',
      }),
    );
    expect(await screen.findByText(CANCEL_ORDER_MESSAGES.failed)).toBeVisible();
  });

  it('Cancel Test calls the per-test cancel; a failure gives spec 3 §8’s message', async () => {
    const app = open(
      {
        'GET /gear/order/42/status': () => json(status()),
        'GET /gear/order/42/requisition/9/cancel': () => envelope(400, 'no'),
      },
      practitionerUser,
    );
    await app.user.click(await screen.findByRole('button', { name: 'Cancel Test' }, { timeout: 10_000 }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this test?' })).getByRole('button', {
        name: 'Cancel Test',
      }),
    );
    expect(await screen.findByText(CANCEL_TEST_MESSAGES.failed)).toBeVisible();
    await waitFor(() =>
      expect(app.server.callsTo('GET /gear/order/42/requisition/9/cancel')).toHaveLength(1),
    );
  });

  it("a discarded specimen without issues offers 'Request a New Pack' (the re-collect page); once made, the recollection order", async () => {
    const discarded = {
      accessionNo: 'A7',
      productName: 'GI Effects',
      offering: { kind: 'discarded', results: true, requestNewPack: true, newPackWillBeMailed: false },
      expectedDate: null,
      resultsAvailable: false,
      interactiveReport: false,
    } as const;
    const app = open({
      'GET /gear/order/42/status': () =>
        json(
          status({
            orderPageStatus: 'DiscardedSpecimens',
            headline: 'There was a problem with your specimens',
            actions: [],
            requisitions: [requisition({ cancelable: false, accessions: [discarded] })],
          }),
        ),
    });
    const request = await screen.findByRole(
      'link',
      { name: 'Request a new pack for accession A7' },
      { timeout: 10_000 },
    );
    // The order's version read goes with the link: making the recollection names it (decision 0294).
    expect(request).toHaveAttribute('href', `/recollect/A7?version=${order().version}`);
    await expectAccessible(app.container);
  });

  it('once the recollection is made, the test links to its order instead', async () => {
    open({
      'GET /gear/order/42/status': () =>
        json(
          status({
            orderPageStatus: 'DiscardedSpecimens',
            headline: 'There was a problem with your specimens',
            actions: [],
            requisitions: [
              requisition({
                cancelable: false,
                recollectionOrderId: 43,
                accessions: [
                  {
                    accessionNo: 'A7',
                    productName: 'GI Effects',
                    offering: {
                      kind: 'discarded',
                      results: true,
                      requestNewPack: true,
                      newPackWillBeMailed: false,
                    },
                    expectedDate: null,
                    resultsAvailable: false,
                    interactiveReport: false,
                  },
                ],
              }),
            ],
          }),
        ),
    });
    expect(
      await screen.findByRole('link', { name: 'recollection order 43' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/order-status/43');
    expect(screen.queryByRole('link', { name: /Request a new pack/ })).toBeNull();
  });

  it('a recollection order pending its $40 pack: the card form checks the card, then pays it', async () => {
    let paid = false;
    const pending = () =>
      status({
        orderPageStatus: paid ? 'RecollectionOrdered' : 'RecollectionPending',
        headline: paid ? 'Recollection ordered' : 'Recollection pending',
        actions: paid ? ['download'] : ['returnToOrder'],
        recollection: { recollectionFor: 41, pending: !paid, paymentRequired: true, chargeCents: 4000 },
      });
    const original = { ...order(), id: 41, version: 7 } as GearOrder;
    const app = open({
      'GET /gear/order/42/status': () => json(pending()),
      'GET /gear/order/41': () => json(original),
      'POST /gateway/tokens': () => json({ token: 'tok_test', brand: 'Visa', last4: '4242' }),
      // decision 0293: the one payment, on the order re-collected, naming its version and this recollection.
      'POST /gear/order/41/recollection-pack': () => {
        paid = true;
        return json({ ...original, version: 8 });
      },
    });
    expect(await screen.findByRole('link', { name: 'order 41' }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      '/order-status/41',
    );
    expect(screen.getByRole('link', { name: 'Return to Order' })).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    expect(await screen.findByText('Please provide a card number.')).toBeVisible();
    expect(app.server.callsTo('POST /gear/order/41/recollection-pack')).toHaveLength(0);
    await app.user.type(screen.getByLabelText(/Cardholder name/), 'Jane Testpatient');
    await app.user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await app.user.type(screen.getByLabelText(/Expiration/), '12/30');
    await app.user.type(screen.getByLabelText(/CVV/), '123');
    await app.user.type(screen.getByLabelText(/Billing zip code/), '28801');
    await app.user.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Recollection ordered' })).toBeVisible();
    expect(screen.getByText('The recollection pack costs $40.00, paid.')).toBeVisible();
    const [call] = app.server.callsTo('POST /gear/order/41/recollection-pack');
    expect(call?.headers['if-match']).toBe('"7"');
    expect(call?.search).toBe(`?dateOfBirth=${original.patientInfo?.dateOfBirth}`);
    expect(call?.body).toEqual({ recollectionOrderId: 42, tokenId: 'tok_test' });
    await expectAccessible(app.container);
  });
});

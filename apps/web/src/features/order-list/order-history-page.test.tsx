import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { json } from '../../test/fetch-mock.ts';
import { adminUser, practitionerUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const row = (gearOrderId: number, reqNumber: string, status = 'ReceivedByLab') => ({
  gearOrderId,
  practitioner: { gsdlNo: 'P1001', firstName: 'Dana', lastName: 'Avery', degree: 'MD' },
  patient: { nameFirst: 'Robert', nameLast: 'Sample' },
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-21T15:00:00.000Z',
  submittedAt: '2026-11-21T15:00:00.000Z',
  canceled: false,
  status,
  requisitions: [
    {
      gearReqId: gearOrderId + 1,
      reqNumber,
      activationCode: 'C922499553',
      accessionNo: 'A2601050001',
      productName: 'GI Effects',
      quantity: 1,
    },
  ],
  totalPaidCents: 12500,
  billedToPractice: false,
});

describe('order history (spec 1 §2.1; decision 0281)', () => {
  it('lists orders, searches on the server, pages with nextBefore, and links each order to the wizard', async () => {
    const app = renderApp('/order-history', {
      user: adminUser,
      handlers: {
        'GET /api/admin/orders': (call) => {
          const query = new URLSearchParams(call.search);
          if (query.get('q') === '50012350')
            return json({ orders: [row(100005, '50012350')], nextBefore: null });
          if (query.get('before') === '100009')
            return json({
              orders: [{ ...row(100008, '50012399'), totalPaidCents: 0, billedToPractice: true }],
              nextBefore: null,
              searchedTo: null,
            });
          return json({
            orders: [row(100010, '50012398'), row(100009, '50012397', 'NotPlaced')],
            nextBefore: 100009,
            searchedTo: null,
          });
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Open order 100010' })).toHaveAttribute(
      'href',
      '/order/100010',
    );
    expect(within(table).getAllByText(/Accession A2601050001/)).toHaveLength(2);
    // decision 0272: the derived status links to the order's status page; a draft has none yet.
    expect(
      within(table).getByRole('link', { name: 'Received by the lab, status of order 100010' }),
    ).toHaveAttribute('href', '/order-status/100010');
    expect(within(table).getByText('Not placed yet')).toBeVisible();
    expect(within(table).queryByRole('link', { name: /status of order 100009/ })).toBeNull();
    expect(within(table).getAllByText('$125.00')).toHaveLength(2);
    await expectAccessible();

    await app.user.click(screen.getByRole('button', { name: 'Older orders' }));
    expect(await screen.findByRole('link', { name: 'Open order 100008' })).toBeVisible();
    // An order the practice pays through its account says so, not $0.00 (issue 17).
    expect(screen.getByText('Billed to the practice')).toBeVisible();
    expect(screen.queryByText('$0.00')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Newer orders' }));
    expect(await screen.findByRole('link', { name: 'Open order 100010' })).toBeVisible();

    await app.user.type(screen.getByRole('textbox', { name: 'Search' }), '50012350');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'Open order 100005' })).toBeVisible();
    await waitFor(() =>
      expect(app.server.callsTo('GET /api/admin/orders').at(-1)?.search).toBe('?q=50012350'),
    );
  });

  it('filters by derived status on the server and says how far a filtered page looked (decision 0272)', async () => {
    const app = renderApp('/order-history', {
      user: adminUser,
      handlers: {
        'GET /api/admin/orders': (call) =>
          new URLSearchParams(call.search).get('status') === 'ResultsReady'
            ? json({ orders: [], nextBefore: 98000, searchedTo: 98000 })
            : json({ orders: [row(100010, '50012398')], nextBefore: null, searchedTo: null }),
      },
    });
    expect(await screen.findByRole('link', { name: 'Open order 100010' })).toBeVisible();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Results Ready');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        'No orders match among those down to order 98000. Look at older orders for more.',
      ),
    ).toBeVisible();
    expect(app.server.callsTo('GET /api/admin/orders').at(-1)?.search).toBe('?status=ResultsReady');
    expect(screen.getByRole('button', { name: 'Older orders' })).toBeEnabled();
    await expectAccessible();
  });

  it('a practitioner is sent to the practitioner portal; nothing is asked of the API', async () => {
    const app = renderApp('/order-history', {
      user: practitionerUser,
      handlers: { 'GET /api/admin/orders': () => json({ orders: [], nextBefore: null }) },
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Order history' })).toBeNull(),
    );
    await waitFor(() =>
      expect(app.server.callsTo('GET /gear/practitioner-options').length).toBeGreaterThanOrEqual(0),
    );
    expect(app.server.callsTo('GET /api/admin/orders')).toHaveLength(0);
  });
});

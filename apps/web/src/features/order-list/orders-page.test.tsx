import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { json } from '../../test/fetch-mock.ts';
import { patientUser, practitionerUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const row = (gearOrderId: number, draft: boolean, status: string, nameLast = 'Sample') => ({
  gearOrderId,
  practitioner: { gsdlNo: 'P1001', firstName: 'Dana', lastName: 'Avery', degree: 'MD' },
  patient: { nameFirst: 'Robert', nameLast },
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-21T15:00:00.000Z',
  submittedAt: draft ? null : '2026-11-21T15:00:00.000Z',
  canceled: false,
  status,
  requisitions: [
    {
      gearReqId: gearOrderId + 1,
      reqNumber: null,
      activationCode: null,
      accessionNo: null,
      productName: 'GI Effects',
      quantity: 1,
    },
  ],
  totalPaidCents: 0,
  billedToPractice: false,
  draft,
});

describe('the orders page (issue 15; decisions 0310, 0311)', () => {
  it('lists drafts first, then placed orders; drafts open the wizard, placed orders their status page', async () => {
    const app = renderApp('/orders', {
      user: practitionerUser,
      handlers: {
        'GET /api/orders': (call) => {
          const query = new URLSearchParams(call.search);
          if (query.get('before') === '100007')
            return json({
              orders: [row(100004, false, 'ResultsReady')],
              next: null,
              searchedTo: null,
            });
          if (query.get('q') === 'Rivera')
            return json({ orders: [row(100003, true, 'NotPlaced', 'Rivera')], next: null, searchedTo: null });
          return json({
            orders: [row(100009, true, 'NotPlaced'), row(100007, false, 'ReceivedByLab')],
            next: { section: 'placed', before: 100007 },
            searchedTo: null,
          });
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const drafts = await screen.findByRole('table', { name: /Not placed yet/ });
    expect(within(drafts).getByRole('link', { name: 'Continue order 100009' })).toHaveAttribute(
      'href',
      '/order/100009',
    );
    expect(within(drafts).getByText('Not placed yet')).toBeVisible();
    const placed = screen.getByRole('table', { name: 'Placed orders' });
    expect(within(placed).getByRole('link', { name: 'Order 100007: its status page' })).toHaveAttribute(
      'href',
      '/order-status/100007',
    );
    expect(within(placed).getByText('Received by the lab')).toBeVisible();
    // Drafts come before placed orders on the page.
    expect(drafts.compareDocumentPosition(placed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expectAccessible();

    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Order 100004: its status page' })).toBeVisible();
    expect(app.server.callsTo('GET /api/orders').at(-1)?.search).toBe('?section=placed&before=100007');
    await app.user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: 'Continue order 100009' })).toBeVisible();

    await app.user.type(screen.getByRole('textbox', { name: 'Search' }), 'Rivera');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'Continue order 100003' })).toBeVisible();
    await waitFor(() => expect(app.server.callsTo('GET /api/orders').at(-1)?.search).toBe('?q=Rivera'));
  });

  it('filters by derived status on the server and says when nothing matches', async () => {
    const app = renderApp('/orders', {
      user: practitionerUser,
      handlers: {
        'GET /api/orders': (call) =>
          new URLSearchParams(call.search).get('status') === 'ResultsReady'
            ? json({ orders: [], next: null, searchedTo: { section: 'placed', before: 100001 } })
            : json({ orders: [row(100010, true, 'NotPlaced')], next: null, searchedTo: null }),
      },
    });
    expect(await screen.findByRole('link', { name: 'Continue order 100010' })).toBeVisible();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Results Ready');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No orders match.')).toBeVisible();
    expect(app.server.callsTo('GET /api/orders').at(-1)?.search).toBe('?status=ResultsReady');
  });

  it('a patient is sent to their front page; nothing is asked of the API', async () => {
    const app = renderApp('/orders', {
      user: patientUser,
      handlers: { 'GET /api/orders': () => json({ orders: [], next: null, searchedTo: null }) },
    });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Orders' })).toBeNull());
    expect(app.server.callsTo('GET /api/orders')).toHaveLength(0);
  });
});

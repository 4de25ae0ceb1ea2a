import type { GearOrder } from '@gear/domain';
import { janeReadyToShip } from '@gear/domain/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { itemById } from '../../test/catalogue.ts';
import { envelope, json } from '../../test/fetch-mock.ts';
import { patientUser, workflowThrough } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540 } from '../../test/requisition-fixtures.ts';

const patientOrder = (requisition: Parameters<typeof orderWith540>[0], overrides: Partial<GearOrder> = {}) =>
  orderWith540(
    { dropShip: true, components: [5401], ...requisition },
    {
      patientInfo: janeReadyToShip(),
      workflow: workflowThrough(8, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
      ...overrides,
    },
  );

function openSummary(order: GearOrder, hash = '') {
  return renderApp(`/order/42/summary${hash}`, {
    user: patientUser,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/requisitions': () => json([{ id: 9, orderableItem: itemById(540) }]),
      'GET /gear/order/42/payment-summary': () => envelope(503, 'later'),
    },
  });
}

describe("the patient's Summary step (spec 3 §2 'Status and activation panels'; decision 0182)", () => {
  it('Activation Incomplete lists what is missing as links that scroll to it, with red alerts linking to the step', async () => {
    const order = patientOrder({
      billingMethod: 'No Insurance Billing: Pay Full Amount',
      dateLastSampleCollected: null,
    });
    const app = openSummary(order);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Activation Incomplete' }, { timeout: 10_000 }),
    ).toBeVisible();
    const collection = screen.getByRole('link', { name: /^Sample collection: / });
    expect(collection).toHaveAttribute('href', '/order/42/summary#collection-9');
    expect(screen.getByRole('link', { name: 'Review and submit your order' })).toHaveAttribute(
      'href',
      '/order/42/summary#signature',
    );
    expect(screen.getByRole('link', { name: 'Fix it: go to Sample Collection' })).toHaveAttribute(
      'href',
      '/order/42/collection/9',
    );
    await app.user.click(collection);
    const section = await screen.findByRole('region', { name: 'Sample collection' });
    await waitFor(() => expect(section).toHaveFocus());
    expect(section).toHaveAttribute('id', 'collection-9');
    await expectAccessible(app.container);
  });

  it('an address naming an anchor ({route}-{gearReqId}) lands focus there', async () => {
    openSummary(patientOrder({ billingMethod: null }), '#billing-9');
    const billing = await screen.findByRole('region', { name: 'Billing' }, { timeout: 10_000 });
    await waitFor(() => expect(billing).toHaveFocus());
  });

  it('Activation Complete shows the confirmation number, View Order and the two documents', async () => {
    const order = patientOrder(
      { billingMethod: 'No Insurance Billing: Pay Full Amount', dateLastSampleCollected: '2026-11-20' },
      { workflow: { ...workflowThrough(9, [1, 2, 3, 4, 5, 6, 7, 8, 9]), patientConfirmed: true } },
    );
    const app = openSummary(order);
    const panel = await screen.findByRole('region', { name: 'Activation Complete' }, { timeout: 10_000 });
    expect(within(panel).getByTestId('activation-confirmation')).toHaveTextContent('42');
    expect(within(panel).getByRole('link', { name: 'View Order' })).toHaveAttribute(
      'href',
      '/order/42/confirm',
    );
    expect(within(panel).getByRole('button', { name: 'View Patient Agreement' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'View NSA Acknowledgement' })).toBeVisible();
    await expectAccessible(app.container);
  });
});

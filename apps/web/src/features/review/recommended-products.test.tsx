import { type GearOrder, type RecommendedProduct, reviewPhoneMessages } from '@gear/domain';
import { janeReadyToShip } from '@gear/domain/test-support';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { catalogueRequisition, itemById, metabolomix617 } from '../../test/catalogue.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { practitionerUser, TEST_PHONE, workflowStep, workflowThrough } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540, requisitionOf540 } from '../../test/requisition-fixtures.ts';

const jane = janeReadyToShip();

const readyOrder = (overrides: Partial<GearOrder> = {}) =>
  orderWith540(
    { billingMethod: 'Physician Account', components: [5401] },
    {
      patientInfo: jane,
      containsDropShipRequisition: true,
      workflow: workflowThrough(7),
      ...overrides,
    },
  );

const products: RecommendedProduct[] = [
  {
    omsOrderableItemId: 617,
    title: metabolomix617.name,
    description: 'Organic acids and amino acids.',
    imageUrl: null,
    productPage: null,
  },
];

/** The order with a second, drop-ship Metabolomix+ requisition (10) whose billing step is still to do. */
const withMetabolomix = (order: GearOrder): GearOrder => ({
  ...order,
  version: order.version + 1,
  requisitions: [
    ...order.requisitions,
    requisitionOf540({
      id: 10,
      omsOrderableItemId: 617,
      omsOrderableItemName: metabolomix617.name,
      panel: 5860,
      billingMethod: null,
    }),
  ],
  workflow: {
    ...order.workflow,
    steps: [
      ...order.workflow.steps,
      workflowStep(2, 'done', 10),
      workflowStep(3, 'new', 10),
      workflowStep(4, 'new', 10),
      workflowStep(5, 'new', 10),
    ],
  },
});

function openReview(order: GearOrder, handlers: Record<string, Handler> = {}) {
  return renderApp('/order/42/confirm', {
    user: practitionerUser,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/requisitions': () => json([{ id: 9, orderableItem: itemById(540) }]),
      'GET /gear/recommended-products/order/42': () => json(products),
      'GET /gear/requisition/getReqByOrderableItem': () => json(catalogueRequisition(metabolomix617)),
      ...handlers,
    },
  });
}

describe('recommended products on the review (spec 3 §2, §4, §6, §8; decision 0110)', () => {
  it('lists them, and Add to Order saves the product through /gear/testSelection, then opens its next step', async () => {
    const order = readyOrder();
    const app = openReview(order, { 'PUT /gear/testSelection': () => json(withMetabolomix(order)) });
    const panel = await screen.findByRole(
      'region',
      { name: 'Products related to this order' },
      { timeout: 10_000 },
    );
    expect(app.server.callsTo('GET /gear/recommended-products/order/42')[0]?.search).toBe('?limit=3');
    await expectAccessible(app.container);
    await app.user.click(within(panel).getByRole('button', { name: `Add to Order: ${metabolomix617.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Order' });
    expect(within(dialog).getByRole('button', { name: 'Select Another Test' })).toBeInTheDocument();
    const add = within(dialog).getByRole('button', { name: 'Add to Order' });
    await vi.waitFor(() => expect(add).toBeEnabled());
    await app.user.click(add);
    await vi.waitFor(() => expect(app.location()).toBe('/order/42/billing/10'));
    const [save] = app.server.callsTo('PUT /gear/testSelection');
    expect(save?.body).toMatchObject({
      id: 42,
      version: order.version,
      requisitions: [{ id: null, omsOrderableItemId: 617, dropShip: true, panel: expect.any(Number) }],
    });
  });

  it('Select Another Test goes to panel selection', async () => {
    const app = openReview(readyOrder());
    const panel = await screen.findByRole(
      'region',
      { name: 'Products related to this order' },
      { timeout: 10_000 },
    );
    await app.user.click(within(panel).getByRole('button', { name: `Add to Order: ${metabolomix617.name}` }));
    await app.user.click(await screen.findByRole('button', { name: 'Select Another Test' }));
    await vi.waitFor(() => expect(app.location()).toBe('/order/42/panels'));
  });

  it('spec 3 §6: hidden while a blocking condition exists (no patient info)', async () => {
    const app = openReview(readyOrder({ patientInfo: null }));
    await screen.findByRole('heading', { level: 2, name: 'Information Review' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Products related to this order' })).not.toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/recommended-products/order/42')).toHaveLength(0);
  });

  it('spec 3 §8: a load failure says so', async () => {
    openReview(readyOrder(), {
      'GET /gear/recommended-products/order/42': () => envelope(500, 'Internal Server Error'),
    });
    expect(
      await screen.findByText(
        reviewPhoneMessages(TEST_PHONE).recommendedProductFailed,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });
});

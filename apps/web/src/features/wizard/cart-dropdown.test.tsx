import type { UserInfo } from '@gear/domain';
import { BILLING_METHODS, type GearOrder } from '@gear/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { itemById } from '../../test/catalogue.ts';
import { json } from '../../test/fetch-mock.ts';
import { adminUser, patientUser, practitionerUser, workflowThrough } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540, requisitionOf540 } from '../../test/requisition-fixtures.ts';

const twoTests = (overrides: Partial<GearOrder> = {}) =>
  orderWith540(
    {},
    {
      workflow: workflowThrough(7),
      requisitions: [
        requisitionOf540({ id: 9, reqNumber: '50012345', billingMethod: BILLING_METHODS.physicianAccount }),
        requisitionOf540({
          id: 10,
          reqNumber: '50012346',
          omsOrderableItemName: 'Metabolomix+',
          billingMethod: BILLING_METHODS.patientPay,
        }),
      ],
      ...overrides,
    },
  );

const price = (cents: number) => ({
  gearRequisitionId: 10,
  billingMethod: BILLING_METHODS.patientPay,
  price: cents,
  maxOutOfPocket: null,
  medicarePrice: null,
  tricarePrice: null,
  items: [],
  error: null,
  insuranceProvider: null,
  secondaryInsuranceProvider: null,
  placeholder: false,
  configError: false,
});

function openCart(order: GearOrder, user: UserInfo = practitionerUser) {
  const app = renderApp('/order/42/confirm', {
    user,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/requisitions': () =>
        json(order.requisitions.map((row) => ({ id: row.id, orderableItem: itemById(540) }))),
      'GET /gear/api/applied-price': () => json(price(29900)),
    },
  });
  return app;
}

/** The dropdown is a dialog named by its button. */
const cartButton = () => screen.findByRole('button', { name: /^Cart \(/ }, { timeout: 10_000 });

describe('the cart dropdown (spec 3 §2 Cart dropdown)', () => {
  it('shows the order number, the count, each requisition with its price, edit, remove and Payment Due Today', async () => {
    const app = openCart(twoTests());
    const button = await cartButton();
    expect(button).toHaveTextContent('Cart (2 requisitions)');
    await app.user.click(button);
    const cart = await screen.findByRole('dialog', { name: /^Cart \(/ });
    expect(within(cart).getByText('Order 42')).toBeInTheDocument();
    expect(
      within(cart).getByText('#50012345 GI Effects Comprehensive Profile - Stool (3-day)'),
    ).toBeInTheDocument();
    expect(within(cart).getByText('#50012346 Metabolomix+')).toBeInTheDocument();
    expect(await within(cart).findByText('$299.00')).toBeInTheDocument();
    expect(within(cart).getByText('Billed to the practitioner account')).toBeInTheDocument();
    expect(within(cart).getByRole('link', { name: 'Edit Metabolomix+' })).toHaveAttribute(
      'href',
      '/order/42/panels/10',
    );
    expect(within(cart).getByRole('button', { name: 'Remove Metabolomix+' })).toBeInTheDocument();
    // A practitioner pays nothing on submitting (decision 0086).
    expect(within(cart).getByText('Payment Due Today').nextSibling).toHaveTextContent('$0.00');
    await expectAccessible(app.container);
  });

  it('decision 0086: a patient owes the prices of the tests not on the Physician Account', async () => {
    const app = openCart(twoTests(), patientUser);
    await app.user.click(await cartButton());
    const cart = await screen.findByRole('dialog', { name: /^Cart \(/ });
    expect(await within(cart).findAllByText('$299.00')).toHaveLength(2);
    expect(within(cart).getByText('Payment Due Today').nextSibling).toHaveTextContent('$299.00');
  });

  it('decision 0164: a code applied on the payment page shows in the cart and comes off Payment Due Today', async () => {
    window.sessionStorage.setItem(
      'gear.appliedDiscount.42',
      JSON.stringify({
        discountCode: 'QA10',
        discountType: 'PERCENTAGE',
        discountAmount: 10,
        maxDiscount: null,
        practicumTesting: false,
      }),
    );
    try {
      const app = openCart(twoTests(), patientUser);
      await app.user.click(await cartButton());
      const cart = await screen.findByRole('dialog', { name: /^Cart \(/ });
      // 10% of the patient's $299.00; the Physician Account's test is not discounted.
      expect(await within(cart).findByText('Discount (QA10)')).toBeInTheDocument();
      expect(within(cart).getByText('Discount (QA10)').nextSibling).toHaveTextContent('-$29.90');
      expect(within(cart).getByText('Payment Due Today').nextSibling).toHaveTextContent('$269.10');
      await expectAccessible(app.container);
    } finally {
      window.sessionStorage.removeItem('gear.appliedDiscount.42');
    }
  });

  it('spec 3 §2: no edit or remove once the order is confirmed, but admins keep them', async () => {
    const confirmed = twoTests({ workflow: { ...workflowThrough(7), practitionerConfirmed: true } });
    const app = openCart(confirmed);
    await app.user.click(await cartButton());
    const cart = await screen.findByRole('dialog', { name: /^Cart \(/ });
    expect(within(cart).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(cart).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    app.unmount();

    const asAdmin = openCart(confirmed, adminUser);
    await asAdmin.user.click(await cartButton());
    const adminCart = await screen.findByRole('dialog', { name: /^Cart \(/ });
    expect(within(adminCart).getAllByRole('link', { name: /^Edit/ })).toHaveLength(2);
  });

  it('spec 3 §2: edit is hidden for PITL orders; packs shipped to the office are counted by quantity', async () => {
    const office = orderWith540(
      {},
      {
        workflow: workflowThrough(7),
        physicianInTheLoop: true,
        requisitions: [
          requisitionOf540({ id: 9, dropShip: false, shipToOffice: true, quantity: 5, billingMethod: null }),
        ],
      },
    );
    const app = openCart(office);
    const button = await cartButton();
    expect(button).toHaveTextContent('Cart (5 packs)');
    await app.user.click(button);
    const cart = await screen.findByRole('dialog', { name: /^Cart \(/ });
    expect(within(cart).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(cart).getByRole('button', { name: /^Remove/ })).toBeInTheDocument();
  });
});

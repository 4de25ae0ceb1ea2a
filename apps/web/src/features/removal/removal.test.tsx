import type { GearOrder } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { collectionOrder, openCollection, stoolItem } from '../../test/collection-fixtures.ts';
import { envelope, json } from '../../test/fetch-mock.ts';
import { adminUser, practitionerUser, workflowStep } from '../../test/fixtures.ts';
import { makeRequisition, patientUser } from '../../test/panels-helpers.tsx';

const skipped = (order: GearOrder): GearOrder => ({
  ...order,
  version: order.version + 1,
  workflow: {
    ...order.workflow,
    steps: order.workflow.steps.map((row) =>
      row.id === 5 ? { ...row, skipped: true, notStarted: false, status: { id: 4, name: 'Skipped' } } : row,
    ),
  },
});

const twoRequisitions = () => {
  const order = collectionOrder();
  return {
    ...order,
    requisitions: [
      ...order.requisitions,
      makeRequisition({
        id: 10,
        omsOrderableItemName: 'SIBO Breath Test',
        shipToOffice: true,
        dropShip: false,
      }),
    ],
    workflow: {
      ...order.workflow,
      steps: [...order.workflow.steps, workflowStep(2, 'done', 10), workflowStep(5, 'new', 10)],
    },
  };
};

describe('skip-step alert (spec 2 §2, §4, §7)', () => {
  it('a practitioner skips the incomplete step and moves on', async () => {
    const order = collectionOrder();
    const app = openCollection(order, stoolItem, {
      user: practitionerUser,
      handlers: { 'PUT /gear/order/42/skip-step/5/9': () => json(skipped(order)) },
    });
    expect(
      await screen.findByText('You can skip Sample Collection for now and come back to complete it later.'),
    ).toBeInTheDocument();
    await expectAccessible();
    await app.user.click(screen.getByRole('button', { name: 'Skip this step' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/patient'));
    expect(app.server.callsTo('PUT /gear/order/42/skip-step/5/9')[0]?.search).toBe('?version=1');
  });

  it('shows the errors as field and message', async () => {
    const app = openCollection(collectionOrder(), stoolItem, {
      user: practitionerUser,
      handlers: {
        'PUT /gear/order/42/skip-step/5/9': () =>
          envelope(400, 'This step is already complete.', [
            { field: 'stepId', defaultMessage: 'This step is already complete.' },
          ]),
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Skip this step' }));
    expect(await screen.findByText('stepId: This step is already complete.')).toBeInTheDocument();
    expect(app.location()).toBe('/order/42/collection/9');
  });

  it.each([
    ['a patient', patientUser, collectionOrder()],
    [
      'a complete step',
      practitionerUser,
      {
        ...collectionOrder(),
        workflow: {
          ...collectionOrder().workflow,
          steps: collectionOrder().workflow.steps.map((row) =>
            row.id === 5
              ? { ...row, completed: true, notStarted: false, status: { id: 3, name: 'Completed' } }
              : row,
          ),
        },
      },
    ],
    ['a skipped step', practitionerUser, skipped(collectionOrder())],
  ])('is not offered to %s', async (_case, user, order) => {
    openCollection(order, stoolItem, { user });
    await screen.findByRole('button', { name: 'Next' });
    expect(screen.queryByRole('button', { name: 'Skip this step' })).not.toBeInTheDocument();
  });
});

describe('remove / save for later / cancel order (spec 2 §4, §8; spec 3 §7, §8)', () => {
  const openModal = async (app: ReturnType<typeof openCollection>) => {
    await app.user.click(await screen.findByRole('button', { name: 'Remove this test…' }));
    return screen.findByRole('dialog', { name: /^Remove / });
  };

  it('a practitioner removes the test; the order answered has none left: the notice links to add one', async () => {
    const order = collectionOrder();
    const empty: GearOrder = {
      ...order,
      version: 2,
      requisitions: [],
      workflow: { ...order.workflow, steps: order.workflow.steps.filter((row) => row.gearReqId === null) },
    };
    const app = openCollection(order, stoolItem, {
      user: practitionerUser,
      handlers: { 'DELETE /gear/order/42/requisition/9': () => json(empty) },
    });
    const dialog = await openModal(app);
    expect(within(dialog).queryByRole('button', { name: 'Save for later' })).not.toBeInTheDocument();
    await expectAccessible();
    app.server.on({ 'GET /gear/order/42': () => json(empty) });
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove test' }));
    expect(await screen.findByText('This order has no tests left.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a test' })).toHaveAttribute('href', '/order/42/panels');
    expect(app.location()).toBe('/order/42/collection');
    expect(app.server.callsTo('DELETE /gear/order/42/requisition/9')[0]?.search).toBe('?version=1');
    await expectAccessible();
  });

  it.each<[number, string]>([
    [400, 'Sorry, this requisition cannot be removed'],
    [403, 'Sorry, you are not authorized to remove this requisition'],
    [404, 'Sorry, this requisition cannot be found'],
    [
      500,
      'Sorry, an unexpected error has occcured. If you continue to receive this message, please contact us.',
    ],
  ])('spec 2 §8, spec 3 §8: a %i answer says %s (and stays on the page)', async (status, message) => {
    const app = openCollection(collectionOrder(), stoolItem, {
      user: practitionerUser,
      handlers: { 'DELETE /gear/order/42/requisition/9': () => envelope(status, 'refused') },
    });
    const dialog = await openModal(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove test' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(app.location()).toBe('/order/42/collection/9');
  });

  it('spec 2 §4: a patient may not remove from an order of two, but may save it for later', async () => {
    const order = twoRequisitions();
    const app = openCollection(order, stoolItem, { user: patientUser });
    const dialog = await openModal(app);
    expect(within(dialog).queryByRole('button', { name: 'Remove test' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save for later' })).toBeInTheDocument();
  });

  it('save for later moves the test to a new order and says so, with a link', async () => {
    const order = twoRequisitions();
    const left: GearOrder = {
      ...order,
      version: 2,
      requisitions: [order.requisitions[0] as GearOrder['requisitions'][number]],
    };
    const app = openCollection(order, stoolItem, {
      user: adminUser,
      handlers: {
        'PUT /gear/order/42/requisition/9/save-for-later': () => json({ order: left, newOrderId: 77 }),
      },
    });
    const dialog = await openModal(app);
    expect(within(dialog).getByRole('button', { name: 'Remove test' })).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save for later' }));
    expect(await screen.findByText(/The test was moved to order 77\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open order 77' })).toHaveAttribute('href', '/order/77/panels');
    expect(app.location()).toBe('/order/42/collection/9');
  });

  it('cancel order asks first; cancelPass goes home', async () => {
    const app = openCollection(collectionOrder(), stoolItem, {
      user: practitionerUser,
      handlers: { 'DELETE /gear/order/cancel/42': () => new Response('cancelPass', { status: 200 }) },
    });
    const dialog = await openModal(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText(/Cancel the whole order/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    // Home ('/') sends a signed-in practitioner on to a new order at once; either address means the order was left.
    await waitFor(() => expect(['/', '/order/new/pract']).toContain(app.location()));
  });

  it.each<[string, () => Response, string]>([
    [
      'cancelAlreadyRefunded',
      () => new Response('cancelAlreadyRefunded'),
      'This order has already been refunded. Please refresh the page.',
    ],
    ['other', () => new Response('other'), 'Order cancellation failed. Please contact support.'],
    [
      'a refusal',
      () => envelope(409, 'This order has been received by our lab and no more changes can be made...'),
      'Order cancellation failed. Please contact support.',
    ],
  ])('spec 3 §8: cancel answering %s', async (_case, answer, message) => {
    const app = openCollection(collectionOrder(), stoolItem, {
      user: practitionerUser,
      handlers: { 'DELETE /gear/order/cancel/42': answer },
    });
    const dialog = await openModal(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('is not offered on an order received by the lab (non-admin)', async () => {
    openCollection(collectionOrder({ accessionNo: 'A1' }), stoolItem, { user: practitionerUser });
    await screen.findByRole('button', { name: 'Next' });
    expect(screen.queryByRole('button', { name: 'Remove this test…' })).not.toBeInTheDocument();
  });
});

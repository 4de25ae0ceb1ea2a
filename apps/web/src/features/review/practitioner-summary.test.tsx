import { type GearOrder, STEP_STATUS } from '@gear/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { itemById } from '../../test/catalogue.ts';
import { type Handler, json } from '../../test/fetch-mock.ts';
import { patientUser, workflowStep } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540 } from '../../test/requisition-fixtures.ts';

/**
 * An order the practitioner has placed (step 8 done, practitioner confirmed) whose patient step is still open: the
 * window of spec 1 §4.1 in which the Practitioner Summary (15) is valid for the patient.
 */
const placedForPatient = (overrides: Partial<GearOrder> = {}) =>
  orderWith540(
    { billingMethod: 'Physician Account', components: [5401], shipToOffice: false, dropShip: false },
    {
      workflow: {
        steps: [
          workflowStep(1, 'done'),
          workflowStep(2, 'done', 9),
          workflowStep(3, 'done', 9),
          workflowStep(5, 'done', 9),
          workflowStep(6, 'new'),
          workflowStep(7, 'new'),
          workflowStep(8, 'done'),
          workflowStep(15, 'new'),
        ],
        practitionerConfirmed: true,
        patientConfirmed: false,
        complete: false,
      },
      ...overrides,
    },
  );

const withSummaryDone = (order: GearOrder): GearOrder => ({
  ...order,
  version: order.version + 1,
  workflow: {
    ...order.workflow,
    steps: order.workflow.steps.map((row) =>
      row.id === 15 ? { ...row, completed: true, status: { ...STEP_STATUS.completed } } : row,
    ),
  },
});

function openSummary(order: GearOrder, handlers: Record<string, Handler> = {}) {
  return renderApp('/order/42/registration', {
    user: patientUser,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/requisitions': () => json([{ id: 9, orderableItem: itemById(540) }]),
      ...handlers,
    },
  });
}

describe('the Practitioner Summary (spec 3 §2, route registration, step 15; spec 1 §4.1)', () => {
  it('shows the order read-only, and Next completes step 15 with the order version, then moves on', async () => {
    const order = placedForPatient();
    const app = openSummary(order, { 'PUT /gear/updateWorkflow/': () => json(withSummaryDone(order)) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Practitioner Summary' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const practitioner = await screen.findByRole('region', { name: 'Practitioner' });
    expect(within(practitioner).getByText(/Lovelace/)).toBeInTheDocument();
    // spec 3 §6: only admins see GDX IDs (decision 0186).
    expect(within(practitioner).queryByText(/P1001/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Test information' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await expectAccessible(app.container);
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(app.server.callsTo('PUT /gear/updateWorkflow/')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/updateWorkflow/')[0]?.body).toEqual({
      id: 42,
      version: order.version,
      workflow: { steps: [{ id: 15, gearReqId: null, completed: true }] },
    });
    await vi.waitFor(() => expect(app.location()).not.toBe('/order/42/registration'));
  });

  it('a summary already completed moves on without saving again', async () => {
    const order = withSummaryDone(placedForPatient());
    const app = openSummary(order);
    await app.user.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    await vi.waitFor(() => expect(app.location()).not.toBe('/order/42/registration'));
    expect(app.server.callsTo('PUT /gear/updateWorkflow/')).toHaveLength(0);
  });

  it('spec 3 §2: the patient sees the shipping info of a drop-ship order', async () => {
    const order = placedForPatient({
      containsDropShipRequisition: true,
      shippingInformation: {
        shippingMethod: 'FedEx Ground',
        company: null,
        attention: 'Jane Testpatient',
        address1: '12 Haywood Road',
        address2: null,
        city: 'Asheville',
        state: 'NC',
        zipCode: '28806',
        country: 'United States',
        instructions: null,
      },
    });
    order.requisitions = order.requisitions.map((row) => ({ ...row, dropShip: true }));
    openSummary(order);
    const shipping = await screen.findByRole('region', { name: 'Shipping information' }, { timeout: 10_000 });
    expect(within(shipping).getByText(/12 Haywood Road, Asheville, NC, 28806/)).toBeInTheDocument();
    expect(within(shipping).getByText(/FedEx Ground/)).toBeInTheDocument();
  });
});

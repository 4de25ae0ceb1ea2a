import { BILLING_METHODS, type GearOrder, STEP_STATUS } from '@gear/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { itemById } from '../../test/catalogue.ts';
import { json } from '../../test/fetch-mock.ts';
import { practitionerUser, workflowThrough } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540 } from '../../test/requisition-fixtures.ts';

const officeOrder = (): GearOrder =>
  orderWith540(
    { dropShip: false, shipToOffice: true, quantity: 5, panel: null, components: [] },
    {
      containsShipToOfficeRequisition: true,
      workflow: {
        ...workflowThrough(8, [1, 2, 8, 11, 13, 14]),
        practitionerConfirmed: true,
        steps: workflowThrough(8, [1, 2, 8, 11, 13, 14]).steps.map((row) =>
          row.id === 13 ? { ...row, gearReqId: 9 } : row,
        ),
      },
    },
  );

describe('the customize step (13; decision 0081)', () => {
  it('customizes a pack sent to the office: its test, instructions and default billing, then moves on', async () => {
    let current = officeOrder();
    const app = renderApp('/order/42/customize/9', {
      user: practitionerUser,
      handlers: {
        'GET /gear/order/42': () => json(current),
        'GET /gear/requisitions': () => json([{ id: 9, orderableItem: itemById(540) }]),
        'PUT /gear/customizeTestSelections/': () => {
          current = {
            ...current,
            version: current.version + 1,
            workflow: {
              ...current.workflow,
              steps: current.workflow.steps.map((row) =>
                row.id === 13 ? { ...row, completed: true, status: { ...STEP_STATUS.completed } } : row,
              ),
            },
          };
          return json(current);
        },
      },
    });
    const panel = await screen.findByRole(
      'radio',
      { name: 'GI Effects Comprehensive Profile' },
      { timeout: 10_000 },
    );
    expect(screen.getByLabelText('Default billing option')).toHaveValue(BILLING_METHODS.patientSelects);
    await expectAccessible(app.container);
    await app.user.click(panel);
    await app.user.type(screen.getByLabelText('Patient instructions'), 'Collect on a weekday.');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/shipping'), { timeout: 10_000 });
    const [saved] = app.server.callsTo('PUT /gear/customizeTestSelections/');
    expect(saved?.headers['if-match']).toMatch(/^"\d+"$/);
    expect(saved?.body).toMatchObject({
      id: 9,
      panel: 5400,
      addons: [],
      patientInstructions: 'Collect on a weekday.',
      billingMethod: BILLING_METHODS.patientSelects,
    });
    const body = saved?.body as { components: number[] } | undefined;
    expect(body?.components.length).toBeGreaterThan(0);
  });
});

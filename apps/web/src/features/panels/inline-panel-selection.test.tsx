import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppServices } from '../../services/app-services.tsx';
import { sessionHint } from '../../services/session-hint.ts';
import { catalogueLists, catalogueRequisition, gi540 } from '../../test/catalogue.ts';
import { createFetchMock, json } from '../../test/fetch-mock.ts';
import { makeOrder, makePractitioner, practitionerUser, TEST_PHONE } from '../../test/fixtures.ts';
import { makeRequisition, reqByItem, savedWithRequisition } from '../../test/panels-helpers.tsx';
import { renderInApp } from '../../test/render-app.tsx';
import type { WizardOrder } from '../wizard/wizard-order.ts';
import { InlinePanelSelection } from './inline-panel-selection.tsx';

const GI = 'GI Effects Comprehensive Profile - Stool (3-day)';

/** The inline panel selection alone, as another screen would embed it, on a mocked fetch. */
function renderInline(order: WizardOrder, gearReqId: number | null) {
  const onCancel = vi.fn();
  const onSaved = vi.fn();
  const server = createFetchMock({
    'GET /api/config': () => json({ supportPhone: TEST_PHONE }),
    'GET /mygdx/account/JWT/session': () => json({ token: 'token', expiresIn: 300, type: 'myGDX' }),
    'GET /gear/api/getAccountType': () => json(practitionerUser),
    'GET /gear/practitioner/P1001/orderableItems': () => json(catalogueLists()),
    'GET /gear/requisition/getReqByOrderableItem': reqByItem,
    'GET /gear/requisitionById': () => json({ omsRequisition: catalogueRequisition(gi540) }),
    'GET /gear/practitioner/P1001/previousInstructions/540': () => json([]),
    'PUT /gear/testSelection': () => json(savedWithRequisition({ patientInstructions: 'Changed.' })),
  });
  sessionHint.set(true);
  const services = createAppServices({ fetch: server.fetch });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <InlinePanelSelection
          order={order}
          user={practitionerUser}
          gearReqId={gearReqId}
          type="dropShip"
          onCancel={onCancel}
          onSaved={onSaved}
        />
      ),
    },
  ]);
  renderInApp(<RouterProvider router={router} />, services, { startup: true });
  return { server, onCancel, onSaved, user: userEvent.setup() };
}

const medicareOrder = () =>
  makeOrder({
    practitioner: makePractitioner({ billingMethods: ['Client', 'Insurance', 'Patient', 'Medicare'] }),
    requisitions: [makeRequisition({ id: 9 })],
  });

describe('panel selection used inline (spec 1 §2.6, §4.4, §6; decision 0049)', () => {
  it('shows Cancel and Save, no order-type buttons and no Medicare selector; Cancel saves nothing', async () => {
    const app = renderInline(medicareOrder(), 9);
    expect(await screen.findByRole('heading', { level: 2, name: GI })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'What would you like to do?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /Medicare/ })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(app.onCancel).toHaveBeenCalledTimes(1);
    expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(0);
  });

  it('Save sends the requisition with PUT /gear/testSelection and hands the saved order back', async () => {
    const app = renderInline(medicareOrder(), 9);
    const instructions = await screen.findByRole('textbox', { name: 'Patient Instructions' });
    await app.user.type(instructions, 'Changed.');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.onSaved).toHaveBeenCalledTimes(1));
    const [call] = app.server.callsTo('PUT /gear/testSelection');
    const body = call?.body as {
      requisitions: { id: number; patientInstructions: string; dropShip: boolean }[];
    };
    expect(body.requisitions[0]).toMatchObject({ id: 9, patientInstructions: 'Changed.', dropShip: true });
    expect(app.onSaved.mock.calls[0]?.[0].requisitions[0].patientInstructions).toBe('Changed.');
    expect(app.onCancel).not.toHaveBeenCalled();
  });

  it("spec 1 §4.4: 'the inline type if supplied' starts the given order type for a new requisition", async () => {
    renderInline(makeOrder(), null);
    const catalogue = await screen.findByRole('searchbox', { name: 'Select a product' });
    expect(catalogue).toBeInTheDocument();
    // Ship to Patient (dropShip) shows the product highlights.
    expect(screen.getByRole('button', { name: /^Product Highlights/ })).toBeInTheDocument();
    expect(within(document.body).queryByRole('button', { name: 'Ship to Office' })).not.toBeInTheDocument();
  });
});

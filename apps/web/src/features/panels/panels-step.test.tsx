import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetch-mock.ts';
import { adminUser, makeOrder, makePractitioner, workflowStep } from '../../test/fixtures.ts';
import {
  makeRequisition,
  nextButton,
  openPanels,
  orderTypeButton,
  patientUser,
} from '../../test/panels-helpers.tsx';

const typeButtons = async () => {
  const group = await screen.findByRole('group', { name: 'What would you like to do?' });
  return within(group)
    .getAllByRole('button')
    .map((b) => b.textContent);
};

describe('panel selection: heading and order types (spec 1 §2.6, §6)', () => {
  it("shows 'Panel Selection', then 'What would you like to do?' with the practitioner's order types", async () => {
    openPanels();
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel Selection' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'What would you like to do?' }),
    ).toBeInTheDocument();
    expect(await typeButtons()).toEqual(['Ship to Office', 'Ship to Patient', 'Activate Online']);
    for (const name of ['Ship to Office', 'Ship to Patient', 'Activate Online']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(nextButton()).toBeDisabled();
  });

  it('hides Ship to Office from a practitioner not permitted to ship to office', async () => {
    const order = makeOrder({ practitioner: makePractitioner({ shipToOfficePermitted: false }) });
    openPanels('/order/42/panels', { order });
    expect(await typeButtons()).toEqual(['Ship to Patient', 'Activate Online']);
  });

  it('hides Ship to Office from a CAP-authorized practitioner', async () => {
    const order = makeOrder({ practitioner: makePractitioner({ capAuthorized: true }) });
    openPanels('/order/42/panels', { order });
    expect(await typeButtons()).not.toContain('Ship to Office');
  });

  it('hides Ship to Office on a recollection', async () => {
    openPanels('/order/42/panels', { order: makeOrder({ recollectionFor: 7 }) });
    expect(await typeButtons()).not.toContain('Ship to Office');
  });

  it('spec 1 §2.6: the recollection order modal names the order re-collected and its tests; Continue closes it', async () => {
    const order = makeOrder({
      recollectionFor: 100002,
      requisitions: [
        makeRequisition({ id: 9, omsOrderableItemName: 'GI Effects Comprehensive Profile - Stool (3-day)' }),
      ],
    });
    const app = openPanels('/order/42/panels', { order });
    const dialog = await screen.findByRole('dialog', { name: 'Recollection order' });
    expect(dialog).toHaveTextContent(
      'This order re-collects the specimens of order 100002. A new collection pack is shipped to the patient for the tests below.',
    );
    expect(within(dialog).getByRole('list', { name: 'Tests to re-collect' })).toHaveTextContent(
      'GI Effects Comprehensive Profile - Stool (3-day)',
    );
    expect(dialog).toHaveTextContent(
      'A recollection order ships a new collection pack to the patient: Ship to Office is not available.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Recollection order' })).not.toBeInTheDocument(),
    );
  });

  it('shows no recollection modal on an ordinary order', async () => {
    openPanels('/order/42/panels', { order: makeOrder() });
    await typeButtons();
    expect(screen.queryByRole('dialog', { name: 'Recollection order' })).not.toBeInTheDocument();
  });

  it('offers Activate COVID Test to COVID registration accounts only', async () => {
    const order = makeOrder({ practitioner: makePractitioner({ covidRegistrationAccount: true }) });
    openPanels('/order/42/panels', { order });
    expect(await typeButtons()).toEqual([
      'Ship to Office',
      'Ship to Patient',
      'Activate Online',
      'Activate COVID Test',
    ]);
  });

  it('offers an international office Ship to Office and Activate Online, not Ship to Patient', async () => {
    const practitioner = makePractitioner({
      office: {
        ...makePractitioner().office,
        reqLayoutId: 3,
        address: { ...makePractitioner().office.address, country: 'CA' },
      },
    });
    openPanels('/order/42/panels', { order: makeOrder({ practitioner }) });
    expect(await typeButtons()).toEqual(['Ship to Office', 'Activate Online']);
  });

  it('marks the chosen type as pressed and shows its screen', async () => {
    const app = openPanels();
    await app.user.click(await orderTypeButton('Activate Online'));
    expect(screen.getByRole('button', { name: 'Activate Online' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Requisition or Activation Number' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Ship to Patient' }));
    expect(
      screen.queryByRole('textbox', { name: 'Requisition or Activation Number' }),
    ).not.toBeInTheDocument();
    expect(await screen.findByRole('searchbox', { name: 'Select a product' })).toBeInTheDocument();
  });

  it('starts a ship-to-office order in Ship to Office (spec 1 §4.4 initial order type)', async () => {
    const order = makeOrder({
      containsShipToOfficeRequisition: true,
      requisitions: [makeRequisition({ shipToOffice: true, dropShip: false, quantity: 4 })],
    });
    openPanels('/order/42/panels', { order });
    expect(await orderTypeButton('Ship to Office')).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('region', { name: 'Selected products' })).toHaveTextContent(
      'GI Effects Comprehensive Profile - Stool (3-day)4',
    );
  });

  it('starts a kit order in Ship to Patient', async () => {
    openPanels('/order/42/panels', { order: makeOrder({ myGDXKitOrder: true }) });
    expect(await orderTypeButton('Ship to Patient')).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends a practitioner whose order has no practitioner back', async () => {
    const app = openPanels('/order/42/panels', { order: makeOrder({ practitioner: null }) });
    await waitFor(() => expect(app.location()).toBe('/order/42/pract'));
  });

  it("gives patients no order-type choice, the search box, and 'Register another Requisition' on a saved order", async () => {
    openPanels('/order/42/panels', { user: patientUser });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Register another Requisition' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('What would you like to do?')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Requisition or Activation Number' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I don't have a number" })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /Medicare/ })).not.toBeInTheDocument();
  });
});

describe('panel selection: locking (spec 1 §4.2)', () => {
  const received = () =>
    makeOrder({
      requisitions: [makeRequisition({ accessionNo: 'A123' })],
      workflow: {
        steps: [workflowStep(1, 'done'), workflowStep(2, 'done', 9), workflowStep(3, 'new', 9)],
        practitionerConfirmed: false,
        patientConfirmed: false,
        complete: false,
      },
    });

  it('disables the inputs once the lab has the order, says so, and Next only advances', async () => {
    const app = openPanels('/order/42/panels/9', { order: received() });
    expect(
      await screen.findByText('This order has been received by our lab and no more changes can be made...'),
    ).toBeInTheDocument();
    const panel = await screen.findByRole('checkbox', { name: 'GI Effects Comprehensive Profile' });
    expect(panel).toBeDisabled();
    expect(panel).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Patient Instructions/ })).toBeDisabled();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).toBe('/order/42/billing/9'));
    expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(0);
  });

  it('locks after practitioner confirmation without the lab notice', async () => {
    const order = makeOrder({
      requisitions: [makeRequisition()],
      workflow: {
        steps: [
          workflowStep(1, 'done'),
          workflowStep(2, 'done', 9),
          workflowStep(3, 'new', 9),
          workflowStep(11, 'done'),
        ],
        practitionerConfirmed: true,
        patientConfirmed: false,
        complete: false,
      },
    });
    openPanels('/order/42/panels/9', { order });
    expect(await screen.findByRole('checkbox', { name: 'GI Effects Comprehensive Profile' })).toBeDisabled();
    expect(screen.queryByText(/received by our lab/)).not.toBeInTheDocument();
  });

  it('leaves an admin free to edit a received order', async () => {
    openPanels('/order/42/panels/9', {
      order: received(),
      user: adminUser,
      handlers: { 'GET /gear/practitioner/P1001/previousInstructions/540': () => json(['Fast overnight.']) },
    });
    expect(await screen.findByRole('checkbox', { name: 'GI Effects Comprehensive Profile' })).toBeEnabled();
    expect(screen.queryByText(/received by our lab/)).not.toBeInTheDocument();
  });
});

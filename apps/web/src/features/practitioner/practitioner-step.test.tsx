import type { GearOrder } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json, networkFailure } from '../../test/fetch-mock.ts';
import {
  adminUser,
  makeOrder,
  makePractitioner,
  practitionerUser,
  TEST_PHONE,
  workflowStep,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const ada = makePractitioner(); // authorizing doctor is the user (P1001): agreement required
// on behalf of (P1006), with an authorizing doctor who is not the user: no agreement needed
const bob = makePractitioner({
  gsdlNo: 'P1006',
  firstName: 'Bob',
  lastName: 'Stone',
  degree: 'DO',
  authorizingDoctorGsdlNo: 'P7777',
  office: { ...ada.office, name: 'Stone Clinic' },
});
const carl = makePractitioner({
  gsdlNo: 'P1002',
  firstName: 'Carl',
  lastName: 'Held',
  degree: 'ND',
  authorizingDoctorGsdlNo: 'P1002',
  cmsCreditStatus: { creditStatus: 'C.O.D Credit Hold' },
});
const dana = makePractitioner({
  gsdlNo: 'P3003',
  firstName: 'Dana',
  lastName: 'Demo',
  degree: 'PhD',
  authorizingDoctorGsdlNo: null,
});

const savedOrder = makeOrder({ id: 42, practitioner: ada, practAgreement: true });

function openStep(url = '/order/new/pract', options: Parameters<typeof renderApp>[1] = {}) {
  return renderApp(url, {
    user: practitionerUser,
    ...options,
    handlers: {
      'GET /gear/practitioner-options': () => json([ada, bob, carl, dana]),
      'PUT /gear/practitioner/': () => json(savedOrder),
      ...options.handlers,
    },
  });
}

const practitionerSelect = () => screen.findByRole('combobox', { name: 'Practitioner' });
const nextButton = () => screen.getByRole('button', { name: 'Next' });

describe('practitioner step (spec 1 §2.4, §5, §6)', () => {
  it("lists the options as 'first last, degree (gsdlNo)' and shows the selected office", async () => {
    const app = openStep();
    const select = await practitionerSelect();
    const labels = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(labels).toEqual([
      'Ada Lovelace, MD (P1001)',
      'Bob Stone, DO (P1006)',
      'Carl Held, ND (P1002)',
      'Dana Demo, PhD (P3003)',
    ]);
    const office = screen.getByRole('region', { name: 'Office' });
    expect(office).toHaveTextContent('Lovelace Family Practice');
    expect(office).toHaveTextContent('12 Analytical Way');
    expect(office).toHaveTextContent('Suite 3');
    expect(office).toHaveTextContent('Asheville, NC 28801');
    expect(office).toHaveTextContent('828-555-0147');

    await app.user.selectOptions(select, 'P1006');
    expect(screen.getByRole('region', { name: 'Office' })).toHaveTextContent('Stone Clinic');
  });

  it('requires the authorization checkbox when the authorizing doctor is the user', async () => {
    const app = openStep();
    await practitionerSelect();
    expect(screen.getByRole('checkbox')).toBeRequired();
    await app.user.click(nextButton());
    expect(await screen.findByText('Please verify you are authorized to order.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(app.server.callsTo('PUT /gear/practitioner/')).toHaveLength(0);

    await app.user.click(screen.getByRole('checkbox'));
    expect(screen.queryByText('Please verify you are authorized to order.')).not.toBeInTheDocument();
  });

  it('requires the checkbox for a practitioner of onBehalfOf, and not for another', async () => {
    const app = openStep();
    const select = await practitionerSelect();
    await app.user.selectOptions(select, 'P1002');
    expect(screen.getByRole('checkbox')).toBeInTheDocument();
    await app.user.selectOptions(select, 'P1006');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows the credit-hold notice and disables Next', async () => {
    const app = openStep();
    await app.user.selectOptions(await practitionerSelect(), 'P1002');
    expect(
      screen.getByText(
        'Online ordering is unavailable for this practitioner account. Please contact client services for assistance.',
      ),
    ).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Practitioner' }), 'P1001');
    expect(nextButton()).toBeEnabled();
  });

  it('shows the demo-account notice for a practitioner with no authorizing doctor', async () => {
    const app = openStep();
    const demo =
      'This practitioner account has no authorizing doctor, so it is a demonstration account: orders placed here are not processed by the lab.';
    await practitionerSelect();
    expect(screen.queryByText(demo)).not.toBeInTheDocument();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Practitioner' }), 'P3003');
    expect(screen.getByText(demo)).toBeInTheDocument();
  });

  it('saves with PUT /gear/practitioner/, then goes to /order/{id}/panels keeping the query string', async () => {
    const app = openStep('/order/new/pract?orderableItemId=540&src=email');
    await practitionerSelect();
    await app.user.click(screen.getByRole('checkbox'));
    await app.user.click(nextButton());

    await waitFor(() => expect(app.location()).toBe('/order/42/panels?orderableItemId=540&src=email'));
    const [put] = app.server.callsTo('PUT /gear/practitioner/');
    expect(put?.headers.authorization).toMatch(/^Bearer token-\d+$/);
    const body = put?.body as Partial<GearOrder>;
    expect(body.id).toBe('new');
    expect(body.practAgreement).toBe(true);
    expect(body.practitioner?.gsdlNo).toBe('P1001');
    expect(body.practitioner?.office.name).toBe('Lovelace Family Practice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel Selection' })).toBeInTheDocument();

    // /order/new/pract was replaced by /order/42/pract: Back in the browser returns to the saved order.
    await app.router.navigate(-1);
    await waitFor(() => expect(app.location()).toBe('/order/42/pract?orderableItemId=540&src=email'));
  });

  it('disables Next while saving', async () => {
    let answer: (response: Response) => void = () => {};
    const app = openStep('/order/new/pract', {
      handlers: {
        'PUT /gear/practitioner/': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    await app.user.selectOptions(await practitionerSelect(), 'P1006');
    await app.user.click(nextButton());
    await waitFor(() => expect(nextButton()).toBeDisabled());
    answer(json(makeOrder({ id: 43, practitioner: bob })));
    await waitFor(() => expect(app.location()).toBe('/order/43/panels'));
  });

  it('shows the network message when the save cannot reach the server, and lets the user retry', async () => {
    const app = openStep('/order/new/pract', { handlers: { 'PUT /gear/practitioner/': networkFailure } });
    await app.user.selectOptions(await practitionerSelect(), 'P1006');
    await app.user.click(nextButton());
    expect(
      await screen.findByText(`The network is currently unavailable. Please call us at ${TEST_PHONE}.`),
    ).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
    expect(app.location()).toBe('/order/new/pract');
  });

  it("shows a field's message from the server beside its field", async () => {
    const app = openStep('/order/new/pract', {
      handlers: {
        'PUT /gear/practitioner/': () =>
          envelope(400, 'Bad Request', [
            { field: 'practAgreement', defaultMessage: 'Please verify you are authorized to order.' },
          ]),
      },
    });
    await practitionerSelect();
    await app.user.click(screen.getByRole('checkbox'));
    await app.user.click(nextButton());
    expect(await screen.findByText('Please verify you are authorized to order.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens a saved order with its practitioner and agreement', async () => {
    const order = makeOrder({ id: 42, practitioner: bob, practAgreement: false });
    const app = openStep('/order/42/pract', {
      handlers: {
        'GET /gear/order/42': () => json(order),
        'GET /gear/practitioner-options/42': () => json([ada, bob]),
      },
    });
    expect(await practitionerSelect()).toHaveValue('P1006');
    expect(app.server.callsTo('GET /gear/practitioner-options/42')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: /GSDL/ })).not.toBeInTheDocument();
  });

  it('locks the inputs once the lab has received the order, and Next only advances', async () => {
    const order = makeOrder({
      id: 42,
      requisitions: [{ ...({} as GearOrder['requisitions'][number]), id: 9, accessionNo: 'A123' }],
      workflow: {
        steps: [workflowStep(1, 'done'), workflowStep(2, 'done', 9), workflowStep(3, 'new', 9)],
        practitionerConfirmed: false,
        patientConfirmed: false,
        complete: false,
      },
    });
    const app = openStep('/order/42/pract', {
      handlers: {
        'GET /gear/order/42': () => json(order),
        'GET /gear/practitioner-options/42': () => json([ada]),
      },
    });
    expect(await practitionerSelect()).toBeDisabled();
    expect(screen.getByRole('checkbox')).toBeDisabled();
    expect(
      screen.getByText('This order has been received by our lab and no more changes can be made...'),
    ).toBeInTheDocument();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).toBe('/order/42/panels/9'));
    expect(app.server.callsTo('PUT /gear/practitioner/')).toHaveLength(0);
  });
});

describe('admin GSDL search (spec 1 §2.4, §5)', () => {
  const searchBox = () => screen.findByRole('textbox', { name: /Search by GSDL number/ });

  it('is shown only to admins on a new order', async () => {
    openStep();
    await practitionerSelect();
    expect(screen.queryByRole('textbox', { name: /Search by GSDL number/ })).not.toBeInTheDocument();
  });

  it('uppercases the number and takes at most 5 characters', async () => {
    const app = openStep('/order/new/pract', { user: adminUser });
    const box = await searchBox();
    await app.user.type(box, 'abc123');
    expect(box).toHaveValue('ABC12');
    expect(box).toHaveAttribute('maxlength', '5');
  });

  it("says 'No details found for X.' on 404", async () => {
    const app = openStep('/order/new/pract', {
      user: adminUser,
      handlers: { 'GET /gear/practitioner/ZZ9': () => envelope(404, 'Not Found') },
    });
    await app.user.type(await searchBox(), 'zz9');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No details found for ZZ9.')).toBeInTheDocument();
  });

  it('says the lookup failed on any other failure', async () => {
    const app = openStep('/order/new/pract', {
      user: adminUser,
      handlers: { 'GET /gear/practitioner/ZZ9': () => envelope(500, 'Internal Server Error') },
    });
    await app.user.type(await searchBox(), 'zz9{Enter}');
    expect(
      await screen.findByText('An unexpected error occurred fetching practitioner details for ZZ9.'),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/order/new/pract');
  });

  it('adds the practitioner found to the list and selects it', async () => {
    const erin = makePractitioner({
      gsdlNo: 'E5005',
      firstName: 'Erin',
      lastName: 'Far',
      degree: 'MD',
      authorizingDoctorGsdlNo: 'E5005',
      office: { ...ada.office, name: 'Far Away Clinic' },
    });
    const app = openStep('/order/new/pract', {
      user: adminUser,
      handlers: { 'GET /gear/practitioner/E5005': () => json(erin) },
    });
    await app.user.type(await searchBox(), 'e5005');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Practitioner' })).toHaveValue('E5005'));
    expect(screen.getByRole('option', { name: 'Erin Far, MD (E5005)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Office' })).toHaveTextContent('Far Away Clinic');
  });
});

import type { SingleRequisitionRequest, SingleTestSelectionRequest } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueRequisition, gi540, metabolomix617 } from '../../test/catalogue.ts';
import { envelope, json } from '../../test/fetch-mock.ts';
import { makeOrder, TEST_PHONE } from '../../test/fixtures.ts';
import {
  makeRequisition,
  nextButton,
  openPanels,
  patientUser,
  savedWithRequisition,
  section,
} from '../../test/panels-helpers.tsx';
import { renderApp } from '../../test/render-app.tsx';

/** The body as sent: the selection with its one requisition. */
type SingleSelectionBody = SingleTestSelectionRequest & { requisitions: [SingleRequisitionRequest] };

const NOT_FOUND =
  'We could not find a requisition with that number. Please check the number and contact the provider if you believe it is valid.';
const ACTIVATION_NOT_FOUND =
  'We could not find that activation number. Please check the number and contact the provider if you believe it is valid.';
const NO_LONGER =
  'This product is no longer available. Please contact client services for further assistance.';
const LOOKUP_FAILURE = `We apologize, we ran into an unexpected error while searching for this requisition. If you continue to see this message, please contact us at ${TEST_PHONE}.`;

const notOnAnOrder = () => envelope(404, 'Not Found');
const searchBox = () => screen.findByRole('textbox', { name: 'Requisition or Activation Number' });

async function openActivation(options: Parameters<typeof openPanels>[1] = {}, url = '/order/42/panels') {
  const app = openPanels(url, {
    ...options,
    handlers: {
      'GET /gear/order': notOnAnOrder,
      'PUT /gear/testSelection': () => json(savedWithRequisition()),
      ...options.handlers,
    },
  });
  if ((options.user ?? { type: 'myGDX' }).type === 'myGDX') {
    await app.user.click(await screen.findByRole('button', { name: 'Activate Online' }));
  }
  return app;
}

async function search(app: Awaited<ReturnType<typeof openActivation>>, text: string) {
  const box = await searchBox();
  await app.user.clear(box);
  if (text) await app.user.type(box, text);
  await app.user.click(screen.getByRole('button', { name: 'Begin' }));
}

describe('requisition and activation search (spec 1 §2.6, §4.4, §5, §8)', () => {
  it("asks for a number: 'Please enter a requisition number.' for blank or punctuation only", async () => {
    const app = await openActivation();
    await search(app, ' #-. ');
    expect(await screen.findByText('Please enter a requisition number.')).toBeInTheDocument();
    expect(await searchBox()).toHaveAttribute('aria-invalid', 'true');
    expect(app.server.callsTo('GET /gear/order')).toHaveLength(0);
  });

  it('refuses an activation number failing the check digit without asking the server', async () => {
    const app = await openActivation();
    await search(app, 'C824591516');
    expect(await screen.findByText(ACTIVATION_NOT_FOUND)).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/order')).toHaveLength(0);
  });

  it('strips dots, hyphens, # and spaces, looks up the order, then (404) the lab requisition, and fills it in', async () => {
    const app = await openActivation({
      handlers: {
        'GET /gear/requisition': () =>
          json(
            catalogueRequisition(metabolomix617, {
              id: 77,
              reqNumber: '50012346',
              activationCode: 'C522552298',
            }),
          ),
      },
    });
    await search(app, '#50-012.346 ');
    expect(await screen.findByRole('heading', { level: 2, name: 'Metabolomix+' })).toBeInTheDocument();
    expect(screen.getByText('Requisition #50-012-346 · Activation number C522-552-298')).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/order')[0]?.search).toBe('?requisitionNumber=50012346');
    expect(app.server.callsTo('GET /gear/requisition')[0]?.search).toBe('?reqNum=50012346&gsdlNo=P1001');

    await app.user.click(screen.getByRole('checkbox', { name: 'Metabolomix+' }));
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).toBe('/order/42/billing/9'));
    const body = app.server.callsTo('PUT /gear/testSelection')[0]?.body as SingleSelectionBody;
    expect(body.requisitions[0]).toMatchObject({
      id: null,
      omsOrderableItemId: 617,
      reqNumber: '50012346',
      activationCode: 'C522552298',
      dropShip: false,
      covidRegistration: false,
      noCardActivation: false,
    });
  });

  it('searches with Enter, uppercasing an activation number', async () => {
    const app = await openActivation({
      handlers: {
        'GET /gear/requisition': () => json(catalogueRequisition(gi540, { activationCode: 'C824591515' })),
      },
    });
    await app.user.type(await searchBox(), 'c824-591-515{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: gi540.name })).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/order')[0]?.search).toBe('?requisitionNumber=C824591515');
  });

  it("shows the server's not-found message, else the spec's", async () => {
    const app = await openActivation({
      handlers: { 'GET /gear/requisition': () => envelope(404, NOT_FOUND) },
    });
    await search(app, '123');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    app.server.on({ 'GET /gear/requisition': () => new Response(null, { status: 400 }) });
    await search(app, '124');
    await waitFor(() => expect(app.server.callsTo('GET /gear/requisition')).toHaveLength(2));
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });

  it('shows the 410 notice, or that the product is no longer available', async () => {
    const app = await openActivation({
      handlers: {
        'GET /gear/order': () => new Response('This pack was recalled on 2026-03-01.', { status: 410 }),
      },
    });
    await search(app, 'C505860338');
    expect(await screen.findByText('This pack was recalled on 2026-03-01.')).toBeInTheDocument();
    app.server.on({ 'GET /gear/order': () => new Response('', { status: 410 }) });
    await search(app, 'C505860338');
    expect(await screen.findByText(NO_LONGER)).toBeInTheDocument();
  });

  it('says the order lookup failed on any other failure', async () => {
    const app = await openActivation({
      handlers: { 'GET /gear/order': () => envelope(500, 'Internal Server Error') },
    });
    await search(app, '50012345');
    expect(await screen.findByText(LOOKUP_FAILURE)).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/requisition')).toHaveLength(0);
  });

  it('goes to the requisition when it is on the current order', async () => {
    const order = makeOrder({ requisitions: [makeRequisition({ id: 9, reqNumber: '50012345' })] });
    const app = await openActivation({ order, handlers: { 'GET /gear/order': () => json(order) } });
    await search(app, '50012345');
    await waitFor(() => expect(app.location()).toBe('/order/42/panels/9'));
  });

  it('offers to switch to another order holding the requisition, or to search again', async () => {
    const other = makeOrder({
      id: 77,
      requisitions: [makeRequisition({ id: 5, reqNumber: '50012345', activationCode: 'C824591515' })],
    });
    const app = await openActivation({ handlers: { 'GET /gear/order': () => json(other) } });
    await search(app, 'C824-***-515'.replace('***', '591'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Requisition on another order' }));
    expect(
      dialog.getByText('This requisition was already added to a different order (order 77).'),
    ).toBeVisible();
    await app.user.click(dialog.getByRole('button', { name: 'Search again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await searchBox()).toHaveValue('');

    await search(app, 'C824591515');
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Requisition on another order' })).getByRole(
        'button',
        {
          name: 'Switch to that order',
        },
      ),
    );
    await waitFor(() => expect(app.location()).toBe('/order/77/panels/5'));
  });

  it('matches on the first 4 and last 3 characters of the activation code', async () => {
    const other = makeOrder({
      id: 77,
      requisitions: [makeRequisition({ id: 5, reqNumber: '50012345', activationCode: 'C824591515' })],
    });
    const app = await openActivation({ handlers: { 'GET /gear/order': () => json(other) } });
    await search(app, 'C824-515');
    await app.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch to that order' }),
    );
    await waitFor(() => expect(app.location()).toBe('/order/77/panels/5'));
  });

  it('moves a practitioner with an unknown activation number to unknown-id activation', async () => {
    const app = await openActivation({
      handlers: {
        'GET /gear/requisition': () => envelope(404, ACTIVATION_NOT_FOUND),
      },
    });
    await search(app, 'C171521339');
    expect(
      await screen.findByText(
        'We do not have test orders for activation number C171-521-339 yet. Choose the product of this collection pack to activate it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Online' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(
      (await section('Recently Ordered')).getByRole('button', { name: 'Select Metabolomix+' }),
    );
    await app.user.click(await screen.findByRole('checkbox', { name: 'Metabolomix+' }));
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const body = app.server.callsTo('PUT /gear/testSelection')[0]?.body as SingleSelectionBody;
    expect(body.requisitions[0]).toMatchObject({
      omsOrderableItemId: 617,
      activationCode: 'C171521339',
      reqNumber: null,
      dropShip: false,
    });
  });

  it("'I don't have a number' activates a product without a card", async () => {
    const app = await openActivation();
    await app.user.click(screen.getByRole('button', { name: "I don't have a number" }));
    expect(
      await screen.findByText('Choose the product to activate without an activation number.'),
    ).toBeVisible();
    await app.user.click(await screen.findByRole('button', { name: `Select ${gi540.name}` }));
    await app.user.click(await screen.findByRole('checkbox', { name: 'GI Effects Comprehensive Profile' }));
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const body = app.server.callsTo('PUT /gear/testSelection')[0]?.body as SingleSelectionBody;
    expect(body.requisitions[0]).toMatchObject({
      noCardActivation: true,
      reqNumber: null,
      activationCode: null,
    });
  });

  it("shows where to find the number, with the image's text alternative", async () => {
    const app = await openActivation();
    await app.user.click(screen.getByRole('button', { name: 'Where do I find my number?' }));
    expect(
      await screen.findByRole('img', { name: /requisition number is printed at the top right/ }),
    ).toBeVisible();
  });
});

describe('patients searching (spec 1 §2.8, §4.4, §8)', () => {
  const newPatientOrder = '/order/new/panels';

  it('searches the requisitionNumber of the address on load, with dateOfBirth and gdxId', async () => {
    const app = await openActivation(
      {
        user: patientUser,
        handlers: {
          'GET /gear/requisition': () =>
            json(catalogueRequisition(metabolomix617, { id: 77, reqNumber: '50012346' })),
        },
      },
      `${newPatientOrder}?requisitionNumber=50012346&dateOfBirth=1985-04-12&gdxId=G77`,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Metabolomix+' })).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/order')[0]?.search).toBe(
      '?requisitionNumber=50012346&dateOfBirth=1985-04-12&gdxId=G77',
    );
    expect(await searchBox()).toHaveValue('50012346');
    // Patients do not write patient instructions or resubmittal ids.
    expect(screen.queryByRole('textbox', { name: 'Patient Instructions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Resubmittal ID' })).not.toBeInTheDocument();
  });

  it('offers a patient on a new order to load the order that holds the requisition', async () => {
    const existing = makeOrder({ id: 55, requisitions: [makeRequisition({ id: 3, reqNumber: '50012345' })] });
    const app = await openActivation(
      { user: patientUser, handlers: { 'GET /gear/order': () => json(existing) } },
      newPatientOrder,
    );
    await search(app, '50012345');
    const dialog = within(await screen.findByRole('dialog', { name: 'Load this order?' }));
    await app.user.click(dialog.getByRole('button', { name: 'Load order' }));
    await waitFor(() => expect(app.location()).toBe('/order/55/panels/3'));
  });

  it('tells a patient an unknown activation number is pending', async () => {
    const app = await openActivation(
      {
        user: patientUser,
        handlers: {
          'GET /gear/requisition': () => envelope(404, NOT_FOUND),
        },
      },
      newPatientOrder,
    );
    await search(app, 'C171521339');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Collection Pack Activation Pending');
    expect(alert).toHaveTextContent("waiting for your doctor's test orders");
  });

  it('tells a patient the pending answer of the order lookup, asking nothing more (decision 0040)', async () => {
    const app = await openActivation(
      {
        user: patientUser,
        handlers: {
          'GET /gear/order': () =>
            json({ error: 'ClientActivationMissingException', message: 'Pending' }, 404),
        },
      },
      newPatientOrder,
    );
    await search(app, 'C171521339');
    expect(await screen.findByRole('alert')).toHaveTextContent('Collection Pack Activation Pending');
    expect(app.server.callsTo('GET /gear/requisition')).toHaveLength(0);
  });

  it('tells a patient a requisition cannot be added to the current order, with a link to a new one', async () => {
    const app = await openActivation(
      { user: patientUser, handlers: { 'GET /gear/requisition': () => envelope(404, NOT_FOUND) } },
      '/order/42/panels',
    );
    await search(app, '50012399');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByText(/This requisition cannot be added to the current order\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new order' })).toHaveAttribute(
      'href',
      '/order/new/panels',
    );
  });

  it("preselects and locks a paperless requisition's tests", async () => {
    const app = await openActivation(
      {
        user: patientUser,
        handlers: {
          'GET /gear/requisition': () =>
            json({
              ...catalogueRequisition(gi540, { id: 80, reqNumber: '50012347', paperless: true }),
              preselection: { panel: 5400, components: [5401, 5404, 5405, 5406], addons: [5413] },
            }),
        },
      },
      newPatientOrder,
    );
    await search(app, '50012347');
    const panel = await screen.findByRole('checkbox', { name: 'GI Effects Comprehensive Profile' });
    expect(panel).toBeChecked();
    expect(panel).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' })).toBeChecked();
    expect(
      screen.getByText('The tests of this requisition were chosen by your provider and cannot be changed.'),
    ).toBeVisible();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const body = app.server.callsTo('PUT /gear/testSelection')[0]?.body as SingleSelectionBody;
    expect(body.id).toBe('new');
    expect(body.requisitions[0]).toMatchObject({
      panel: 5400,
      reqNumber: '50012347',
      profileSpecificFields: [],
    });
  });

  it("keeps a saved paperless requisition's tests locked when the patient comes back to it", async () => {
    const order = makeOrder({
      requisitions: [makeRequisition({ id: 9, paperless: true, dropShip: false, reqNumber: '50012347' })],
    });
    openPanels('/order/42/panels/9', { user: patientUser, order });
    const panel = await screen.findByRole('checkbox', { name: 'GI Effects Comprehensive Profile' });
    expect(panel).toBeChecked();
    expect(panel).toBeDisabled();
    expect(
      screen.queryByRole('textbox', { name: 'Requisition or Activation Number' }),
    ).not.toBeInTheDocument();
  });

  it('goes to the 403 page when the order lookup is refused', async () => {
    const app = renderApp('/order/new/panels', {
      user: patientUser,
      handlers: {
        'GET /mygdx/account/JWT/prc': () => json({ token: 'token-prc', expiresIn: 300 }),
        'GET /gear/order': () => envelope(403, 'Forbidden'),
      },
    });
    await search(app, '50012345');
    await waitFor(() => expect(app.location()).toBe('/?status=non-beta'));
  });
});

describe('repurposing a pack for another test (spec 1 §2.6, §4.4; decision 0047)', () => {
  const pack = () =>
    json(
      catalogueRequisition(metabolomix617, { id: 77, reqNumber: '50012353', activationCode: 'C735029183' }),
    );

  it("lists the pack's own test and the products of its specimen; another test keeps the pack's numbers", async () => {
    const app = await openActivation({ handlers: { 'GET /gear/requisition': pack } });
    await search(app, '50012353');
    expect(await screen.findByRole('heading', { level: 2, name: 'Metabolomix+' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Use this pack for a different test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a different test' });
    const tests = within(dialog).getByRole('list', { name: 'Tests for this collection pack' });
    expect(
      within(tests)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Use for Metabolomix+', 'Use for Toxic Element Clearance - Urine']);
    expect(within(tests).getByRole('button', { name: 'Use for Metabolomix+' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await app.user.click(
      within(tests).getByRole('button', { name: 'Use for Toxic Element Clearance - Urine' }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Toxic Element Clearance - Urine' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This collection pack (Metabolomix+) is used for Toxic Element Clearance - Urine.'),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'Toxic Element Clearance' }));
    await app.user.click(screen.getByRole('radio', { name: 'Post-provocation' }));
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const body = app.server.callsTo('PUT /gear/testSelection')[0]?.body as SingleSelectionBody;
    expect(body.requisitions[0]).toMatchObject({
      omsOrderableItemId: 554,
      reqNumber: '50012353',
      activationCode: 'C735029183',
    });
  });

  it("choosing the pack's own test again reloads the pack by its activation number", async () => {
    const app = await openActivation({ handlers: { 'GET /gear/requisition': pack } });
    await search(app, '50012353');
    await screen.findByRole('heading', { level: 2, name: 'Metabolomix+' });
    await app.user.click(screen.getByRole('button', { name: 'Use this pack for a different test' }));
    let dialog = await screen.findByRole('dialog', { name: 'Choose a different test' });
    await app.user.click(
      within(dialog).getByRole('button', { name: 'Use for Toxic Element Clearance - Urine' }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Toxic Element Clearance - Urine' });
    await app.user.click(screen.getByRole('button', { name: 'Use this pack for a different test' }));
    dialog = await screen.findByRole('dialog', { name: 'Choose a different test' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Use for Metabolomix+' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Metabolomix+' })).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/requisition').map((call) => call.search)).toEqual([
      '?reqNum=50012353&gsdlNo=P1001',
      '?reqNum=C735029183&gsdlNo=P1001',
    ]);
  });

  it('is offered when editing a saved requisition: its pack reloaded by activation number, the requisition kept', async () => {
    const order = makeOrder({
      requisitions: [
        makeRequisition({
          id: 9,
          omsOrderableItemId: 617,
          omsOrderableItemName: 'Metabolomix+',
          panel: null,
          components: [],
          reqNumber: '50012353',
          activationCode: 'C735029183',
        }),
      ],
    });
    const app = openPanels('/order/42/panels/9', {
      order,
      handlers: {
        'GET /gear/requisition': pack,
        'PUT /gear/testSelection': () => json(savedWithRequisition()),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Metabolomix+' })).toBeInTheDocument();
    await app.user.click(await screen.findByRole('button', { name: 'Use this pack for a different test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a different test' });
    await app.user.click(
      within(dialog).getByRole('button', { name: 'Use for Toxic Element Clearance - Urine' }),
    );
    expect(
      await screen.findByText(
        'This collection pack (Metabolomix+) is used for Toxic Element Clearance - Urine.',
      ),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'Toxic Element Clearance' }));
    await app.user.click(screen.getByRole('radio', { name: 'Post-provocation' }));
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const body = app.server.callsTo('PUT /gear/testSelection')[0]?.body as SingleSelectionBody;
    expect(body.requisitions[0]).toMatchObject({
      id: 9,
      omsOrderableItemId: 554,
      reqNumber: '50012353',
      activationCode: 'C735029183',
    });
    expect(app.server.callsTo('GET /gear/requisition').map((call) => call.search)).toEqual([
      '?reqNum=C735029183&gsdlNo=P1001',
    ]);
  });

  it('is not offered when editing a saved requisition without a pack', async () => {
    const order = makeOrder({
      requisitions: [makeRequisition({ id: 9, reqNumber: null, activationCode: null })],
    });
    const app = openPanels('/order/42/panels/9', { order });
    expect(
      await screen.findByRole('heading', { level: 2, name: /^GI Effects Comprehensive Profile/ }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Use this pack for a different test' }),
    ).not.toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/requisition')).toHaveLength(0);
  });

  it('is not offered to a patient', async () => {
    const app = await openActivation({ user: patientUser, handlers: { 'GET /gear/requisition': pack } });
    await search(app, '50012353');
    expect(await screen.findByRole('heading', { level: 2, name: 'Metabolomix+' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Use this pack for a different test' }),
    ).not.toBeInTheDocument();
  });
});

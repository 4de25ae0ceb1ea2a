import type { PrintDocument, SingleRequisitionRequest, SingleTestSelectionRequest } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { printedPdf, recordDownloads } from '../../test/downloads.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { makeOrder, makePractitioner, TEST_PHONE } from '../../test/fixtures.ts';
import {
  makeRequisition,
  nextButton,
  openPanels,
  savedWithRequisition,
  section,
} from '../../test/panels-helpers.tsx';

/** The body as sent: the selection with its one requisition. */
type SingleSelectionBody = SingleTestSelectionRequest & { requisitions: [SingleRequisitionRequest] };

const downloads = recordDownloads();

const GI = 'GI Effects Comprehensive Profile - Stool (3-day)';
const EXCLUSION =
  'Please choose between the Toxic Elements Clearance or the Comprehensive Urine Elements. Toxic Elements Clearance is included in the Comprehensive Urine Elements so both cannot be selected.';
const medicarePractitioner = makePractitioner({
  billingMethods: ['Client', 'Insurance', 'Patient', 'Medicare'],
});

const saved = () => json(savedWithRequisition());
const medicareChoice = (name: 'Yes' | 'No') =>
  within(
    screen.getByRole('radiogroup', { name: 'Will Medicare or Tricare be billed for this order?' }),
  ).getByRole('radio', { name });

async function openDropShip(options: Parameters<typeof openPanels>[1] = {}, url = '/order/42/panels') {
  const app = openPanels(url, {
    ...options,
    handlers: { 'PUT /gear/testSelection': saved, ...options.handlers },
  });
  await app.user.click(await screen.findByRole('button', { name: 'Ship to Patient' }));
  await screen.findByRole('searchbox', { name: 'Select a product' });
  return app;
}

/** Chooses a product from the open sections (Recently Ordered by default) or the alphabetical list. */
async function choose(app: Awaited<ReturnType<typeof openDropShip>>, name: string) {
  const button = screen.queryByRole('button', { name: `Select ${name}` });
  if (!button) await app.user.click(screen.getByRole('button', { name: /^Complete Alphabetical Listing/ }));
  const list = await section(button ? 'Recently Ordered' : 'Complete Alphabetical Listing');
  await app.user.click(list.getByRole('button', { name: `Select ${name}` }));
  await screen.findByRole('heading', { level: 2, name });
}

const bodyOf = (app: Awaited<ReturnType<typeof openDropShip>>) =>
  app.server.callsTo('PUT /gear/testSelection')[0]?.body as SingleSelectionBody;

describe('ship to patient: choosing the tests (spec 1 §2.6, §4.4)', () => {
  it('shows product highlights for drop ship', async () => {
    await openDropShip();
    expect(screen.getByRole('button', { name: 'Product Highlights (1)' })).toBeInTheDocument();
  });

  it('selecting a panel sets its components; unchecking components picks a matching display-only panel', async () => {
    const app = await openDropShip();
    await choose(app, GI);
    const panel = screen.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' });
    await app.user.click(panel);
    for (const name of [
      'Pancreatic Elastase-1',
      'Calprotectin',
      'Eosinophil Protein X',
      'Fecal Secretory IgA',
    ]) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    }
    await app.user.click(screen.getByRole('checkbox', { name: 'Pancreatic Elastase-1' }));
    expect(panel).not.toBeChecked();
    expect(screen.getByText('Profile selected: Inflammation and Immunology Markers')).toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'Pancreatic Elastase-1' }));
    expect(panel).toBeChecked();
    await app.user.click(panel);
    expect(screen.getByRole('checkbox', { name: 'Calprotectin' })).not.toBeChecked();
  });

  it('refuses the second add-on of an exclusive pair with the warning (5877 then 5887)', async () => {
    const app = await openDropShip();
    await choose(app, 'Metabolomix+');
    await app.user.click(screen.getByRole('checkbox', { name: 'Toxic Element Clearance (urine)' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Comprehensive Urine Element Profile' }));
    expect(screen.getByText(EXCLUSION).closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Comprehensive Urine Element Profile' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Toxic Element Clearance (urine)' })).toBeChecked();
    await app.user.click(screen.getByRole('checkbox', { name: 'Toxic Element Clearance (urine)' }));
    expect(screen.queryByText(EXCLUSION)).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'Comprehensive Urine Element Profile' }));
    expect(screen.getByRole('checkbox', { name: 'Comprehensive Urine Element Profile' })).toBeChecked();
  });

  it('hides add-ons naming SARS unless the order ships to the office', async () => {
    const app = await openDropShip();
    await choose(app, GI);
    expect(screen.getByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'SARS-CoV-2 Stool PCR' })).not.toBeInTheDocument();
  });

  it("says 'Please select a test.' with no product and with no test chosen", async () => {
    const app = await openDropShip();
    await app.user.click(nextButton());
    expect(await screen.findByText('Please select a test.')).toBeInTheDocument();
    await choose(app, GI);
    await app.user.click(nextButton());
    expect(await screen.findByText('Please select a test.')).toBeInTheDocument();
    expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(0);
  });

  it('refuses a product already on the order', async () => {
    const order = makeOrder({ requisitions: [makeRequisition({ id: 7, omsOrderableItemId: 540 })] });
    const app = await openDropShip({ order });
    await app.user.click(await screen.findByRole('button', { name: `Select ${GI}` }));
    expect(
      await screen.findByText(
        'This product has already been added to the order. If you need to order the product multiple times, please do so on separate orders.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: GI })).not.toBeInTheDocument();
  });

  it('spec 1 §7: ordering a custom profile sends the current order and opens its patient step (decision 0048)', async () => {
    const app = await openDropShip({
      handlers: { 'PUT /gear/bundle/3/order': () => json(savedWithRequisition()) },
    });
    await app.user.click(screen.getByRole('button', { name: /^Customized Profiles/ }));
    const profiles = await section('Customized Profiles');
    await app.user.click(profiles.getByRole('button', { name: 'Order Gut restoration' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/patient'));
    expect(app.server.callsTo('PUT /gear/bundle/3/order')[0]?.body).toEqual({
      gearBundleId: 3,
      gearOrderId: 42,
      practAgreement: true,
      version: 1,
    });
  });

  it("spec 1 §8: a custom profile that cannot be ordered shows the server's reason, else 'Please try again.'", async () => {
    let answer = envelope(400, 'We could not find that product.', [
      { field: 'products.0.omsOrderableItemId', defaultMessage: 'We could not find that product.' },
    ]);
    const app = await openDropShip({ handlers: { 'PUT /gear/bundle/3/order': () => answer } });
    await app.user.click(screen.getByRole('button', { name: /^Customized Profiles/ }));
    const order = (await section('Customized Profiles')).getByRole('button', {
      name: 'Order Gut restoration',
    });
    await app.user.click(order);
    expect(await screen.findByText('We could not find that product.')).toBeInTheDocument();
    answer = envelope(500, 'Internal Server Error');
    await app.user.click(order);
    expect(
      await screen.findByText('An unexpected error has occurred. Please try again.'),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/order/42/panels');
  });

  it('counts patient instructions to 512 and keeps the resubmittal id to 32', async () => {
    const app = await openDropShip();
    await choose(app, GI);
    const instructions = screen.getByRole('textbox', { name: 'Patient Instructions' });
    expect(instructions).toHaveAttribute('maxlength', '512');
    expect(instructions).toHaveAccessibleDescription('0/512 characters');
    await app.user.type(instructions, 'Fast overnight');
    expect(instructions).toHaveAccessibleDescription('14/512 characters');
    expect(screen.getByRole('textbox', { name: 'Resubmittal ID' })).toHaveAttribute('maxlength', '32');
  });

  it('offers earlier patient instructions', async () => {
    const app = await openDropShip({
      handlers: {
        'GET /gear/practitioner/P1001/previousInstructions/540': () =>
          json(['Collect on a weekday.', 'Ship Monday.']),
      },
    });
    await choose(app, GI);
    await app.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Use earlier patient instructions' }),
      'Ship Monday.',
    );
    expect(screen.getByRole('textbox', { name: 'Patient Instructions' })).toHaveValue('Ship Monday.');
  });
});

describe('ship to patient: saving (spec 1 §7 PUT /gear/testSelection)', () => {
  it('sends the one requisition with the query string, disables Next until the answer, then moves on', async () => {
    let answer: (response: Response) => void = () => {};
    const app = await openDropShip(
      {
        handlers: {
          'PUT /gear/testSelection': () =>
            new Promise<Response>((resolve) => {
              answer = resolve;
            }),
        },
      },
      '/order/42/panels?src=email',
    );
    await choose(app, GI);
    await app.user.click(screen.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Patient Instructions' }), ' Fast overnight. ');
    await app.user.click(nextButton());
    await waitFor(() => expect(nextButton()).toBeDisabled());
    const [put] = app.server.callsTo('PUT /gear/testSelection');
    expect(put?.search).toBe('?src=email');
    expect(put?.body).toEqual({
      id: 42,
      version: 1,
      governmentPayor: false,
      dateMedicalNecessityAcknowledged: null,
      requisitions: [
        {
          id: null,
          omsOrderableItemId: 540,
          panel: 5400,
          components: [5401, 5404, 5405, 5406],
          addons: [{ omsInputFieldID: 5413, cptQuantity: null }],
          profileSpecificFields: [{ id: 66, value: 'Not Provided' }],
          patientInstructions: 'Fast overnight.',
          dropShip: true,
          shipToOffice: false,
          covidRegistration: false,
          noCardActivation: false,
          reqNumber: null,
          activationCode: null,
          billingMethod: null,
        },
      ],
    });
    answer(json(savedWithRequisition()));
    await waitFor(() => expect(app.location()).toBe('/order/42/billing/9?src=email'));
  });

  it("defaults a Client-only practitioner's requisition to Physician Account and keeps a resubmittal id", async () => {
    const order = makeOrder({ practitioner: makePractitioner({ billingMethods: ['Client'] }) });
    const app = await openDropShip({ order });
    await choose(app, GI);
    await app.user.click(screen.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Resubmittal ID' }), 'A1234');
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const [requisition] = bodyOf(app).requisitions;
    expect(requisition.billingMethod).toBe('Physician Account');
    expect(requisition.profileSpecificFields).toEqual([{ id: 66, value: 'A1234' }]);
  });

  it("shows the server's field messages and the network message, and lets the user retry", async () => {
    const app = await openDropShip({
      handlers: {
        'PUT /gear/testSelection': () =>
          envelope(400, 'Bad Request', [
            { field: 'requisitions[0].panel', defaultMessage: 'Please select a test.' },
            { field: 'requisitions[0].patientInstructions', defaultMessage: 'Too long.' },
          ]),
      },
    });
    await choose(app, GI);
    await app.user.click(screen.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' }));
    await app.user.click(nextButton());
    const alert = await screen.findByText('Too long.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Please select a test.Too long.');
    expect(nextButton()).toBeEnabled();
  });

  it.each([
    [409, 'This order has been received by our lab and no more changes can be made...'],
    [410, 'This product is no longer available. Please contact client services for further assistance.'],
  ])("shows the server's words when the save answers %i", async (status, message) => {
    const app = await openDropShip({
      handlers: { 'PUT /gear/testSelection': () => envelope(status, message) },
    });
    await choose(app, GI);
    await app.user.click(screen.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' }));
    await app.user.click(nextButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('edits a saved requisition: prefilled, sent with its id', async () => {
    const order = makeOrder({
      requisitions: [
        makeRequisition({
          id: 9,
          addons: [{ omsInputFieldID: 5413, cptQuantity: null }],
          patientInstructions: 'Fast overnight.',
          profileSpecificFields: [{ id: 66, value: 'R-77' }],
        }),
      ],
    });
    const app = openPanels('/order/42/panels/9', { order, handlers: { 'PUT /gear/testSelection': saved } });
    expect(await screen.findByRole('heading', { level: 2, name: GI })).toBeInTheDocument();
    expect(screen.queryByText('What would you like to do?')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Patient Instructions' })).toHaveValue('Fast overnight.');
    expect(screen.getByRole('textbox', { name: 'Resubmittal ID' })).toHaveValue('R-77');
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    expect(bodyOf(app).requisitions[0]).toMatchObject({ id: 9, omsOrderableItemId: 540, dropShip: true });
  });
});

describe('price-increase confirmation (spec 1 §4.4, decision 0045)', () => {
  const ASKED =
    'The patient has already confirmed this order, and this change raises its price. Please confirm the price increase.';
  const confirmedOrder = () =>
    makeOrder({
      requisitions: [makeRequisition({ id: 9, billingMethod: 'Bill Insurance with Patient Payment' })],
    });

  /** The server asks for the confirmation until the body says Yes. */
  const askingServer = () => {
    const handler: Handler = (call) =>
      (call.body as { priceIncreaseConfirmed?: boolean }).priceIncreaseConfirmed
        ? json(savedWithRequisition({ addons: [{ omsInputFieldID: 5413, cptQuantity: null }] }))
        : envelope(409, ASKED, [{ field: 'priceIncreaseConfirmed', defaultMessage: ASKED }]);
    return handler;
  };

  it('No restores the saved tests and saves nothing more', async () => {
    const app = openPanels('/order/42/panels/9', {
      order: confirmedOrder(),
      handlers: { 'PUT /gear/testSelection': askingServer() },
    });
    const addOn = await screen.findByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' });
    await app.user.click(addOn);
    await app.user.click(nextButton());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the price change' });
    expect(dialog).toHaveTextContent(
      'The patient has already confirmed this order. Changing the tests of this requisition may increase what the patient pays. Do you want to continue?',
    );
    expect(screen.queryByText(ASKED)).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' })).not.toBeChecked();
    expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1);
    expect(app.location()).toBe('/order/42/panels/9');
  });

  it('Yes resubmits as confirmed, records the increase as PanelSelection, then moves on', async () => {
    const app = openPanels('/order/42/panels/9', {
      order: confirmedOrder(),
      handlers: {
        'PUT /gear/testSelection': askingServer(),
        'PUT /gear/order/42/confirm-price-increase/9/PanelSelection': () =>
          json(savedWithRequisition({ addons: [{ omsInputFieldID: 5413, cptQuantity: null }] })),
      },
    });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' }));
    await app.user.click(nextButton());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the price change' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/billing/9'));
    const saves = app.server.callsTo('PUT /gear/testSelection');
    expect(
      saves.map((call) => (call.body as { priceIncreaseConfirmed?: boolean }).priceIncreaseConfirmed),
    ).toEqual([undefined, true]);
    expect(app.server.callsTo('PUT /gear/order/42/confirm-price-increase/9/PanelSelection')).toHaveLength(1);
  });
});

describe('Medicare (spec 1 §4.4, §5, §6)', () => {
  const medicareOrder = () => makeOrder({ practitioner: medicarePractitioner });

  it('asks practitioners with Medicare billing, and not others or international offices', async () => {
    await openDropShip({ order: medicareOrder() });
    expect(
      screen.getByRole('radiogroup', { name: 'Will Medicare or Tricare be billed for this order?' }),
    ).toBeVisible();
  });

  it('tells a practitioner whose degree is not eligible to answer No (spec 1 §5)', async () => {
    await openDropShip({ order: makeOrder({ practitioner: { ...medicarePractitioner, degree: 'ND' } }) });
    expect(
      screen.getByText(
        "Medicare and Tricare do not cover tests ordered by a practitioner with this degree. Please answer 'No' to order with Non-Medicare billing.",
      ),
    ).toBeInTheDocument();
    expect(medicareChoice('Yes')).toBeDisabled();
  });

  it('has no Medicare selector without Medicare billing', async () => {
    await openDropShip();
    expect(screen.queryByRole('radiogroup', { name: /Medicare/ })).not.toBeInTheDocument();
  });

  it('requires the medical-necessity acknowledgement, edits CPT quantities (1 to the parsed quantity), and bills Medicare', async () => {
    const now = new Date();
    const app = await openDropShip({ order: medicareOrder() });
    await app.user.click(medicareChoice('Yes'));
    await choose(app, GI);
    await app.user.click(screen.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Zonulin Family Peptide' }));
    const cpt = screen.getByRole('textbox', { name: 'CPT quantity for Zonulin Family Peptide' });
    expect(cpt).toHaveValue('3');
    await app.user.clear(cpt);
    await app.user.type(cpt, '9');
    expect(cpt).toHaveValue('');
    await app.user.type(cpt, '2');
    expect(cpt).toHaveValue('2');
    await app.user.click(nextButton());
    expect(
      await screen.findByText('Please acknowledge you have read the definition of medical necessity.'),
    ).toBeInTheDocument();
    expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(0);
    await app.user.click(
      screen.getByRole('checkbox', { name: 'I have read the definition of medical necessity.' }),
    );
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const body = bodyOf(app);
    expect(new Date(body.dateMedicalNecessityAcknowledged as string).getTime()).toBeGreaterThanOrEqual(
      now.getTime() - 1000,
    );
    expect(body.governmentPayor).toBe(true);
    expect(body.requisitions[0].billingMethod).toBe('Medicare or Tricare');
    expect(body.requisitions[0].addons).toEqual([{ omsInputFieldID: 5417, cptQuantity: 2 }]);
  });

  it('warns that an unregistered Medicare requisition will be discarded (spec 1 §8)', async () => {
    const order = makeOrder({
      practitioner: medicarePractitioner,
      governmentPayor: true,
      requisitions: [makeRequisition({ reqNumber: '50012345', billingMethod: 'Medicare or Tricare' })],
    });
    openPanels('/order/42/panels/9', { order });
    expect(
      await screen.findByText(
        'This Medicare or Tricare test will be discarded unless the physician registers it online with requisition number #50-012-345.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses a product not eligible for Medicare on a Medicare order', async () => {
    const app = await openDropShip({ order: medicareOrder() });
    await choose(app, 'Rhythm Plus*');
    await app.user.click(medicareChoice('Yes'));
    const message =
      'Medicare or Tricare billing is not available for the Rhythm Plus* test. Please switch to Non-Medicare billing to order this test.';
    expect(screen.getByText(message)).toBeInTheDocument();
    await app.user.click(medicareChoice('No'));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('spec 1 §4.4: Yes refilters the catalogue to the Medicare-eligible products (§9 ids), No lists them all', async () => {
    const app = await openDropShip({ order: medicareOrder() });
    const note =
      'Only the tests Medicare or Tricare covers are listed. Please switch to Non-Medicare billing to order another test.';
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: /^Complete Alphabetical Listing/ }));
    const all = await section('Complete Alphabetical Listing');
    expect(all.getByRole('button', { name: 'Select Rhythm Plus*' })).toBeInTheDocument();
    await app.user.click(medicareChoice('Yes'));
    expect(screen.getByText(note)).toHaveAttribute('role', 'status');
    const eligible = await section('Complete Alphabetical Listing');
    expect(eligible.queryByRole('button', { name: 'Select Rhythm Plus*' })).not.toBeInTheDocument();
    expect(eligible.getByRole('button', { name: `Select ${GI}` })).toBeInTheDocument();
    await app.user.click(medicareChoice('No'));
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    expect(
      (await section('Complete Alphabetical Listing')).getByRole('button', { name: 'Select Rhythm Plus*' }),
    ).toBeInTheDocument();
  });

  it('bills chelation provocation on a Medicare order as No Insurance Billing', async () => {
    const app = await openDropShip({ order: medicareOrder() });
    await app.user.click(medicareChoice('Yes'));
    await choose(app, 'Toxic Element Clearance - Urine');
    await app.user.click(screen.getByRole('checkbox', { name: 'Toxic Element Clearance' }));
    await app.user.click(screen.getByRole('radio', { name: 'Post-provocation' }));
    expect(
      screen.getByText(
        'Chelation (provocation) agents are statutorily non-covered by Medicare, so this test is billed as No Insurance Billing: Pay Full Amount.',
      ),
    ).toBeInTheDocument();
    await app.user.click(
      screen.getByRole('checkbox', { name: 'I have read the definition of medical necessity.' }),
    );
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const [requisition] = bodyOf(app).requisitions;
    expect(requisition.billingMethod).toBe('No Insurance Billing: Pay Full Amount');
    expect(requisition.profileSpecificFields).toContainEqual({ id: 4102, value: '@POST' });
  });

  it('has no Medicare selector for an international office', async () => {
    const base = medicarePractitioner;
    const order = makeOrder({ practitioner: { ...base, office: { ...base.office, reqLayoutId: 3 } } });
    const app = openPanels('/order/42/panels', { order });
    await app.user.click(await screen.findByRole('button', { name: 'Activate Online' }));
    expect(screen.queryByRole('radiogroup', { name: /Medicare/ })).not.toBeInTheDocument();
  });
});

describe('profile-specific sections (spec 1 §2.6, §5)', () => {
  it('asks hormone replacement therapy and cycle phase, each required', async () => {
    const app = await openDropShip();
    await choose(app, 'Rhythm Plus*');
    await app.user.click(screen.getByRole('checkbox', { name: 'Rhythm Plus' }));
    expect(screen.getByRole('radiogroup', { name: 'Hormone Replacement Therapy' })).toBeInTheDocument();
    const phases = within(screen.getByRole('radiogroup', { name: 'Cycle Phase' })).getAllByRole('radio');
    expect(phases).toHaveLength(4);
    await app.user.click(nextButton());
    expect(await screen.findAllByText('Please fill out this field.')).toHaveLength(2);
    await app.user.click(
      within(screen.getByRole('radiogroup', { name: 'Hormone Replacement Therapy' })).getByRole('radio', {
        name: 'No',
      }),
    );
    await app.user.click(screen.getByRole('radio', { name: 'Postmenopausal' }));
    expect(screen.queryByText('Please fill out this field.')).not.toBeInTheDocument();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    expect(bodyOf(app).requisitions[0].profileSpecificFields).toEqual([
      { id: 4100, value: 'false' },
      { id: 4101, value: 'postmenopausal' },
      { id: 66, value: 'Not Provided' },
    ]);
  });

  it('Activate COVID Test loads item 902 with the federal questions, onset date and collection type', async () => {
    const order = makeOrder({ practitioner: makePractitioner({ covidRegistrationAccount: true }) });
    const app = openPanels('/order/42/panels', { order, handlers: { 'PUT /gear/testSelection': saved } });
    await app.user.click(await screen.findByRole('button', { name: 'Activate COVID Test' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'COVID-19 PCR' })).toBeInTheDocument();
    // Only COVID products are offered (the COVID filter).
    expect(screen.getByRole('button', { name: 'Complete Alphabetical Listing (2)' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'SARS-CoV-2 RT-PCR' }));
    const first = screen.getByRole('radiogroup', { name: 'First test for COVID-19' });
    await app.user.click(within(first).getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByRole('textbox', { name: 'Date of symptom onset' })).not.toBeInTheDocument();
    const symptomatic = screen.getByRole('radiogroup', { name: 'Symptomatic as defined by the CDC' });
    await app.user.click(within(symptomatic).getByRole('radio', { name: 'Yes' }));
    const onset = screen.getByRole('textbox', { name: 'Date of symptom onset' });
    expect(onset).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    expect(onset).toHaveAttribute('maxlength', '10');
    await app.user.type(onset, '03/02/2026');
    await app.user.click(screen.getByRole('radio', { name: 'Other' }));
    const other = screen.getByRole('textbox', { name: 'Other Collection Type' });
    expect(other).toHaveAttribute('maxlength', '50');
    await app.user.type(other, 'Saliva');
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection')).toHaveLength(1));
    const [requisition] = bodyOf(app).requisitions;
    expect(requisition).toMatchObject({ omsOrderableItemId: 902, covidRegistration: true, dropShip: false });
    expect(requisition.profileSpecificFields).toEqual([
      { id: 4110, value: 'true' },
      { id: 4112, value: 'true' },
      { id: 4113, value: '03/02/2026' },
      { id: 4118, value: '@OTHR' },
      { id: 4119, value: 'Saliva' },
      { id: 66, value: 'Not Provided' },
    ]);
  });
});

describe('pricing display, printing and product information (spec 1 §2.6, §7)', () => {
  it("logs 'display panel pricing' and shows the prices", async () => {
    const app = await openDropShip({
      handlers: {
        'GET /gear/api/inputFieldPriceMap/540': () =>
          json({ PTPAY: { item: 45900, 5400: 39900, 5413: 5900 } }),
      },
    });
    await choose(app, GI);
    await app.user.click(screen.getByRole('switch', { name: 'Display pricing' }));
    await waitFor(() => expect(app.server.callsTo('PUT /gear/log/info')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/log/info')[0]?.body).toEqual({
      formattedMessage: 'display panel pricing',
      arg0: 42,
      arg1: 540,
      arg2: 'on',
      arg3: 'P1001',
    });
    expect(
      await screen.findByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' }),
    ).toHaveAccessibleDescription('Patient pay $59.00');
    expect(screen.getByText('Patient pay $459.00')).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/api/inputFieldPriceMap/540')[0]?.search).toBe('?gsdlNo=P1001');
    await app.user.click(screen.getByRole('switch', { name: 'Display pricing' }));
    expect(screen.queryByText('Patient pay $459.00')).not.toBeInTheDocument();
    await waitFor(() => expect(app.server.callsTo('PUT /gear/log/info')).toHaveLength(2));
    expect(app.server.callsTo('PUT /gear/log/info')[1]?.body).toMatchObject({ arg2: 'off' });
  });

  it('shows the price failure message when prices cannot be had', async () => {
    const app = await openDropShip({
      handlers: { 'GET /gear/api/inputFieldPriceMap/540': () => envelope(500, 'Internal Server Error') },
    });
    await choose(app, GI);
    await app.user.click(screen.getByRole('switch', { name: 'Display pricing' }));
    expect(
      await screen.findByText(
        `We are having difficulty retrieving your price. Please call us at ${TEST_PHONE} or consult our Fee Schedule`,
      ),
    ).toBeInTheDocument();
  });

  it('prints the selections to test-selection.pdf on A3 in points', async () => {
    const app = await openDropShip({ handlers: { 'POST /gear/print/test-selection': printedPdf } });
    await choose(app, GI);
    await app.user.click(screen.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' }));
    await app.user.click(screen.getByRole('button', { name: 'Print selections' }));
    await waitFor(() => expect(downloads).toEqual(['test-selection.pdf']));
    const body = app.server.callsTo('POST /gear/print/test-selection')[0]?.body as PrintDocument;
    expect(body.paper).toBe('a3');
    expect(body.title).toBe(GI);
    expect(body.sections.flatMap((section) => section.lines)).toContain('Calprotectin');
  });

  it("opens a product's profiles and add-ons from its info icon and prints them on letter paper", async () => {
    const app = await openDropShip({ handlers: { 'POST /gear/print/test-selection': printedPdf } });
    await app.user.click(
      (await section('Recently Ordered')).getByRole('button', {
        name: 'Product information for Metabolomix+',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Metabolomix+' }));
    expect(await dialog.findByRole('region', { name: 'Add-ons' })).toHaveTextContent(
      'Toxic Element Clearance (urine)Comprehensive Urine Element ProfileOmega-3 Index (bloodspot)',
    );
    expect(dialog.getByRole('region', { name: 'Metabolomix+' })).toHaveTextContent(
      'Organic AcidsAmino Acids (urine)',
    );
    await app.user.click(dialog.getByRole('button', { name: 'Print to PDF' }));
    await waitFor(() => expect(downloads).toEqual(['test-selection.pdf']));
    const body = app.server.callsTo('POST /gear/print/test-selection')[0]?.body as PrintDocument;
    expect(body.paper).toBe('letter');
    expect(body.title).toBe('Metabolomix+');
  });

  it('shows the unexpected-error message when the info cannot be loaded', async () => {
    const app = await openDropShip({
      handlers: {
        'GET /gear/requisition/getReqByOrderableItem': () => envelope(500, 'Internal Server Error'),
      },
    });
    await app.user.click(
      (await section('Recently Ordered')).getByRole('button', { name: `Product information for ${GI}` }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: GI }));
    expect(
      await dialog.findByText(`An unexpected error has occurred. Please call us at ${TEST_PHONE}.`),
    ).toBeVisible();
  });
});

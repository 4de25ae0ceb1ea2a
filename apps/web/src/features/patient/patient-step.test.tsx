import { type GearOrder, MESSAGES } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, json, networkFailure, type RecordedCall } from '../../test/fetch-mock.ts';
import { adminUser, makePractitioner, TEST_PHONE } from '../../test/fixtures.ts';
import { jane, nextButton, openStep, orderOnPatientStep, patientUser } from '../../test/patient-helpers.tsx';

type App = ReturnType<typeof openStep>;

const savedFrom = (call: RecordedCall): GearOrder => {
  const body = call.body as GearOrder;
  return { ...body, version: body.version + 1 };
};

const saveHandler = { 'PUT /gear/order/42/patient/': (call: RecordedCall) => json(savedFrom(call)) };

const field = (label: string | RegExp) => screen.getByRole('textbox', { name: label });
const select = (label: string | RegExp) => screen.getByRole('combobox', { name: label });

/** Types a value at once (paste): the machine is shared, and typing key by key is slow in jsdom. */
export async function fill(app: App, label: string | RegExp, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  await app.user.clear(input);
  await app.user.click(input);
  await app.user.paste(value);
}

async function fillAdult(app: App, overrides: { address1?: string; dob?: [string, string, string] } = {}) {
  await screen.findByRole('textbox', { name: /^First name/ });
  const [month, day, year] = overrides.dob ?? ['02', '03', '1980'];
  await fill(app, /^First name/, 'Ada');
  await fill(app, /^Last name/, 'Patient');
  await fill(app, /^Date of birth/, `${month}/${day}/${year}`);
  await app.user.selectOptions(select(/^Sex/), 'F');
  await fill(app, /^Email/, 'ada@example.com');
  await fill(app, /^Cell phone/, '8285550100');
  await fill(app, /^Phone/, '8285550100');
  await fill(app, /^Street address/, overrides.address1 ?? '200 Main Street');
  await fill(app, /^City/, 'Asheville');
  await app.user.selectOptions(select(/^State/), 'NC');
  await fill(app, /^Zip code/, '28801');
}

describe('patient step (spec 2 §2, §5)', { timeout: 30_000 }, () => {
  it("shows every required field's message beside it and sends nothing (a drop-ship order)", async () => {
    const app = openStep('patient', orderOnPatientStep(), { handlers: saveHandler });
    await screen.findByRole('textbox', { name: /^First name/ });
    await app.user.click(nextButton());
    for (const message of [
      'Please provide a first name.',
      'Please provide a last name.',
      'Please provide a date of birth.',
      'Please provide a sex.',
      'Please provide an email address.',
      'Please provide a street address.',
      'Please provide a city.',
      'Please provide a valid state.',
      'Please provide a zip code.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    // The cell phone and the address phone each carry the message.
    expect(screen.getAllByText('Please provide a phone number.')).toHaveLength(2);
    expect(field(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    // Issue 15: one summary at the top, focused, each message a link to its field.
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('Please correct the following');
    await waitFor(() => expect(summary.parentElement).toHaveFocus());
    const link = within(summary).getByRole('link', { name: 'Last name: Please provide a last name.' });
    expect(within(summary).getAllByRole('link')[0]).toHaveAccessibleName(
      'First name: Please provide a first name.',
    );
    await app.user.click(link);
    expect(field(/^Last name/)).toHaveFocus();
    expect(field(/^Last name/)).toHaveAccessibleDescription('Please provide a last name.');
    expect(app.server.callsTo('PUT /gear/order/42/patient/')).toHaveLength(0);
    await expectAccessible();
  });

  it('saves the patient (phones shown (###) ###-####, sent +1 and ten digits) and moves to insurance', async () => {
    const app = openStep('patient', orderOnPatientStep(), { handlers: saveHandler });
    await fillAdult(app);
    expect(field(/^Cell phone/)).toHaveValue('(828) 555-0100');
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).toBe('/order/42/insurance'));
    const [put] = app.server.callsTo('PUT /gear/order/42/patient/');
    expect(put?.body).toMatchObject({
      id: 42,
      version: 1,
      confirmedAge: false,
      shippingMethod: 'FedEx Ground',
      patientInfo: {
        nameFirst: 'Ada',
        nameLast: 'Patient',
        dateOfBirth: '1980-02-03',
        gender: 'F',
        email: 'ada@example.com',
        voicePhone: '+18285550100',
        addresses: [
          {
            type: 'shipping',
            address1: '200 Main Street',
            city: 'Asheville',
            state: 'NC',
            zipCode: '28801',
            country: 'United States',
            voicePhone: '+18285550100',
          },
        ],
      },
    });
  });

  it("under 1 year asks to confirm the date of birth: No shows 'Please confirm patient's age.', Yes saves", async () => {
    const app = openStep('patient', orderOnPatientStep(), { handlers: saveHandler });
    const now = new Date();
    const birth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1));
    const pad = (n: number) => String(n).padStart(2, '0');
    await fillAdult(app, {
      dob: [pad(birth.getUTCMonth() + 1), pad(birth.getUTCDate()), String(birth.getUTCFullYear())],
    });
    await app.user.click(nextButton());
    const dialog = await screen.findByRole('dialog', { name: "Confirm patient's date of birth" });
    await app.user.click(within(dialog).getByRole('button', { name: 'No, change it' }));
    expect(await screen.findByText("Please confirm patient's age.")).toBeInTheDocument();
    expect(app.server.callsTo('PUT /gear/order/42/patient/')).toHaveLength(0);

    await app.user.click(nextButton());
    const again = await screen.findByRole('dialog', { name: "Confirm patient's date of birth" });
    await app.user.click(within(again).getByRole('button', { name: 'Yes, it is correct' }));
    await waitFor(() => expect(app.server.callsTo('PUT /gear/order/42/patient/')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/order/42/patient/')[0]?.body).toMatchObject({ confirmedAge: true });
  });

  it("spec 2 §4: a drop-ship P.O. box asks 'Is this a P.O. Box?'; Yes ships by Smart Post", async () => {
    const app = openStep('patient', orderOnPatientStep(), { handlers: saveHandler });
    await fillAdult(app, { address1: 'PO Box 12' });
    expect(select(/^Shipping method/)).toHaveValue('FedEx Ground');
    await app.user.click(nextButton());
    const dialog = await screen.findByRole('dialog', { name: 'Is this a P.O. Box?' });
    await expectAccessible(dialog);
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(app.server.callsTo('PUT /gear/order/42/patient/')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/order/42/patient/')[0]?.body).toMatchObject({
      shippingMethod: 'Smart Post',
    });
  });

  it('spec 2 §2: the shipping method choice is for practitioners on drop-ship orders, not for Canada', async () => {
    const canadian = {
      ...jane,
      addresses: jane.addresses.map((a) => ({ ...a, country: 'Canada', state: 'ON' })),
    };
    const cases: [string, GearOrder, 'patient' | 'practitioner', boolean][] = [
      ['drop-ship, practitioner', orderOnPatientStep({ patientInfo: jane }), 'practitioner', true],
      [
        'registration order',
        orderOnPatientStep({ patientInfo: jane }, { dropShip: false }),
        'practitioner',
        false,
      ],
      ['drop-ship, patient', orderOnPatientStep({ patientInfo: jane }), 'patient', false],
      ['drop-ship to Canada', orderOnPatientStep({ patientInfo: canadian }), 'practitioner', false],
    ];
    for (const [name, subject, who, shown] of cases) {
      const app = openStep('patient', subject, {
        handlers: saveHandler,
        ...(who === 'patient' ? { user: patientUser } : {}),
      });
      await screen.findByRole('textbox', { name: /^First name/ });
      expect(screen.queryByRole('combobox', { name: /^Shipping method/ }) !== null, name).toBe(shown);
      app.unmount();
    }
  });

  it('spec 2 §5: a 17-year-old student in Ohio on a registration order needs the responsible party and employer block', async () => {
    const app = openStep('patient', orderOnPatientStep({}, { dropShip: false }), { handlers: saveHandler });
    const now = new Date();
    await fillAdult(app, { dob: ['01', '01', String(now.getUTCFullYear() - 17)] });
    await app.user.selectOptions(select(/^State/), 'OH');
    await fill(app, /^Zip code/, '43215');
    expect(await screen.findByRole('group', { name: 'Responsible Party' })).toBeInTheDocument();
    await app.user.selectOptions(select(/^Employment status/), 'Student');
    await app.user.click(nextButton());
    for (const message of [
      "Please provide the responsible party's first name.",
      "Please provide the responsible party's last name.",
      'Please provide an occupation.',
      'Please provide an employer or school name.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(app.server.callsTo('PUT /gear/order/42/patient/')).toHaveLength(0);
    await expectAccessible();
  });

  it("spec 2 §5: on a practitioner's drop-ship order the patient's details are not yet required", async () => {
    const app = openStep('patient', orderOnPatientStep(), { handlers: saveHandler });
    const now = new Date();
    await fillAdult(app, { dob: ['01', '01', String(now.getUTCFullYear() - 17)] });
    await app.user.selectOptions(select(/^State/), 'OH');
    await fill(app, /^Zip code/, '43215');
    await app.user.selectOptions(select(/^Employment status/), 'Student');
    expect(field(/^Responsible party first name/)).not.toBeRequired();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).toBe('/order/42/insurance'));
  });

  it("spec 2 §8: the server's field errors show beside their fields, the first as field and message", async () => {
    const app = openStep('patient', orderOnPatientStep(), {
      handlers: {
        'PUT /gear/order/42/patient/': () =>
          envelope(400, 'Please provide a valid state.', [
            { field: 'addresses.shipping.state', defaultMessage: 'Please provide a valid state.' },
          ]),
      },
    });
    await fillAdult(app);
    await app.user.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('State: Please provide a valid state.');
    expect(select(/^State/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('spec 2 §8: any other failure shows the network-unavailable message', async () => {
    const app = openStep('patient', orderOnPatientStep(), {
      handlers: { 'PUT /gear/order/42/patient/': networkFailure },
    });
    await fillAdult(app);
    await app.user.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The network is currently unavailable. Please call us at ${TEST_PHONE}.`,
    );
    expect(app.location()).toBe('/order/42/patient');
  });

  it('spec 2 §4: an order received by the lab is read-only for non-admins; Next only advances', async () => {
    const order = orderOnPatientStep({ patientInfo: jane }, { accessionNo: 'A1' });
    const app = openStep('patient', order, { handlers: saveHandler });
    expect(await screen.findByText(MESSAGES.orderReceivedByLab)).toBeInTheDocument();
    expect(field(/^First name/)).toBeDisabled();
    expect(field(/^First name/)).toHaveValue('Jane');
    expect(screen.queryByRole('form', { name: 'Patient search' })).not.toBeInTheDocument();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).toBe('/order/42/insurance'));
    expect(app.server.callsTo('PUT /gear/order/42/patient/')).toHaveLength(0);
  });

  it('spec 2 §4: once the practitioner confirmed a drop-ship order, the last name and the address are locked; the rest saves', async () => {
    const base = orderOnPatientStep({ patientInfo: jane });
    const confirmed = { ...base, workflow: { ...base.workflow, practitionerConfirmed: true } };
    const app = openStep('patient', confirmed, { handlers: saveHandler });
    expect(await screen.findByText('The last name cannot change once the order is confirmed.')).toBeVisible();
    expect(field(/^Last name/)).toBeDisabled();
    expect(field(/^Last name/)).toHaveValue('Testpatient');
    expect(
      screen.getByText('The address cannot change once the practitioner has confirmed the order.'),
    ).toBeVisible();
    expect(field(/^Street address/)).toBeDisabled();
    expect(field(/^First name/)).toBeEnabled();
    await fill(app, /^First name/, 'Janet');
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).toBe('/order/42/insurance'));
    const [put] = app.server.callsTo('PUT /gear/order/42/patient/');
    expect(put?.body).toMatchObject({
      patientInfo: {
        nameFirst: 'Janet',
        nameLast: 'Testpatient',
        addresses: [{ address1: '12 Haywood Road' }],
      },
    });
  });

  it('spec 2 §4, §6: admins bypass the confirmation locks', async () => {
    const base = orderOnPatientStep({ patientInfo: jane });
    const confirmed = { ...base, workflow: { ...base.workflow, practitionerConfirmed: true } };
    openStep('patient', confirmed, { handlers: saveHandler, user: adminUser });
    expect(await screen.findByRole('textbox', { name: /^Last name/ })).toBeEnabled();
    expect(field(/^Street address/)).toBeEnabled();
    expect(
      screen.queryByText('The last name cannot change once the order is confirmed.'),
    ).not.toBeInTheDocument();
  });

  it('decision 0050: a canceled order is read-only, for an admin too; Next only advances', async () => {
    const order = orderOnPatientStep({ patientInfo: jane }, { canceled: true });
    const app = openStep('patient', order, { handlers: saveHandler, user: adminUser });
    expect(await screen.findByText(MESSAGES.orderCanceled)).toBeInTheDocument();
    expect(screen.getByText('Order canceled')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.orderReceivedByLab)).not.toBeInTheDocument();
    expect(field(/^First name/)).toBeDisabled();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).toBe('/order/42/insurance'));
    expect(app.server.callsTo('PUT /gear/order/42/patient/')).toHaveLength(0);
  });

  it('spec 2 §2, §5, §7: a patient (prc) sees the marketing opt-in, no search; opting in subscribes after the save', async () => {
    const app = openStep('patient', orderOnPatientStep(), {
      user: patientUser,
      handlers: {
        ...saveHandler,
        'GET /mygdx/account/JWT/prc': () => json({ token: 'prc-token', expiresIn: 300 }),
        'POST /subscribe': () => new Response(null, { status: 204 }),
      },
    });
    await fillAdult(app);
    expect(screen.queryByRole('form', { name: 'Patient search' })).not.toBeInTheDocument();
    expect(field(/^First name/)).toHaveAttribute('autocomplete', 'on');
    await app.user.click(screen.getByRole('checkbox', { name: /email me news and offers/ }));
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('POST /subscribe')).toHaveLength(1));
    const form = app.server.callsTo('POST /subscribe')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(form)).toMatchObject({
      email: 'ada@example.com',
      first_name: 'Ada',
      gender: 'F',
    });
    expect(app.server.callsTo('PUT /gear/order/42/patient/')[0]?.body).toMatchObject({
      patientInfo: { marketingOptIn: true },
    });
  });

  it('myGDX: shows the incomplete-info notice while the patient still has details to give', async () => {
    const order = orderOnPatientStep({ patientInfo: { ...jane, email: null, addresses: [] } });
    openStep('patient', order);
    expect(await screen.findByText(/Some of the patient's information is still missing/)).toBeInTheDocument();
  });
});

describe('patient search (spec 2 §2, §4, §8)', { timeout: 30_000 }, () => {
  const order = orderOnPatientStep();

  it('lists the matches (Name, Date of Birth, Source) and choosing one fills the form', async () => {
    const app = openStep('patient', order, {
      handlers: {
        'GET /gear/api/patient-lookup': () =>
          json([
            { ...jane, id: 7 },
            { ...jane, id: 8, nameFirst: 'John', source: 'portal' },
          ]),
      },
    });
    const search = await screen.findByRole('textbox', { name: 'Search by name and date of birth' });
    expect(search).toHaveAttribute('maxlength', '100');
    await fill(app, 'Search by name and date of birth', 'Testpatient 04/12/1985');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Date of Birth', 'Source']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Jane Testpatient04/12/1985EMR');
    const [lookup] = app.server.callsTo('GET /gear/api/patient-lookup');
    expect(Object.fromEntries(new URLSearchParams(lookup?.search))).toEqual({
      query: 'Testpatient 04/12/1985',
      orderId: '42',
    });
    await app.user.click(within(table).getByRole('button', { name: 'Jane Testpatient' }));
    expect(field(/^First name/)).toHaveValue('Jane');
    expect(field(/^Last name/)).toHaveValue('Testpatient');
    expect(field(/^Date of birth/)).toHaveValue('04/12/1985');
    expect(field(/^Cell phone/)).toHaveValue('(828) 555-0199');
    expect(field(/^Street address/)).toHaveValue('12 Haywood Road');
    // The page has more than one live region (the outage notice's among them, decision 0154): this one says it.
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContainEqual(
      expect.stringContaining("The form is filled in with Jane Testpatient's details."),
    );
    await expectAccessible();
  });

  it('shows the no-match text, and the error text when the search fails', async () => {
    const app = openStep('patient', order, { handlers: { 'GET /gear/api/patient-lookup': () => json([]) } });
    await screen.findByRole('textbox', { name: 'Search by name and date of birth' });
    await fill(app, 'Search by name and date of birth', 'Nobody');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        "We're sorry, no patients were found with the information provided. Please enter the patient's information below.",
      ),
    ).toBeInTheDocument();
    app.server.on({ 'GET /gear/api/patient-lookup': () => envelope(500, 'boom') });
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Error searching for patient matches.')).toBeInTheDocument();
  });

  it('says a slow search is taking longer, and gives up after 30 seconds', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const app = openStep('patient', order, {
        handlers: { 'GET /gear/api/patient-lookup': () => new Promise<Response>(() => {}) },
      });
      await screen.findByRole('textbox', { name: 'Search by name and date of birth' });
      await fill(app, 'Search by name and date of birth', 'Jane');
      await app.user.click(screen.getByRole('button', { name: 'Search' }));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(
        await screen.findByText('Searching for patients is taking longer than expected...'),
      ).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(27_000);
      expect(await screen.findByText('Error searching for patient matches.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('chart-number lookup: only with a cloud-site key; the match and its insurances fill the form', async () => {
    const withKey = orderOnPatientStep({ practitioner: makePractitioner({ lkCloudSiteServiceKey: true }) });
    const app = openStep('patient', withKey, {
      handlers: {
        'GET /gear/api/get-ellkay-patient': () =>
          json({ patient: jane, insurances: [{ insuranceProvider: 'bcbs', insuranceRank: 0 }] }),
      },
    });
    const chart = await screen.findByRole('textbox', { name: 'Find by chart number' });
    expect(chart).toHaveAttribute('maxlength', '20');
    await fill(app, 'Find by chart number', 'C10001');
    await app.user.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(field(/^First name/)).toHaveValue('Jane'));
    expect(app.services.queryClient?.getQueryData(['orders', 42, 'insurances-on-file'])).toEqual([
      { insuranceProvider: 'bcbs', insuranceRank: 0 },
    ]);
  });

  it('no chart-number lookup without a cloud-site key', async () => {
    openStep('patient', order);
    await screen.findByRole('textbox', { name: 'Search by name and date of birth' });
    expect(screen.queryByRole('textbox', { name: 'Find by chart number' })).not.toBeInTheDocument();
  });
});

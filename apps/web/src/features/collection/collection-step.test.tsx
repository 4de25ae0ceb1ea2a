import { addCalendarDays, COLLECTION_MESSAGES, formatCalendarDateUs, labToday } from '@gear/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import {
  afterCollection,
  collectionOrder,
  openCollection,
  salivaItem,
  siboItem,
  stoolItem,
} from '../../test/collection-fixtures.ts';
import { envelope, json } from '../../test/fetch-mock.ts';
import { adminUser, practitionerUser, TEST_PHONE } from '../../test/fixtures.ts';
import { patientUser } from '../../test/panels-helpers.tsx';

const today = labToday();
const next = () => screen.getByRole('button', { name: 'Next' });
const setInput = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.restoreAllMocks());

describe('sample collection (spec 2 §2, §4, §5)', () => {
  it('is titled with the requisition and asks whether the last sample has been collected', async () => {
    openCollection(collectionOrder({ reqNumber: '50012345' }), stoolItem, { user: practitionerUser });
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'GI Effects Comprehensive Profile - Stool (3-day) (Requisition 50012345)',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('radiogroup', { name: /Has the last sample been collected\?/ }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/Date of last sample collection/)).not.toBeInTheDocument();
    await expectAccessible();
  });

  it("lists 'Please indicate whether the last sample has been collected.' when unanswered, and saves nothing", async () => {
    const app = openCollection(collectionOrder(), stoolItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(
      `Last sample collected: ${COLLECTION_MESSAGES.lastSampleAnswerRequired}`,
    );
    expect(app.server.callsTo('PUT /gear/sampleCollection')).toHaveLength(0);
  });

  it('Yes reveals the date (with the window) and the product fields; every one must be filled', async () => {
    const app = openCollection(collectionOrder(), stoolItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('radio', { name: 'Yes' }));
    const date = screen.getByLabelText(/Date of last sample collection/);
    expect(date).toHaveAccessibleDescription(
      `MM/DD/YYYY, from ${formatCalendarDateUs(addCalendarDays(today, -14))} to ${formatCalendarDateUs(addCalendarDays(today, 3))}`,
    );
    await app.user.click(next());
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Date of last sample collection: ${COLLECTION_MESSAGES.lastSampleDateRequired}`,
      `Sample Colour: ${COLLECTION_MESSAGES.fieldRequired}`,
      `Sample Consistency: ${COLLECTION_MESSAGES.fieldRequired}`,
      `Specimen Collection: ${COLLECTION_MESSAGES.fieldRequired}`,
    ]);
    expect(app.server.callsTo('PUT /gear/sampleCollection')).toHaveLength(0);
    await expectAccessible();
  });

  it('540: Next saves the answers (PUT /gear/sampleCollection) and moves on to the patient step', async () => {
    const order = collectionOrder();
    const app = openCollection(order, stoolItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('radio', { name: 'Yes' }));
    setInput(/Date of last sample collection/, today);
    await app.user.selectOptions(screen.getByLabelText(/Sample Colour/), 'Brown');
    await app.user.selectOptions(screen.getByLabelText(/Sample Consistency/), 'Formed/Normal');
    await app.user.click(screen.getByRole('radio', { name: '3-Day Specimen Collection' }));
    await app.user.type(screen.getByLabelText(/Route Number/), 'R-17');
    await app.user.click(next());
    await waitFor(() => expect(app.location()).toBe('/order/42/patient'));
    const [call] = app.server.callsTo('PUT /gear/sampleCollection');
    expect(call?.body).toEqual({
      id: 9,
      gearOrderId: 42,
      version: 1,
      lastSampleCollected: true,
      dateLastSampleCollected: today,
      sampleCollectionData: [
        { id: 4001, value: 'Brown' },
        { id: 4002, value: 'Formed/Normal' },
        { id: 4003, value: '3-day' },
      ],
      patientInstructions: null,
      clinicalFindings: null,
      routeNumber: 'R-17',
    });
  });

  it('No shows the note to come back, and saves without a date or fields', async () => {
    const app = openCollection(collectionOrder(), stoolItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('radio', { name: 'No' }));
    expect(
      screen.getByText(
        'Please return to this page once the last sample has been collected, and document the collection date.',
      ),
    ).toBeInTheDocument();
    await app.user.click(next());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/sampleCollection')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/sampleCollection')[0]?.body).toMatchObject({
      lastSampleCollected: false,
      dateLastSampleCollected: null,
      sampleCollectionData: [],
    });
  });

  it('215: the breath table suggests each tube’s time from the drink time and fills them', async () => {
    const order = collectionOrder({
      omsOrderableItemId: 215,
      omsOrderableItemName: 'SIBO Breath Test',
      panel: 4700,
    });
    const app = openCollection(order, siboItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('radio', { name: 'Yes' }));
    setInput(/Date of last sample collection/, today);
    setInput(/Lactulose Drink Time/, '07:00');
    const table = screen.getByRole('table', { name: 'Breath collection tubes' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name} `) });
    expect(row('Tube 1')).toHaveTextContent('Before the drink');
    expect(row('Tube 3')).toHaveTextContent('07:20');
    expect(row('Tube 6')).toHaveTextContent('08:30');
    expect(row('Tube 9')).toHaveTextContent('10:00');
    setInput(/^Tube 1 time/, '06:40');
    setInput(/^Tube 2 time/, '06:55');
    await app.user.click(screen.getByRole('button', { name: 'Use suggested times' }));
    expect(screen.getByLabelText(/^Tube 9 time/)).toHaveValue('10:00');
    await app.user.click(next());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/sampleCollection')).toHaveLength(1));
    const body = app.server.callsTo('PUT /gear/sampleCollection')[0]?.body as {
      sampleCollectionData: unknown[];
    };
    expect(body.sampleCollectionData).toEqual([
      { id: 4050, value: '07:00' },
      { id: 4051, value: '06:40' },
      { id: 4052, value: '06:55' },
      { id: 4053, value: '07:20' },
      { id: 4054, value: '07:40' },
      { id: 4055, value: '08:00' },
      { id: 4056, value: '08:30' },
      { id: 4057, value: '09:00' },
      { id: 4058, value: '09:30' },
      { id: 4059, value: '10:00' },
    ]);
    await expectAccessible();
  });

  it('215 on panel 4710: tubes 8 and 9 are not asked; an 8-tube pack leaves tube 2 out', async () => {
    const order = collectionOrder({ omsOrderableItemId: 215, panel: 4710, reqNumber: '72406600' });
    const app = openCollection(order, siboItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText(/^Tube 7 time/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Tube 8 time/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Tube 9 time/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Tube 2 time/)).not.toBeInTheDocument();
  });

  it('collection times are one message; a field shown by a ticked box must be filled; numbers keep their unit', async () => {
    const app = openCollection(collectionOrder({ omsOrderableItemId: 895 }), salivaItem, {
      user: practitionerUser,
    });
    await app.user.click(await screen.findByRole('radio', { name: 'Yes' }));
    setInput(/Date of last sample collection/, today);
    expect(screen.queryByLabelText(/Urine Collection Time/)).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'First Morning Void' }));
    expect(screen.getByLabelText(/Urine Collection Time/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Total Urine Volume \(mL\)/)).toBeInTheDocument();
    await app.user.click(next());
    const items = within(await screen.findByRole('alert'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `Sample Hours: ${COLLECTION_MESSAGES.fieldRequired}`,
      `Urine Collection Time: ${COLLECTION_MESSAGES.fieldRequired}`,
      `Total Urine Volume: ${COLLECTION_MESSAGES.fieldRequired}`,
      `Collection times: ${COLLECTION_MESSAGES.collectionTimesRequired}`,
    ]);
  });

  it('the Collection Instructions modal lists the 11 labelled devices and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const app = openCollection(collectionOrder(), stoolItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('button', { name: 'Collection Instructions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collection Instructions' });
    const table = within(dialog).getByRole('table', { name: 'Labelled devices' });
    expect(within(table).getAllByRole('row')).toHaveLength(12);
    expect(within(table).getByRole('rowheader', { name: 'K' })).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    await expectAccessible();
  });

  it('patient instructions and clinical findings count to 512, the route number to 15', async () => {
    const app = openCollection(collectionOrder({ patientInstructions: 'Fast overnight.' }), stoolItem, {
      user: practitionerUser,
    });
    expect(await screen.findByText('15/512 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/Patient Instructions/)).toHaveAttribute('maxlength', '512');
    expect(screen.getByLabelText(/Clinical Findings/)).toHaveAttribute('maxlength', '512');
    expect(screen.getByLabelText(/Route Number/)).toHaveAttribute('maxlength', '15');
    await app.user.type(screen.getByLabelText(/Route Number/), 'R-1');
    expect(screen.getByText('3/15 characters')).toBeInTheDocument();
  });

  it('spec 2 §6: a patient reads the notes but does not edit them', async () => {
    openCollection(collectionOrder({ patientInstructions: 'Fast overnight.' }), stoolItem, {
      user: patientUser,
    });
    expect(await screen.findByText('Fast overnight.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Patient Instructions/ })).not.toBeInTheDocument();
  });

  const notedOrder = () =>
    collectionOrder({
      patientInstructions: 'Fast overnight.',
      clinicalFindings: 'Bloating after meals.',
      routeNumber: 'R-5',
    });

  it("spec 2 §5, §6: a proven patient reads the practitioner's notes and answers the same required questions", async () => {
    const app = openCollection(notedOrder(), stoolItem, { user: patientUser });
    expect(await screen.findByText('Fast overnight.')).toBeInTheDocument();
    expect(screen.getByText('Bloating after meals.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Clinical Findings/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Route Number/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^You can skip/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collection Instructions' })).toBeInTheDocument();
    await app.user.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Last sample collected: ${COLLECTION_MESSAGES.lastSampleAnswerRequired}`,
    );
    await app.user.click(screen.getByRole('radio', { name: 'Yes' }));
    await app.user.click(next());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `Date of last sample collection: ${COLLECTION_MESSAGES.lastSampleDateRequired}`,
      ),
    );
    expect(app.server.callsTo('PUT /gear/sampleCollection')).toHaveLength(0);
    await expectAccessible();
  });

  it("spec 2 §6: a proven patient's answers are saved with the practitioner's notes kept as they were", async () => {
    const app = openCollection(notedOrder(), stoolItem, { user: patientUser });
    await app.user.click(await screen.findByRole('radio', { name: 'Yes' }));
    setInput(/Date of last sample collection/, today);
    await app.user.selectOptions(screen.getByLabelText(/Sample Colour/), 'Brown');
    await app.user.selectOptions(screen.getByLabelText(/Sample Consistency/), 'Formed/Normal');
    await app.user.click(screen.getByRole('radio', { name: '3-Day Specimen Collection' }));
    await app.user.click(next());
    await waitFor(() => expect(app.location()).toBe('/order/42/patient'));
    const [call] = app.server.callsTo('PUT /gear/sampleCollection');
    expect(call?.body).toMatchObject({
      id: 9,
      dateLastSampleCollected: today,
      patientInstructions: 'Fast overnight.',
      clinicalFindings: 'Bloating after meals.',
      routeNumber: 'R-5',
    });
  });

  it('Back asks before discarding unsaved changes (Cancel stays, Continue leaves)', async () => {
    const app = openCollection(collectionOrder(), stoolItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('radio', { name: 'No' }));
    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes will be lost' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.location()).toBe('/order/42/collection/9');
    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes will be lost' })).getByRole(
        'button',
        {
          name: 'Continue',
        },
      ),
    );
    await waitFor(() => expect(app.location()).toBe('/order/42/dxCodes/9'));
  });

  it('Back without changes leaves at once', async () => {
    const app = openCollection(collectionOrder(), stoolItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/dxCodes/9'));
  });

  it('Add Another Test saves, then starts a new requisition on the panel step', async () => {
    const app = openCollection(collectionOrder(), stoolItem, { user: practitionerUser });
    await app.user.click(await screen.findByRole('radio', { name: 'No' }));
    await app.user.click(screen.getByRole('button', { name: 'Add Another Test' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/panels'));
    expect(app.server.callsTo('PUT /gear/sampleCollection')).toHaveLength(1);
  });

  it.each([
    ['data-confirmed', { dataConfirmed: true }],
    ['simplified client billing', { simplifiedClientBilling: true }],
    ['PITL', { physicianInTheLoop: true }],
    ['a recollection', { recollectionFor: 100001 }],
  ])('Add Another Test is not offered on an order that is %s', async (_case, flags) => {
    openCollection(collectionOrder({}, flags), stoolItem, { user: practitionerUser });
    await screen.findByRole('button', { name: 'Next' });
    expect(screen.queryByRole('button', { name: 'Add Another Test' })).not.toBeInTheDocument();
  });

  it("spec 2 §8: a save that answers no order shows 'Please try again or call us…'", async () => {
    const app = openCollection(collectionOrder(), stoolItem, {
      user: practitionerUser,
      handlers: { 'PUT /gear/sampleCollection': () => new Response(null, { status: 204 }) },
    });
    await app.user.click(await screen.findByRole('radio', { name: 'No' }));
    await app.user.click(next());
    expect(
      await screen.findByText(`Please try again or call us at ${TEST_PHONE} if the issue continues.`),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/order/42/collection/9');
  });

  it("the server's validation messages are listed; a lab-received order gives its message", async () => {
    const app = openCollection(collectionOrder(), stoolItem, {
      user: practitionerUser,
      handlers: {
        'PUT /gear/sampleCollection': () =>
          envelope(400, 'Please fill out this field.', [
            { field: 'sampleCollectionData.4001', defaultMessage: 'Please fill out this field.' },
          ]),
      },
    });
    await app.user.click(await screen.findByRole('radio', { name: 'No' }));
    await app.user.click(next());
    expect(await screen.findByText('Sample Colour: Please fill out this field.')).toBeInTheDocument();
    app.server.on({
      'PUT /gear/sampleCollection': () =>
        envelope(409, 'This order has been received by our lab and no more changes can be made...'),
    });
    await app.user.click(next());
    expect(
      await screen.findByText('This order has been received by our lab and no more changes can be made...'),
    ).toBeInTheDocument();
  });

  it('an order received by the lab: inputs disabled, Next only advances (admins still edit)', async () => {
    const order = collectionOrder({ accessionNo: 'A2601050001' });
    const app = openCollection(order, stoolItem, { user: practitionerUser });
    expect(await screen.findByText(/received by our lab/)).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Yes' })).toBeDisabled();
    await app.user.click(next());
    await waitFor(() => expect(app.location()).toBe('/order/42/patient'));
    expect(app.server.callsTo('PUT /gear/sampleCollection')).toHaveLength(0);
  });

  it('an admin edits an order received by the lab', async () => {
    openCollection(collectionOrder({ accessionNo: 'A2601050001' }), stoolItem, { user: adminUser });
    expect(await screen.findByRole('radio', { name: 'Yes' })).toBeEnabled();
  });

  it('reopened: a saved Yes shows the saved date and answers', async () => {
    const order = afterCollection(
      collectionOrder({
        dateLastSampleCollected: today,
        sampleCollectionData: [{ id: 4001, value: 'Black' }],
      }),
    );
    openCollection(order, stoolItem, { user: practitionerUser });
    expect(await screen.findByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByLabelText(/Date of last sample collection/)).toHaveValue(formatCalendarDateUs(today));
    expect(screen.getByLabelText(/Sample Colour/)).toHaveValue('Black');
  });
});

describe('drop-ship instructions (spec 2 §2, §7)', () => {
  const dropShip = () => collectionOrder({ dropShip: true, shipToOffice: false, reqNumber: null });

  it('replaces the collection form for a practitioner on a drop-ship requisition without a number', async () => {
    const order = dropShip();
    const app = openCollection(order, stoolItem, {
      user: practitionerUser,
      handlers: { 'PUT /gear/dropShipInstructions': () => json(afterCollection(order)) },
    });
    expect(await screen.findByRole('textbox', { name: /Patient Instructions/ })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /last sample/ })).not.toBeInTheDocument();
    await expectAccessible();
    await app.user.type(screen.getByLabelText(/Patient Instructions/), 'Collect on a weekday.');
    await app.user.type(screen.getByLabelText(/Clinical Findings/), 'Bloating.');
    await app.user.type(screen.getByLabelText(/Route Number/), 'R-22');
    await app.user.click(next());
    await waitFor(() => expect(app.location()).toBe('/order/42/patient'));
    expect(app.server.callsTo('PUT /gear/dropShipInstructions')[0]?.body).toEqual({
      gearOrderId: 42,
      gearReqId: 9,
      version: 1,
      patientInstructions: 'Collect on a weekday.',
      clinicalFindings: 'Bloating.',
      routeNumber: 'R-22',
    });
  });

  it('a patient gets the collection form on the same requisition', async () => {
    openCollection(dropShip(), stoolItem, { user: patientUser });
    expect(
      await screen.findByRole('radiogroup', { name: /Has the last sample been collected\?/ }),
    ).toBeInTheDocument();
  });

  it("shows the server's field message when the save is refused", async () => {
    const app = openCollection(dropShip(), stoolItem, {
      user: practitionerUser,
      handlers: {
        'PUT /gear/dropShipInstructions': () =>
          envelope(400, 'Route number can be at most 15 characters.', [
            { field: 'routeNumber', defaultMessage: 'Route number can be at most 15 characters.' },
          ]),
      },
    });
    await app.user.type(await screen.findByLabelText(/Route Number/), 'R-22');
    await app.user.click(next());
    expect((await screen.findAllByText('Route number can be at most 15 characters.')).length).toBeGreaterThan(
      0,
    );
  });
});

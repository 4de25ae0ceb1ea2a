import { type GearOrder, type Insurance, MESSAGES } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, json, networkFailure, type RecordedCall } from '../../test/fetch-mock.ts';
import { patientUser, TEST_PHONE } from '../../test/fixtures.ts';
import { jane, nextButton, openStep, orderOnPatientStep } from '../../test/patient-helpers.tsx';

vi.mock('./reencode-jpeg.ts', () => ({
  reencodeAsJpeg: vi.fn(
    async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' }),
  ),
}));

type App = ReturnType<typeof openStep>;

const order = orderOnPatientStep({ patientInfo: jane });
const saveHandler = {
  'GET /gear/api/insurance-lookup': () => json([]),
  'PUT /gear/order/42/insurance/': (call: RecordedCall) => {
    const body = call.body as GearOrder;
    return json({ ...body, version: body.version + 1 });
  },
};

const field = (label: string | RegExp) => screen.getByRole('textbox', { name: label });
const select = (label: string | RegExp) => screen.getByRole('combobox', { name: label });

async function fill(app: App, label: string | RegExp, value: string) {
  const input = field(label);
  await app.user.clear(input);
  await app.user.click(input);
  await app.user.paste(value);
}

async function fillPrimary(app: App, subscriberId = 'W123456789') {
  await screen.findByRole('combobox', { name: /^Insurance provider/ });
  await app.user.selectOptions(select(/^Insurance provider/), 'aetna');
  await fill(app, /^Subscriber full name/, 'Jane Testpatient');
  await fill(app, /^Subscriber ID/, subscriberId);
  await fill(app, /^Subscriber date of birth/, '04/12/1985');
  await app.user.selectOptions(select(/^Relationship to subscriber/), 'Self');
}

async function fillClaims(app: App) {
  await fill(app, /^Claims street address/, 'PO Box 981106');
  await fill(app, /^Claims city/, 'El Paso');
  await app.user.selectOptions(select(/^Claims state/), 'TX');
  await fill(app, /^Claims zip code/, '79998');
  await fill(app, /^Claims phone/, '8005550199');
}

describe('insurance step (spec 2 §2, §4, §5, §8)', { timeout: 30_000 }, () => {
  it("shows the spec's messages beside their fields and sends nothing", async () => {
    const app = openStep('insurance', order, { handlers: saveHandler });
    await screen.findByRole('combobox', { name: /^Insurance provider/ });
    expect(screen.getByRole('region', { name: 'Patient' })).toHaveTextContent('Jane Testpatient');
    await app.user.click(nextButton());
    for (const message of [
      'Please provide an insurance provider.',
      'Please provide a subscriber full name.',
      'Please provide a subscriber ID #/Medicare #.',
      'Please provide a subscriber date of birth.',
      'Please provide a subscriber relationship.',
      'Please provide a street address.',
      'Please provide a city.',
      'Please provide a valid 2 character state abbreviation.',
      'Please provide a zip code.',
      'Please provide a valid phone number.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await app.user.selectOptions(select(/^Insurance provider/), 'other');
    await app.user.selectOptions(select(/^Relationship to subscriber/), 'Other');
    await app.user.click(nextButton());
    expect(await screen.findByText('Please provide an other insurance provider')).toBeInTheDocument();
    expect(await screen.findByText('Please provide the other subscriber relationship')).toBeInTheDocument();
    expect(app.server.callsTo('PUT /gear/order/42/insurance/')).toHaveLength(0);
    await expectAccessible();
  });

  it('saves the primary insurance with its claims address, and a secondary one once added', async () => {
    const app = openStep('insurance', order, { handlers: saveHandler });
    await fillPrimary(app);
    await fillClaims(app);
    await app.user.click(screen.getByRole('button', { name: 'Add secondary insurance' }));
    await app.user.selectOptions(select(/^Insurance provider \(secondary\)/), 'cigna');
    await fill(app, /^Subscriber full name \(secondary\)/, 'Bo Testpatient');
    await fill(app, /^Subscriber ID #\/Medicare # \(secondary\)/, 'CIG-55 21');
    await fill(app, /^Subscriber date of birth \(secondary\)/, '1984-01-30');
    await app.user.selectOptions(select(/^Relationship to subscriber \(secondary\)/), 'Spouse');
    await fill(app, /^Claims street address \(secondary\)/, '900 Cottage Grove Rd');
    await fill(app, /^Claims city \(secondary\)/, 'Bloomfield');
    await app.user.selectOptions(select(/^Claims state \(secondary\)/), 'CT');
    await fill(app, /^Claims zip code \(secondary\)/, '06002');
    await fill(app, /^Claims phone \(secondary\)/, '800-555-0111');
    const summary = screen.getByRole('region', { name: 'Insurance summary' });
    expect(summary).toHaveTextContent('Aetna');
    expect(summary).toHaveTextContent('Cigna');
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/order/42/insurance/')).toHaveLength(1));
    const body = app.server.callsTo('PUT /gear/order/42/insurance/')[0]?.body as GearOrder & {
      medicareBeneficiaryIdConfirmed: boolean;
    };
    expect(body.medicareBeneficiaryIdConfirmed).toBe(false);
    expect(body.insurance).toMatchObject({
      insuranceProvider: 'aetna',
      subscriberId: 'W123456789',
      subscriberDOB: '1985-04-12',
      subscriberRelation: 'Self',
      phoneNumber: '+18005550199',
      insuranceRank: 0,
      claimsAddress: { type: 'claims', address1: 'PO Box 981106', state: 'TX', zipCode: '79998' },
    });
    expect(body.secondaryInsurance).toMatchObject({
      insuranceProvider: 'cigna',
      subscriberId: 'CIG5521',
      insuranceRank: 1,
      claimsAddress: { type: 'secondaryClaims', state: 'CT' },
    });
    await waitFor(() => expect(app.location()).toBe('/order/42/confirm'));
  });

  it('removing the secondary insurance clears it', async () => {
    const withSecondary = orderOnPatientStep({
      patientInfo: jane,
      secondaryInsurance: {
        insuranceProvider: 'cigna',
        subscriberId: 'X1',
        subscriberName: 'Bo',
        subscriberDOB: '1984-01-30',
        groupNumber: null,
        subscriberRelation: 'Spouse',
        otherSubscriberRelation: null,
        otherProvider: null,
        phoneNumber: null,
        claimsAddress: null,
        insuranceRank: 1,
      },
    });
    const app = openStep('insurance', withSecondary, { handlers: saveHandler });
    expect(
      await screen.findByRole('textbox', { name: /^Subscriber ID #\/Medicare # \(secondary\)/ }),
    ).toHaveValue('X1');
    await app.user.click(screen.getByRole('button', { name: 'Remove secondary insurance' }));
    expect(screen.queryByRole('textbox', { name: /\(secondary\)/ })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Add secondary insurance' }));
    expect(field(/^Subscriber ID #\/Medicare # \(secondary\)/)).toHaveValue('');
    await app.user.click(screen.getByRole('button', { name: 'Remove secondary insurance' }));
    await fillPrimary(app);
    await fillClaims(app);
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/order/42/insurance/')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/order/42/insurance/')[0]?.body).toMatchObject({
      secondaryInsurance: null,
    });
  });

  it('spec 2 §4: leaving a subscriber ID that is an MBI asks the Medicare/Tricare question; Yes sets Medicare', async () => {
    const app = openStep('insurance', order, { handlers: saveHandler });
    await fillPrimary(app, '1EG4-TE5-MK73');
    await app.user.click(field(/^Subscriber date of birth/));
    const dialog = await screen.findByRole('dialog', { name: 'Is this a Medicare or Tricare ID?' });
    expect(dialog).toHaveTextContent('every test on this order will then be billed to Medicare or Tricare');
    await expectAccessible(dialog);
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(select(/^Insurance provider/)).toHaveValue('medicare');
    expect(screen.queryByRole('textbox', { name: /^Claims street address/ })).not.toBeInTheDocument();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/order/42/insurance/')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/order/42/insurance/')[0]?.body).toMatchObject({
      medicareBeneficiaryIdConfirmed: true,
      insurance: { insuranceProvider: 'medicare', subscriberId: '1EG4TE5MK73' },
    });
  });

  it('No to the Medicare question keeps the carrier and asks no more for that ID', async () => {
    const app = openStep('insurance', order, { handlers: saveHandler });
    await fillPrimary(app, '123456789');
    await app.user.click(field(/^Subscriber date of birth/));
    const dialog = await screen.findByRole('dialog', { name: 'Is this a Medicare or Tricare ID?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await app.user.click(field(/^Subscriber ID/));
    await app.user.click(field(/^Subscriber date of birth/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(select(/^Insurance provider/)).toHaveValue('aetna');
  });

  it("spec 2 §8: the server's field errors show with the field; other failures the network-unavailable message", async () => {
    const app = openStep('insurance', order, {
      handlers: {
        'GET /gear/api/insurance-lookup': () => json([]),
        'PUT /gear/order/42/insurance/': () =>
          envelope(400, 'Please use letters and numbers only.', [
            { field: 'insurance.subscriberId', defaultMessage: 'Please use letters and numbers only.' },
          ]),
      },
    });
    await fillPrimary(app);
    await fillClaims(app);
    await app.user.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Primary insurance, Subscriber ID #/Medicare #: Please use letters and numbers only.',
    );
    expect(field(/^Subscriber ID/)).toHaveAttribute('aria-invalid', 'true');
    app.server.on({ 'PUT /gear/order/42/insurance/': networkFailure });
    await app.user.click(nextButton());
    expect(
      await screen.findByText(`The network is currently unavailable. Please call us at ${TEST_PHONE}.`),
    ).toBeInTheDocument();
  });

  it.each<[string, GearOrder, string, string]>([
    [
      'spec 2 §4: an order received by the lab is read-only for non-admins; Next only advances',
      orderOnPatientStep({ patientInfo: jane }, { accessionNo: 'A1' }),
      'Order received',
      MESSAGES.orderReceivedByLab,
    ],
    [
      'decision 0050: a canceled order is read-only; Next only advances',
      orderOnPatientStep({ patientInfo: jane }, { canceled: true }),
      'Order canceled',
      MESSAGES.orderCanceled,
    ],
  ])('%s', async (_name, locked, title, message) => {
    const app = openStep('insurance', locked, { handlers: saveHandler });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(select(/^Insurance provider/)).toBeDisabled();
    await app.user.click(nextButton());
    await waitFor(() => expect(app.location()).not.toBe('/order/42/insurance'));
    expect(app.server.callsTo('PUT /gear/order/42/insurance/')).toHaveLength(0);
  });

  it('fills in the insurance on file for the patient (GET /gear/api/insurance-lookup)', async () => {
    const onFile: Insurance = {
      insuranceProvider: 'bcbs',
      subscriberId: 'XQB884512903',
      subscriberName: 'Jane Testpatient',
      subscriberDOB: '1985-04-12',
      groupNumber: 'G20417',
      subscriberRelation: 'Self',
      otherSubscriberRelation: null,
      otherProvider: null,
      phoneNumber: '+18005550123',
      claimsAddress: null,
      insuranceRank: 0,
    };
    const app = openStep('insurance', order, {
      handlers: { 'GET /gear/api/insurance-lookup': () => json([onFile]) },
    });
    await waitFor(() => expect(select(/^Insurance provider/)).toHaveValue('bcbs'));
    expect(field(/^Subscriber date of birth/)).toHaveValue('04/12/1985');
    // The page has more than one live region (the outage notice's among them, decision 0154): this one says it.
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContainEqual(
      expect.stringContaining('The insurance on file for this patient is filled in.'),
    );
    const [lookup] = app.server.callsTo('GET /gear/api/insurance-lookup');
    expect(Object.fromEntries(new URLSearchParams(lookup?.search))).toEqual({
      gsdlNo: 'P1001',
      nameLast: 'Testpatient',
      dob: '1985-04-12',
      nameFirst: 'Jane',
    });
  });

  it("spec 2 §8: says 'Error searching for patient insurance.' when the lookup fails", async () => {
    openStep('insurance', order, {
      handlers: { 'GET /gear/api/insurance-lookup': () => envelope(500, 'x') },
    });
    expect(await screen.findByText('Error searching for patient insurance.')).toBeInTheDocument();
  });
});

describe('Upload ID Cards (spec 2 §4, §5, §7, §8)', { timeout: 30_000 }, () => {
  const jpeg = (name = 'front.jpg', type = 'image/jpeg') =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70])], name, { type });
  const gif = new File([new TextEncoder().encode('GIF89a\u0001\u0000')], 'card.jpg', { type: 'image/jpeg' });
  const uploaded = {
    'ins-primary-front': {
      type: 'ins-primary-front' as const,
      contentType: 'image/jpeg',
      sizeBytes: 7,
      uploadedAt: '2026-01-02T03:04:05.000Z',
    },
  };

  beforeEach(() => vi.clearAllMocks());

  const fileInputOf = (slot: string) => {
    const region = screen.getByRole('region', { name: slot });
    return region.querySelector('input[type="file"]') as HTMLInputElement;
  };

  it('offers four slots, six with a secondary insurance', async () => {
    const app = openStep('insurance', order);
    await screen.findByRole('heading', { name: 'Upload ID Cards' });
    const slots = () =>
      within(screen.getByRole('region', { name: 'Upload ID Cards' }))
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-label'));
    expect(slots()).toEqual([
      'Primary insurance card, front',
      'Primary insurance card, back',
      'Government ID, front',
      'Government ID, back',
    ]);
    await app.user.click(screen.getByRole('button', { name: 'Add secondary insurance' }));
    expect(slots()).toHaveLength(6);
  });

  it('re-encodes the image as JPEG, uploads it (file, type, gearOrderId) and shows it; replace and delete', async () => {
    const { reencodeAsJpeg } = await import('./reencode-jpeg.ts');
    let current: GearOrder = order;
    const app = openStep('insurance', order, {
      handlers: {
        'GET /gear/order/42': () => json(current),
        'POST /gear/uploadInsuranceAttachment': () => {
          current = { ...order, version: 2, attachments: uploaded };
          return json({ orderId: 42, action: 'saveUpload', type: 'ins-primary-front', result: 'success' });
        },
        'DELETE /gear/deleteInsuranceAttachment': () => {
          current = { ...order, version: 3, attachments: {} };
          return json({ orderId: 42, action: 'deleteUpload', type: 'ins-primary-front', result: 'success' });
        },
      },
    });
    await screen.findByRole('heading', { name: 'Upload ID Cards' });
    await app.user.upload(fileInputOf('Primary insurance card, front'), jpeg());
    await screen.findByRole('img', { name: 'Primary insurance card, front as uploaded' });
    expect(reencodeAsJpeg).toHaveBeenCalledTimes(1);
    const [post] = app.server.callsTo('POST /gear/uploadInsuranceAttachment');
    const form = post?.body as FormData;
    expect(form.get('type')).toBe('ins-primary-front');
    expect(form.get('gearOrderId')).toBe('42');
    expect((form.get('file') as File).name).toBe('ins-primary-front.jpg');
    expect((form.get('file') as File).type).toBe('image/jpeg');
    expect(screen.getByRole('img', { name: 'Primary insurance card, front as uploaded' })).toHaveAttribute(
      'src',
      '/gear/order/42/attachments/ins-primary-front?v=2026-01-02T03%3A04%3A05.000Z',
    );
    await expectAccessible();

    await app.user.upload(fileInputOf('Primary insurance card, front'), jpeg('rescan.jpg'));
    await waitFor(() => expect(app.server.callsTo('POST /gear/uploadInsuranceAttachment')).toHaveLength(2));
    await app.user.click(screen.getByRole('button', { name: 'Delete Primary insurance card, front' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('img', { name: 'Primary insurance card, front as uploaded' }),
      ).not.toBeInTheDocument(),
    );
    const [removed] = app.server.callsTo('DELETE /gear/deleteInsuranceAttachment');
    expect(Object.fromEntries(new URLSearchParams(removed?.search))).toEqual({
      orderId: '42',
      cardImgType: 'ins-primary-front',
    });
  });

  it("refuses a GIF renamed .jpg and a file over 12 MB in the browser, with the spec's messages", async () => {
    const app = openStep('insurance', order);
    await screen.findByRole('heading', { name: 'Upload ID Cards' });
    await app.user.upload(fileInputOf('Government ID, front'), gif);
    expect(await screen.findByText('Please upload a JPEG, PNG, or GIF image.')).toBeInTheDocument();
    const big = jpeg('big.jpg');
    Object.defineProperty(big, 'size', { value: 12_582_913 });
    await app.user.upload(fileInputOf('Government ID, back'), big);
    expect(
      await screen.findByText('Sorry, max upload size is 12 MB, but big.jpg is 12.1 MB'),
    ).toBeInTheDocument();
    expect(app.server.callsTo('POST /gear/uploadInsuranceAttachment')).toHaveLength(0);
  });

  it("shows the spec's messages when the upload or the delete fails", async () => {
    const withCard = orderOnPatientStep({ patientInfo: jane, attachments: uploaded });
    const app = openStep('insurance', withCard, {
      handlers: {
        'POST /gear/uploadInsuranceAttachment': () => envelope(500, 'x'),
        'DELETE /gear/deleteInsuranceAttachment': () => envelope(500, 'x'),
      },
    });
    await screen.findByRole('heading', { name: 'Upload ID Cards' });
    await app.user.upload(fileInputOf('Primary insurance card, back'), jpeg());
    expect(
      await screen.findByText('We had a problem saving your upload. Please proceed to the next step.'),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Delete Primary insurance card, front' }));
    expect(await screen.findByText('An error occurred deleting this ID card.')).toBeInTheDocument();
  });
});

describe('a proven patient on the insurance step (spec 2 §5, §6)', { timeout: 30_000 }, () => {
  const onFile: Insurance = {
    insuranceProvider: 'bcbs',
    subscriberId: 'XQB884512903',
    subscriberName: 'Jane Testpatient',
    subscriberDOB: '1985-04-12',
    groupNumber: 'G20417',
    subscriberRelation: 'Self',
    otherSubscriberRelation: null,
    otherProvider: null,
    phoneNumber: '+18005550123',
    claimsAddress: null,
    insuranceRank: 0,
  };
  const openAsPatient = () =>
    openStep('insurance', order, {
      user: patientUser,
      handlers: {
        ...saveHandler,
        'GET /gear/api/insurance-lookup': () => json([onFile]),
      },
    });

  it("is asked the same fields, with the browser's autocomplete, and is not offered the practice's insurance on file", async () => {
    const app = openAsPatient();
    await screen.findByRole('combobox', { name: /^Insurance provider/ });
    expect(field(/^Subscriber full name/)).toHaveAttribute('autocomplete', 'on');
    expect(field(/^Claims street address/)).toHaveAttribute('autocomplete', 'on');
    expect(screen.queryByText(/^You can skip/)).not.toBeInTheDocument();
    await app.user.click(nextButton());
    for (const message of [
      'Please provide an insurance provider.',
      'Please provide a subscriber full name.',
      'Please provide a subscriber ID #/Medicare #.',
      'Please provide a subscriber date of birth.',
      'Please provide a subscriber relationship.',
      'Please provide a street address.',
      'Please provide a valid phone number.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(select(/^Insurance provider/)).toHaveValue('');
    expect(screen.queryByText(/The insurance on file for this patient/)).not.toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/api/insurance-lookup')).toHaveLength(0);
    expect(app.server.callsTo('PUT /gear/order/42/insurance/')).toHaveLength(0);
    await expectAccessible();
  });

  it('gets the Medicare question in their own words; Yes bills Medicare and saves with the patient token', async () => {
    const app = openAsPatient();
    await fillPrimary(app, '1EG4-TE5-MK73');
    await app.user.click(field(/^Subscriber date of birth/));
    const dialog = await screen.findByRole('dialog', { name: 'Is this a Medicare or Tricare ID?' });
    expect(dialog).toHaveTextContent('The ID you entered looks like a Medicare number.');
    expect(dialog).not.toHaveTextContent("the patient's insurance");
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(select(/^Insurance provider/)).toHaveValue('medicare');
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/order/42/insurance/')).toHaveLength(1));
    const [put] = app.server.callsTo('PUT /gear/order/42/insurance/');
    expect(put?.headers.authorization).toMatch(/^Bearer token-\d+$/);
    // The patient's token: the session's own type (decision 0330) or prc, never a practitioner's.
    const patientTokens =
      app.server.callsTo('GET /mygdx/account/JWT/prc').length +
      app.server.callsTo('GET /mygdx/account/JWT/session').length;
    expect(patientTokens).toBeGreaterThan(0);
    expect(app.server.callsTo('GET /mygdx/account/JWT/myGDX')).toHaveLength(0);
    expect(put?.body).toMatchObject({
      medicareBeneficiaryIdConfirmed: true,
      insurance: { insuranceProvider: 'medicare', subscriberId: '1EG4TE5MK73' },
    });
  });
});

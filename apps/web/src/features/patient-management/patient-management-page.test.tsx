import { type ManagedPatient, PATIENT_MANAGEMENT_MESSAGES, type PatientImportPreview } from '@gear/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { focusedErrorSummary } from '../../test/error-summary.ts';
import { envelope, json } from '../../test/fetch-mock.ts';
import { adminUser, makePractitioner, practitionerUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const patient = (id: number, nameFirst: string, nameLast: string): ManagedPatient => ({
  id,
  gsdlNo: 'P1001',
  gearPatient: {
    nameFirst,
    nameLast,
    dateOfBirth: '1985-04-12',
    gender: 'F',
    email: `${nameFirst.toLowerCase()}@example.com`,
    voicePhone: null,
    chartNumber: `C${id}`,
    source: 'portal',
    addresses: [],
  },
  gearInsurance: null,
});

const page = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => patient(from + i, `Pat${from + i}`, 'Doe'));

const preview: PatientImportPreview = {
  toAdd: [{ line: 2, nameFirst: 'Ada', nameLast: 'Lovelace', dateOfBirth: '1985-12-10' }],
  duplicates: [
    { line: 3, nameFirst: 'Jane', nameLast: 'Testpatient', dateOfBirth: '1985-04-12', duplicateOf: 'list' },
  ],
  errors: [
    {
      line: 4,
      field: 'Date of Birth',
      message: '1985-02-31 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.',
    },
  ],
  ignoredColumns: [],
};

const handlers = {
  'GET /gear/practitioner-options': () => json([makePractitioner({ gsdlNo: 'P1001' })]),
  'GET /gear/patient-management/list': () => json(page(26)),
  'GET /gear/patient-management/orders': () =>
    json([{ id: 100002, createdAt: '2026-11-20T10:00:00Z', state: 'submitted', products: ['GI Effects'] }]),
};

describe('/patient-management (spec 3 §2 Patient Management)', () => {
  it("shows the practitioner's patients with a next page, opens a row with its orders, and is accessible", async () => {
    const app = renderApp('/patient-management', { user: practitionerUser, handlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Management' })).toBeInTheDocument();
    expect(await screen.findByText('Pat1 Doe')).toBeInTheDocument();
    expect(screen.queryByText('Pat26 Doe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(app.server.callsTo('GET /gear/patient-management/list')[0]?.search).toBe('?gsdlNo=P1001&limit=26');
    await app.user.click(screen.getByRole('button', { name: 'Show details of Pat1 Doe' }));
    expect(await screen.findByText(/Submitted, started 2026-11-20/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /GSDLNO/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Patients' })).toHaveAttribute('href', '/patient-management');
    await expectAccessible(app.container);
  }, 60_000);

  it('pages by the last patient of the previous page (keyset, decision 0273) and back', async () => {
    const app = renderApp('/patient-management', {
      user: practitionerUser,
      handlers: {
        ...handlers,
        'GET /gear/patient-management/list': (call) =>
          json(new URLSearchParams(call.search).get('after') === '25' ? page(3, 26) : page(26)),
      },
    });
    expect(await screen.findByText('Pat25 Doe')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Pat27 Doe')).toBeInTheDocument();
    expect(screen.getByText('Patients 26–28')).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/patient-management/list').at(-1)?.search).toBe(
      '?gsdlNo=P1001&after=25&limit=26',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await app.user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Pat1 Doe')).toBeInTheDocument();
    expect(screen.getByText('Patients 1–25')).toBeInTheDocument();
  }, 60_000);

  it("spec 3 §8: 'No patient data found' and the load error", async () => {
    const app = renderApp('/patient-management', {
      user: practitionerUser,
      handlers: { ...handlers, 'GET /gear/patient-management/list': () => json([]) },
    });
    expect(await screen.findByText(PATIENT_MANAGEMENT_MESSAGES.noPatients)).toBeInTheDocument();
    app.server.on({ 'GET /gear/patient-management/list': () => envelope(500, 'x') });
    await app.user.type(screen.getByRole('textbox', { name: /Search patients/ }), 'smith');
    expect(await screen.findByText(PATIENT_MANAGEMENT_MESSAGES.loadFailed)).toBeInTheDocument();
  });

  it('spec 3 §2: the admin GSDLNO box takes at most 5 characters, upper-cased, and asks for that practitioner', async () => {
    const app = renderApp('/patient-management', {
      user: adminUser,
      handlers: { ...handlers, 'GET /gear/practitioner-options': () => json([]) },
    });
    const box = await screen.findByRole('textbox', { name: /GSDLNO/ });
    await app.user.type(box, 'p1003x');
    expect(box).toHaveValue('P1003');
    await waitFor(() =>
      expect(app.server.callsTo('GET /gear/patient-management/list').at(-1)?.search).toContain(
        'gsdlNo=P1003',
      ),
    );
  });

  it('deletes the selected patients after confirmation and says which stayed and why', async () => {
    const app = renderApp('/patient-management', {
      user: practitionerUser,
      handlers: {
        ...handlers,
        'GET /gear/patient-management/list': () => json(page(2)),
        'DELETE /gear/patient-management/delete': () =>
          json({
            deleted: [{ gsdlNo: 'P1001', id: 1 }],
            notDeleted: [
              { gsdlNo: 'P1001', id: 2, reason: 'openOrder', message: PATIENT_MANAGEMENT_MESSAGES.openOrder },
            ],
          }),
      },
    });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select all patients on this page' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 patient was deleted.')).toBeInTheDocument();
    expect(screen.getByText(`Pat2 Doe: ${PATIENT_MANAGEMENT_MESSAGES.openOrder}`)).toBeInTheDocument();
    expect(app.server.callsTo('DELETE /gear/patient-management/delete')[0]?.body).toEqual({ P1001: [1, 2] });
  });

  it('a delete that fails shows the delete error', async () => {
    const app = renderApp('/patient-management', {
      user: practitionerUser,
      handlers: { ...handlers, 'DELETE /gear/patient-management/delete': () => envelope(500, 'x') },
    });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select Pat1 Doe' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PATIENT_MANAGEMENT_MESSAGES.deleteFailed)).toBeInTheDocument();
  });

  it('an upload shows the preview first (add, duplicates, errors by line and column), then imports', async () => {
    const app = renderApp('/patient-management', {
      user: practitionerUser,
      handlers: {
        ...handlers,
        'POST /gear/patient-management/uploadCSV': (call) =>
          call.search === '?dryRun=true' ? json(preview) : json([patient(30, 'Ada', 'Lovelace')]),
      },
    });
    await screen.findByText('Pat1 Doe');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await app.user.upload(
      input,
      new File(['First Name,Last Name,DOB,Sex\n'], 'patients.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('1 to add, 1 duplicates to skip, 1 errors.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: preview.errors[0]?.message })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Import 1 patient' }));
    expect(await screen.findByText('1 patient was added.')).toBeInTheDocument();
    expect(app.server.callsTo('POST /gear/patient-management/uploadCSV')).toHaveLength(2);
  });

  it("spec 3 §8: 'No patient data was found in the file.' from the server; a wrong type refused before sending", async () => {
    const app = renderApp('/patient-management', {
      user: practitionerUser,
      handlers: {
        ...handlers,
        'POST /gear/patient-management/uploadCSV': () =>
          envelope(400, PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile),
      },
    });
    await screen.findByText('Pat1 Doe');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await app.user.upload(input, new File([''], 'empty.csv', { type: 'text/csv' }));
    // One way of showing errors (issue 15, decision 0322): the summary takes the focus and links to the upload button.
    const summary = await focusedErrorSummary();
    const upload = screen.getByRole('button', { name: 'Upload patients (CSV)' });
    expect(upload).toHaveAccessibleDescription(PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile);
    await app.user.click(
      within(summary).getByRole('link', {
        name: `Patient file: ${PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile}`,
      }),
    );
    expect(upload).toHaveFocus();
    app.server.on({ 'POST /gear/patient-management/uploadCSV': () => envelope(500, 'x') });
    await app.user.upload(input, new File(['x'], 'p.csv', { type: 'text/csv' }));
    expect(await screen.findByText(PATIENT_MANAGEMENT_MESSAGES.uploadFailed)).toBeInTheDocument();
    // The picker's own filter is bypassed, as a browser without it would.
    const wrong = new File(['x'], 'patients.xlsx');
    fireEvent.change(input, { target: { files: { 0: wrong, length: 1, item: () => wrong } } });
    expect(
      await screen.findByRole('link', { name: `Patient file: ${PATIENT_MANAGEMENT_MESSAGES.fileType}` }),
    ).toBeVisible();
    expect(app.server.callsTo('POST /gear/patient-management/uploadCSV')).toHaveLength(2);
  });

  it('spec 3 §8: a 401 shows the session-expired login page', async () => {
    renderApp('/patient-management', {
      user: practitionerUser,
      handlers: { ...handlers, 'GET /gear/patient-management/list': () => envelope(401, 'Unauthorized') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in required' })).toBeInTheDocument();
    expect(screen.getByText('Your session has expired.')).toBeInTheDocument();
  });
});

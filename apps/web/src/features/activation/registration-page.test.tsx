import {
  ACTIVATION_MESSAGES,
  type GearOrder,
  landingStepAfterActivation,
  PATIENT_MESSAGES,
  REGISTRATION_ERRORS,
  REGISTRATION_MESSAGES,
  stepPath,
} from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { focusedErrorSummary, summaryLink } from '../../test/error-summary.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { makeOrder, patientUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The captcha widget is the captcha module's (tested there); here a checkbox gives its payload.
vi.mock('../../components/captcha-field.tsx', () => import('../../test/captcha-field-stub.tsx'));

/** The app at /register/{reqNum?}, anonymous; getAccountType answers the patient once registered. */
function renderRegistration(register: Handler, path = '/register/50012346') {
  let registered = false;
  return renderApp(path, {
    user: null,
    handlers: {
      'POST /gear/register': async (call) => {
        const response = await register(call);
        if (response.status === 201) registered = true;
        return response;
      },
      'GET /gear/api/getAccountType': () =>
        registered ? json(patientUser) : envelope(401, 'Not signed in.'),
      'GET /mygdx/account/JWT/prc': () => json({ token: 'patient-token', expiresIn: 300 }),
      'GET /mygdx/account/JWT/session': () => json({ token: 'patient-token', expiresIn: 300, type: 'prc' }),
    },
  });
}

type App = ReturnType<typeof renderRegistration>;

async function fill(app: App) {
  await app.user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Sam');
  await app.user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Rivera');
  await app.user.type(screen.getByRole('textbox', { name: /Date of birth/ }), '03/14/1990');
  await app.user.click(screen.getByRole('checkbox', { name: /not a robot/ }));
}

const submit = (app: App) => app.user.click(screen.getByRole('button', { name: 'Register' }));

describe('Patient Registration at /register/{reqNum?} (spec 3 §2, §6; decision 0170)', () => {
  it('the number comes from the path; names, date of birth and captcha are required; accessible', async () => {
    const app = renderRegistration(() => json(makeOrder(), 201));
    await screen.findByRole('heading', { level: 1, name: 'Patient Registration' });
    expect(screen.getByRole('textbox', { name: /Activation number/ })).toHaveValue('50012346');
    await expectAccessible(app.container);
    await submit(app);
    expect(screen.getByText(REGISTRATION_MESSAGES.nameFirstRequired)).toBeInTheDocument();
    expect(screen.getByText(REGISTRATION_MESSAGES.nameLastRequired)).toBeInTheDocument();
    expect(screen.getByText(PATIENT_MESSAGES.dateOfBirthRequired)).toBeInTheDocument();
    // One way of showing errors (issue 15, decision 0322): a summary that takes the focus, each message a link.
    const summary = await focusedErrorSummary();
    expect(summaryLink(summary, 'Verification', ACTIVATION_MESSAGES.captchaRequired)).toBeVisible();
    const lastName = screen.getByRole('textbox', { name: /Last name/ });
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    await app.user.click(
      within(summary).getByRole('link', { name: `Last name: ${REGISTRATION_MESSAGES.nameLastRequired}` }),
    );
    expect(lastName).toHaveFocus();
    expect(app.server.callsTo('POST /gear/register')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Date of birth/ })).toHaveAttribute('autocomplete', 'bday');
    expect(document.title).toBe('Patient Registration');
  });

  it('registers and opens the first incomplete step valid for the patient', async () => {
    const order = makeOrder({ id: 100009, patientRegistration: true, practAgreement: false });
    const app = renderRegistration(() => json(order, 201));
    await fill(app);
    await submit(app);
    const { step, gearReqId } = landingStepAfterActivation(order as GearOrder, patientUser);
    await waitFor(() => expect(app.location()).toBe(stepPath(100009, step, gearReqId)));
    expect(app.server.callsTo('POST /gear/register')[0]?.body).toEqual({
      requisitionNumber: '50012346',
      gdxId: null,
      patientInfo: { nameFirst: 'Sam', nameLast: 'Rivera', dateOfBirth: '1990-03-14', email: null },
      recaptcha: expect.stringMatching(/^solution-/),
    });
    expect(window.localStorage.getItem('gear.returningVisit')).toContain('100009');
  });

  it('a pack registered already: the message and the way to activation', async () => {
    const app = renderRegistration(() =>
      json(
        { error: REGISTRATION_ERRORS.alreadyRegistered, message: REGISTRATION_MESSAGES.alreadyRegistered },
        409,
      ),
    );
    await fill(app);
    await submit(app);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REGISTRATION_MESSAGES.alreadyRegistered);
    expect(within(alert).getByRole('link', { name: 'Activate your test' })).toHaveAttribute('href', '/');
  });

  it("a field refused by the server shows under its field; the captcha's refusal under the captcha", async () => {
    let answer = 0;
    const app = renderRegistration(() =>
      ++answer === 1
        ? json(
            {
              error: 'Bad Request',
              message: REGISTRATION_MESSAGES.practitionerNeeded,
              errors: [{ field: 'gdxId', defaultMessage: REGISTRATION_MESSAGES.practitionerNeeded }],
            },
            400,
          )
        : json({ error: 'RecaptchaInvalidException', message: ACTIVATION_MESSAGES.captchaInvalid }, 400),
    );
    await fill(app);
    await submit(app);
    expect(await screen.findByText(REGISTRATION_MESSAGES.practitionerNeeded)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: `Practitioner GDX ID: ${REGISTRATION_MESSAGES.practitionerNeeded}` }),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: /not a robot/ }));
    await submit(app);
    expect(
      await screen.findByRole('link', {
        name: new RegExp(`^Verification: ${ACTIVATION_MESSAGES.captchaInvalid}`),
      }),
    ).toBeInTheDocument();
  });
});

import {
  ACTIVATION_MESSAGES,
  type GearOrder,
  landingStepAfterActivation,
  MESSAGES,
  PATIENT_MESSAGES,
  SOFT_LOCKOUT,
  stepPath,
} from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { focusedErrorSummary, summaryLink } from '../../test/error-summary.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { makeOrder, makePractitioner, patientUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The captcha widget is the captcha module's (tested there); here a checkbox gives its payload.
vi.mock('../../components/captcha-field.tsx', () => import('../../test/captcha-field-stub.tsx'));

/** The app at /, anonymous; getAccountType answers the patient once an order is proven. */
function renderActivation(orderId: Handler, path = '/') {
  let proven = false;
  return renderApp(path, {
    user: null,
    handlers: {
      'GET /gear/orderId': async (call) => {
        const response = await orderId(call);
        if (response.status === 200) proven = true;
        return response;
      },
      'GET /gear/api/getAccountType': () => (proven ? json(patientUser) : envelope(401, 'Not signed in.')),
      'GET /mygdx/account/JWT/prc': () => json({ token: 'patient-token', expiresIn: 300 }),
      'GET /mygdx/account/JWT/session': () => json({ token: 'patient-token', expiresIn: 300, type: 'prc' }),
    },
  });
}

type App = ReturnType<typeof renderActivation>;

async function fill(app: App, number: string, dateOfBirth = '04/12/1985', captcha = true) {
  await app.user.type(await screen.findByRole('textbox', { name: /Activation number/ }), number);
  await app.user.type(screen.getByRole('textbox', { name: /Date of birth/ }), dateOfBirth);
  if (captcha) await app.user.click(screen.getByRole('checkbox', { name: /not a robot/ }));
}

const submit = (app: App) => app.user.click(screen.getByRole('button', { name: 'Activate' }));

describe('Activate Your Test (spec 3 §2, §4, §5, §8 Activation)', () => {
  it('spec 3 §5: number, date of birth and captcha are required; the form is accessible', async () => {
    const app = renderActivation(() => json(makeOrder()));
    await screen.findByRole('heading', { level: 1, name: 'Activate Your Test' });
    await expectAccessible(app.container);
    await submit(app);
    expect(screen.getByText(MESSAGES.requisitionNumberRequired)).toBeInTheDocument();
    expect(screen.getByText(PATIENT_MESSAGES.dateOfBirthRequired)).toBeInTheDocument();
    // One way of showing errors (issue 15, decision 0322): a summary that takes the focus, each message a link.
    const summary = await focusedErrorSummary();
    expect(summaryLink(summary, 'Verification', ACTIVATION_MESSAGES.captchaRequired)).toBeVisible();
    await app.user.click(
      within(summary).getByRole('link', { name: `Date of birth: ${PATIENT_MESSAGES.dateOfBirthRequired}` }),
    );
    expect(screen.getByRole('textbox', { name: /Date of birth/ })).toHaveFocus();
    expect(app.server.callsTo('GET /gear/orderId')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Date of birth/ })).toHaveAttribute('autocomplete', 'bday');
    expect(screen.getByRole('textbox', { name: /Date of birth/ })).toHaveAttribute('inputmode', 'numeric');
  });

  it('spec 3 §5: a 7-digit number over 4,000,000 requires the GDX ID, sent uppercased', async () => {
    const app = renderActivation(() => json(makeOrder({ id: 100004 })));
    await fill(app, '4500000');
    expect(screen.getByRole('textbox', { name: /Practitioner GDX ID/ })).toBeRequired();
    await submit(app);
    expect(screen.getByText(MESSAGES.practitionerGdxIdRequired)).toBeInTheDocument();
    await app.user.type(screen.getByRole('textbox', { name: /Practitioner GDX ID/ }), 'p1001');
    await submit(app);
    await waitFor(() => expect(app.server.callsTo('GET /gear/orderId')).toHaveLength(1));
    const search = new URLSearchParams(app.server.callsTo('GET /gear/orderId')[0]?.search);
    expect(search.get('gdxId')).toBe('P1001');
    expect(search.get('requisitionNumber')).toBe('4500000');
    expect(search.get('dateOfBirth')).toBe('1985-04-12');
    expect(search.get('recaptcha')).toMatch(/^solution-/);
  });

  it('spec 3 §2: a proven order opens on the first incomplete step valid for the patient', async () => {
    const order = makeOrder({ id: 100004 });
    const app = renderActivation(() => json(order));
    await fill(app, 'C824591515');
    await submit(app);
    const { step, gearReqId } = landingStepAfterActivation(order as GearOrder, patientUser);
    await waitFor(() => expect(app.location()).toBe(stepPath(100004, step, gearReqId)));
    expect(window.localStorage.getItem('gear.returningVisit')).toContain('100004');
  });

  it('spec 3 §8: a layout 3 order: online activation is not required', async () => {
    const base = makePractitioner();
    const order = makeOrder({
      id: 100004,
      practitioner: makePractitioner({ office: { ...base.office, reqLayoutId: 3 } }),
    });
    const app = renderActivation(() => json(order));
    await fill(app, 'C824591515');
    await submit(app);
    expect(await screen.findByText(ACTIVATION_MESSAGES.notRequired)).toBeInTheDocument();
    expect(app.location()).toBe('/');
  });

  it('spec 3 §8: ClientActivationMissingException and a numeric 404 prompt a registration', async () => {
    const app = renderActivation(() =>
      json({ error: 'ClientActivationMissingException', message: MESSAGES.activationPending }, 404),
    );
    await fill(app, '50012346');
    await submit(app);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.activationPending);
    expect(screen.getByRole('link', { name: 'Register this collection pack' })).toHaveAttribute(
      'href',
      '/register/50012346',
    );
  });

  it("spec 3 §8: 404 for an activation number: 'We could not find a requisition associated with that number…'", async () => {
    const app = renderActivation(() => envelope(404, 'anything'));
    await fill(app, 'C824591515', '04/13/1985');
    await submit(app);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACTIVATION_MESSAGES.notFound);
  });

  it('spec 3 §8: the retired message is shown as HTML, sanitised', async () => {
    const html =
      '<b>Withdrawn.</b> <a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"><script>alert(2)</script>' +
      '<a href="https://example.org/help" onclick="alert(3)">help</a>';
    const app = renderActivation(() =>
      json({ error: 'RequisitionActivationRetiredException', message: html }, 410),
    );
    await fill(app, 'C505860338');
    await submit(app);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('b')?.textContent).toBe('Withdrawn.');
    expect(alert.querySelector('img, script, [onerror], [onclick]')).toBeNull();
    expect(screen.getByText('x').closest('a')?.getAttribute('href')).toBeNull();
    expect(screen.getByRole('link', { name: 'help' })).toHaveAttribute('href', 'https://example.org/help');
  });

  it('spec 3 §8: RecaptchaInvalidException shows its text and asks for a new captcha', async () => {
    const app = renderActivation(() =>
      json({ error: 'RecaptchaInvalidException', message: ACTIVATION_MESSAGES.captchaInvalid }, 400),
    );
    await fill(app, 'C824591515');
    await submit(app);
    expect(
      await screen.findByRole('link', {
        name: new RegExp(`^Verification: ${ACTIVATION_MESSAGES.captchaInvalid}`),
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /not a robot/ })).not.toBeChecked();
  });

  it('spec 3 §4: practitionerOptions to pick from; the captcha is then hidden', async () => {
    let calls = 0;
    const app = renderActivation(() => {
      calls += 1;
      return calls === 1
        ? json({
            practitionerOptions: [
              { gsdlNo: 'P1001', firstName: 'Dana', lastName: 'Avery', degree: 'MD' },
              { gsdlNo: 'P1003', firstName: 'Lee', lastName: 'Chen', degree: 'DC' },
            ],
            optionsPass: 'pass-1',
          })
        : json(makeOrder({ id: 100004 }));
    });
    await fill(app, '4500001');
    await app.user.type(screen.getByRole('textbox', { name: /Practitioner GDX ID/ }), 'P1009');
    await submit(app);
    await app.user.click(await screen.findByRole('radio', { name: 'Dana Avery, MD' }));
    expect(screen.queryByRole('checkbox', { name: /not a robot/ })).toBeNull();
    await submit(app);
    await waitFor(() => expect(app.location()).toMatch(/^\/order\/100004\//));
    const second = new URLSearchParams(app.server.callsTo('GET /gear/orderId')[1]?.search);
    expect(second.get('gdxId')).toBe('P1001');
    expect(second.get('optionsPass')).toBe('pass-1');
    expect(second.get('recaptcha')).toBeNull();
  });

  it("spec 3 §8: '401 goes to login'", async () => {
    const app = renderActivation(() => envelope(401, MESSAGES.signInRequired));
    await fill(app, 'C824591515');
    await submit(app);
    await waitFor(() => expect(app.location()).toBe('/mygdx/login?url=%2F'));
  });

  it('spec 3 §2: the breadcrumbs: patient resource center, Activate & Order Tests, the page', async () => {
    renderActivation(() => json(makeOrder()), '/kitordering');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(nav).toHaveTextContent(/Patient Resource Center.*Activate & Order Tests.*Activate Your Test/);
  });

  it('decision 0229: after a 429 naming the challenge, the captcha with the prompt; the retry sends X-Gear-Captcha', async () => {
    const throttled = 'Too many attempts. Please wait an hour and try again, or contact your provider.';
    const order = makeOrder({ id: 100004 });
    const app = renderActivation((call) =>
      call.headers['x-gear-captcha']
        ? json(order)
        : json({ error: SOFT_LOCKOUT.error, message: throttled }, 429),
    );
    await fill(app, 'C824591515');
    await submit(app);
    expect(await screen.findByText(throttled)).toBeInTheDocument();
    expect(screen.getByText(SOFT_LOCKOUT.prompt)).toBeInTheDocument();
    // The form's own captcha (spec 3 §5) and the challenge.
    expect(screen.getAllByRole('checkbox', { name: /not a robot/ })).toHaveLength(2);
    expect(app.server.callsTo('GET /gear/orderId')[0]?.headers['x-gear-captcha']).toBeUndefined();
    await expectAccessible(app.container);

    // Sending without solving the challenge: asked to, nothing sent.
    const [formCaptcha, challenge] = screen.getAllByRole('checkbox', { name: /not a robot/ });
    await app.user.click(formCaptcha as HTMLElement);
    await submit(app);
    expect(screen.getAllByText(SOFT_LOCKOUT.prompt)).toHaveLength(2);
    expect(app.server.callsTo('GET /gear/orderId')).toHaveLength(1);

    await app.user.click(challenge as HTMLElement);
    await submit(app);
    await waitFor(() => expect(app.server.callsTo('GET /gear/orderId')).toHaveLength(2));
    const retry = app.server.callsTo('GET /gear/orderId')[1];
    expect(retry?.headers['x-gear-captcha']).toMatch(/^solution-/);
    expect(new URLSearchParams(retry?.search).get('recaptcha')).toMatch(/^solution-/);
    await waitFor(() => expect(app.location()).toMatch(/^\/order\/100004\//));
  });

  it('a 429 past the address budget (not named) shows its message and no challenge', async () => {
    const throttled = 'Too many attempts from this address. Please wait an hour and try again.';
    const app = renderActivation(() => envelope(429, throttled));
    await fill(app, 'C824591515');
    await submit(app);
    expect(await screen.findByText(throttled)).toBeInTheDocument();
    expect(screen.queryByText(SOFT_LOCKOUT.prompt)).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: /not a robot/ })).toHaveLength(1);
  });
});

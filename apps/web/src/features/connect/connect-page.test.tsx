import { ACTIVATION_MESSAGES, MESSAGES, PATIENT_MESSAGES, SOFT_LOCKOUT } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { focusedErrorSummary, summaryLink } from '../../test/error-summary.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { makeOrder, patientUser, TEST_PHONE } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The captcha widget is the captcha module's (tested there); here a checkbox gives its payload.
vi.mock('../../components/captcha-field.tsx', () => import('../../test/captcha-field-stub.tsx'));

function renderConnect(validation: Handler, path = '/connect/100123') {
  let proven = false;
  return renderApp(path, {
    user: null,
    handlers: {
      'GET /gear/order/validation/100123': async (call) => {
        const response = await validation(call);
        if (response.status === 200) proven = true;
        return response;
      },
      'GET /gear/api/getAccountType': () => (proven ? json(patientUser) : envelope(401, 'Not signed in.')),
      'GET /mygdx/account/JWT/prc': () => json({ token: 'patient-token', expiresIn: 300 }),
      'GET /mygdx/account/JWT/session': () => json({ token: 'patient-token', expiresIn: 300, type: 'prc' }),
    },
  });
}

type App = ReturnType<typeof renderConnect>;

async function fill(app: App, zip = '30348', dateOfBirth = '04/12/1985') {
  await app.user.type(await screen.findByRole('textbox', { name: /Zip code/ }), zip);
  await app.user.type(screen.getByRole('textbox', { name: /Date of birth/ }), dateOfBirth);
  await app.user.click(screen.getByRole('checkbox', { name: /not a robot/ }));
  await app.user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/connect/{id}: Welcome Back (spec 3 §2, §5, §8)', () => {
  it('spec 3 §5: zip code, date of birth and captcha are required; the page is accessible', async () => {
    const app = renderConnect(() => json(makeOrder({ id: 100123 })));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await expectAccessible(app.container);
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(ACTIVATION_MESSAGES.zipRequired)).toBeInTheDocument();
    expect(screen.getByText(PATIENT_MESSAGES.dateOfBirthRequired)).toBeInTheDocument();
    // One way of showing errors (issue 15, decision 0322): a summary that takes the focus, each message a link.
    const summary = await focusedErrorSummary();
    expect(summaryLink(summary, 'Verification', ACTIVATION_MESSAGES.captchaRequired)).toBeVisible();
    await app.user.click(
      within(summary).getByRole('link', { name: `Zip code: ${ACTIVATION_MESSAGES.zipRequired}` }),
    );
    expect(screen.getByRole('textbox', { name: /Zip code/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Zip code/ })).toHaveAttribute('maxlength', '5');
    expect(app.server.callsTo('GET /gear/order/validation/100123')).toHaveLength(0);
  });

  it('proves the order and opens it, remembering the returning visit', async () => {
    window.localStorage.removeItem('gear.returningVisit');
    const app = renderConnect(() => json(makeOrder({ id: 100123 })));
    await fill(app);
    await waitFor(() => expect(app.location()).toMatch(/^\/order\/100123\//));
    const search = new URLSearchParams(app.server.callsTo('GET /gear/order/validation/100123')[0]?.search);
    expect(Object.fromEntries(search)).toEqual({
      dateOfBirth: '1985-04-12',
      zipCode: '30348',
      recaptcha: expect.stringMatching(/^solution-/),
    });
    expect(window.localStorage.getItem('gear.returningVisit')).toContain('100123');
  });

  it("spec 3 §8: 401 'Validation failed…'; other errors the unexpected-error message", async () => {
    const app = renderConnect(() => envelope(401, 'x'));
    await fill(app);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACTIVATION_MESSAGES.validationFailed);
    const other = renderConnect(() => envelope(500, 'x'));
    app.unmount();
    await fill(other);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Please call us at ${TEST_PHONE}`);
  });

  it('spec 3 §4: a 401 during a live returning visit leads back to Welcome Back, not the login', async () => {
    window.localStorage.setItem('gear.returningVisit', JSON.stringify({ orderId: 100123, at: Date.now() }));
    const app = renderApp('/order/100123/patient', {
      user: patientUser,
      handlers: {
        'GET /mygdx/account/JWT/prc': () => json({ token: 'patient-token', expiresIn: 300 }),
        'GET /mygdx/account/JWT/session': () => json({ token: 'patient-token', expiresIn: 300, type: 'prc' }),
        'GET /gear/order/100123': () => envelope(401, MESSAGES.signInRequired),
      },
    });
    await waitFor(() => expect(app.location()).toBe('/connect/100123'));
    window.localStorage.removeItem('gear.returningVisit');
  });

  it('decision 0229: after a 429 naming the challenge, the captcha with the prompt; the retry sends X-Gear-Captcha', async () => {
    const throttled = 'Too many attempts. Please wait an hour and try again, or contact your provider.';
    const app = renderConnect((call) =>
      call.headers['x-gear-captcha']
        ? json(makeOrder({ id: 100123 }))
        : json({ error: SOFT_LOCKOUT.error, message: throttled }, 429),
    );
    await fill(app);
    expect(await screen.findByText(throttled)).toBeInTheDocument();
    expect(screen.getByText(SOFT_LOCKOUT.prompt)).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: /not a robot/ })).toHaveLength(2);
    expect(
      app.server.callsTo('GET /gear/order/validation/100123')[0]?.headers['x-gear-captcha'],
    ).toBeUndefined();
    await expectAccessible(app.container);

    // Sending without solving the challenge: asked to, nothing sent.
    const [formCaptcha, challenge] = screen.getAllByRole('checkbox', { name: /not a robot/ });
    await app.user.click(formCaptcha as HTMLElement);
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText(SOFT_LOCKOUT.prompt)).toHaveLength(2);
    expect(app.server.callsTo('GET /gear/order/validation/100123')).toHaveLength(1);

    await app.user.click(challenge as HTMLElement);
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.server.callsTo('GET /gear/order/validation/100123')).toHaveLength(2));
    const retry = app.server.callsTo('GET /gear/order/validation/100123')[1];
    expect(retry?.headers['x-gear-captcha']).toMatch(/^solution-/);
    expect(new URLSearchParams(retry?.search).get('recaptcha')).toMatch(/^solution-/);
    await waitFor(() => expect(app.location()).toMatch(/^\/order\/100123\//));
  });
});

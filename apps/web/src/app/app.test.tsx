import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json } from '../test/fetch-mock.ts';
import { makeOrder, makePractitioner, practitionerUser, TEST_PHONE } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

describe('routes and the login-required screen (spec 1 §2.1, §2.2)', () => {
  it('spec 3 §2: shows Activate Your Test at / and /kitordering to anonymous visitors', async () => {
    for (const path of ['/', '/kitordering']) {
      const app = renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Activate Your Test' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'sign in as a practitioner' })).toHaveAttribute(
        'href',
        '/mygdx/login?url=%2F',
      );
      app.unmount();
    }
  });

  it('sends a signed-in practitioner from / to a new order', async () => {
    const app = renderApp('/', {
      user: practitionerUser,
      handlers: { 'GET /gear/practitioner-options': () => json([makePractitioner()]) },
    });
    await waitFor(() => expect(app.location()).toBe('/order/new/pract'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Practitioner' })).toBeInTheDocument();
  });

  it('shows the 403 page at /?status=non-beta', async () => {
    renderApp('/?status=non-beta', { user: practitionerUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this page.')).toBeInTheDocument();
  });

  it('asks an anonymous visitor of the wizard to sign in, returning to the same address', async () => {
    renderApp('/order/new/pract?orderableItemId=540');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practitioner Login' })).toHaveAttribute(
      'href',
      `/mygdx/login?url=${encodeURIComponent('/order/new/pract?orderableItemId=540')}`,
    );
  });

  it('shows the not-found page for an unknown address or step', async () => {
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the not-found page for a step route that does not exist', async () => {
    renderApp('/order/new/nowhere', { user: practitionerUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('renders the wizard shell for a step that has no screen yet', async () => {
    const app = renderApp('/order/42/panels', {
      user: practitionerUser,
      handlers: { 'GET /gear/order/42': () => json(makeOrder()) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel Selection' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent(
      'Activate & Order Tests',
    );
    expect(screen.getByRole('navigation', { name: 'Order steps' })).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/order/42')).toHaveLength(1);
    // Issue 15 (decision 0311): the breadcrumb and the logo lead a practitioner to the orders page, not a new order.
    expect(screen.getByRole('link', { name: 'Activate & Order Tests' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Gear portal' })).toHaveAttribute('href', '/orders');
  });

  it('issue 15: the header names the signed-in person and their role, and links the orders page', async () => {
    renderApp('/', {
      user: { ...practitionerUser, name: 'Dr. Dana Avery', role: 'practitioner' },
      handlers: { 'GET /gear/practitioner-options': () => json([]) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Practitioner' });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Dr. Dana Avery · practitioner')).toBeInTheDocument();
    expect(within(header).queryByText(/Signed in as/)).toBeNull();
    expect(within(header).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
  });

  it('has the landmarks: header, navigation and main', async () => {
    renderApp('/', {
      user: practitionerUser,
      handlers: { 'GET /gear/practitioner-options': () => json([]) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Practitioner' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
  });

  it('issue 15: a footer on every page with the configured support phone to call', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Activate Your Test' });
    const footer = screen.getByRole('contentinfo');
    const call = await within(footer).findByRole('link', { name: `Call client services at ${TEST_PHONE}` });
    expect(call).toHaveAttribute('href', `tel:${TEST_PHONE.replace(/\D/g, '')}`);
  });
});

describe('answers that leave the page (spec 1 §2.8, §8)', () => {
  it('goes to /?status=non-beta on 403', async () => {
    const app = renderApp('/order/9/pract', {
      user: practitionerUser,
      handlers: {
        'GET /gear/order/9': () => envelope(403, 'Forbidden'),
        'GET /gear/practitioner-options/9': () => json([]),
      },
    });
    await waitFor(() => expect(app.location()).toBe('/?status=non-beta'));
    // The router renders the new page in a transition after its location changes: wait for the 403 page itself.
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Practitioner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the login-required screen when the session has expired (401)', async () => {
    const app = renderApp('/order/9/pract', {
      user: practitionerUser,
      handlers: { 'GET /gear/order/9': () => envelope(401, 'Unauthorized') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in required' })).toBeInTheDocument();
    expect(screen.getByText('Your session has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practitioner Login' })).toHaveAttribute(
      'href',
      `/mygdx/login?url=${encodeURIComponent('/order/9/pract')}`,
    );
    expect(app.location()).toBe('/order/9/pract');
  });

  it('says an order was not found on 404, and other failures with the unexpected-error message', async () => {
    renderApp('/order/9/pract', {
      user: practitionerUser,
      handlers: { 'GET /gear/order/9': () => envelope(404, 'Not Found') },
    });
    expect(await screen.findByText('We could not find that order.')).toBeInTheDocument();
  });

  it('uses the served support phone in the unexpected-error message', async () => {
    renderApp('/order/9/pract', {
      user: practitionerUser,
      handlers: { 'GET /gear/order/9': () => envelope(500, 'Internal Server Error') },
    });
    expect(
      await screen.findByText(`An unexpected error has occurred. Please call us at ${TEST_PHONE}.`),
    ).toBeInTheDocument();
  });
});

describe('sign-in (spec 1 §2.1 /login, /mygdx/login)', () => {
  it('shows the server message when sign-in fails', async () => {
    const app = renderApp('/mygdx/login', {
      handlers: { 'POST /api/session': () => envelope(401, 'The login name or password is incorrect.') },
    });
    await app.user.type(await screen.findByLabelText(/Login name/), 'ada');
    await app.user.type(screen.getByLabelText(/^Password/), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The login name or password is incorrect.');
    expect(app.server.callsTo('POST /api/session')[0]?.body).toEqual({ username: 'ada', password: 'wrong' });
    // Issue 15 (decision 0330): the focus moves to the message, not to <body> or the button.
    await waitFor(() => expect(screen.getByRole('alert').parentElement).toHaveFocus());
  });

  it('shows the throttling message on 429', async () => {
    const message = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
    const app = renderApp('/login', { handlers: { 'POST /api/session': () => envelope(429, message) } });
    await app.user.type(await screen.findByLabelText(/Login name/), 'ada');
    await app.user.type(screen.getByLabelText(/^Password/), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('asks for both fields before calling the server', async () => {
    const app = renderApp('/login');
    await app.user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your login name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(app.server.callsTo('POST /api/session')).toHaveLength(0);
  });

  it('returns to the url query after signing in', async () => {
    let signedIn = false;
    const app = renderApp(`/mygdx/login?url=${encodeURIComponent('/order/new/pract?x=1')}`, {
      handlers: {
        'POST /api/session': () => {
          signedIn = true;
          return json(practitionerUser);
        },
        'GET /mygdx/account/JWT/myGDX': () =>
          signedIn ? json({ token: 'after-sign-in', expiresIn: 300 }) : envelope(401, 'Not signed in.'),
        'GET /gear/practitioner-options': () => json([makePractitioner()]),
      },
    });
    await app.user.type(await screen.findByLabelText(/Login name/), 'ada');
    await app.user.type(screen.getByLabelText(/^Password/), 'right');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.location()).toBe('/order/new/pract?x=1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Practitioner' })).toBeInTheDocument();
    expect(app.server.callsTo('GET /gear/practitioner-options')[0]?.headers.authorization).toBe(
      'Bearer after-sign-in',
    );
  });

  it('never returns to another site', async () => {
    const app = renderApp('/login?url=%2F%2Fevil.example%2F', {
      handlers: { 'POST /api/session': () => json({ ...practitionerUser, type: 'prc' }) },
    });
    await app.user.type(await screen.findByLabelText(/Login name/), 'pat');
    await app.user.type(screen.getByLabelText(/^Password/), 'pw');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('signs out with DELETE /api/session and the bearer, from the header', async () => {
    const app = renderApp('/', {
      user: practitionerUser,
      handlers: { 'GET /gear/practitioner-options': () => json([]) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Practitioner' });
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    const [deleted] = app.server.callsTo('DELETE /api/session');
    expect(deleted?.headers.authorization).toMatch(/^Bearer /);
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});

describe('start-up (session hint)', () => {
  it('makes no call bound to fail for a browser that has not signed in', async () => {
    const app = renderApp('/order/new/pract');
    await screen.findByRole('heading', { level: 1, name: 'Sign in required' });
    expect(app.server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/config']);
  });

  it('asks the server when the browser signed in before, and forgets a session that has ended', async () => {
    const app = renderApp('/order/new/pract', { user: null, hint: true });
    await screen.findByRole('heading', { level: 1, name: 'Sign in required' });
    expect(app.server.callsTo('GET /mygdx/account/JWT/session')).toHaveLength(1);
    expect(window.localStorage.getItem('gear.signedIn')).toBeNull();
  });

  it('remembers a sign-in and forgets it at sign-out', async () => {
    const app = renderApp('/login', {
      handlers: {
        'POST /api/session': () => json(practitionerUser),
        'GET /mygdx/account/JWT/myGDX': () => json({ token: 't', expiresIn: 300 }),
        'GET /gear/practitioner-options': () => json([]),
      },
    });
    await app.user.type(await screen.findByLabelText(/Login name/), 'ada');
    await app.user.type(screen.getByLabelText(/^Password/), 'pw');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Practitioner' });
    expect(window.localStorage.getItem('gear.signedIn')).toBe('1');
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(window.localStorage.getItem('gear.signedIn')).toBeNull();
  });
});

import type { UserInfo } from '@gear/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { Startup } from '../app/startup.tsx';
import { type AppServices, createAppServices } from '../services/app-services.tsx';
import { queryClientOf } from '../services/query-client.ts';
import { sessionHint } from '../services/session-hint.ts';
import { createFetchMock, envelope, type Handler, json } from './fetch-mock.ts';
import { TEST_PHONE } from './fixtures.ts';

export interface RenderAppOptions {
  /** Who the server says is signed in; null for nobody (401). */
  user?: UserInfo | null;
  /** Whether this browser remembers signing in (default: when user is given). */
  hint?: boolean;
  handlers?: Record<string, Handler>;
  /** For fake timers: userEvent must advance them. */
  advanceTimers?: (ms: number) => void;
}

/**
 * A piece of the app (an embeddable editor, an inline step) inside the app's providers, with the given services;
 * `startup` also runs the app's start-up (configuration, who is signed in) before showing it.
 */
export const renderInApp = (ui: ReactNode, services: AppServices, { startup = false } = {}) =>
  render(
    <AppProviders services={services} env="test">
      <QueryClientProvider client={queryClientOf(services)}>
        {startup ? <Startup>{ui}</Startup> : ui}
      </QueryClientProvider>
    </AppProviders>,
  );

/** The whole app, as main.tsx builds it, on a memory router and a mocked fetch. */
export function renderApp(
  url: string,
  { user = null, hint = user !== null, handlers = {}, advanceTimers }: RenderAppOptions = {},
) {
  let tokenCount = 0;
  const token = (type: UserInfo['type'] | 'session') => {
    if (!user) return envelope(401, 'Not signed in.');
    if (type !== 'session' && user.type !== type) return envelope(403, 'Forbidden');
    tokenCount += 1;
    // 'session' asks for the session's own type, which the answer names (docs/decisions/0330).
    return json({
      token: `token-${tokenCount}`,
      expiresIn: 300,
      ...(type === 'session' ? { type: user.type } : {}),
    });
  };
  const server = createFetchMock({
    'GET /api/config': () => json({ supportPhone: TEST_PHONE }),
    // As the server does, a token only for the signed-in user's type (403 for the other type).
    'GET /mygdx/account/JWT/myGDX': () => token('myGDX'),
    'GET /mygdx/account/JWT/prc': () => token('prc'),
    'GET /mygdx/account/JWT/session': () => token('session'),
    'GET /gear/api/getAccountType': () => (user ? json(user) : envelope(401, 'Not signed in.')),
    'DELETE /api/session': () => new Response(null, { status: 204 }),
    'GET /html/ping.html': () => new Response('<html>ok</html>', { status: 200 }),
    ...handlers,
  });
  // A browser that signed in earlier remembers it (session-hint.ts); start-up then asks the server who it is.
  sessionHint.set(hint);
  const services = createAppServices({ fetch: server.fetch });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  services.navigate = (to) => void router.navigate(to);
  const view = render(
    <AppProviders services={services} env="test">
      <Startup>
        <RouterProvider router={router} />
      </Startup>
    </AppProviders>,
  );
  const events = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, server, services, router, user: events, location };
}

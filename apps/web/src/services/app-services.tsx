import { READ_RETRIES, retryDelayMs, unauthorisedGoesToLogin } from '@gear/domain';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useSyncExternalStore } from 'react';
import { type ApiClient, createApiClient } from '../api/client.ts';
import type { AppConfig } from '../api/context.tsx';
import { isApiError } from '../api/errors.ts';
import { returningVisit } from './returning-visit.ts';
import { sessionHint } from './session-hint.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

/** Everything the app shares outside React state: one API client, one session, one query cache. */
export interface AppServices {
  api: ApiClient;
  session: SessionStore;
  /**
   * The query cache, made by services/query-client.ts (queryClientOf) when the first page that reads data loads:
   * the patients' first pages (activation, Welcome Back) read nothing through it and load without it (decision 0234).
   */
  queryClient: QueryClient | null;
  /** Filled at start-up from GET /api/config. */
  config: AppConfig;
  /** Set once the router exists; the API client uses it for 403 answers. */
  navigate: (to: string) => void;
}

export interface AppServicesOptions {
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * Reads asked again by themselves (docs/decisions/0154): once after a network failure, and while the server answers
 * 503 (temporarily unavailable) up to READ_RETRIES times; any other answer from the server stands. Saves are never
 * retried by themselves: the person's form keeps what they typed and they save again.
 */
export const readRetry = (count: number, error: unknown): boolean =>
  isApiError(error) &&
  ((error.kind === 'network' && count < 1) || (error.kind === 'unavailable' && count < READ_RETRIES));

/** The wait before a read's next try: the 503's Retry-After, else a doubling from one second. */
export const readRetryDelay = (count: number, error: unknown): number =>
  retryDelayMs(count, isApiError(error) ? error.retryAfterMs : null);

export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const session = createSessionStore();
  session.subscribe(() => {
    const state = session.get();
    if (state.status !== 'unknown') sessionHint.set(state.status === 'signedIn');
  });
  const services: AppServices = {
    session,
    queryClient: null,
    config: { supportPhone: '' },
    navigate: () => {},
    api: createApiClient({
      fetch: options.fetch,
      now: options.now,
      getPhone: () => services.config.supportPhone,
      getUserType: () => session.user()?.type ?? null,
      onUnauthorized: () => {
        if (session.get().status === 'signedIn') session.set({ status: 'signedOut', reason: 'expired' });
        // spec 3 §4 'Login and captcha': a 401 during a returning visit treats the visitor as a patient: Welcome
        // Back for that order rather than the login (decision 0140). Register and connect stay where they are.
        const orderId = returningVisit.orderId();
        const path = typeof window === 'undefined' ? '/' : window.location.pathname;
        if (orderId !== null && unauthorisedGoesToLogin(path, false))
          services.navigate(`/connect/${orderId}`);
      },
      onForbidden: () => services.navigate('/?status=non-beta'),
    }),
  };
  return services;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): AppServices {
  const services = use(ServicesContext);
  if (!services) throw new Error('ServicesProvider is missing');
  return services;
}

export function useSession() {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

export function useCurrentUser() {
  const state = useSession();
  return state.status === 'signedIn' ? state.user : null;
}

import { useCallback, useEffect, useRef } from 'react';
import { ping, signOut } from '../api/session.ts';
import { useServices, useSession } from '../services/app-services.tsx';
import { returningVisit } from '../services/returning-visit.ts';
import type { SessionState } from '../services/session-store.ts';

/** Idle sign-out after 30 minutes without mouse, keyboard or touch activity (issue 2). */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** Keepalive GET /html/ping.html every 20 minutes while signed in (spec 3 §7). */
export const KEEPALIVE_INTERVAL_MS = 20 * 60_000;

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

type SignOutReason = Extract<SessionState, { status: 'signedOut' }>['reason'];

/** Ends the session on the server (DELETE /api/session), then locally, whatever the server answered. */
export function useSignOut() {
  const services = useServices();
  return useCallback(
    async (reason: SignOutReason = 'signedOut') => {
      try {
        await signOut(services.api);
      } catch {
        // The local sign-out stands even when the server cannot be reached.
      } finally {
        services.session.set({ status: 'signedOut', reason });
        // Made only once a page read data (decision 0234).
        services.queryClient?.clear();
        // An explicit sign-out ends the returning visit; the idle sign-out keeps it (Welcome Back answers the 401).
        if (reason === 'signedOut') returningVisit.forget();
      }
    },
    [services],
  );
}

/** Calls onIdle once the user has done nothing for timeoutMs; one timer, re-armed lazily. */
export function useIdleTimeout(enabled: boolean, timeoutMs: number, onIdle: () => void) {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeoutMs) onIdleRef.current();
      else timer = setTimeout(check, timeoutMs - idleFor);
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };
    timer = setTimeout(check, timeoutMs);
    for (const event of ACTIVITY_EVENTS) document.addEventListener(event, onActivity, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) document.removeEventListener(event, onActivity);
    };
  }, [enabled, timeoutMs]);
}

/** While signed in: the keepalive ping, and sign-out after 30 idle minutes. */
export function useSessionTimers() {
  const { api, session } = useServices();
  const state = useSession();
  const signedIn = state.status === 'signedIn';
  const signOutNow = useSignOut();

  useIdleTimeout(signedIn, IDLE_TIMEOUT_MS, () => {
    void signOutNow('idle');
  });

  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      ping(api).catch((error: unknown) => {
        if ((error as { kind?: string }).kind === 'unauthorized') {
          session.set({ status: 'signedOut', reason: 'expired' });
        }
      });
    }, KEEPALIVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedIn, api, session]);
}

import { isReturningVisitLive } from '@gear/domain';

/**
 * spec 2 §3/§9 and spec 3 §4: a returning patient visit (after activation or Welcome Back), remembered in this
 * browser for 30 minutes from its last refresh. It holds the order's id only (no patient data); it never grants
 * anything: the server's patient session does. A 401 during a live returning visit sends the patient back to
 * Welcome Back for that order instead of the practitioner login.
 */
const KEY = 'gear.returningVisit';

interface Stored {
  orderId: number;
  at: number;
}

function read(): Stored | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Stored | null;
    return value && Number.isSafeInteger(value.orderId) && typeof value.at === 'number' ? value : null;
  } catch {
    return null;
  }
}

export const returningVisit = {
  /** The order of a live returning visit, else null (an expired one is forgotten). */
  orderId(now = Date.now()): number | null {
    const stored = read();
    if (stored && isReturningVisitLive(stored.at, now)) return stored.orderId;
    if (stored) returningVisit.forget();
    return null;
  },
  remember(orderId: number, now = Date.now()): void {
    try {
      window.localStorage.setItem(KEY, JSON.stringify({ orderId, at: now }));
    } catch {
      // storage unavailable: nothing to remember
    }
  },
  /** A page of the visit was shown: the 30 minutes start again. */
  refresh(now = Date.now()): void {
    const orderId = returningVisit.orderId(now);
    if (orderId !== null) returningVisit.remember(orderId, now);
  },
  forget(): void {
    try {
      window.localStorage.removeItem(KEY);
    } catch {
      // storage unavailable
    }
  },
};

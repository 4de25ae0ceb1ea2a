import type { UserInfo } from '@gear/domain';

/**
 * Who is signed in. 'unknown' until start-up has asked the server; 'signedOut' carries why, so the
 * login-required screen (spec 1 §2.2) can say the session expired.
 */
export type SessionState =
  | { status: 'unknown' }
  | { status: 'signedIn'; user: UserInfo }
  | { status: 'signedOut'; reason: 'anonymous' | 'expired' | 'idle' | 'signedOut' };

export interface SessionStore {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  set(state: SessionState): void;
  user(): UserInfo | null;
}

export function createSessionStore(initial: SessionState = { status: 'unknown' }): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
    user: () => (state.status === 'signedIn' ? state.user : null),
  };
}

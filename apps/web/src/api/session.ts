import { SOFT_LOCKOUT, type UserInfo } from '@gear/domain';
import type { ApiClient } from './client.ts';
import { isApiError } from './errors.ts';

export interface Credentials {
  username: string;
  password: string;
  /** An administrator's authenticator code, once the server asked for it (docs/decisions/0226, 0229). */
  totp?: string;
  /** A solved challenge, sent in X-Gear-Captcha after a 429 that asked for one (docs/decisions/0222, 0229). */
  challenge?: string;
}

/** POST /api/session: signs in and sets the session cookie. 401 and 429 carry a message to show as is. */
export const signIn = (api: ApiClient, { challenge, ...credentials }: Credentials): Promise<UserInfo> =>
  api.post<UserInfo>('/api/session', credentials, {
    auth: 'none',
    authErrors: 'throw',
    headers: challenge ? { [SOFT_LOCKOUT.header]: challenge } : {},
  });

/** Whether a failure is a 429 that a solved challenge would get past (docs/decisions/0229). */
export const challengeWouldHelp = (error: unknown): boolean =>
  isApiError(error) && error.status === 429 && error.body?.error === SOFT_LOCKOUT.error;

/** DELETE /api/session with the bearer; a session already gone is not an error. */
export async function signOut(api: ApiClient): Promise<void> {
  try {
    await api.delete<null>('/api/session', { authErrors: 'throw' });
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'unauthorized') throw error;
  } finally {
    api.tokens.clear();
  }
}

/** GET /gear/api/getAccountType: who is signed in, or null when nobody is (401). */
export async function fetchAccountType(api: ApiClient): Promise<UserInfo | null> {
  try {
    return await api.get<UserInfo>('/gear/api/getAccountType', { authErrors: 'throw' });
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') return null;
    throw error;
  }
}

/** GET /html/ping.html: keepalive every 20 minutes while signed in (spec 3 §7). */
export const ping = (api: ApiClient): Promise<unknown> =>
  api.get('/html/ping.html', { auth: 'none', authErrors: 'throw', responseType: 'text' });

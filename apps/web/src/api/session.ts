import type { UserInfo } from '@gear/domain';
import type { ApiClient } from './client.ts';
import { isApiError } from './errors.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/session: signs in and sets the session cookie. 401 and 429 carry a message to show as is. */
export const signIn = (api: ApiClient, credentials: Credentials): Promise<UserInfo> =>
  api.post<UserInfo>('/api/session', credentials, { auth: 'none', authErrors: 'throw' });

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

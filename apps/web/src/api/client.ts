import { retryAfterMs, type UserType } from '@gear/domain';
import { ApiError, httpError, networkError } from './errors.ts';
import { type AccessToken, createTokenSource, type TokenSource } from './token.ts';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  /** Appended to the path; a string is used as is (the wizard forwards its own query string). */
  query?: Record<string, QueryValue> | string;
  /** 'bearer' (default) sends the access token; 'none' sends only the session cookie. */
  auth?: 'bearer' | 'none';
  /** 'redirect' (default) lets the app react to 401/403; 'throw' leaves them to the caller (sign-in, start-up). */
  authErrors?: 'redirect' | 'throw';
  /** 'json' (default), 'text', or 'blob' (a file such as a PDF). */
  responseType?: 'json' | 'text' | 'blob';
  /**
   * The version of the order a change without a version in its body was based on: sent as If-Match (the server
   * answers 409 when the order has changed since, 428 for a change naming none; docs/decisions/0065).
   */
  ifMatchVersion?: number;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** The support phone for the spec's messages (configuration, never a literal). */
  getPhone: () => string;
  /** The user type whose token is requested (GET /mygdx/account/JWT/{type}); null while nobody is known. */
  getUserType?: () => UserType | null;
  /** The session is gone: the app shows the login-required screen. */
  onUnauthorized?: (error: ApiError) => void;
  /** The user may not see this: the app goes to /?status=non-beta. */
  onForbidden?: (error: ApiError) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  readonly tokens: TokenSource;
}

const withQuery = (path: string, query: RequestOptions['query']): string => {
  if (query === undefined) return path;
  let search: string;
  if (typeof query === 'string') {
    search = query.startsWith('?') ? query.slice(1) : query;
  } else {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    search = params.toString();
  }
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
};

const isRawBody = (body: unknown): body is FormData | URLSearchParams | Blob =>
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
  (typeof Blob !== 'undefined' && body instanceof Blob);

/**
 * The one typed client of the web app (spec 1 §7): JSON with credentials, 204 read as null, the spec's messages
 * for network and HTTP failures, a cached bearer token on every call but the few that precede sign-in.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const send = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      return await doFetch(url, { credentials: 'include', mode: 'cors', ...init });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw networkError(options.getPhone());
    }
  };

  const readBody = async (response: Response, type: 'json' | 'text' | 'blob'): Promise<unknown> => {
    if (response.status === 204) return null;
    if (type === 'blob') return response.blob();
    const text = await response.text();
    if (type === 'text') return text;
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };

  const failure = async (response: Response): Promise<ApiError> => {
    let body: unknown = null;
    try {
      body = await readBody(response, 'json');
    } catch {
      body = null;
    }
    const retryAfter = retryAfterMs(response.headers.get('retry-after'), options.now?.() ?? Date.now());
    return httpError(response.status, body, options.getPhone(), retryAfter);
  };

  const tokens = createTokenSource({
    now: options.now,
    fetchToken: async () => {
      const known = options.getUserType?.() ?? null;
      // Before anyone is known (a reload), ask for the session's own type ('session'), which the answer names: no
      // guess, so no 403 for the wrong type in the console (docs/decisions/0330).
      const response = await send(`/mygdx/account/JWT/${known ?? 'session'}`, {
        headers: { Accept: 'application/json' },
      });
      // 204: the session holds no one (asked with 'session'): signed out, as a 401 says for a typed request.
      if (response.status === 204) throw httpError(401, null, options.getPhone());
      if (!response.ok) throw await failure(response);
      return (await readBody(response, 'json')) as AccessToken;
    },
  });

  const report = (error: unknown, authErrors: RequestOptions['authErrors']): never => {
    if (error instanceof ApiError && authErrors !== 'throw') {
      if (error.kind === 'unauthorized') {
        tokens.clear();
        options.onUnauthorized?.(error);
      } else if (error.kind === 'forbidden') {
        options.onForbidden?.(error);
      }
    }
    throw error;
  };

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const {
      body,
      query,
      auth = 'bearer',
      authErrors = 'redirect',
      responseType = 'json',
      ifMatchVersion,
      signal,
    } = opts;
    const extraHeaders = opts.headers ?? {};
    const url = withQuery(path, query);
    const attempt = async (): Promise<Response> => {
      const headers: Record<string, string> = {
        ...extraHeaders,
        Accept:
          responseType === 'json'
            ? 'application/json'
            : responseType === 'blob'
              ? 'application/pdf, application/json'
              : 'text/plain, text/html',
      };
      // A form (FormData, URLSearchParams) or a file goes as it is: fetch sets its content type.
      const raw = isRawBody(body);
      if (body !== undefined && !raw) headers['Content-Type'] = 'application/json';
      if (auth === 'bearer') headers.Authorization = `Bearer ${await tokens.get()}`;
      if (ifMatchVersion !== undefined) headers['If-Match'] = `"${ifMatchVersion}"`;
      return send(url, {
        method,
        headers,
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
        signal,
      });
    };
    try {
      let response = await attempt();
      if (response.status === 401 && auth === 'bearer') {
        // The token may have been refused while the session lives on: renew once, then give up.
        tokens.clear();
        response = await attempt();
      }
      if (!response.ok) throw await failure(response);
      return (await readBody(response, responseType)) as T;
    } catch (error) {
      return report(error, authErrors);
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    tokens,
  };
}

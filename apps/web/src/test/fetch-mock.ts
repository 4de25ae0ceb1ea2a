/** A fetch stand-in for tests: answers by 'METHOD /path' and records every call (fetch mocked at the boundary). */

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const envelope = (
  status: number,
  message: string,
  errors?: { field: string; defaultMessage: string }[],
) => json({ error: String(status), message, ...(errors ? { errors } : {}) }, status);

export const noContent = (): Response => new Response(null, { status: 204 });

export const networkFailure: Handler = () => {
  throw new TypeError('Failed to fetch');
};

export interface FetchMock {
  fetch: typeof fetch;
  calls: RecordedCall[];
  /** Replace or add handlers, keyed 'METHOD /path' (the path without its query string). */
  on(handlers: Record<string, Handler>): void;
  callsTo(key: string): RecordedCall[];
}

export function createFetchMock(handlers: Record<string, Handler> = {}): FetchMock {
  const table: Record<string, Handler> = { ...handlers };
  const calls: RecordedCall[] = [];
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      headers,
      // JSON is parsed; a form or a file is kept as sent.
      body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
    };
    calls.push(call);
    const handler = table[`${call.method} ${call.path}`];
    if (!handler) return envelope(404, `No test handler for ${call.method} ${call.path}`);
    const { signal } = init;
    if (!signal) return handler(call);
    // Like fetch, an aborted call rejects, even while its handler is still answering.
    const aborted = new Promise<never>((_, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    });
    aborted.catch(() => undefined);
    return Promise.race([Promise.resolve().then(() => handler(call)), aborted]);
  };
  return {
    fetch: fetchMock as typeof fetch,
    calls,
    on(more) {
      Object.assign(table, more);
    },
    callsTo: (key) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

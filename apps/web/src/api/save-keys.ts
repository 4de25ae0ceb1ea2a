import type { ApiClient, RequestOptions } from './client.ts';
import { isTransient } from './errors.ts';

/**
 * One Idempotency-Key per save a person makes (docs/decisions/0200): a new key for each new save, the same key when
 * the person saves the same thing again after a failure that may have passed by itself (no answer, or a 503), so a
 * save that was stored while its answer was lost answers the saved order instead of a conflict.
 */
export interface SaveKeys {
  /** The key to send with this body. */
  keyFor(body: unknown): string;
  /** How the save sent with the last key ended: null for an answer, else the failure. */
  settled(failure: unknown): void;
}

export function createSaveKeys(newKey: () => string = () => crypto.randomUUID()): SaveKeys {
  let pending: { key: string; body: string } | null = null;
  let retryable = false;
  return {
    keyFor(body) {
      const sent = JSON.stringify(body) ?? '';
      if (!(pending && retryable && pending.body === sent)) pending = { key: newKey(), body: sent };
      retryable = false;
      return pending.key;
    },
    settled(failure) {
      retryable = failure !== null && isTransient(failure);
      if (!retryable) pending = null;
    },
  };
}

/** The client with the save's Idempotency-Key on every call made through it, unless the call names its own. */
export function withSaveKey(api: ApiClient, key: string): ApiClient {
  const keyed = (options: RequestOptions = {}): RequestOptions => ({
    ...options,
    // A call naming its own key (the submit's, decisions 0080 and 0120) keeps it.
    headers: { 'Idempotency-Key': key, ...options.headers },
  });
  return {
    tokens: api.tokens,
    request: (method, path, options) => api.request(method, path, keyed(options)),
    get: (path, options) => api.get(path, options),
    put: (path, body, options) => api.put(path, body, keyed(options)),
    post: (path, body, options) => api.post(path, body, keyed(options)),
    delete: (path, options) => api.delete(path, keyed(options)),
  };
}

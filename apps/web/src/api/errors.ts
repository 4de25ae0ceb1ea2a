import { type ErrorEnvelope, type FieldError, MESSAGES, messages } from '@gear/domain';

/**
 * How a call failed, which decides what the user is told (spec 1 §8):
 * network → the network message; validation → the fields' messages; conflict → the stale-order message;
 * unauthorized → sign in again; forbidden → the 403 page; http → the unexpected-error message; unavailable (a 503,
 * docs/decisions/0154) → "temporarily unavailable", and reads are asked again by themselves after Retry-After.
 */
export type ApiErrorKind =
  | 'network'
  | 'unauthorized'
  | 'forbidden'
  | 'validation'
  | 'conflict'
  | 'unavailable'
  | 'http';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    /** The user-facing message for this failure, already in the spec's words. */
    message: string,
    /** HTTP status; 0 for a network failure. */
    readonly status: number,
    /** The parsed envelope when the server sent one (the response is kept, spec 1 §7). */
    readonly body: ErrorEnvelope | null = null,
    /** The answer's body as read: parsed JSON, or the text of a plain-text answer (a 410 notice), or null. */
    readonly raw: unknown = body,
    /** A 503's Retry-After in milliseconds (null when it gave none). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }

  get fieldErrors(): FieldError[] {
    return this.body?.errors ?? [];
  }

  /** The server's own message (shown as is by sign-in, for instance), if any. */
  get serverMessage(): string | null {
    return this.body?.message || null;
  }

  /** The text of a plain-text answer (spec 1 §7 'a plain-text variant exists'), else the envelope's message. */
  get text(): string | null {
    if (typeof this.raw === 'string' && this.raw.trim()) return this.raw.trim();
    return this.serverMessage;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

const isEnvelope = (value: unknown): value is ErrorEnvelope =>
  typeof value === 'object' && value !== null && typeof (value as ErrorEnvelope).message === 'string';

/** Maps a non-2xx answer to an ApiError carrying the spec's message. */
export function httpError(
  status: number,
  body: unknown,
  phone: string,
  retryAfterMs: number | null = null,
): ApiError {
  const envelope = isEnvelope(body) ? body : null;
  const text = messages(phone);
  if (status === 503)
    return new ApiError('unavailable', MESSAGES.temporarilyUnavailable, status, envelope, body, retryAfterMs);
  if (status === 401) return new ApiError('unauthorized', MESSAGES.signInRequired, status, envelope, body);
  if (status === 403) return new ApiError('forbidden', MESSAGES.forbidden, status, envelope, body);
  if (status === 409) return new ApiError('conflict', MESSAGES.staleOrder, status, envelope, body);
  const first = envelope?.errors?.find((e) => e.defaultMessage);
  if (first) return new ApiError('validation', first.defaultMessage, status, envelope, body);
  return new ApiError('http', text.unexpectedError, status, envelope, body);
}

/**
 * A failure that may pass by itself (no answer, or a 503): a retry of the same request is right, and the request's
 * idempotency key is kept for it.
 */
export const isTransient = (error: unknown): error is ApiError =>
  isApiError(error) && (error.kind === 'network' || error.kind === 'unavailable');

export const networkError = (phone: string): ApiError =>
  new ApiError('network', messages(phone).networkUnavailable, 0);

/** The message to show for any thrown value (an ApiError's, else the unexpected-error text). */
export const errorMessage = (error: unknown, phone: string): string =>
  isApiError(error) ? error.message : messages(phone).unexpectedError;

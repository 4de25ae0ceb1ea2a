import { type ErrorEnvelope, type FieldError, MESSAGES, messages } from '@gear/domain';

/**
 * How a call failed, which decides what the user is told (spec 1 §8):
 * network → the network message; validation → the fields' messages; conflict → the stale-order message;
 * unauthorized → sign in again; forbidden → the 403 page; http → the unexpected-error message.
 */
export type ApiErrorKind = 'network' | 'unauthorized' | 'forbidden' | 'validation' | 'conflict' | 'http';

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
export function httpError(status: number, body: unknown, phone: string): ApiError {
  const envelope = isEnvelope(body) ? body : null;
  const text = messages(phone);
  if (status === 401) return new ApiError('unauthorized', MESSAGES.signInRequired, status, envelope, body);
  if (status === 403) return new ApiError('forbidden', MESSAGES.forbidden, status, envelope, body);
  if (status === 409) return new ApiError('conflict', MESSAGES.staleOrder, status, envelope, body);
  const first = envelope?.errors?.find((e) => e.defaultMessage);
  if (first) return new ApiError('validation', first.defaultMessage, status, envelope, body);
  return new ApiError('http', text.unexpectedError, status, envelope, body);
}

export const networkError = (phone: string): ApiError =>
  new ApiError('network', messages(phone).networkUnavailable, 0);

/** The message to show for any thrown value (an ApiError's, else the unexpected-error text). */
export const errorMessage = (error: unknown, phone: string): string =>
  isApiError(error) ? error.message : messages(phone).unexpectedError;

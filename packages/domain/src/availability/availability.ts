/**
 * When the portal is temporarily unavailable (issue 21, docs/decisions/0154): which failures of the database mean
 * "try again in a few seconds" (503 with Retry-After) rather than "call us" (500), and how the browser waits before
 * it asks again. Pure functions: the server classifies its errors here, the browser plans its retries here.
 */

/** What kind of outage a failure shows; logged with its code only, never a value. */
export type OutageKind =
  | 'connection-refused'
  | 'connection-lost'
  | 'connect-timeout'
  | 'shutting-down'
  | 'starting-up'
  | 'too-many-connections'
  | 'disk-full'
  | 'out-of-resources'
  | 'timeout'
  /** Any other FATAL from the server (such as ALLOW_CONNECTIONS false, 55000): the session is over, a new one may work. */
  | 'session-ended';

export interface Outage {
  kind: OutageKind;
  /** The SQLSTATE or the system error code (ECONNREFUSED), or 'message' when only the driver's words tell. */
  code: string;
}

/** SQLSTATEs (PostgreSQL appendix A) that mean the database cannot serve now but will again. */
const SQLSTATES: Record<string, OutageKind> = {
  '08000': 'connection-lost',
  '08001': 'connection-refused',
  '08003': 'connection-lost',
  '08004': 'connection-refused',
  '08006': 'connection-lost',
  '08007': 'connection-lost',
  '57P01': 'shutting-down', // admin_shutdown: pg_terminate_backend, a fast restart
  '57P02': 'shutting-down', // crash_shutdown
  '57P03': 'starting-up', // cannot_connect_now: starting, recovering, or ALLOW_CONNECTIONS false
  '57P05': 'connection-lost', // idle_session_timeout
  '25P03': 'timeout', // idle_in_transaction_session_timeout
  '57014': 'timeout', // query_canceled: the statement timeout
  '53000': 'out-of-resources',
  '53100': 'disk-full',
  '53200': 'out-of-resources',
  '53300': 'too-many-connections',
  '53400': 'out-of-resources',
};

/** System error codes of a socket or a file that mean the same. */
const SYSTEM_CODES: Record<string, OutageKind> = {
  ECONNREFUSED: 'connection-refused',
  ECONNRESET: 'connection-lost',
  EPIPE: 'connection-lost',
  ETIMEDOUT: 'connect-timeout',
  EHOSTUNREACH: 'connection-refused',
  ENETUNREACH: 'connection-refused',
  EAI_AGAIN: 'connection-refused',
  ENOSPC: 'disk-full',
  EDQUOT: 'disk-full',
};

/** The driver's words for a lost or never-made connection (node-postgres gives these no code). */
const MESSAGES: [RegExp, OutageKind][] = [
  [/^Connection terminated unexpectedly$/, 'connection-lost'],
  [/^Connection terminated$/, 'connection-lost'],
  [/^Connection terminated due to connection timeout$/, 'connect-timeout'],
  [/^timeout exceeded when trying to connect$/, 'connect-timeout'],
  [/^Client has encountered a connection error and is not queryable$/, 'connection-lost'],
  [/^Cannot use a pool after calling end on the pool$/, 'shutting-down'],
  [/^Query read timeout$/, 'timeout'],
  [/^PGlite is closed$/, 'shutting-down'],
];

const MAX_DEPTH = 5;

/**
 * The outage an error shows, or null when it is not one (a bug, a constraint, bad input: those stay 500 or their own
 * answer). Looks through wrappers (`cause`, as drizzle's "Failed query" wraps the driver's error), never at values.
 */
export function outageOf(error: unknown): Outage | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause, errors, severity } = current as {
      severity?: unknown;
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      const kind = SQLSTATES[code] ?? SYSTEM_CODES[code];
      if (kind) return { kind, code };
      if (severity === 'FATAL' || severity === 'PANIC') return { kind: 'session-ended', code };
    }
    if (typeof message === 'string') {
      for (const [pattern, kind] of MESSAGES) if (pattern.test(message)) return { kind, code: 'message' };
    }
    // An AggregateError (a refused connection to every address of a host name) holds the real ones.
    if (Array.isArray(errors)) {
      for (const inner of errors) {
        const outage = outageOf(inner);
        if (outage) return outage;
      }
    }
    current = cause;
  }
  return null;
}

/** Seconds a 503 asks the client to wait (the Retry-After header, RFC 9110 §10.2.3). */
export const RETRY_AFTER_SECONDS = 2;

/** How many times the browser asks again by itself for a read answered 503 or not answered at all. */
export const READ_RETRIES = 6;

/**
 * The Retry-After header's wait in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3), null when absent
 * or unreadable. `now` is the client's clock in milliseconds.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/**
 * The wait before retry number `attempt` (0 for the first retry): the server's Retry-After when it gave one, else a
 * doubling from one second; never more than 30 seconds.
 */
export function retryDelayMs(attempt: number, retryAfter: number | null): number {
  const backoff = 1000 * 2 ** Math.max(0, attempt);
  return Math.min(30_000, retryAfter ?? backoff);
}

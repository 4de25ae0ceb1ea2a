import { describe, expect, it } from 'vitest';
import { outageOf, retryAfterMs, retryDelayMs } from './availability.ts';

// Issue 21 §2 (docs/decisions/0154): an unreachable database answers 503 + Retry-After, not 500 "call us".
describe('issue 21 §2: outageOf classifies database failures by SQLSTATE or system code', () => {
  const wrapped = (cause: unknown) =>
    Object.assign(new Error('Failed query: select …\nparams: 1'), { cause });
  it.each([
    ['admin shutdown (pg_terminate_backend, a fast restart)', { code: '57P01' }, 'shutting-down', '57P01'],
    ['crash shutdown', { code: '57P02' }, 'shutting-down', '57P02'],
    ['cannot connect now (starting, ALLOW_CONNECTIONS false)', { code: '57P03' }, 'starting-up', '57P03'],
    ['disk full', { code: '53100' }, 'disk-full', '53100'],
    ['too many connections', { code: '53300' }, 'too-many-connections', '53300'],
    ['out of memory', { code: '53200' }, 'out-of-resources', '53200'],
    ['connection failure', { code: '08006' }, 'connection-lost', '08006'],
    ['statement timeout', { code: '57014' }, 'timeout', '57014'],
    ['idle-in-transaction timeout', { code: '25P03' }, 'timeout', '25P03'],
    ['connection refused', { code: 'ECONNREFUSED' }, 'connection-refused', 'ECONNREFUSED'],
    ['connection reset', { code: 'ECONNRESET' }, 'connection-lost', 'ECONNRESET'],
    ['embedded disk full', { code: 'ENOSPC' }, 'disk-full', 'ENOSPC'],
    [
      'lost connection (driver words)',
      new Error('Connection terminated unexpectedly'),
      'connection-lost',
      'message',
    ],
    [
      'connect timeout (driver words)',
      new Error('timeout exceeded when trying to connect'),
      'connect-timeout',
      'message',
    ],
    [
      'a database refusing connections (ALLOW_CONNECTIONS false)',
      { code: '55000', severity: 'FATAL' },
      'session-ended',
      '55000',
    ],
    ['drizzle wrapping a 57P01', wrapped({ code: '57P01' }), 'shutting-down', '57P01'],
    [
      'an AggregateError of refused addresses',
      new AggregateError([{ code: 'ECONNREFUSED' }]),
      'connection-refused',
      'ECONNREFUSED',
    ],
  ])('%s', (_name, error, kind, code) => {
    expect(outageOf(error)).toEqual({ kind, code });
  });

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a syntax error', { code: '42601' }],
    ['an ERROR 55000 (object not in prerequisite state)', { code: '55000', severity: 'ERROR' }],
    ['a serialization failure (retried by the core, not an outage)', { code: '40001' }],
    ['a bug', new TypeError('x is undefined')],
    ['nothing', undefined],
    ['a string', 'Connection terminated unexpectedly'],
  ])('%s is not an outage', (_name, error) => {
    expect(outageOf(error)).toBeNull();
  });

  it('stops at a cycle of causes', () => {
    const a: { cause?: unknown } = {};
    a.cause = a;
    expect(outageOf(a)).toBeNull();
  });
});

describe('issue 21 §2: the browser waits as Retry-After says (RFC 9110 §10.2.3)', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it.each([
    ['2', 2000],
    [' 10 ', 10_000],
    ['Thu, 26 Nov 2026 10:00:05 GMT', 5000],
    ['Thu, 26 Nov 2026 09:59:00 GMT', 0],
    ['soon', null],
    ['', null],
    [null, null],
  ])('Retry-After %j waits %j ms', (header, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms);
  });

  it.each([
    [0, null, 1000],
    [1, null, 2000],
    [3, null, 8000],
    [10, null, 30_000],
    [0, 2000, 2000],
    [4, 2000, 2000],
    [0, 120_000, 30_000],
  ])('retry %i with Retry-After %j ms waits %i ms', (attempt, retryAfter, ms) => {
    expect(retryDelayMs(attempt, retryAfter)).toBe(ms);
  });
});

import { MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { callAs, expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';
import { actionNameOf, LOG_RATE_LIMIT } from './client-log.routes.ts';

const ctx = useTestApp();

const log = (url: string, payload: object, login: 'dr.avery' | 'dr.chen' = 'dr.avery') =>
  callAs(ctx.app, login, 'PUT', url, payload);

describe('PUT /gear/log[/{x}]', () => {
  it("spec 1 §7: logs the UI action 'display panel pricing' (204, no body)", async () => {
    const response = await log('/gear/log', {
      formattedMessage: 'display panel pricing',
      arg0: 540,
      arg1: null,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await log('/gear/log/pricing', { formattedMessage: 'display panel pricing' })).statusCode).toBe(
      204,
    );
  });

  it.each([
    ['no message', '/gear/log', {}],
    ['a message over 500 characters', '/gear/log', { formattedMessage: 'x'.repeat(501) }],
    [
      'an argument that is an object',
      '/gear/log',
      { formattedMessage: 'x', arg0: { dateOfBirth: '1985-04-12' } },
    ],
    ['a category that is not a word', '/gear/log/a%20b', { formattedMessage: 'x' }],
  ])('answers 400 for %s', async (_case, url, payload) => {
    expectEnvelope(await log(url, payload), 400, MESSAGES.invalidInput);
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(
      await ctx.app.inject({ method: 'PUT', url: '/gear/log', payload: { formattedMessage: 'x' } }),
      401,
    );
  });

  it('is rate-limited per user and route (429 in the error envelope)', async () => {
    const { headers } = await signIn(ctx.app, 'dr.chen');
    const send = (url: string) =>
      ctx.app.inject({ method: 'PUT', url, headers, payload: { formattedMessage: 'display panel pricing' } });
    for (let i = 0; i < LOG_RATE_LIMIT.max; i += 1) expect((await send('/gear/log')).statusCode).toBe(204);
    expectEnvelope(await send('/gear/log'), 429);
    expect((await send('/gear/log/pricing')).statusCode).toBe(204);
    expect((await log('/gear/log', { formattedMessage: 'x' }, 'dr.avery')).statusCode).toBe(204);
  });
});

describe('actionNameOf', () => {
  it.each([
    ['the action name as it is', 'display panel pricing', 'display panel pricing'],
    [
      'no digits, dates or punctuation',
      'opened order 100001 for Jane, born 1985-04-12!',
      'opened order for Jane born',
    ],
    ['at most 80 characters', 'a'.repeat(100), 'a'.repeat(80)],
  ])('%s', (_case, message, expected) => {
    expect(actionNameOf(message)).toBe(expected);
  });
});

import { Writable } from 'node:stream';
import { MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { callAs, expectEnvelope, headersOf, signIn, useTestApp } from '../../test/helper.ts';
import { LOG_RATE_LIMIT } from './client-log.routes.ts';

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

describe('what reaches the log (docs/decisions/0224)', () => {
  it('only known action names and categories, never the text sent', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: ctx.dataDir,
      }),
      ctx.database.db,
      { logStream },
    );
    try {
      const headers = await headersOf(app, 'dr.avery');
      const send = (url: string, formattedMessage: string) =>
        app.inject({ method: 'PUT', url, headers, payload: { formattedMessage } });
      expect((await send('/gear/log/info', 'display panel pricing')).statusCode).toBe(204);
      expect(
        (await send('/gear/log/Jane_Testpatient', 'opened order for Jane Testpatient born')).statusCode,
      ).toBe(204);
      const logged = lines.filter((line) => line.includes('uiAction')).map((line) => JSON.parse(line));
      expect(logged).toHaveLength(2);
      expect(logged[0]).toMatchObject({ uiAction: 'display panel pricing', category: 'info' });
      expect(logged[1]).toMatchObject({ uiAction: 'unknown', category: 'other' });
      // The ui-action lines (the request line names the path, as for every route).
      expect(JSON.stringify(logged)).not.toContain('Jane');
      expect(lines.join('\n')).not.toContain('opened order');
    } finally {
      await app.close();
    }
  });
});

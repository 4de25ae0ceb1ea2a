import { describe, expect, it } from 'vitest';
import { createFetchMock, json } from '../test/fetch-mock.ts';
import { TEST_PHONE } from '../test/fixtures.ts';
import { createApiClient } from './client.ts';
import { createTokenSource } from './token.ts';

describe('access token (spec 3 §7: a token before every call)', () => {
  it('makes one JWT call for several API calls, concurrent or not', async () => {
    const server = createFetchMock({
      'GET /mygdx/account/JWT/session': () => json({ token: 'jwt-1', expiresIn: 300, type: 'myGDX' }),
      'GET /gear/practitioner-options': () => json([]),
      'GET /gear/order/5': () => json({ id: 5 }),
    });
    const api = createApiClient({ fetch: server.fetch, getPhone: () => TEST_PHONE });
    await Promise.all([
      api.get('/gear/practitioner-options'),
      api.get('/gear/order/5'),
      api.get('/gear/order/5'),
    ]);
    await api.get('/gear/order/5');
    expect(server.callsTo('GET /mygdx/account/JWT/session')).toHaveLength(1);
    const bearer = server.calls
      .filter((c) => c.path !== '/mygdx/account/JWT/session')
      .map((c) => c.headers.authorization);
    expect(bearer).toEqual(['Bearer jwt-1', 'Bearer jwt-1', 'Bearer jwt-1', 'Bearer jwt-1']);
  });

  it('asks for the token of the signed-in user type', async () => {
    const server = createFetchMock({
      'GET /mygdx/account/JWT/prc': () => json({ token: 'p', expiresIn: 300 }),
      'GET /gear/order/5': () => json({}),
    });
    const api = createApiClient({
      fetch: server.fetch,
      getPhone: () => TEST_PHONE,
      getUserType: () => 'prc',
    });
    await api.get('/gear/order/5');
    expect(server.callsTo('GET /mygdx/account/JWT/prc')).toHaveLength(1);
  });

  it('renews shortly before expiry, with one renewal in flight at a time', async () => {
    let clock = 0;
    let issued = 0;
    const resolvers: (() => void)[] = [];
    const source = createTokenSource({
      now: () => clock,
      renewBeforeMs: 30_000,
      fetchToken: () =>
        new Promise((resolve) => {
          issued += 1;
          const token = `jwt-${issued}`;
          resolvers.push(() => resolve({ token, expiresIn: 300 }));
        }),
    });

    const first = [source.get(), source.get(), source.get()];
    expect(issued).toBe(1);
    resolvers.shift()?.();
    expect(await Promise.all(first)).toEqual(['jwt-1', 'jwt-1', 'jwt-1']);

    clock = 269_000; // 31 s before expiry: still good
    expect(await source.get()).toBe('jwt-1');
    expect(issued).toBe(1);

    clock = 271_000; // within 30 s of expiry: renew, once, however many callers
    const renewing = [source.get(), source.get()];
    expect(issued).toBe(2);
    resolvers.shift()?.();
    expect(await Promise.all(renewing)).toEqual(['jwt-2', 'jwt-2']);
    expect(await source.get()).toBe('jwt-2');
    expect(issued).toBe(2);
  });

  it('fetches a new token after clear (sign-out)', async () => {
    let issued = 0;
    const source = createTokenSource({
      fetchToken: async () => ({ token: `jwt-${++issued}`, expiresIn: 300 }),
    });
    expect(await source.get()).toBe('jwt-1');
    source.clear();
    expect(await source.get()).toBe('jwt-2');
  });

  it('does not cache a failed renewal', async () => {
    let attempts = 0;
    const source = createTokenSource({
      fetchToken: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return { token: 'jwt-ok', expiresIn: 300 };
      },
    });
    await expect(source.get()).rejects.toThrow('offline');
    expect(await source.get()).toBe('jwt-ok');
  });
});

describe('token type before the user is known (a reload)', () => {
  it("asks for the session's own type: no 403 for a guessed type (decision 0330; issue 15)", async () => {
    const server = createFetchMock({
      'GET /mygdx/account/JWT/myGDX': () => json({ error: 'Forbidden', message: 'no' }, 403),
      'GET /mygdx/account/JWT/session': () => json({ token: 'p-1', expiresIn: 300, type: 'prc' }),
      'GET /gear/api/getAccountType': () => json({ type: 'prc' }),
    });
    const api = createApiClient({ fetch: server.fetch, getPhone: () => TEST_PHONE, getUserType: () => null });
    await api.get('/gear/api/getAccountType');
    expect(server.calls.map((c) => c.path)).toEqual([
      '/mygdx/account/JWT/session',
      '/gear/api/getAccountType',
    ]);
    expect(server.calls[1]?.headers.authorization).toBe('Bearer p-1');
  });
});

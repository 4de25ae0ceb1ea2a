import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed/people.ts';
import { useTestApp } from '../../test/helper.ts';

const avery = DEMO_USERS.find((user) => user.loginName === 'dr.avery');

const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'x7Kq2mP9vR4tW8yB3nL6hJ1cF5gD0sAe',
  CAPTCHA_HMAC_KEY: 'k'.repeat(40),
  FILE_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
};

// Issue 14, low items (docs/decisions/0221): the __Host- prefix in production, plain name in development.
describe('the session cookie in production', () => {
  const ctx = useTestApp(() => PRODUCTION);

  it('is __Host-gear_session: Secure, Path=/, no Domain, HttpOnly; the plain name is not read', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: avery?.loginName, password: avery?.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name === '__Host-gear_session');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(login.cookies.find((c) => c.name === 'gear_session')).toBeUndefined();

    const token = await ctx.app.inject({
      method: 'GET',
      url: '/mygdx/account/JWT/myGDX',
      cookies: { '__Host-gear_session': cookie?.value as string },
    });
    expect(token.statusCode).toBe(200);
    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/mygdx/account/JWT/myGDX',
      cookies: { gear_session: cookie?.value as string },
    });
    expect(plain.statusCode).toBe(401);

    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { authorization: `Bearer ${token.json<{ token: string }>().token}` },
      cookies: { '__Host-gear_session': cookie?.value as string },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === '__Host-gear_session')).toMatchObject({
      value: '',
      secure: true,
    });
  });
});

describe('the session cookie in development', () => {
  const ctx = useTestApp(() => ({ NODE_ENV: 'development' }));

  it('is gear_session, so http://localhost keeps working', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: avery?.loginName, password: avery?.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.map((c) => c.name)).toContain('gear_session');
    expect(login.cookies.find((c) => c.name === 'gear_session')?.secure).toBeFalsy();
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './access-token.ts';

const SECRET = 'x7Kq2mP9vR4tW8yB3nL6hJ1cF5gD0sAe';
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const CLAIMS = {
  sub: 7,
  sid: 'session-1',
  type: 'myGDX' as const,
  gsdlNo: 'P1001',
  obo: ['P1002'],
  adm: false,
};

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An HS256 token made by hand, as the portal signed them before jose: still good until it expires. */
function handSigned(header: unknown, payload: unknown, secret = SECRET) {
  const body = `${segment(header)}.${segment(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('the bearer token (HS256 JWT with jose)', () => {
  it('carries the claims, issued now and expiring ACCESS_TOKEN_SECONDS later', async () => {
    const token = await signAccessToken(CLAIMS, SECRET, NOW);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const iat = NOW / 1000;
    expect(await verifyAccessToken(token, SECRET, NOW)).toEqual({
      ...CLAIMS,
      iat,
      exp: iat + ACCESS_TOKEN_SECONDS,
    });
  });

  it('keeps a patient token without a user (sub null) and its proven orders', async () => {
    const patient = { ...CLAIMS, sub: null, type: 'prc' as const, gsdlNo: null, obo: [], ord: [100001] };
    const claims = await verifyAccessToken(await signAccessToken(patient, SECRET, NOW), SECRET, NOW);
    expect(claims).toMatchObject({ sub: null, type: 'prc', ord: [100001] });
  });

  it('accepts a token signed by hand the same way (tokens issued before the change)', async () => {
    const iat = NOW / 1000 + 1;
    const token = handSigned({ alg: 'HS256', typ: 'JWT' }, { ...CLAIMS, iat, exp: iat + 300 });
    expect(await verifyAccessToken(token, SECRET, NOW)).toMatchObject({ sid: 'session-1', iat });
  });

  it.each([
    ['another secret', async () => signAccessToken(CLAIMS, `${SECRET}!`, NOW + 2_000), NOW + 2_000],
    [
      'expired',
      async () => signAccessToken(CLAIMS, SECRET, NOW + 3_000),
      NOW + 3_000 + ACCESS_TOKEN_SECONDS * 1000,
    ],
    [
      'a changed payload',
      async () => {
        const [header, , signature] = (await signAccessToken(CLAIMS, SECRET, NOW + 4_000)).split('.');
        return `${header}.${segment({ ...CLAIMS, adm: true, exp: NOW / 1000 + 999 })}.${signature}`;
      },
      NOW + 4_000,
    ],
    [
      'alg none',
      async () => `${segment({ alg: 'none', typ: 'JWT' })}.${segment({ ...CLAIMS, exp: NOW })}.`,
      NOW,
    ],
    [
      'another algorithm',
      async () => {
        const body = `${segment({ alg: 'HS512', typ: 'JWT' })}.${segment({ ...CLAIMS, exp: NOW / 1000 + 60 })}`;
        return `${body}.${createHmac('sha512', SECRET).update(body).digest('base64url')}`;
      },
      NOW,
    ],
    [
      'no expiry',
      async () => handSigned({ alg: 'HS256', typ: 'JWT' }, { ...CLAIMS, iat: NOW / 1000 + 5 }),
      NOW,
    ],
    ['not a token', async () => 'not.a.token', NOW],
  ])('refuses %s', async (_name, token, at) => {
    expect(await verifyAccessToken(await token(), SECRET, at)).toBeNull();
  });

  it('refuses a token it verified once, when it has expired since', async () => {
    const token = await signAccessToken(CLAIMS, SECRET, NOW + 6_000);
    expect(await verifyAccessToken(token, SECRET, NOW + 6_000)).not.toBeNull();
    expect(await verifyAccessToken(token, SECRET, NOW + 6_000 + ACCESS_TOKEN_SECONDS * 1000)).toBeNull();
  });
});

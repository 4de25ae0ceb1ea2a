import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x7Kq2mP9vR4tW8yB3nL6hJ1cF5gD0sAe',
  CAPTCHA_HMAC_KEY: 'k'.repeat(40),
  FILE_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
};

// Issue 14 item 3 (docs/decisions/0212): the demo accounts (published passwords) only when asked for in production.
describe('SEED_DEMO_DATA', () => {
  it.each([
    ['production, unset', { ...PRODUCTION }, false],
    ['production, empty', { ...PRODUCTION, SEED_DEMO_DATA: '' }, false],
    ['production, asked for', { ...PRODUCTION, SEED_DEMO_DATA: 'true' }, true],
    ['production, false', { ...PRODUCTION, SEED_DEMO_DATA: 'false' }, false],
    ['development, unset', {}, true],
    ['development, false', { SEED_DEMO_DATA: 'false' }, false],
  ])('%s → %s', (_name, env, seeded) => {
    expect(loadConfig(env).seedDemoData).toBe(seeded);
  });

  it('refuses a value that is neither true nor false', () => {
    expect(() => loadConfig({ SEED_DEMO_DATA: 'yes' })).toThrow('SEED_DEMO_DATA must be true or false.');
  });
});

// Issue 14 item 12 (docs/decisions/0218): only the proxies' hop count or addresses, never any X-Forwarded-For.
describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16,loopback', ['10.0.0.5', '10.1.0.0/16', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%s → %j', (value, trusted) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trusted);
  });

  it.each(['true', '0', '11', 'proxy.example.com', '10.0.0.5;rm'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY must be/);
  });
});

// Issue 14, Low (docs/decisions/0218): a weak SESSION_SECRET refuses to start in production with a one-line reason.
describe('SESSION_SECRET in production', () => {
  it.each([
    ['repeated characters', 'a'.repeat(40)],
    ['a repeated word', 'password'.repeat(5)],
    ['few different characters', 'abababababcdcdcdcdcdefefefefefghghghgh'],
  ])('refuses %s', (_name, secret) => {
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: secret })).toThrow(
      /^SESSION_SECRET is too weak/,
    );
  });

  it('accepts 32 random characters, and anything outside production', () => {
    expect(loadConfig({ ...PRODUCTION, SESSION_SECRET: 'x7Kq2mP9vR4tW8yB3nL6hJ1cF5gD0sAe' }).production).toBe(
      true,
    );
    expect(loadConfig({ SESSION_SECRET: 'a'.repeat(40) }).sessionSecret).toBe('a'.repeat(40));
  });
});

describe('API_DOCS', () => {
  it.each([
    ['production, unset', { ...PRODUCTION }, false],
    ['production, asked for', { ...PRODUCTION, API_DOCS: 'true' }, true],
    ['development, unset', {}, true],
    ['development, false', { API_DOCS: 'false' }, false],
  ])('%s → %s', (_name, env, served) => {
    expect(loadConfig(env).apiDocs).toBe(served);
  });
});

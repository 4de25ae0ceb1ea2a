import { describe, expect, it } from 'vitest';
import { ConfigError, databaseSettingsOf, loadConfig } from './config.ts';

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

// Issue 15 "Running it": one schema for every setting of README's configuration table; a refused setting is one line
// naming it and what to do (a ConfigError, which main prints alone and exits 78).
describe('a refused setting: one line naming it and what to do', () => {
  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 1 to 65535 (the HTTP port); unset it for 3000.'],
    ['PORT', '0', 'PORT must be a whole number from 1 to 65535'],
    ['PORT', '65536', 'PORT must be a whole number from 1 to 65535'],
    ['PORT', '80.5', 'PORT must be a whole number from 1 to 65535'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be silent, error, warn, info or debug.'],
    ['LOG_LEVEL', 'INFO', 'LOG_LEVEL must be silent, error, warn, info or debug.'],
    ['DATABASE_URL', 'mysql://root@db/gear', 'DATABASE_URL must be a PostgreSQL URL such as postgres://'],
    ['DATABASE_URL', 'localhost:5432/gear', 'unset it to use the embedded database in DATA_DIR.'],
    ['DATABASE_URL', 'postgres//nohost', 'DATABASE_URL must be a PostgreSQL URL'],
    ['SESSION_SECRET', 'short', 'SESSION_SECRET must be at least 32 characters'],
    ['CAPTCHA_HMAC_KEY', 'short', 'CAPTCHA_HMAC_KEY must be at least 32 characters'],
    ['INSTALMENT_JOB', 'no', 'INSTALMENT_JOB must be true or false.'],
    ['SEED_DEMO_DATA', 'yes', 'SEED_DEMO_DATA must be true or false.'],
    ['API_DOCS', 'on', 'API_DOCS must be true or false.'],
    ['ADMIN_TOTP', 'requried', 'ADMIN_TOTP must be required or off.'],
    ['FILE_STORAGE', 's3', 'FILE_STORAGE must be database or disk.'],
    ['FILE_ENCRYPTION_KEYS', 'k1:c2hvcnQ=', 'FILE_ENCRYPTION_KEYS must be id:base64 pairs of 32-byte keys'],
    ['FILE_ENCRYPTION_KEYS', ' , ', 'FILE_ENCRYPTION_KEYS must be id:base64 pairs of 32-byte keys'],
    ['INTAKE_SENDERS', 'lab:short', 'INTAKE_SENDERS must be name:secret pairs'],
    ['PLACES_PROVIDER', 'google', 'PLACES_PROVIDER must be local or http.'],
    ['PLACES_URL', 'ftp://places', 'PLACES_URL must be an http:// or https:// URL.'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL must be an smtp:// or smtps:// URL'],
    ['PUBLIC_URL', 'portal.example.com', 'PUBLIC_URL must be an http:// or https:// URL'],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY must be false, the number of proxies'],
    [
      'CAPTCHA_MAX_NUMBER',
      '0',
      'CAPTCHA_MAX_NUMBER must be a whole number from 1 to 10000000; unset it for 20000.',
    ],
    ['WEB_CONCURRENCY', '65', 'WEB_CONCURRENCY must be a whole number from 1 to 64; unset it for 1.'],
    ['WEB_CONCURRENCY', 'two', 'WEB_CONCURRENCY must be a whole number from 1 to 64'],
    ['DB_POOL_MAX', '0', 'DB_POOL_MAX must be a whole number from 1 to 100; unset it for 10.'],
    ['DB_CONNECT_TIMEOUT_MS', '99', 'DB_CONNECT_TIMEOUT_MS must be a whole number from 100 to 60000'],
    ['DB_STATEMENT_TIMEOUT_MS', '-1', 'DB_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 600000'],
    ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', '1e6', 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS must be a whole number'],
    ['READY_TIMEOUT_MS', '30001', 'READY_TIMEOUT_MS must be a whole number from 50 to 30000'],
    ['SHUTDOWN_READY_DELAY_MS', '60001', 'SHUTDOWN_READY_DELAY_MS must be a whole number from 0 to 60000'],
    ['SHUTDOWN_TIMEOUT_MS', 'soon', 'SHUTDOWN_TIMEOUT_MS must be a whole number from 100 to 120000'],
  ])('%s=%j', (name, value, message) => {
    const refusal = (() => {
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    const line = (refusal as ConfigError).message;
    expect(line).toContain(message);
    expect(line.startsWith(name)).toBe(true);
    expect(line).not.toContain('\n');
  });

  it.each([
    [
      'SESSION_SECRET unset',
      { SESSION_SECRET: undefined },
      /^SESSION_SECRET must be set to at least 32 characters in production\./,
    ],
    [
      'CAPTCHA_HMAC_KEY unset',
      { CAPTCHA_HMAC_KEY: undefined },
      /^CAPTCHA_HMAC_KEY must be set to at least 32 characters in production\./,
    ],
    [
      'FILE_ENCRYPTION_KEYS unset',
      { FILE_ENCRYPTION_KEYS: undefined },
      /^FILE_ENCRYPTION_KEYS must be set in production/,
    ],
    [
      'SESSION_SECRET of 31 characters',
      { SESSION_SECRET: 'x7Kq2mP9vR4tW8yB3nL6hJ1cF5gD0sA' },
      /^SESSION_SECRET must be at least 32 characters/,
    ],
  ])('production refuses %s', (_name, change, line) => {
    expect(() => loadConfig({ ...PRODUCTION, ...change })).toThrow(line);
  });

  it('PLACES_PROVIDER=http needs PLACES_URL', () => {
    expect(() => loadConfig({ PLACES_PROVIDER: 'http' })).toThrow('PLACES_PROVIDER=http needs PLACES_URL');
    expect(
      loadConfig({ PLACES_PROVIDER: 'http', PLACES_URL: 'https://places.example.com/lookup' }).places,
    ).toEqual({
      provider: 'http',
      url: 'https://places.example.com/lookup',
    });
  });
});

describe("README's defaults", () => {
  const config = loadConfig({});
  it.each([
    ['PORT', config.port, 3000],
    ['HOST', config.host, '0.0.0.0'],
    ['DATABASE_URL', config.databaseUrl, null],
    ['INSTALMENT_JOB', config.instalmentJob, true],
    ['SUPPORT_PHONE', config.supportPhone, '800-522-4762'],
    ['HRSA_GSDL_NUMBERS', config.hrsaGsdlNumbers, ['P1007']],
    ['LOG_LEVEL', config.logLevel, 'info'],
    ['SMTP_URL', config.smtpUrl, null],
    ['MAIL_FROM', config.mailFrom, 'Gear portal <no-reply@gear-portal.localhost>'],
    ['PUBLIC_URL', config.publicUrl, 'http://localhost:3000'],
    ['FILE_STORAGE', config.fileStorage, 'database'],
    ['CAPTCHA_MAX_NUMBER', config.captchaMaxNumber, 20_000],
    ['WEB_CONCURRENCY', config.workers, 1],
    ['ADMIN_TOTP', config.adminTotpRequired, false],
    ['PLACES_PROVIDER', config.places, { provider: 'local', url: null }],
    [
      'DB_* and READY_TIMEOUT_MS',
      config.database,
      {
        poolMax: 10,
        connectTimeoutMs: 5000,
        statementTimeoutMs: 30000,
        idleInTransactionTimeoutMs: 60000,
        readyTimeoutMs: 2000,
      },
    ],
    ['SHUTDOWN_*', config.shutdown, { readyDelayMs: 1000, timeoutMs: 10000 }],
  ])('%s', (_name, value, expected) => {
    expect(value).toEqual(expected);
  });

  it('a random session secret and captcha key of 32+ characters outside production', () => {
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.captchaHmacKey.length).toBeGreaterThanOrEqual(32);
  });

  it('under NODE_ENV=test: no instalment job, an easy captcha', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ instalmentJob: false, captchaMaxNumber: 20 });
  });
});

describe('values read', () => {
  it.each([
    [{ PORT: '8080' }, { port: 8080, publicUrl: 'http://localhost:8080' }],
    [{ PORT: ' 8080 ' }, { port: 8080 }],
    [{ LOG_LEVEL: 'debug' }, { logLevel: 'debug' }],
    [
      { DATABASE_URL: 'postgres://gear:p%40ss@db:5432/gear' },
      { databaseUrl: 'postgres://gear:p%40ss@db:5432/gear' },
    ],
    [
      { DATABASE_URL: 'postgresql:///gear?host=/var/run/postgresql' },
      { databaseUrl: 'postgresql:///gear?host=/var/run/postgresql' },
    ],
    [{ PUBLIC_URL: 'https://portal.example.com/' }, { publicUrl: 'https://portal.example.com' }],
    [{ HRSA_GSDL_NUMBERS: ' P1007, P1009 ' }, { hrsaGsdlNumbers: ['P1007', 'P1009'] }],
    [{ HRSA_GSDL_NUMBERS: '' }, { hrsaGsdlNumbers: [] }],
    [{ INSTALMENT_JOB: 'false' }, { instalmentJob: false }],
    [{ ADMIN_TOTP: 'required' }, { adminTotpRequired: true }],
    [{ FILE_STORAGE: 'disk' }, { fileStorage: 'disk' }],
    [{ INTAKE_SENDERS: `lims:${'s'.repeat(32)}` }, { intakeSenders: { lims: 's'.repeat(32) } }],
  ])('%j', (env, read) => {
    expect(loadConfig(env)).toMatchObject(read);
  });

  // Issue 21 §5 (docs/decisions/0157): WEB_CONCURRENCY workers on PostgreSQL; one on the embedded database.
  it.each([
    [{ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/gear' }, 4],
    [{ WEB_CONCURRENCY: '64', DATABASE_URL: 'postgres://db/gear' }, 64],
    [{ WEB_CONCURRENCY: '4' }, 1],
  ])('WEB_CONCURRENCY %j runs %i workers', (env, workers) => {
    expect(loadConfig(env).workers).toBe(workers);
  });

  it('the database limits alone, as the test databases read them', () => {
    expect(databaseSettingsOf({ DB_POOL_MAX: '3' }).poolMax).toBe(3);
    expect(() => databaseSettingsOf({ DB_POOL_MAX: '101' })).toThrow(/^DB_POOL_MAX must be/);
  });
});

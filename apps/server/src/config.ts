import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FileKey, fileKeysOf } from './adapters/storage/file-cipher.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** The embedded database and stored files live here (git-ignored by default). */
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  supportPhone: string;
  /** Where the contact pages' messages go (SUPPORT_EMAIL; decision 0183). */
  supportEmail: string;
  /** The support line's hours as the contact pages show them (SUPPORT_HOURS; decision 0183). */
  supportHours: string;
  /** Address autocomplete (decision 0184): PLACES_PROVIDER local (default, offline) or http with PLACES_URL. */
  places: { provider: 'local' | 'http'; url: string | null };
  sessionSecret: string;
  /** GSDL numbers that get the HRSA billing option (spec/README.md resolution 3). */
  hrsaGsdlNumbers: string[];
  /** Where 'Schedule a Consult' and the ResultsReady consult action lead (spec 3 §2, §4; CONSULTATION_URL). */
  consultationUrl: string;
  seedDemoData: boolean;
  webDistDir: string;
  production: boolean;
  /**
   * TRUST_PROXY (issue 14 item 12, docs/decisions/0218): false, the number of proxies in front (the client address is
   * that many hops from the end of X-Forwarded-For), or the proxies' addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** API_DOCS: the API documentation at /api/docs; on by default outside production, off in production unless true. */
  apiDocs: boolean;
  /** ADMIN_TOTP=required: administrators sign in with a TOTP code as well (docs/decisions/0226); off by default. */
  adminTotpRequired: boolean;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /**
   * Where email goes (docs/decisions/0090): an smtp:// or smtps:// server (nodemailer), or null for the local outbox
   * (.eml files in DATA_DIR/outbox, listed for admins at /admin/outbox).
   */
  smtpUrl: string | null;
  /** The sender of the portal's email. */
  mailFrom: string;
  /** The portal's address as patients reach it: the links in email start with it. */
  publicUrl: string;
  /**
   * The HMAC key that signs captcha challenges (docs/decisions/0150): CAPTCHA_HMAC_KEY, required (32+ characters) in
   * production; elsewhere a random key made once per process.
   */
  captchaHmacKey: string;
  /** The captcha's difficulty: the solver tries up to this many numbers (CAPTCHA_MAX_NUMBER; small in tests). */
  captchaMaxNumber: number;
  /** The instalment job (decision 0121) runs in this process: INSTALMENT_JOB, on by default, off when NODE_ENV=test. */
  instalmentJob: boolean;
  /** Limits on the database connections (docs/decisions/0153). */
  database: DatabaseSettings;
  /** How a SIGTERM drains the process (docs/decisions/0156). */
  shutdown: ShutdownSettings;
  /** FILE_STORAGE: where stored files live, 'database' (default) or 'disk' (docs/decisions/0201). */
  fileStorage: 'database' | 'disk';
  /**
   * FILE_ENCRYPTION_KEYS ('id:base64' of 32-byte keys, the sealing key first): required in production; elsewhere, when
   * unset, a key made once in DATA_DIR/file-key (docs/decisions/0201).
   */
  fileKeys: FileKey[] | null;
  /**
   * INTAKE_SENDERS ('name:secret,…', secrets of 32+ characters): the laboratory and carrier systems allowed to send
   * events to the intake (decision 0251). Outside production, unset, the demo senders 'lab' and 'carrier' with the
   * secrets README gives; in production, unset, no sender is accepted.
   */
  intakeSenders: Record<string, string>;
}

/** docs/decisions/0153: each setting a whole number of milliseconds within its range, with a default. */
export interface DatabaseSettings {
  /** DB_POOL_MAX: connections per process to a PostgreSQL server (1–100, 10). */
  poolMax: number;
  /** DB_CONNECT_TIMEOUT_MS: a new connection not made within this fails its request with a 503 (100–60000, 5000). */
  connectTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: the server cancels a statement running longer (100–600000, 30000). */
  statementTimeoutMs: number;
  /** DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: the server ends a transaction left idle this long (100–600000, 60000). */
  idleInTransactionTimeoutMs: number;
  /** READY_TIMEOUT_MS: /readyz's SELECT 1 must answer within this (50–30000, 2000). */
  readyTimeoutMs: number;
}

export interface ShutdownSettings {
  /** SHUTDOWN_READY_DELAY_MS: after SIGTERM, /readyz answers 503 this long before the server stops accepting, and every answer closes its connection (0–60000, 1000). */
  readyDelayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: in-flight requests get this long to finish before their connections are cut (100–120000, 10000). */
  timeoutMs: number;
}

/** A whole number of milliseconds from the environment, within [min, max]; the default when unset. */
export function millisecondsOf(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || number < min || number > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}.`);
  return number;
}

/** One random captcha key per process outside production, shared by every app the process builds. */
const processCaptchaKey = randomBytes(32).toString('hex');

/** CAPTCHA_MAX_NUMBER: a whole number from 1 to 10000000; 20000 by default, 20 when NODE_ENV=test. */
function captchaMaxNumberOf(value: string | undefined, test: boolean): number {
  if (value === undefined || value.trim() === '') return test ? 20 : 20_000;
  const number = Number(value.trim());
  if (!Number.isInteger(number) || number < 1 || number > 10_000_000)
    throw new Error('CAPTCHA_MAX_NUMBER must be a whole number from 1 to 10000000.');
  return number;
}

const list = (value: string | undefined, fallback: string[]) =>
  value === undefined
    ? fallback
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

/** SMTP_URL: an smtp:// or smtps:// URL with a host (user and password in it when the server asks for them). */
function smtpUrlOf(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(
      'SMTP_URL must be an smtp:// or smtps:// URL, for example smtp://user:password@mail.example.com:587.',
    );
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '')
    throw new Error(
      'SMTP_URL must be an smtp:// or smtps:// URL, for example smtp://user:password@mail.example.com:587.',
    );
  return url.href;
}

/** PUBLIC_URL: http(s) origin (and path) of the portal, without a trailing slash. */
function publicUrlOf(value: string | undefined, port: number): string {
  const text = value?.trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('PUBLIC_URL must be an http:// or https:// URL, for example https://portal.example.com.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('PUBLIC_URL must be an http:// or https:// URL, for example https://portal.example.com.');
  return url.href.replace(/\/+$/, '');
}

const WEAK_SECRET =
  'SESSION_SECRET is too weak (too few different characters): use 32 or more random characters, for example from `openssl rand -base64 48`.';

/**
 * A session secret worth its length (issue 14, Low; docs/decisions/0218): at least 16 different characters and no
 * character making up more than a quarter of it — what 32 random characters always have, and 'aaaa…' or
 * 'passwordpassword…' never.
 */
export function isStrongSecret(secret: string): boolean {
  const counts = new Map<string, number>();
  for (const character of secret) counts.set(character, (counts.get(character) ?? 0) + 1);
  return counts.size >= 16 && Math.max(...counts.values()) <= secret.length / 4;
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be false, the number of proxies in front of the portal (1 to 10), or their addresses (for example 10.0.0.5,10.1.0.0/16); true would trust any client-written X-Forwarded-For.';

const ADDRESS_OR_RANGE =
  /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/;

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) throw new Error(TRUST_PROXY_HELP);
    return hops;
  }
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (addresses.length === 0 || !addresses.every((address) => ADDRESS_OR_RANGE.test(address)))
    throw new Error(TRUST_PROXY_HELP);
  return addresses;
}

/**
 * SEED_DEMO_DATA (issue 14 item 3, docs/decisions/0212): the demo accounts have published passwords, so production
 * seeds them only when asked for with SEED_DEMO_DATA=true; elsewhere they are seeded unless SEED_DEMO_DATA=false.
 */
function seedDemoDataOf(value: string | undefined, production: boolean): boolean {
  const text = value?.trim().toLowerCase();
  if (text === undefined || text === '') return !production;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new Error('SEED_DEMO_DATA must be true or false.');
}

/** The database limits of docs/decisions/0153 (also read by the test databases). */
export const databaseSettingsOf = (env: NodeJS.ProcessEnv = process.env): DatabaseSettings => ({
  poolMax: millisecondsOf(env, 'DB_POOL_MAX', 10, 1, 100),
  connectTimeoutMs: millisecondsOf(env, 'DB_CONNECT_TIMEOUT_MS', 5_000, 100, 60_000),
  statementTimeoutMs: millisecondsOf(env, 'DB_STATEMENT_TIMEOUT_MS', 30_000, 100, 600_000),
  idleInTransactionTimeoutMs: millisecondsOf(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, 100, 600_000),
  readyTimeoutMs: millisecondsOf(env, 'READY_TIMEOUT_MS', 2_000, 50, 30_000),
});

/** Reads the environment once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const sessionSecret = env.SESSION_SECRET ?? (production ? '' : randomBytes(32).toString('hex'));
  if (sessionSecret.length < 32) {
    throw new Error('SESSION_SECRET must be set to at least 32 characters in production.');
  }
  if (production && !isStrongSecret(sessionSecret)) throw new Error(WEAK_SECRET);
  const captchaHmacKey = env.CAPTCHA_HMAC_KEY ?? (production ? '' : processCaptchaKey);
  if (captchaHmacKey.length < 32) {
    throw new Error('CAPTCHA_HMAC_KEY must be set to at least 32 characters in production.');
  }
  const fileKeys = env.FILE_ENCRYPTION_KEYS?.trim() ? fileKeysOf(env.FILE_ENCRYPTION_KEYS) : null;
  if (production && !fileKeys)
    throw new Error('FILE_ENCRYPTION_KEYS must be set in production (id:base64 of a 32-byte key).');
  const fileStorage = env.FILE_STORAGE?.trim() || 'database';
  if (fileStorage !== 'database' && fileStorage !== 'disk')
    throw new Error("FILE_STORAGE must be 'database' or 'disk'.");
  const port = Number(env.PORT ?? 3000);
  return {
    intakeSenders: intakeSendersOf(env.INTAKE_SENDERS, production),
    fileStorage,
    fileKeys,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    supportPhone: env.SUPPORT_PHONE ?? '800-522-4762',
    supportEmail: env.SUPPORT_EMAIL?.trim() || 'support@gear-portal.localhost',
    supportHours: env.SUPPORT_HOURS?.trim() || 'Monday to Friday, 8:00 AM to 6:00 PM Eastern Time',
    places: placesSettingsOf(env.PLACES_PROVIDER, env.PLACES_URL),
    sessionSecret,
    hrsaGsdlNumbers: list(env.HRSA_GSDL_NUMBERS, ['P1007']),
    consultationUrl: env.CONSULTATION_URL || '/contact',
    seedDemoData: seedDemoDataOf(env.SEED_DEMO_DATA, production),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    production,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    apiDocs:
      env.API_DOCS === undefined || env.API_DOCS.trim() === '' ? !production : env.API_DOCS.trim() === 'true',
    adminTotpRequired: env.ADMIN_TOTP?.trim() === 'required',
    logLevel: (env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'info',
    smtpUrl: smtpUrlOf(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || 'Gear portal <no-reply@gear-portal.localhost>',
    publicUrl: publicUrlOf(env.PUBLIC_URL, port),
    captchaHmacKey,
    captchaMaxNumber: captchaMaxNumberOf(env.CAPTCHA_MAX_NUMBER, env.NODE_ENV === 'test'),
    instalmentJob:
      env.INSTALMENT_JOB === undefined ? env.NODE_ENV !== 'test' : env.INSTALMENT_JOB !== 'false',
    database: databaseSettingsOf(env),
    shutdown: {
      readyDelayMs: millisecondsOf(env, 'SHUTDOWN_READY_DELAY_MS', 1_000, 0, 60_000),
      timeoutMs: millisecondsOf(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 120_000),
    },
  };
}

/** The demo senders' secrets (README): known to everyone, so never used in production. */
export const DEMO_INTAKE_SENDERS: Readonly<Record<string, string>> = {
  lab: 'demo-lab-intake-secret-0123456789abcdef',
  carrier: 'demo-carrier-intake-secret-0123456789abcdef',
};

function intakeSendersOf(value: string | undefined, production: boolean): Record<string, string> {
  if (value === undefined || value.trim() === '') return production ? {} : { ...DEMO_INTAKE_SENDERS };
  const senders: Record<string, string> = {};
  for (const entry of value.split(',')) {
    const at = entry.indexOf(':');
    const name = entry.slice(0, at).trim();
    const secret = entry.slice(at + 1).trim();
    if (at < 1 || !/^[a-z0-9][a-z0-9._-]{0,39}$/.test(name) || secret.length < 32)
      throw new Error('INTAKE_SENDERS must be name:secret pairs, each secret at least 32 characters.');
    senders[name] = secret;
  }
  return senders;
}

/** PLACES_PROVIDER=http needs an http(s) PLACES_URL; anything else is the offline default (decision 0184). */
function placesSettingsOf(provider: string | undefined, url: string | undefined): Config['places'] {
  if (provider !== 'http') return { provider: 'local', url: null };
  if (!url || !/^https?:\/\//.test(url))
    throw new Error('PLACES_PROVIDER=http needs PLACES_URL (http or https)');
  return { provider: 'http', url };
}

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
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
  /** WEB_CONCURRENCY: worker processes of `npm start` (1–64, 1); always 1 on the embedded database (decision 0157). */
  workers: number;
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

/** A setting refused: its one line names the setting and what to do (printed alone, without a stack trace). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * One setting read from its environment variable: unset or blank is undefined (its default is chosen with the
 * others, since some depend on NODE_ENV or PORT); a value `parse` refuses (undefined, or a throw) fails with `help`.
 */
function setting<T>(parse: (text: string) => T | undefined, help: string) {
  return z
    .string()
    .optional()
    .transform((value, context): T | undefined => {
      const text = value?.trim() ?? '';
      if (text === '') return undefined;
      let parsed: T | undefined;
      try {
        parsed = parse(text);
      } catch {
        parsed = undefined;
      }
      if (parsed === undefined) {
        context.addIssue({ code: 'custom', message: help });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A whole number within [min, max]. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  setting(
    (text) => (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : undefined),
    `${name} must be a whole number from ${min} to ${max}; unset it for ${fallback}.`,
  );

/** One of a few words. */
const oneOf = <const T extends string>(name: string, words: readonly T[]) =>
  setting(
    (text) => words.find((word) => word === text),
    `${name} must be ${words.slice(0, -1).join(', ')} or ${words.at(-1)}.`,
  );

/** true or false. */
const trueOrFalse = (name: string) =>
  setting(
    (text) => (text === 'true' ? true : text === 'false' ? false : undefined),
    `${name} must be true or false.`,
  );

/** Any text (a name, an address, a path). */
const anyText = setting((text) => text, '');

/** A URL of one of the protocols, as written; with a host unless `hostless` (a PostgreSQL socket: postgres:///gear). */
const urlOf = (protocols: readonly string[], help: string, hostless = false) =>
  setting((text) => {
    const url = new URL(text);
    return protocols.includes(url.protocol) && (hostless || url.hostname !== '') ? text : undefined;
  }, help);

const SECRET_HELP = 'for example from `openssl rand -base64 48`';

/** A secret of 32+ characters when set (production requires it: productionRefusal). */
const secret = (name: string, use: string) =>
  setting(
    (text) => (text.length >= 32 ? text : undefined),
    `${name} must be at least 32 characters (it ${use}): use random characters, ${SECRET_HELP}; unset it outside production for a random one.`,
  );

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be false, the number of proxies in front of the portal (1 to 10), or their addresses (for example 10.0.0.5,10.1.0.0/16); true would trust any client-written X-Forwarded-For.';

const ADDRESS_OR_RANGE =
  /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/;

/** TRUST_PROXY (issue 14 item 12, docs/decisions/0218): false, a hop count, or the proxies' addresses. */
function trustProxyOf(text: string): Config['trustProxy'] | undefined {
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text) >= 1 && Number(text) <= 10 ? Number(text) : undefined;
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return addresses.length > 0 && addresses.every((address) => ADDRESS_OR_RANGE.test(address))
    ? addresses
    : undefined;
}

/** INTAKE_SENDERS: 'name:secret' pairs, each secret 32+ characters (decision 0251). */
function intakeSendersOf(text: string): Record<string, string> | undefined {
  const senders: Record<string, string> = {};
  for (const entry of text.split(',')) {
    const at = entry.indexOf(':');
    const name = entry.slice(0, at).trim();
    const secret = entry.slice(at + 1).trim();
    if (at < 1 || !/^[a-z0-9][a-z0-9._-]{0,39}$/.test(name) || secret.length < 32) return undefined;
    senders[name] = secret;
  }
  return senders;
}

/** A comma list; set but blank is an empty list (HRSA_GSDL_NUMBERS= gives no practitioner the HRSA option). */
const commaList = z
  .string()
  .optional()
  .transform((value) =>
    value
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

/** The database limits of docs/decisions/0153 (also read alone by the test databases: databaseSettingsOf). */
const databaseShape = {
  DB_POOL_MAX: wholeNumber('DB_POOL_MAX', 1, 100, 10),
  DB_CONNECT_TIMEOUT_MS: wholeNumber('DB_CONNECT_TIMEOUT_MS', 100, 60_000, 5_000),
  DB_STATEMENT_TIMEOUT_MS: wholeNumber('DB_STATEMENT_TIMEOUT_MS', 100, 600_000, 30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: wholeNumber('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 100, 600_000, 60_000),
  READY_TIMEOUT_MS: wholeNumber('READY_TIMEOUT_MS', 50, 30_000, 2_000),
};

const databaseOf = (env: z.infer<z.ZodObject<typeof databaseShape>>): DatabaseSettings => ({
  poolMax: env.DB_POOL_MAX ?? 10,
  connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS ?? 5_000,
  statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS ?? 30_000,
  idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? 60_000,
  readyTimeoutMs: env.READY_TIMEOUT_MS ?? 2_000,
});

/** Every setting of README's configuration table, each read once from its environment variable. */
const environmentSchema = z.object({
  NODE_ENV: anyText,
  PORT: setting(
    (text) => (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 65_535 ? Number(text) : undefined),
    'PORT must be a whole number from 1 to 65535 (the HTTP port); unset it for 3000.',
  ),
  HOST: anyText,
  DATA_DIR: anyText,
  DATABASE_URL: urlOf(
    ['postgres:', 'postgresql:'],
    'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/gear; unset it to use the embedded database in DATA_DIR.',
    true,
  ),
  INSTALMENT_JOB: trueOrFalse('INSTALMENT_JOB'),
  SUPPORT_PHONE: anyText,
  SUPPORT_EMAIL: anyText,
  SUPPORT_HOURS: anyText,
  PLACES_PROVIDER: oneOf('PLACES_PROVIDER', ['local', 'http']),
  PLACES_URL: urlOf(['http:', 'https:'], 'PLACES_URL must be an http:// or https:// URL.'),
  SESSION_SECRET: secret('SESSION_SECRET', 'signs the bearer tokens'),
  HRSA_GSDL_NUMBERS: commaList,
  CONSULTATION_URL: anyText,
  SEED_DEMO_DATA: trueOrFalse('SEED_DEMO_DATA'),
  WEB_DIST_DIR: anyText,
  TRUST_PROXY: setting(trustProxyOf, TRUST_PROXY_HELP),
  API_DOCS: trueOrFalse('API_DOCS'),
  ADMIN_TOTP: oneOf('ADMIN_TOTP', ['required', 'off']),
  LOG_LEVEL: oneOf('LOG_LEVEL', ['silent', 'error', 'warn', 'info', 'debug']),
  SMTP_URL: urlOf(
    ['smtp:', 'smtps:'],
    'SMTP_URL must be an smtp:// or smtps:// URL, for example smtp://user:password@mail.example.com:587; unset it to write email to the outbox.',
  ),
  MAIL_FROM: anyText,
  PUBLIC_URL: urlOf(
    ['http:', 'https:'],
    'PUBLIC_URL must be an http:// or https:// URL, for example https://portal.example.com.',
  ),
  CAPTCHA_HMAC_KEY: secret('CAPTCHA_HMAC_KEY', "signs the captcha's challenges"),
  CAPTCHA_MAX_NUMBER: wholeNumber('CAPTCHA_MAX_NUMBER', 1, 10_000_000, 20_000),
  FILE_STORAGE: oneOf('FILE_STORAGE', ['database', 'disk']),
  FILE_ENCRYPTION_KEYS: setting((text) => {
    const keys = fileKeysOf(text);
    return keys.length > 0 ? keys : undefined;
  }, 'FILE_ENCRYPTION_KEYS must be id:base64 pairs of 32-byte keys, separated by commas (a key: `openssl rand -base64 32`).'),
  INTAKE_SENDERS: setting(
    intakeSendersOf,
    'INTAKE_SENDERS must be name:secret pairs, each secret at least 32 characters.',
  ),
  WEB_CONCURRENCY: wholeNumber('WEB_CONCURRENCY', 1, 64, 1),
  ...databaseShape,
  SHUTDOWN_READY_DELAY_MS: wholeNumber('SHUTDOWN_READY_DELAY_MS', 0, 60_000, 1_000),
  SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 100, 120_000, 10_000),
});

type Environment = z.infer<typeof environmentSchema>;

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

/** One random captcha key per process outside production, shared by every app the process builds. */
const processCaptchaKey = randomBytes(32).toString('hex');

/** The demo senders' secrets (README): known to everyone, so never used in production. */
export const DEMO_INTAKE_SENDERS: Readonly<Record<string, string>> = {
  lab: 'demo-lab-intake-secret-0123456789abcdef',
  carrier: 'demo-carrier-intake-secret-0123456789abcdef',
};

/** What production requires that development makes up (each refusal names its setting and what to do). */
function productionRefusal(env: Environment): string | null {
  if (!env.SESSION_SECRET)
    return `SESSION_SECRET must be set to at least 32 characters in production. It signs the bearer tokens: use random characters, ${SECRET_HELP}.`;
  if (!isStrongSecret(env.SESSION_SECRET))
    return `SESSION_SECRET is too weak (too few different characters): use 32 or more random characters, ${SECRET_HELP}.`;
  if (!env.CAPTCHA_HMAC_KEY)
    return `CAPTCHA_HMAC_KEY must be set to at least 32 characters in production. It signs the captcha's challenges: use random characters, ${SECRET_HELP}.`;
  if (!env.FILE_ENCRYPTION_KEYS)
    return 'FILE_ENCRYPTION_KEYS must be set in production (id:base64 of a 32-byte key, for example k1:$(openssl rand -base64 32)).';
  return null;
}

/** The settings with their defaults, which depend on NODE_ENV (production, test) and PORT. */
function configOf(env: Environment): Config {
  const production = env.NODE_ENV === 'production';
  const test = env.NODE_ENV === 'test';
  const port = env.PORT ?? 3000;
  const database = databaseOf(env);
  const databaseUrl = env.DATABASE_URL ?? null;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl,
    supportPhone: env.SUPPORT_PHONE ?? '800-522-4762',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@gear-portal.localhost',
    supportHours: env.SUPPORT_HOURS ?? 'Monday to Friday, 8:00 AM to 6:00 PM Eastern Time',
    places:
      env.PLACES_PROVIDER === 'http'
        ? { provider: 'http', url: env.PLACES_URL ?? '' }
        : { provider: 'local', url: null },
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    hrsaGsdlNumbers: env.HRSA_GSDL_NUMBERS ?? ['P1007'],
    consultationUrl: env.CONSULTATION_URL ?? '/contact',
    seedDemoData: env.SEED_DEMO_DATA ?? !production,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    production,
    trustProxy: env.TRUST_PROXY ?? false,
    apiDocs: env.API_DOCS ?? !production,
    adminTotpRequired: env.ADMIN_TOTP === 'required',
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL ? new URL(env.SMTP_URL).href : null,
    mailFrom: env.MAIL_FROM ?? 'Gear portal <no-reply@gear-portal.localhost>',
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).href.replace(/\/+$/, ''),
    captchaHmacKey: env.CAPTCHA_HMAC_KEY ?? processCaptchaKey,
    captchaMaxNumber: env.CAPTCHA_MAX_NUMBER ?? (test ? 20 : 20_000),
    instalmentJob: env.INSTALMENT_JOB ?? !test,
    database,
    shutdown: {
      readyDelayMs: env.SHUTDOWN_READY_DELAY_MS ?? 1_000,
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    },
    fileStorage: env.FILE_STORAGE ?? 'database',
    fileKeys: env.FILE_ENCRYPTION_KEYS ?? null,
    intakeSenders: env.INTAKE_SENDERS ?? (production ? {} : { ...DEMO_INTAKE_SENDERS }),
    workers: databaseUrl ? (env.WEB_CONCURRENCY ?? 1) : 1,
  };
}

/** The schema's answer, or the ConfigError of its first refusal. */
function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new ConfigError(issue?.message || `${issue?.path.join('.')} is not valid.`);
}

/**
 * Reads the environment once through the one schema of every setting. A refused setting throws a ConfigError whose
 * message is the one line to print: the setting and what to do.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = parsed(
    environmentSchema
      .superRefine((read, context) => {
        const refusal = read.NODE_ENV === 'production' ? productionRefusal(read) : null;
        if (refusal) context.addIssue({ code: 'custom', message: refusal });
        if (read.PLACES_PROVIDER === 'http' && !read.PLACES_URL)
          context.addIssue({
            code: 'custom',
            message: 'PLACES_PROVIDER=http needs PLACES_URL (http or https).',
          });
      })
      .safeParse(env),
  );
  return configOf(settings);
}

/** The database limits of docs/decisions/0153 alone (the test databases read them). */
export const databaseSettingsOf = (env: NodeJS.ProcessEnv = process.env): DatabaseSettings =>
  databaseOf(parsed(z.object(databaseShape).safeParse(env)));

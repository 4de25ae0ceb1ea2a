import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** The embedded database and stored files live here (git-ignored by default). */
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  supportPhone: string;
  sessionSecret: string;
  /** GSDL numbers that get the HRSA billing option (spec/README.md resolution 3). */
  hrsaGsdlNumbers: string[];
  seedDemoData: boolean;
  webDistDir: string;
  production: boolean;
  trustProxy: boolean;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
}

const list = (value: string | undefined, fallback: string[]) =>
  value === undefined
    ? fallback
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

/** Reads the environment once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const sessionSecret = env.SESSION_SECRET ?? (production ? '' : randomBytes(32).toString('hex'));
  if (sessionSecret.length < 32) {
    throw new Error('SESSION_SECRET must be set to at least 32 characters in production.');
  }
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    supportPhone: env.SUPPORT_PHONE ?? '800-522-4762',
    sessionSecret,
    hrsaGsdlNumbers: list(env.HRSA_GSDL_NUMBERS, ['P1007']),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    production,
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: (env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'info',
  };
}

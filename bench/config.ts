import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config.ts';

/** The configuration every benchmarked API process runs with (the same secret: a token is good on each). */
export const BENCH_CONFIG = () =>
  loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-Q7r2Lk9vX4mP8tW1zN6cY3hJ5sD0fGaB',
    CAPTCHA_HMAC_KEY: 'c'.repeat(40),
    FILE_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/none',
  });

/** The baseline every ratio is taken against: a route that does nothing. */
export const addBareRoute = (app: FastifyInstance) =>
  app.get('/bench/bare', { config: { access: 'public' } }, async () => ({ ok: true }));

// Decision 0233: a per-address limit holds across processes; its counts live in the database.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../db/test-db.ts';
import { CAPTCHA_CHALLENGE_RATE_LIMIT } from '../modules/captcha/captcha.routes.ts';
import { countHit, sweepRateLimitHits } from './rate-limit-store.ts';

let database: Database;
let apps: FastifyInstance[];

const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: '/nonexistent',
  });

beforeAll(async () => {
  database = await openTestDatabase();
  // Two API processes on one database: nothing shared between them but the database.
  apps = [await buildApp(config(), database.db), await buildApp(config(), database.db)];
}, 120_000);

afterAll(async () => {
  for (const app of apps ?? []) await app.close();
  await database?.close();
});

const challenge = (app: FastifyInstance, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'GET', url: '/gear/captcha/challenge', remoteAddress });

describe('the per-address limits, counted in the database', () => {
  it('200 concurrent counts of one key get the counts 1 to 200, each once', async () => {
    const counted = await Promise.all(
      Array.from({ length: 200 }, () => countHit(database.db, 'test concurrent', 60_000)),
    );
    expect(counted.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    );
    expect(counted.every((hit) => hit.ttl > 0 && hit.ttl <= 60_000)).toBe(true);
  }, 60_000);

  it('200 concurrent challenges from one address on two processes: exactly the limit answered, the rest 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => challenge(apps[index % 2] as FastifyInstance)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(CAPTCHA_CHALLENGE_RATE_LIMIT.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(200 - CAPTCHA_CHALLENGE_RATE_LIMIT.max);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address keeps its own budget.
    expect((await challenge(apps[1] as FastifyInstance, '203.0.113.8')).statusCode).toBe(200);
  }, 120_000);

  it('a window that has ended starts again at one, and its row is swept', async () => {
    await database.db.execute(sql`update rate_limit_hits set resets_at = now() - interval '1 second'`);
    expect((await challenge(apps[0] as FastifyInstance)).statusCode).toBe(200);
    await database.db.execute(sql`update rate_limit_hits set resets_at = now() - interval '1 second'`);
    await sweepRateLimitHits(database.db);
    const left = await database.db.execute(sql`select count(*)::int as n from rate_limit_hits`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

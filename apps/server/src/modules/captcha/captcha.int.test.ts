import { CAPTCHA_INVALID_MESSAGE, type CaptchaChallenge, errorEnvelopeSchema } from '@gear/domain';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { captchaSolutions } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../db/test-db.ts';
import { solvedCaptcha, solvedPayloadOf } from '../../test/captcha.ts';
import {
  CAPTCHA_LIFETIME_MS,
  captchaAccepted,
  newCaptchaChallenge,
  purgeExpiredCaptchaSolutions,
} from './captcha.service.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: '/nonexistent',
    }),
    database.db,
  );
  // A route that takes a captcha the way activation and payment will: the spec's `recaptcha` field.
  app.post('/test/captcha-guarded', { config: { access: 'public' } }, async (request, reply) => {
    const body = z.object({ recaptcha: z.string().optional() }).safeParse(request.body);
    if (!(await captchaAccepted(app.db, body.success ? body.data.recaptcha : undefined)))
      return reply.code(400).send({ error: 'RecaptchaInvalidException', message: CAPTCHA_INVALID_MESSAGE });
    return reply.code(204).send();
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('GET /gear/captcha/challenge', () => {
  it('answers a signed challenge, not to be cached, expiring in 10 minutes, to anyone', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await app.inject({ method: 'GET', url: '/gear/captcha/challenge' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json<CaptchaChallenge>();
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt - before).toBeGreaterThanOrEqual(CAPTCHA_LIFETIME_MS / 1000 - 1);
    expect(challenge.parameters.expiresAt - before).toBeLessThanOrEqual(CAPTCHA_LIFETIME_MS / 1000 + 1);
  });

  it('is in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    expect(document.paths['/gear/captcha/challenge']?.get?.responses).toHaveProperty('200');
  });

  it('answers a new challenge each time', async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(() => app.inject({ method: 'GET', url: '/gear/captcha/challenge' })),
    );
    expect(a?.json<CaptchaChallenge>().signature).not.toBe(b?.json<CaptchaChallenge>().signature);
  });
});

describe('captchaAccepted (docs/decisions/0150; spec 3 §8 RecaptchaInvalidException)', () => {
  it('accepts a solved challenge once; the same solution again is refused (replay)', async () => {
    const payload = await solvedCaptcha(app);
    expect(await captchaAccepted(app.db, payload)).toBe(true);
    expect(await captchaAccepted(app.db, payload)).toBe(false);
  });

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['empty', ''],
    ['malformed', 'this is not a payload'],
    ['an object rather than the payload string', { challenge: null, solution: null }],
    ["the widget's test mode", encode({ challenge: null, solution: null, test: true })],
  ])('refuses a payload that is %s', async (_case, payload) => {
    expect(await captchaAccepted(app.db, payload)).toBe(false);
  });

  it.each<[string, (p: ReturnType<typeof decode>) => void]>([
    ['an easier key prefix', (p) => (p.challenge.parameters.keyPrefix = '00')],
    ['a later expiry', (p) => (p.challenge.parameters.expiresAt += 3600)],
    ['another key signature', (p) => (p.challenge.parameters.keySignature = 'ab'.repeat(32))],
    ['another signature', (p) => (p.challenge.signature = 'ab'.repeat(32))],
    ['a wrong derived key', (p) => (p.solution.derivedKey = 'ab'.repeat(32))],
  ])('refuses a tampered payload: %s', async (_case, tamper) => {
    const payload = decode(await solvedCaptcha(app));
    tamper(payload);
    expect(await captchaAccepted(app.db, encode(payload))).toBe(false);
  });

  it('refuses a solution to a challenge that has expired', async () => {
    const challenge = await newCaptchaChallenge(new Date(Date.now() - CAPTCHA_LIFETIME_MS - 1000));
    expect(await captchaAccepted(app.db, await solvedPayloadOf(challenge))).toBe(false);
  });

  it('accepts a solution to a challenge just short of its expiry', async () => {
    const challenge = await newCaptchaChallenge(new Date(Date.now() - CAPTCHA_LIFETIME_MS + 60_000));
    expect(await captchaAccepted(app.db, await solvedPayloadOf(challenge))).toBe(true);
  });

  it('200 concurrent uses of one solution through an API: exactly one is accepted', async () => {
    const payload = await solvedCaptcha(app);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        app.inject({ method: 'POST', url: '/test/captcha-guarded', payload: { recaptcha: payload } }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(199);
    const refused = responses.find((r) => r.statusCode === 400);
    expect(errorEnvelopeSchema.parse(refused?.json()).message).toBe(
      'Error verifying reCAPTCHA. Please try again.',
    );
  });

  it('answers the spec message to a request without a captcha', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/captcha-guarded', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'RecaptchaInvalidException', message: CAPTCHA_INVALID_MESSAGE });
  });
});

describe('purgeExpiredCaptchaSolutions', () => {
  it('forgets solutions of challenges expired for over 5 minutes, and keeps the rest', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
    await app.db.insert(captchaSolutions).values([
      { signature: 'purge-long-expired', expiresAt: minutes(-60) },
      { signature: 'purge-just-expired', expiresAt: minutes(-1) },
      { signature: 'purge-live', expiresAt: minutes(5) },
    ]);
    expect(await purgeExpiredCaptchaSolutions(app.db, now)).toBeGreaterThanOrEqual(1);
    const left = await app.db.select({ signature: captchaSolutions.signature }).from(captchaSolutions);
    const names = left.map((r) => r.signature);
    expect(names).not.toContain('purge-long-expired');
    expect(names).toContain('purge-just-expired');
    expect(names).toContain('purge-live');
    const [total] = await app.db.select({ n: count() }).from(captchaSolutions);
    expect(total?.n).toBe(left.length);
  });
});

describe('configuration', () => {
  it('CAPTCHA_HMAC_KEY is required in production', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x7Kq2mP9vR4tW8yB3nL6hJ1cF5gD0sAe',
      FILE_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
    };
    expect(() => loadConfig(production)).toThrow(
      'CAPTCHA_HMAC_KEY must be set to at least 32 characters in production.',
    );
    expect(() => loadConfig({ ...production, CAPTCHA_HMAC_KEY: 'short' })).toThrow('CAPTCHA_HMAC_KEY');
    expect(loadConfig({ ...production, CAPTCHA_HMAC_KEY: 'k'.repeat(32) }).captchaHmacKey).toBe(
      'k'.repeat(32),
    );
  });

  it('outside production one random key per process; the difficulty is small in tests', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).captchaHmacKey).toBe(loadConfig({}).captchaHmacKey);
    expect(loadConfig({ NODE_ENV: 'development' }).captchaHmacKey).toHaveLength(64);
    expect(loadConfig({ NODE_ENV: 'test' }).captchaMaxNumber).toBe(20);
    expect(loadConfig({}).captchaMaxNumber).toBe(20_000);
    expect(loadConfig({ CAPTCHA_MAX_NUMBER: '500' }).captchaMaxNumber).toBe(500);
    expect(() => loadConfig({ CAPTCHA_MAX_NUMBER: '0' })).toThrow('CAPTCHA_MAX_NUMBER');
    expect(() => loadConfig({ CAPTCHA_MAX_NUMBER: 'many' })).toThrow('CAPTCHA_MAX_NUMBER');
  });
});

import { createHmac } from 'node:crypto';
import { type CaptchaChallenge, captchaChallengeSchema, decodeCaptchaPayload } from '@gear/domain';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchaSolutions } from '../../db/schema/index.ts';

/** How long a challenge may be solved and its solution used (docs/decisions/0150). */
export const CAPTCHA_LIFETIME_MS = 10 * 60 * 1000;
/** PBKDF2 iterations per number tried: the work of one try (the widget's default algorithm). */
const CAPTCHA_COST = 100;

interface CaptchaKeys {
  /** Signs the challenge's parameters (tamper check). */
  challenge: string;
  /** Signs the derived key the solver must find, so that a solution is checked with one HMAC. */
  key: string;
  maxNumber: number;
}

/**
 * The keys of this process, set by the captcha routes when the app is built from its configuration. One per process:
 * every app a process builds reads the same CAPTCHA_HMAC_KEY (or the same random key outside production).
 */
let keys: CaptchaKeys | null = null;

export function useCaptchaConfig(config: { captchaHmacKey: string; captchaMaxNumber: number }): void {
  const derive = (purpose: string) =>
    createHmac('sha256', config.captchaHmacKey).update(`gear captcha ${purpose}`).digest('hex');
  keys = { challenge: derive('challenge'), key: derive('derived key'), maxNumber: config.captchaMaxNumber };
}

function keysOrFail(): CaptchaKeys {
  if (!keys) throw new Error('The captcha is not configured: register captchaRoutes first.');
  return keys;
}

/** A new signed challenge: the solver must find a number from 1 to the configured maximum. */
export async function newCaptchaChallenge(now: Date = new Date()): Promise<CaptchaChallenge> {
  const { challenge, key, maxNumber } = keysOrFail();
  const created = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: CAPTCHA_COST,
    counter: randomInt(maxNumber),
    deriveKey,
    expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_MS),
    hmacSignatureSecret: challenge,
    hmacKeySignatureSecret: key,
  });
  return captchaChallengeSchema.parse(created);
}

/**
 * Whether a captcha payload (the widget's, from the spec's `recaptcha` parameter) proves a solved challenge of ours
 * that has not expired and was never accepted before. False for a missing, malformed, tampered, expired or used one.
 * Each solution is accepted once: its challenge's signature is inserted, and of any number of concurrent uses only
 * the one whose insert lands answers true. Callers answer CAPTCHA_INVALID_MESSAGE when false.
 */
export async function captchaAccepted(db: Db, payload: unknown): Promise<boolean> {
  const decoded = decodeCaptchaPayload(payload);
  if (!decoded) return false;
  const { challenge, key } = keysOrFail();
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: challenge,
      hmacKeySignatureSecret: key,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) return false;
  const used = await db
    .insert(captchaSolutions)
    .values({
      signature: decoded.challenge.signature,
      expiresAt: new Date(decoded.challenge.parameters.expiresAt * 1000),
    })
    .onConflictDoNothing()
    .returning({ signature: captchaSolutions.signature });
  return used.length === 1;
}

/**
 * A row outlives its challenge by this much before it is purged: a use checked just before the expiry may still be
 * inserting, and its twin must still meet the row.
 */
const PURGE_GRACE_MS = 5 * 60 * 1000;

/**
 * Forgets the solutions whose challenges expired (more than PURGE_GRACE_MS ago): those are refused for their expiry
 * before this table is asked, so their rows no longer guard anything. Answers how many went.
 */
export async function purgeExpiredCaptchaSolutions(db: Db, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(captchaSolutions)
    .where(lt(captchaSolutions.expiresAt, new Date(now.getTime() - PURGE_GRACE_MS)))
    .returning({ signature: captchaSolutions.signature });
  return gone.length;
}

import type { CaptchaChallenge } from '@gear/domain';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/** Solves a challenge as the widget does, answering the payload it sends: base64 of the JSON {challenge, solution}. */
export async function solvedPayloadOf(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('The captcha challenge was not solved in time.');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Fetches a challenge through the app and solves it: the payload the widget would send in `recaptcha`. Many browsers
 * (past the challenge's rate limit per address) are told apart by `remoteAddress`.
 */
export async function solvedCaptcha(app: FastifyInstance, remoteAddress?: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/gear/captcha/challenge',
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`GET /gear/captcha/challenge answered ${response.statusCode}`);
  return solvedPayloadOf(response.json<CaptchaChallenge>());
}

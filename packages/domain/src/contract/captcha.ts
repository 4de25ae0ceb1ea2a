import { z } from 'zod';

/**
 * The captcha (docs/decisions/0150): a self-hosted ALTCHA proof of work. GET /gear/captcha/challenge answers a signed
 * challenge; the widget solves it and sends back, in the spec's `recaptcha` parameter or field, the payload: base64
 * of the JSON `{challenge, solution}`.
 */

const hex = (max: number) =>
  z
    .string()
    .regex(/^(?:[0-9a-f]{2})+$/, 'hexadecimal')
    .max(max);

/** The parameters the server signs; every one is covered by the signature, so none may be dropped on the way. */
export const captchaChallengeParametersSchema = z.object({
  algorithm: z.literal('PBKDF2/SHA-256'),
  nonce: hex(64),
  salt: hex(64),
  cost: z.int().min(1).max(1_000_000),
  keyLength: z.int().min(1).max(64),
  keyPrefix: hex(128),
  keySignature: hex(128),
  /** Seconds since 1970: the challenge is refused after it. */
  expiresAt: z.int().min(1),
});

export const captchaChallengeSchema = z
  .object({
    parameters: captchaChallengeParametersSchema,
    signature: hex(128),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export const captchaSolutionSchema = z.object({
  counter: z.int().min(0).max(0xffffffff),
  derivedKey: hex(128),
  time: z.number().min(0).optional(),
});

export const captchaPayloadSchema = z.object({
  challenge: captchaChallengeSchema,
  solution: captchaSolutionSchema,
});
export type CaptchaPayload = z.infer<typeof captchaPayloadSchema>;

/** Longer than any payload the widget sends for our challenges (about 700 characters). */
export const CAPTCHA_PAYLOAD_MAX_LENGTH = 4096;

/** Base64 as browsers and Node (16+) both provide it; the domain package is typed without either's library. */
const base64 = globalThis as unknown as { atob(text: string): string; btoa(text: string): string };
export const fromBase64 = (text: string): string => base64.atob(text);
export const toBase64 = (text: string): string => base64.btoa(text);

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The challenge and solution a captcha payload carries, or null when it is not one: not a string, empty, too long,
 * not strict base64, not JSON, or not of the payload's shape. Says nothing of whether the solution is right.
 */
export function decodeCaptchaPayload(payload: unknown): CaptchaPayload | null {
  if (typeof payload !== 'string' || payload === '' || payload.length > CAPTCHA_PAYLOAD_MAX_LENGTH)
    return null;
  if (!BASE64.test(payload)) return null;
  let json: unknown;
  try {
    json = JSON.parse(fromBase64(payload));
  } catch {
    return null;
  }
  const parsed = captchaPayloadSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

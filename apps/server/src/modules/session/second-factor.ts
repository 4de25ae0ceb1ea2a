import { generateSecret, generateURI, verify } from 'otplib';

/** Why a second factor was refused (docs/decisions/0226). */
export type SecondFactorRefusal = 'notEnrolled' | 'codeRequired' | 'codeWrong';

export const SECOND_FACTOR_MESSAGES: Record<SecondFactorRefusal, string> = {
  notEnrolled:
    'This administrator account needs a second factor. Ask an operator to run npm run admin:totp for it, then try again.',
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeWrong: 'The code is not correct. Enter the current 6-digit code from your authenticator app.',
};

/** One 30-second step either side is accepted (clock drift between the phone and the server). */
const TOLERANCE_SECONDS = 30;

/** Null when the code proves the secret now, else why not. */
export async function secondFactorRefusal(
  secret: string | null,
  code: string | undefined,
  now: Date,
): Promise<SecondFactorRefusal | null> {
  if (!secret) return 'notEnrolled';
  if (!code) return 'codeRequired';
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  return result.valid ? null : 'codeWrong';
}

/** A new secret and the otpauth URI an authenticator app reads (as text or a QR code) for it. */
export function newSecondFactor(loginName: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: 'Gear', label: loginName, secret }) };
}

import { createSecretKey, type KeyObject } from 'node:crypto';
import type { UserType } from '@gear/domain';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** Claims of the short-lived bearer token; enough to authorise a call without a database read. */
export interface AccessClaims {
  /** The user's id; null for a patient who proved orders without an account (docs/decisions/0040). */
  sub: number | null;
  sid: string;
  type: UserType;
  gsdlNo: string | null;
  obo: string[];
  adm: boolean;
  /** prc only: the orders proven in the patient's session (docs/decisions/0040). */
  ord?: number[];
  iat: number;
  exp: number;
}

export const ACCESS_TOKEN_SECONDS = 300;

/** The signing key of a secret, made once per secret (jose takes a Node KeyObject as an HS256 key). */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** A signed HS256 JWT of the claims, valid ACCESS_TOKEN_SECONDS from now. */
export function signAccessToken(claims: Omit<AccessClaims, 'iat' | 'exp'>, secret: string, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  // The claims keep their shape (sub a user id number, or null), which jose's JWTPayload type writes as a string.
  return new SignJWT({ ...claims } as unknown as JWTPayload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(keyOf(secret));
}

const VERIFIED_TOKENS = 1000;
/** Tokens whose signature was found good, with the secret they were checked against (decision 0055). */
const verified = new Map<string, { secret: string; claims: AccessClaims }>();

/**
 * The claims of a well-formed, correctly signed, unexpired HS256 token; null otherwise. A signature once found good
 * stays good, so a token seen again is only checked for expiry (every call of a page carries the same token).
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
  now = Date.now(),
): Promise<AccessClaims | null> {
  const known = verified.get(token);
  if (known && known.secret === secret) return known.claims.exp * 1000 > now ? known.claims : null;
  const claims = await verifySignedToken(token, secret, now);
  if (claims) {
    if (verified.size >= VERIFIED_TOKENS) verified.clear();
    verified.set(token, { secret, claims });
  }
  return claims;
}

async function verifySignedToken(token: string, secret: string, now: number): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      typ: 'JWT',
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    return payload as unknown as AccessClaims;
  } catch {
    return null;
  }
}

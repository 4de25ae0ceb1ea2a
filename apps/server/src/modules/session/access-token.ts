import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserType } from '@gear/domain';

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

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signAccessToken(claims: Omit<AccessClaims, 'iat' | 'exp'>, secret: string, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const payload = base64url(JSON.stringify({ ...claims, iat, exp: iat + ACCESS_TOKEN_SECONDS }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

const VERIFIED_TOKENS = 1000;
/** Tokens whose signature was found good, with the secret they were checked against (decision 0055). */
const verified = new Map<string, { secret: string; claims: AccessClaims }>();

/**
 * The claims of a well-formed, correctly signed, unexpired HS256 token; null otherwise. A signature once found good
 * stays good, so a token seen again is only checked for expiry (every call of a page carries the same token).
 */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const known = verified.get(token);
  if (known && known.secret === secret) return known.claims.exp * 1000 > now ? known.claims : null;
  const claims = verifySignedToken(token, secret, now);
  if (claims) {
    if (verified.size >= VERIFIED_TOKENS) verified.clear();
    verified.set(token, { secret, claims });
  }
  return claims;
}

function verifySignedToken(token: string, secret: string, now: number): AccessClaims | null {
  const [head, payload, signature] = token.split('.');
  if (head !== header || !payload || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
    return typeof claims.exp === 'number' && claims.exp * 1000 > now ? claims : null;
  } catch {
    return null;
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { INTAKE_MESSAGES } from '@gear/domain';
import { unauthorized } from '../../lib/http-error.ts';

/** The headers a sender signs with (the shape of stripe-node's Webhooks: t=timestamp,v1=hex HMAC-SHA256). */
export const SENDER_HEADER = 'gear-intake-sender';
export const SIGNATURE_HEADER = 'gear-signature';

/** spec/README.md resolution 8: a request signed more than 5 minutes from now is refused. */
export const TOLERANCE_SECONDS = 300;

export const signatureOf = (secret: string, timestamp: number, rawBody: string | Buffer): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** The Gear-Signature header for a body (the events command and the tests sign with it). */
export function signatureHeader(secret: string, rawBody: string | Buffer, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, rawBody)}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return Number.isFinite(timestamp) && signatures.length > 0 ? { timestamp, signatures } : null;
}

const equalHex = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * Checks a request's signature and answers its sender: 401 when unsigned, from an unknown sender, signed with
 * another secret or body, or with a timestamp outside the window. Comparison in constant time.
 */
export function verifiedSender(
  senders: Readonly<Record<string, string>>,
  sender: string | undefined,
  header: string | undefined,
  rawBody: string | Buffer,
  now = nowSeconds(),
): string {
  if (!sender || !header) throw unauthorized(INTAKE_MESSAGES.unsigned);
  const parsed = parseHeader(header);
  if (!parsed) throw unauthorized(INTAKE_MESSAGES.unsigned);
  const secret = Object.hasOwn(senders, sender) ? senders[sender] : undefined;
  if (!secret) throw unauthorized(INTAKE_MESSAGES.unknownSender);
  const expected = signatureOf(secret, parsed.timestamp, rawBody);
  if (!parsed.signatures.some((signature) => equalHex(signature, expected)))
    throw unauthorized(INTAKE_MESSAGES.badSignature);
  if (Math.abs(now - parsed.timestamp) > TOLERANCE_SECONDS) throw unauthorized(INTAKE_MESSAGES.stale);
  return sender;
}

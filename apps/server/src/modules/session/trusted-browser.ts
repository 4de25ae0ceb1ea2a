import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * "This browser proved order N / signed in as X before" (issue 14 item 9, docs/decisions/0222): a cookie signed by the
 * server, so that the real owner still gets in while strangers have used up the order's or the login's budget. It
 * grants nothing by itself: it only gives that browser a budget of its own for those subjects.
 */
export interface TrustedBrowser {
  /** Random, names this browser's own budget. */
  id: string;
  /** Throttle subjects proven from this browser ('order:12', 'login:dr.avery'), newest first. */
  subjects: string[];
  /** Milliseconds since the epoch. */
  exp: number;
}

export const TRUSTED_BROWSER_DAYS = 90;
const SUBJECTS_MAX = 20;
const COOKIE_MAX = 2048;

export const trustedBrowserCookieName = (production: boolean) =>
  production ? '__Host-gear_trusted' : 'gear_trusted';

const signatureOf = (payload: string, secret: string) =>
  createHmac('sha256', createHmac('sha256', secret).update('trusted-browser').digest())
    .update(payload)
    .digest();

export function signTrustedBrowser(browser: TrustedBrowser, secret: string): string {
  const payload = Buffer.from(JSON.stringify(browser)).toString('base64url');
  return `${payload}.${signatureOf(payload, secret).toString('base64url')}`;
}

/** The browser a cookie value names, when it is ours, well formed and unexpired; null otherwise. */
export function readTrustedBrowser(
  value: string | undefined,
  secret: string,
  now = Date.now(),
): TrustedBrowser | null {
  if (!value || value.length > COOKIE_MAX) return null;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const browser = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TrustedBrowser;
    const wellFormed =
      typeof browser.id === 'string' &&
      Array.isArray(browser.subjects) &&
      browser.subjects.every((subject) => typeof subject === 'string') &&
      typeof browser.exp === 'number';
    return wellFormed && browser.exp > now ? browser : null;
  } catch {
    return null;
  }
}

/** The trusted browser of a request (its cookie), or null. */
export const trustedBrowserOf = (request: FastifyRequest): TrustedBrowser | null =>
  readTrustedBrowser(
    request.cookies[trustedBrowserCookieName(request.server.config.production)],
    request.server.config.sessionSecret,
  );

/** Marks the browser of a request as having proven a subject (kept TRUSTED_BROWSER_DAYS from now). */
export function trustBrowserWith(
  request: FastifyRequest,
  reply: FastifyReply,
  subject: string,
  now = Date.now(),
) {
  const { production, sessionSecret } = request.server.config;
  const known = trustedBrowserOf(request);
  const browser: TrustedBrowser = {
    id: known?.id ?? randomBytes(12).toString('base64url'),
    subjects: [subject, ...(known?.subjects ?? []).filter((s) => s !== subject)].slice(0, SUBJECTS_MAX),
    exp: now + TRUSTED_BROWSER_DAYS * 24 * 60 * 60_000,
  };
  reply.setCookie(trustedBrowserCookieName(production), signTrustedBrowser(browser, sessionSecret), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: production || request.protocol === 'https',
    maxAge: TRUSTED_BROWSER_DAYS * 24 * 60 * 60,
  });
}

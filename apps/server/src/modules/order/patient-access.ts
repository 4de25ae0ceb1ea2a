import type { PatientInfo } from '@gear/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { setSessionCookie } from '../../plugins/auth.ts';
import { captchaAccepted } from '../captcha/captcha.service.ts';
import type { ProofThrottle } from '../requisition/requisition-lookup.service.ts';
import type { SoftLockout } from '../session/session.service.ts';
import type { ThrottleLimits } from '../session/sign-in-throttle.ts';
import { trustBrowserWith, trustedBrowserOf } from '../session/trusted-browser.ts';

/**
 * A proven order (docs/decisions/0040): a patient already known (cookie or bearer) adds it to their session; anyone
 * else gets a patient session (cookie). Shared by the order lookups, activation and Welcome Back.
 */
export async function grantOrderTo(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  orderId: number,
  merge = true,
): Promise<void> {
  trustBrowserWith(request, reply, `order:${orderId}`);
  const caller = request.caller;
  // merge=false (decision 0171): the proven order starts a session of its own instead of joining the caller's.
  // Another patient's order never joins a patient's session: it starts a fresh one (decision 0223).
  const joins =
    caller !== null &&
    merge &&
    (caller.userInfo.type !== 'prc' ||
      (await samePatientOrders(app.db, [...(caller.userInfo.orderIds ?? []), orderId])));
  if (caller && joins) await app.sessions.addOrderToPatientSession(caller.sessionId, orderId);
  else setSessionCookie(reply, await app.sessions.startPatientSession(orderId), app.config.production);
}

const identityOf = (info: PatientInfo | null) =>
  [info?.nameFirst, info?.nameLast, info?.dateOfBirth]
    .map((part) => (part ?? '').trim().toLowerCase())
    .join('|');

/** Whether the orders are all of one patient: the same first name, last name and date of birth (decision 0223). */
async function samePatientOrders(db: Db, orderIds: number[]): Promise<boolean> {
  const rows = await db
    .select({ patientInfo: orders.patientInfo })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Set(rows.map((row) => identityOf(row.patientInfo))).size <= 1;
}

/** The header that carries a solved proof-of-work challenge past a subject's budget (docs/decisions/0222). */
export const CHALLENGE_HEADER = 'x-gear-captcha';

/**
 * How a request may still try a locked-out subject (docs/decisions/0222): its browser's own budget when it proved the
 * subject before, else a solved challenge in the X-Gear-Captcha header.
 */
export function softLockoutOf(app: FastifyInstance, request: FastifyRequest, subject: string): SoftLockout {
  const browser = trustedBrowserOf(request);
  const challenge = request.headers[CHALLENGE_HEADER];
  return {
    trustedBrowserId: browser?.subjects.includes(subject) ? browser.id : null,
    challengeSolved: () =>
      typeof challenge === 'string' ? captchaAccepted(app.db, challenge) : Promise.resolve(false),
  };
}

/** Proof attempts counted per order and per address, like failed sign-ins (docs/decisions/0040, 0141, 0222). */
export const proofThrottleOf = (app: FastifyInstance, request: FastifyRequest): ProofThrottle => {
  const counted = new Map<string, [string, ThrottleLimits][]>();
  return {
    attempt: async (subject) => {
      const keys = await app.sessions.attemptProof(
        app.sessions.proofKeys(subject, request.ip),
        softLockoutOf(app, request, subject),
      );
      counted.set(subject, keys);
    },
    succeeded: (subject) =>
      app.sessions.proofSucceeded(counted.get(subject) ?? app.sessions.proofKeys(subject, request.ip)),
  };
};

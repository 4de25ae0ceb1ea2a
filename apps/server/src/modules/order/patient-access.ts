import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../../plugins/auth.ts';
import type { ProofThrottle } from '../requisition/requisition-lookup.service.ts';

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
  const caller = request.caller;
  // merge=false (decision 0171): the proven order starts a session of its own instead of joining the caller's.
  if (caller && merge) await app.sessions.addOrderToPatientSession(caller.sessionId, orderId);
  else setSessionCookie(reply, await app.sessions.startPatientSession(orderId), app.config.production);
}

/** Proof attempts counted per order and per address, like failed sign-ins (docs/decisions/0040, 0141). */
export const proofThrottleOf = (app: FastifyInstance, request: FastifyRequest): ProofThrottle => ({
  attempt: (subject) => app.sessions.attemptProof(app.sessions.proofKeys(subject, request.ip)),
  succeeded: (subject) => app.sessions.proofSucceeded(app.sessions.proofKeys(subject, request.ip)),
});

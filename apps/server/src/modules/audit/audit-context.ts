import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/** The request an audit event is written during (so the order-change core and services need not pass it). */
export const auditRequest = new AsyncLocalStorage<FastifyRequest>();

/** Who made the request, from where: the parts of an audit event the request gives (docs/decisions/0214). */
export interface AuditWho {
  actor: string;
  userId: number | null;
  role: string;
  onBehalfOf: string | null;
  requestId: string | null;
  address: string | null;
  userAgent: string | null;
}

const USER_AGENT_MAX = 300;

export function whoOf(request: FastifyRequest | undefined): AuditWho {
  if (!request)
    return {
      actor: 'system',
      userId: null,
      role: 'system',
      onBehalfOf: null,
      requestId: null,
      address: null,
      userAgent: null,
    };
  const caller = request.caller;
  const userAgent = request.headers['user-agent'];
  const common = {
    requestId: request.id,
    address: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
  if (!caller) return { actor: 'anonymous', userId: null, role: 'anonymous', onBehalfOf: null, ...common };
  if (caller.userId === null)
    return {
      actor: `patient:${caller.sessionId.slice(0, 12)}`,
      userId: null,
      role: 'prc',
      onBehalfOf: null,
      ...common,
    };
  return {
    actor: `user:${caller.userId}`,
    userId: caller.userId,
    role: caller.userInfo.adminUser === 'true' ? 'admin' : caller.userInfo.type,
    onBehalfOf: caller.userInfo.gsdlNo,
    ...common,
  };
}

import { MESSAGES, type UserInfo } from '@gear/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error.ts';
import { verifyAccessToken } from '../modules/session/access-token.ts';
import { type SessionService, userInfoOf } from '../modules/session/session.service.ts';

/** Who may call a route: anyone, or a signed-in user (the default: a route must opt out). */
export type Access = 'public' | 'signedIn';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export interface Caller {
  userId: number;
  sessionId: string;
  userInfo: UserInfo;
  via: 'bearer' | 'cookie';
}

export const SESSION_COOKIE = 'gear_session';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Resolves the caller of every request. Reads accept the short-lived bearer token or the session cookie;
 * a call that changes anything must carry the bearer token, so a forged cross-site form cannot act.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionService, secret: string) {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
  });

  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    if (bearer) {
      const claims = verifyAccessToken(bearer, secret);
      if (claims) {
        request.caller = {
          userId: claims.sub,
          sessionId: claims.sid,
          via: 'bearer',
          userInfo: {
            type: claims.type,
            gsdlNo: claims.gsdlNo,
            onBehalfOf: claims.obo.join(','),
            adminUser: claims.adm ? 'true' : 'false',
          },
        };
      }
    }
    if ((request.routeOptions.config.access ?? 'signedIn') === 'public') return;
    if (!request.caller && READ_METHODS.has(request.method)) {
      const cookie = request.cookies[SESSION_COOKIE];
      const session = cookie ? await sessions.userOfSession(cookie) : null;
      if (session) {
        request.caller = {
          userId: session.user.id,
          sessionId: session.sessionId,
          via: 'cookie',
          userInfo: userInfoOf(session.user),
        };
      }
    }
    if (!request.caller) throw unauthorized(MESSAGES.signInRequired);
  });
}

const bearerToken = (request: FastifyRequest) => {
  const value = request.headers.authorization;
  return value?.startsWith('Bearer ') ? value.slice(7).trim() : null;
};

/** The caller of a route that requires sign-in (the hook has already refused anonymous calls). */
export const callerOf = (request: FastifyRequest): Caller => {
  if (!request.caller) throw unauthorized(MESSAGES.signInRequired);
  return request.caller;
};

import { MESSAGES, type UserInfo } from '@gear/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { verifyAccessToken } from '../modules/session/access-token.ts';
import { type SessionService, userInfoOf } from '../modules/session/session.service.ts';

/**
 * Who may call a route: anyone ('public', no caller resolved), anyone with the caller resolved when there is one
 * ('optional': a patient proving an order, docs/decisions/0040), or a signed-in user or proven patient (the default:
 * a route must opt out).
 */
export type Access = 'public' | 'optional' | 'signedIn';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** Sessions of users and of patients who proved orders (for routes that grant or end them). */
    sessions: SessionService;
  }
}

export interface Caller {
  /** The signed-in user's id; null for a patient (prc) who proved orders without an account. */
  userId: number | null;
  sessionId: string;
  userInfo: UserInfo;
  via: 'bearer' | 'cookie';
}

export const SESSION_COOKIE = 'gear_session';

/**
 * The session cookie's name (issue 14, docs/decisions/0221): `__Host-gear_session` in production, where cookies are
 * Secure and served over HTTPS, so the browser accepts it only Secure, for the whole host, with no Domain; plain
 * `gear_session` elsewhere, so development over http://localhost keeps working (browsers refuse __Host- without Secure).
 */
export const sessionCookieName = (production: boolean) =>
  production ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

/** The session cookie a request carries, under the name this deployment uses. */
export const sessionCookieOf = (request: FastifyRequest): string | undefined =>
  request.cookies[sessionCookieName(request.server.config.production)];

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Resolves the caller of every request. Reads accept the short-lived bearer token or the session cookie;
 * a call that changes anything must carry the bearer token, so a forged cross-site form cannot act.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionService, secret: string) {
  app.decorateRequest('caller', null);
  app.decorate('sessions', sessions);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
  });

  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    if (bearer) {
      const claims = await verifyAccessToken(bearer, secret);
      // A token of a session that has ended (signed out, idle, past its lifetime) is refused (docs/decisions/0217).
      if (claims && (await sessions.isTokenSessionLive(claims.sid, claims.type === 'prc'))) {
        request.caller = {
          userId: claims.sub,
          sessionId: claims.sid,
          via: 'bearer',
          userInfo:
            claims.type === 'prc'
              ? patientUserInfo(claims.ord ?? [])
              : {
                  type: claims.type,
                  gsdlNo: claims.gsdlNo,
                  onBehalfOf: claims.obo.join(','),
                  adminUser: claims.adm ? 'true' : 'false',
                },
        };
      }
    }
    const access = request.routeOptions.config.access ?? 'signedIn';
    if (access === 'public') return;
    if (!request.caller && READ_METHODS.has(request.method)) {
      const cookie = sessionCookieOf(request);
      request.caller = cookie ? await callerOfCookie(sessions, cookie) : null;
    }
    if (!request.caller && access === 'signedIn') throw unauthorized(MESSAGES.signInRequired);
  });
}

/** The userInfo of a patient (prc) with the orders proven in their session (docs/decisions/0040). */
export const patientUserInfo = (orderIds: readonly number[]): UserInfo => ({
  type: 'prc',
  gsdlNo: null,
  onBehalfOf: '',
  adminUser: 'false',
  orderIds,
});

/** The caller of a session cookie: a signed-in user, else a patient with proven orders; null when neither. */
async function callerOfCookie(sessions: SessionService, cookie: string): Promise<Caller | null> {
  const session = await sessions.userOfSession(cookie);
  if (session) {
    return {
      userId: session.user.id,
      sessionId: session.sessionId,
      via: 'cookie',
      userInfo: userInfoOf(session.user),
    };
  }
  const patient = await sessions.patientOfSession(cookie);
  if (!patient) return null;
  return {
    userId: null,
    sessionId: patient.sessionId,
    via: 'cookie',
    userInfo: patientUserInfo(patient.orderIds),
  };
}

/**
 * The session cookie: HttpOnly, SameSite=Lax, Secure in production or over HTTPS (decision 0002), named
 * `__Host-gear_session` in production (decision 0221).
 */
export function setSessionCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(sessionCookieName(reply.server.config.production), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure || reply.request.protocol === 'https',
  });
}

const bearerToken = (request: FastifyRequest) => {
  const value = request.headers.authorization;
  return value?.startsWith('Bearer ') ? value.slice(7).trim() : null;
};

/**
 * The caller of a practitioner-only route (spec 1 §6, spec 2 §6): a signed-in practitioner, office user or admin;
 * a patient (prc) is refused with 403 (docs/decisions/0040).
 */
export const practitionerCallerOf = (request: FastifyRequest): Caller & { userId: number } => {
  const caller = callerOf(request);
  if (caller.userInfo.type === 'prc' || caller.userId === null) throw forbidden(MESSAGES.forbidden);
  return caller as Caller & { userId: number };
};

/** The caller of a route that requires sign-in (the hook has already refused anonymous calls). */
export const callerOf = (request: FastifyRequest): Caller => {
  if (!request.caller) throw unauthorized(MESSAGES.signInRequired);
  return request.caller;
};

import { MESSAGES, userInfoSchema, userTypeSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../lib/http-error.ts';
import { callerOf, sessionCookieName, sessionCookieOf, setSessionCookie } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { softLockoutOf } from '../order/patient-access.ts';
import { findUserById } from './session.repository.ts';
import { accountOf, type SessionService } from './session.service.ts';
import { trustBrowserWith } from './trusted-browser.ts';

const tags = ['Session'];

/** The token path's type that asks for the caller's own type, whichever it is (docs/decisions/0330). */
const OWN_TYPE = 'session';

export function sessionRoutes(sessions: SessionService, secureCookies: boolean) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/session',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Sign in with a login name and password',
          body: z.object({
            username: z.string().min(1).max(100),
            password: z.string().min(1).max(200),
            /** An administrator's TOTP code when ADMIN_TOTP=required (docs/decisions/0226). */
            totp: z
              .string()
              .regex(/^\d{6}$/)
              .optional(),
          }),
          response: { 200: userInfoSchema },
        },
      },
      async (request, reply) => {
        const subject = sessions.loginSubject(request.body.username);
        const { cookieValue, userInfo } = await sessions.signIn(
          request.body.username,
          request.body.password,
          request.ip,
          softLockoutOf(app, request, subject),
          request.body.totp,
        );
        setSessionCookie(reply, cookieValue, secureCookies);
        trustBrowserWith(request, reply, subject);
        return userInfo;
      },
    );

    api.delete(
      '/api/session',
      { schema: { tags, summary: 'Sign out', response: { 204: z.null() } } },
      async (request, reply) => {
        const cookie = sessionCookieOf(request);
        if (cookie) await sessions.signOut(cookie);
        await recordAudit(app.db, { action: 'signOut', status: 204 }, request);
        reply.clearCookie(sessionCookieName(app.config.production), {
          path: '/',
          secure: app.config.production,
        });
        return reply.code(204).send(null);
      },
    );

    api.get(
      '/mygdx/account/JWT/:type',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A short-lived bearer token for API calls, issued against the session cookie',
          description:
            "type is the caller's user type (myGDX, prc), or 'session' for whichever the session holds, named in the " +
            "answer's type (docs/decisions/0330: a browser that reloads does not know it yet).",
          params: z.object({ type: z.string().max(20) }),
          response: {
            200: z.object({
              token: z.string(),
              expiresIn: z.number().int(),
              type: userTypeSchema.optional(),
            }),
            204: z.null().describe("'session' asked with no session: no one is signed in"),
          },
        },
      },
      async (request, reply) => {
        const cookie = sessionCookieOf(request);
        const own = request.params.type === OWN_TYPE;
        const session = cookie ? await sessions.userOfSession(cookie) : null;
        if (session) {
          if (!own && request.params.type !== session.user.type) throw forbidden(MESSAGES.forbidden);
          const token = await sessions.issueAccessToken(session.user, session.sessionId);
          return own ? { ...token, type: session.user.type } : token;
        }
        // A patient who proved orders gets a prc token carrying them (docs/decisions/0040).
        const patient = cookie ? await sessions.patientOfSession(cookie) : null;
        // Asking whose the session is, with none, is not a failure: no one (no error in the browser's console).
        if (!patient && own) return reply.code(204).send(null);
        if (!patient) throw unauthorized(MESSAGES.signInRequired);
        if (!own && request.params.type !== 'prc') throw forbidden(MESSAGES.forbidden);
        const token = await sessions.issuePatientToken(patient.sessionId, patient.orderIds);
        return own ? { ...token, type: 'prc' as const } : token;
      },
    );

    api.get(
      '/gear/api/getAccountType',
      {
        schema: {
          tags,
          summary: 'The signed-in user, with their own name and role (decision 0312)',
          response: { 200: userInfoSchema },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { type, gsdlNo, onBehalfOf, adminUser } = caller.userInfo;
        // A patient's proven orders stay on the server (docs/decisions/0040).
        if (type === 'prc') return { type, gsdlNo, onBehalfOf, adminUser };
        const user = caller.userId === null ? null : await findUserById(app.db, caller.userId);
        if (!user) throw unauthorized(MESSAGES.signInRequired);
        // The caller's own name and role (issue 15; decision 0312), read from the caller's own account.
        const { name, role } = await accountOf(app.db, user);
        return { type, gsdlNo, onBehalfOf, adminUser, name, role };
      },
    );
  };
}

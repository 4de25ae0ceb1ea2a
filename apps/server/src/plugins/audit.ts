import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loggableError } from '../lib/loggable-error.ts';
import { type AuditOutcome, auditBatcher, takeEventsAfterAnswer } from '../modules/audit/audit.service.ts';
import { auditRequest } from '../modules/audit/audit-context.ts';

/** Routes that carry no patient's data: reference data, the captcha, UI action names, tokens, health. */
const NOT_PHI = new Set([
  '/gear/log',
  '/gear/log/:x',
  '/gear/captcha/challenge',
  '/api/config',
  '/api/dxcodes/:code',
  '/gear/getDxCodeSuggestions',
  '/gear/api/inputFieldPriceMap/:orderableItemId',
  '/gear/api/getAccountType',
  '/gear/practitioner/:gsdl/orderableItems',
  '/mygdx/account/JWT/:type',
]);

/** Sign-in and sign-out write their own events, naming the user (session.routes.ts). */
const OWN_EVENTS = '/api/session';

const REFUSALS = new Set([401, 403, 429]);

const isApi = (route: string) =>
  /^\/(gear|mygdx|api|admin)(\/|$)/.test(route) && !route.startsWith('/api/docs');

const positiveInteger = (value: unknown): number | null => {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647
    ? number
    : null;
};

/** The order a request names: its path's order id, else an orderId in its query or body. */
function orderIdOf(request: FastifyRequest, route: string): number | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  const fromPath = route.includes('/order') ? (params.orderId ?? params.id) : params.orderId;
  return positiveInteger(fromPath) ?? positiveInteger(query.orderId) ?? positiveInteger(body.orderId);
}

const outcomeOf = (status: number): AuditOutcome =>
  status < 400 ? 'success' : status >= 500 ? 'failed' : 'refused';

/**
 * The audit trail of requests (issue 14 item 4, docs/decisions/0214): every read and change by a caller on a route
 * that may carry PHI, every proof attempt, and every 401, 403 and 429 anywhere, written in batches after the answer is sent (so
 * the answer never waits for it). Changes of orders are recorded besides by the order-change core, in their
 * transaction.
 */
export function registerAuditTrail(app: FastifyInstance) {
  const batch = auditBatcher(app.db, (error) =>
    app.log.error({ failure: loggableError(error) }, 'audit events not written'),
  );
  app.addHook('onClose', async () => batch.flush());
  app.addHook('onRequest', (request, _reply, done) => {
    auditRequest.run(request, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    for (const event of takeEventsAfterAnswer(request)) batch.add(event, request);
    const route = request.routeOptions.url ?? '';
    if (route === OWN_EVENTS) return;
    const status = reply.statusCode;
    const refused = REFUSALS.has(status);
    const access = request.routeOptions.config?.access ?? 'signedIn';
    const phiRoute = isApi(route) && !NOT_PHI.has(route);
    const audited =
      refused || (phiRoute && (request.caller !== null || access === 'optional') && access !== 'public');
    if (!audited) return;
    batch.add(
      {
        action: `${request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'change'} ${route || '(no route)'}`,
        outcome: outcomeOf(status),
        status,
        orderId: orderIdOf(request, route),
        detail: { method: request.method },
      },
      request,
    );
  });
}

import {
  errorEnvelopeSchema,
  isAdmin,
  isPractitionerUser,
  MESSAGES,
  orderHistoryPageSchema,
  orderHistoryQuerySchema,
  orderListPageSchema,
  orderListQuerySchema,
  userGsdlNumbers,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { orderHistoryPage, orderListPage } from './order-history.repository.ts';

export async function orderHistoryRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/orders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Order history'],
        operationId: 'listOrderHistory',
        summary:
          'Every order for the order history, newest first (spec 1 §2.1 /order-history; docs/decisions/0281)',
        description:
          'Admins only (403 for anyone else). Filters: gsdlNo, from and to (UTC days the order was started); q finds ' +
          'an order id, a requisition, activation or accession number, or a patient by name. Keyset pages: pass ' +
          'nextBefore as before.',
        querystring: orderHistoryQuerySchema,
        response: {
          200: orderHistoryPageSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    (request) => {
      if (!isAdmin(callerOf(request).userInfo)) throw forbidden(MESSAGES.forbidden);
      return orderHistoryPage(app.db, request.query);
    },
  );
}

/**
 * The orders page's list (issue 15; docs/decisions/0310): a practitioner's or office user's orders (the
 * practitioners they may order for), an admin's every order; drafts first.
 */
export async function orderListRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/orders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Order history'],
        operationId: 'listOrders',
        summary: 'The orders page: the caller’s orders, drafts first (issue 15; docs/decisions/0310)',
        description:
          'Practitioners and office staff: the orders of the practitioners they may order for (their own GSDL ' +
          'number and onBehalfOf); admins: every order. Patients are refused (403). gsdlNo narrows to one of ' +
          'those practitioners (403 for another); q finds an order id, a requisition, activation or accession ' +
          'number, or a patient by name; status keeps one derived status. Keyset pages: pass next.section and ' +
          'next.before as section and before.',
        querystring: orderListQuerySchema,
        response: {
          200: orderListPageSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    (request) => {
      const user = callerOf(request).userInfo;
      if (!isPractitionerUser(user)) throw forbidden(MESSAGES.forbidden);
      const practitioners = isAdmin(user) ? null : userGsdlNumbers(user);
      const { gsdlNo } = request.query;
      if (gsdlNo && practitioners !== null && !practitioners.includes(gsdlNo))
        throw forbidden(MESSAGES.forbidden);
      return orderListPage(app.db, practitioners, request.query);
    },
  );
}

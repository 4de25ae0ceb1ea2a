import {
  errorEnvelopeSchema,
  isAdmin,
  MESSAGES,
  orderHistoryPageSchema,
  orderHistoryQuerySchema,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { orderHistoryPage } from './order-history.repository.ts';

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

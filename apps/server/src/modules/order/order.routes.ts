import { orderLookupQuerySchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asOrderResponse, errorEnvelopeSchema, idParam, orderSchema } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { orderHoldingRequisition } from '../requisition/requisition-lookup.service.ts';
import { orderForCaller } from './order.service.ts';

export async function orderRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/order/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Order'],
        summary: 'An order the caller may see',
        params: z.object({ id: idParam }),
        response: { 200: orderSchema },
      },
    },
    (request) => asOrderResponse(orderForCaller(app.db, callerOf(request).userInfo, request.params.id)),
  );

  api.get(
    '/gear/order',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Order'],
        summary: 'The order holding a requisition or activation number (spec 1 §4.4 search flow)',
        description:
          '404 when no order holds the number (then GET /gear/requisition); 410 for a removed pack, with the ' +
          'notice as a text/plain body; 403 with no data for an order the caller may not see.',
        querystring: orderLookupQuerySchema,
        response: {
          200: orderSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          410: z.string().describe('The notice of the removed pack (text/plain)'),
        },
      },
    },
    async (request, reply) => {
      const found = await orderHoldingRequisition(app.db, callerOf(request).userInfo, request.query);
      if (found.kind === 'removed')
        return reply.code(410).type('text/plain; charset=utf-8').send(found.notice);
      return asOrderResponse(found.order);
    },
  );
}

import { errorEnvelopeSchema, orderTimelineSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { orderForCaller } from '../order/order.service.ts';
import { orderTimeline } from './timeline.repository.ts';

const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** The order status page's data (spec 3 §2 'Order status page'; issue 17). */
export async function orderStatusRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/order/:id/timeline',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Order status'],
        operationId: 'orderTimeline',
        summary: 'Everything that happened to an order, dated, with who or what caused it (decision 0262)',
        description:
          'For a caller who may see the order (its practitioner, staff or admin, or the patient who proved it). ' +
          'Read from the stored facts; words only, never results.',
        params: z.object({ id: idParam }),
        response: { 200: orderTimelineSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await orderForCaller(app.db, callerOf(request).userInfo, id);
      reply.header('cache-control', 'no-store');
      return orderTimeline(app.db, id);
    },
  );
}

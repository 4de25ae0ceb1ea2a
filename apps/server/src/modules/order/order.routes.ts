import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asOrderResponse, idParam, orderSchema } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { orderForCaller } from './order.service.ts';

export async function orderRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/order/:id',
    {
      schema: {
        tags: ['Order'],
        summary: 'An order the caller may see',
        params: z.object({ id: idParam }),
        response: { 200: orderSchema },
      },
    },
    (request) => asOrderResponse(orderForCaller(app.db, callerOf(request).userInfo, request.params.id)),
  );
}

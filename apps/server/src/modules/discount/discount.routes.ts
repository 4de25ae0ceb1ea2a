import { applyDiscountAnswerSchema, discountCodeSchema, errorEnvelopeSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { applyDiscountFor } from './discount.service.ts';

const tags = ['Discounts'];

export async function discountRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/api/:orderId/applyDiscount/:code',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'applyDiscount',
        summary: 'The discount a code gives an order, or why not (spec 3 §7, §5 Discounts; decision 0130)',
        description:
          'For the order’s practitioner, office staff, patient session or an admin. 200 with the discount and each ' +
          'requisition’s share, or with error (DiscountNotFoundException, DiscountInvalidException, ' +
          'DiscountNotApplicableException) and message; nothing on the order changes. 429 after too many refused ' +
          'codes for the order or the caller.',
        params: z.object({ orderId: idParam, code: discountCodeSchema }),
        response: {
          200: applyDiscountAnswerSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      // The answer names the order's prices and its discount: never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return applyDiscountFor(app.db, callerOf(request), request.params.orderId, request.params.code);
    },
  );
}

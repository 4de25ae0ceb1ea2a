import { errorEnvelopeSchema, gearOrderSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { PaymentGateway } from '../payment/gateway/gateway.ts';
import { versionQuery } from '../removal/removal.routes.ts';
import { cancelOrder, cancelTest } from './cancel.service.ts';

const refusals = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  428: errorEnvelopeSchema,
};

const cancelQuery = versionQuery.extend({
  dateOfBirth: z.string().max(10).optional().describe('Sent by spec 3 §7; access comes from decision 0040'),
});

const refundNote =
  'Paid charges go back through the payment gateway, less the $40 non-refundable fee once per order when the ' +
  'pack has shipped (spec 3 §9; decision 0260); each charge is refunded once however many calls are made.';

/** spec 3 §7: cancel an order, cancel one test (decisions 0034, 0260). */
export const cancelRoutes = (gateway: PaymentGateway) =>
  async function cancelRoutesPlugin(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.delete(
      '/gear/order/cancel/:id',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Cancel'],
          operationId: 'cancelOrder',
          summary: 'Cancel an order (spec 3 §7)',
          description: `Answers the text cancelPass, cancelAlreadyRefunded or other (text/plain). ${refundNote}`,
          params: z.object({ id: idParam }),
          querystring: cancelQuery,
          response: {
            200: z.enum(['cancelPass', 'cancelAlreadyRefunded', 'other']),
            ...refusals,
          },
        },
      },
      async (request, reply) => {
        const result = await cancelOrder(
          app.db,
          gateway,
          callerOf(request).userInfo,
          request.params.id,
          versionNamed(request, request.query.version),
        );
        return reply.type('text/plain; charset=utf-8').send(result);
      },
    );

    api.get(
      '/gear/order/:id/requisition/:reqId/cancel',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Cancel'],
          operationId: 'cancelTest',
          summary: 'Cancel one test of an order (spec 3 §7 "Cancels one test")',
          description:
            'A test not canceled, without accession details (spec 3 §4); 400 otherwise, 404 for one not on the ' +
            `order, 409 on a canceled order. Answers the order; the last test canceled cancels the order. ${refundNote}`,
          params: z.object({ id: idParam, reqId: idParam }),
          querystring: cancelQuery,
          response: { 200: gearOrderSchema, ...refusals },
        },
      },
      (request) =>
        cancelTest(
          app.db,
          gateway,
          callerOf(request).userInfo,
          request.params.id,
          request.params.reqId,
          versionNamed(request, request.query.version),
        ),
    );
  };

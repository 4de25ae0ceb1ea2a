import {
  errorEnvelopeSchema,
  gearOrderSchema,
  type OrderLookupQuery,
  orderByAddressQuerySchema,
  orderLookupQuerySchema,
  orderReadQuerySchema,
} from '@gear/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import {
  orderHoldingRequisition,
  orderProvenByPatient,
  orderReadByCallerOrProof,
  type ProofThrottle,
} from '../requisition/requisition-lookup.service.ts';
import { grantOrderTo, proofThrottleOf } from './patient-access.ts';

/** spec 1 §8: the error of an activation number the practitioner has not ordered yet (docs/decisions/0006). */
const ACTIVATION_MISSING = 'ClientActivationMissingException';

export async function orderRoutes(app: FastifyInstance) {
  const grantOrder = (request: FastifyRequest, reply: FastifyReply, orderId: number, merge = true) =>
    grantOrderTo(app, request, reply, orderId, merge);
  const proofThrottle = (request: FastifyRequest): ProofThrottle => proofThrottleOf(app, request);

  const api = app.withTypeProvider<ZodTypeProvider>();

  /** GET /gear/order and GET /gear/order/{new|connect}: the order holding a number (spec 1 §4.4; decision 0171). */
  const lookUpByNumber = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: OrderLookupQuery & { merge?: boolean | undefined },
  ) => {
    const caller = request.caller;
    const found =
      caller && caller.userInfo.type !== 'prc'
        ? await orderHoldingRequisition(app.db, caller.userInfo, query)
        : await orderProvenByPatient(app.db, caller?.userInfo ?? null, query, proofThrottle(request));
    if (found.kind === 'removed') return reply.code(410).type('text/plain; charset=utf-8').send(found.notice);
    if (found.kind === 'pending')
      return reply.code(404).send({ error: ACTIVATION_MISSING, message: found.message });
    if (found.kind === 'proven') await grantOrder(request, reply, found.order.id, query.merge ?? true);
    return found.order;
  };

  const lookupResponses = {
    200: gearOrderSchema,
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    410: z.string().describe('The notice of the removed pack (text/plain)'),
    429: errorEnvelopeSchema,
  };

  for (const address of ['new', 'connect'] as const)
    api.get(
      `/gear/order/${address}`,
      {
        config: { access: 'optional' },
        schema: {
          tags: ['Order'],
          summary: `GET /gear/order/${address}?dateOfBirth&requisitionNumber&gdxId&merge (spec 3 §7)`,
          description:
            'The order lookup of GET /gear/order, at the address the browser uses for an order it has no id of ' +
            "yet ('new'; 'connect' for a returning visit). merge=false starts a new patient session for the " +
            "proven order instead of adding it to the caller's (docs/decisions/0171).",
          querystring: orderByAddressQuerySchema,
          response: lookupResponses,
        },
      },
      (request, reply) => lookUpByNumber(request, reply, request.query),
    );

  api.get(
    '/gear/order/:id',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['Order'],
        summary: 'An order the caller may see',
        description:
          'A patient (prc, or nobody signed in) may prove the order with dateOfBirth, the date of birth of its ' +
          'patient: the answer then grants the caller that order in a patient session (cookie); a wrong date ' +
          'answers 404 as an unknown id does; failures are throttled (429) (docs/decisions/0040).',
        params: z.object({ id: idParam }),
        querystring: orderReadQuerySchema,
        response: { 200: gearOrderSchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      const { order, proven } = await orderReadByCallerOrProof(
        app.db,
        caller?.userInfo ?? null,
        request.params.id,
        request.query.dateOfBirth,
        proofThrottle(request),
      );
      if (proven) await grantOrder(request, reply, order.id as number);
      return order;
    },
  );

  api.get(
    '/gear/order',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['Order'],
        summary: 'The order holding a requisition or activation number (spec 1 §4.4 search flow)',
        description:
          '404 when no order holds the number (then GET /gear/requisition); 410 for a removed pack, with the ' +
          'notice as a text/plain body; 403 with no data for an order the caller may not see. A patient (prc, or ' +
          'nobody signed in) proves an order with its number and dateOfBirth (and gdxId for a number over ' +
          '4,000,000): the answer then grants the caller that order in a patient session (cookie); a wrong date ' +
          'of birth answers as an unknown number; failures are throttled (429); an activation number on no order ' +
          "answers 404 with error 'ClientActivationMissingException' (docs/decisions/0040).",
        querystring: orderLookupQuerySchema,
        response: {
          200: gearOrderSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          410: z.string().describe('The notice of the removed pack (text/plain)'),
          429: errorEnvelopeSchema,
        },
      },
    },
    (request, reply) => lookUpByNumber(request, reply, request.query),
  );
}

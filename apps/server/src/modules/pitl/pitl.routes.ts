import { errorEnvelopeSchema, pitlTransferRequestSchema, pitlTransferResponseSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { PaymentGateway } from '../payment/gateway/gateway.ts';
import { transferPacks } from './pitl.service.ts';

const refusals = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  428: errorEnvelopeSchema,
};

const dateOfBirthQuery = z.object({
  dateOfBirth: z
    .string()
    .max(10)
    .optional()
    .describe(
      "The patient's date of birth: required of the patient side (spec 3 §6), ignored for practitioners",
    ),
});

/** spec 3 §1, §3, §4, §7: the PITL variant's own calls (decisions 0290, 0291). */
export const pitlRoutes = (gateway: PaymentGateway) =>
  async function pitlRoutesPlugin(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/gear/order/:id/pitl-transfer',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['PITL'],
          operationId: 'pitlTransfer',
          summary: 'Transfer unused collection packs to a new patient (spec 3 §4 Transfer, §7)',
          description:
            'Body gearOrderId, gearReqIds, newPatient, physicianFeePayment (the $15 physician transfer fee by card); ' +
            'answers gearOrder (the order the packs left), error and transferredOrderId (the new patient opens it at ' +
            '/connect/{transferredOrderId}). 400: no pack, a pack not transferable (received, collected, canceled, ' +
            'recollected), the patient form or the card form; 402: the card declined (generic, nothing moved). ' +
            'Identical concurrent transfers move the packs once. Names the order version read in If-Match: 428 ' +
            'without, 409 when stale, both before the card is charged. Decisions 0290, 0294.',
          params: z.object({ id: idParam }),
          querystring: dateOfBirthQuery,
          body: pitlTransferRequestSchema,
          response: { 200: pitlTransferResponseSchema, ...refusals },
        },
      },
      (request) =>
        transferPacks(
          app.db,
          gateway,
          callerOf(request),
          request.params.id,
          request.query.dateOfBirth ?? null,
          request.body,
          versionNamed(request, undefined),
        ),
    );
  };

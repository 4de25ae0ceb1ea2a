import {
  errorEnvelopeSchema,
  handoffBodySchema,
  handoffResponseSchema,
  SHIPPING_METHOD_VALUES,
} from '@gear/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import { idParam } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { practitionerCallerOf } from '../../plugins/auth.ts';
import { type HandoffRequest, handOffToPatient } from './handoff.service.ts';

const description =
  "The order's practitioner, staff acting on their behalf, or an admin sends the patient an email with the link " +
  '/connect/{id} (never the date of birth or any health data). The body is the patient info (dateOfBirth as ' +
  'YYYY-MM-DD or MM/DD/YYYY, nameLast, email of at most 100 characters), saved on the order; the optional last ' +
  `segment is the shipping method of a drop-ship order (${SHIPPING_METHOD_VALUES.join(', ')}). Rule failures answer ` +
  "422 with errors[] in the spec's words; a mail server's refusal 502 'The email failed to send. Please verify the " +
  "email address is correct.'; a patient 403 (docs/decisions/0091). The order version read goes in If-Match: 409 " +
  'when the order changed since, 428 when none is named (docs/decisions/0100).';

/** spec 3 §7 POST /gear/order/{id}/handoff (optionally /{x}). */
export function handoffRoutes(mailer: Mailer) {
  return async function routes(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const schema = {
      tags: ['Handoff'],
      summary: 'Hands the order to the patient by email (spec 3 §2, §5, §7)',
      description,
      body: handoffBodySchema,
      response: {
        200: handoffResponseSchema,
        400: errorEnvelopeSchema,
        401: errorEnvelopeSchema,
        403: errorEnvelopeSchema,
        404: errorEnvelopeSchema,
        409: errorEnvelopeSchema,
        422: errorEnvelopeSchema,
        428: errorEnvelopeSchema,
        502: errorEnvelopeSchema,
      },
    };
    const handOff = async (
      request: FastifyRequest,
      reply: FastifyReply,
      handoff: Omit<HandoffRequest, 'basedOn'>,
    ) => {
      const context = {
        db: app.db,
        mailer,
        publicUrl: app.config.publicUrl,
        supportPhone: app.config.supportPhone,
        log: request.log,
      };
      const { gearOrder, email } = await handOffToPatient(context, practitionerCallerOf(request), {
        ...handoff,
        basedOn: versionNamed(request, undefined),
      });
      reply.header('cache-control', 'no-store');
      return { gearOrder, email };
    };

    api.post(
      '/gear/order/:id/handoff',
      { schema: { ...schema, operationId: 'handOffOrder', params: z.object({ id: idParam }) } },
      async (request, reply) =>
        handOff(request, reply, { orderId: request.params.id, body: request.body, shippingMethod: null }),
    );

    api.post(
      '/gear/order/:id/handoff/:shippingMethod',
      {
        schema: {
          ...schema,
          operationId: 'handOffOrderWithShippingMethod',
          params: z.object({ id: idParam, shippingMethod: z.string().max(64) }),
        },
      },
      async (request, reply) =>
        handOff(request, reply, {
          orderId: request.params.id,
          body: request.body,
          shippingMethod: request.params.shippingMethod,
        }),
    );
  };
}

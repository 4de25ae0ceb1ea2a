import { billingMethodBodySchema, priceIncreaseSourceSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asOrderResponse, errorEnvelopeSchema, idParam, orderSchema } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf, practitionerCallerOf } from '../../plugins/auth.ts';
import { confirmPriceIncrease, saveBillingMethod } from './billing.service.ts';

const tags = ['Billing options'];
const refusals = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export async function billingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/gear/billingMethod/',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Save a requisition's billing option (spec 1 §2.5, §4.3)",
        description:
          'The option must be offered to the caller for that requisition (400 ' +
          "'Please select a billing option.'). Choosing Medicare or Tricare, or leaving it, converts every " +
          'requisition of the order. 409 for an order received by the lab or a stale version, and (field ' +
          'priceIncreaseConfirmed) for a price increase the patient-confirmed order needs confirmed first ' +
          '(priceIncreaseConfirmed: true; docs/decisions/0066). 428 without the version read (body or If-Match).',
        body: billingMethodBodySchema,
        response: { 200: orderSchema, ...refusals },
      },
    },
    (request) =>
      asOrderResponse(
        saveBillingMethod(
          app.db,
          callerOf(request).userInfo,
          request.body,
          app.config.hrsaGsdlNumbers,
          versionNamed(request, request.body.version),
        ),
      ),
  );

  api.put(
    '/gear/order/:id/confirm-price-increase/:reqId/:source',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Record that the caller confirmed a price increase of a requisition (spec 1 §4.3, §7)',
        params: z.object({ id: idParam, reqId: idParam, source: priceIncreaseSourceSchema }),
        response: { 200: orderSchema, ...refusals },
      },
    },
    (request) =>
      asOrderResponse(
        confirmPriceIncrease(
          app.db,
          practitionerCallerOf(request),
          request.params.id,
          request.params.reqId,
          request.params.source,
          versionNamed(request, undefined),
        ),
      ),
  );
}

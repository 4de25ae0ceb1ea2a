import { bundleOrderBodySchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asOrderResponse, errorEnvelopeSchema, idParam, orderSchema } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { practitionerCallerOf } from '../../plugins/auth.ts';
import { orderBundle } from './bundle.service.ts';

const tags = ['Custom profiles'];

export async function bundleRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/gear/bundle/:gearBundleId/order',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Order a custom profile (spec 1 §4.4, §7; docs/decisions/0048)',
        description:
          'The products become drop-ship requisitions of a new order (gearOrderId null, practAgreement as on the ' +
          'practitioner step) or of the order gearOrderId of the same practitioner. 404 for an unknown or deleted ' +
          'profile, 403 for a practitioner the caller may not order for, 400 for a product that cannot be ordered, ' +
          '409 for a locked or changed order.',
        params: z.object({ gearBundleId: idParam }),
        body: bundleOrderBodySchema,
        response: {
          200: orderSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    (request) =>
      asOrderResponse(
        orderBundle(
          app.db,
          practitionerCallerOf(request),
          request.params.gearBundleId,
          request.body,
          versionNamed(request, request.body.version),
        ),
      ),
  );
}

import { dropShipInstructionsBodySchema, labToday, sampleCollectionBodySchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asOrderResponse, errorEnvelopeSchema, orderSchema } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import { saveDropShipInstructions, saveSampleCollection } from './collection.service.ts';

const tags = ['Sample collection'];
const refusals = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export interface CollectionRouteOptions {
  /** The instant 'today' is read from (tests move it); the lab's calendar day of it counts (decision 0030). */
  now?: () => Date;
}

export function collectionRoutes(options: CollectionRouteOptions = {}) {
  const now = options.now ?? (() => new Date());
  return async function routes(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.put(
      '/gear/sampleCollection',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          summary: "Save a requisition's sample collection (spec 2 §7; decision 0031)",
          description:
            'Yes completes step 5 of the requisition, No leaves it In Progress. The date window counts from ' +
            "today in the lab's time zone (America/New_York). Answers the order.",
          body: sampleCollectionBodySchema.partial({ version: true }),
          response: { 200: orderSchema, ...refusals },
        },
      },
      (request) =>
        asOrderResponse(
          saveSampleCollection(
            app.db,
            callerOf(request).userInfo,
            request.body,
            labToday(now()),
            versionNamed(request, request.body.version),
          ),
        ),
    );

    for (const method of ['PUT', 'POST'] as const) {
      api.route({
        method,
        url: '/gear/dropShipInstructions',
        config: { access: 'signedIn' },
        schema: {
          tags,
          summary: `Save the drop-ship instructions of a requisition without a number (spec 2 §7, ${method})`,
          description: 'myGDX users only; step 5 becomes In Progress. Answers the order.',
          body: dropShipInstructionsBodySchema.partial({ version: true }),
          response: { 200: orderSchema, ...refusals },
        },
        handler: (request) =>
          asOrderResponse(
            saveDropShipInstructions(
              app.db,
              callerOf(request).userInfo,
              request.body,
              versionNamed(request, request.body.version),
            ),
          ),
      });
    }
  };
}

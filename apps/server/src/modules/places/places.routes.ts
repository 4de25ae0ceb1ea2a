import { errorEnvelopeSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlacesProvider } from '../../adapters/places/places.ts';
import { notFound } from '../../lib/http-error.ts';

export const PLACES_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
export const PLACE_NOT_FOUND = 'No city or state is known for that postal code.';

const placeSchema = z
  .object({ postalCode: z.string(), city: z.string(), state: z.string(), country: z.enum(['US', 'CA']) })
  .meta({ id: 'Place' });

/**
 * GET /api/places/postal-code/{postalCode} (decision 0184): the city and state a US ZIP or Canadian postal code names,
 * for the patient and shipping address forms. Public (no personal data), rate-limited.
 */
export function placesRoutes(places: PlacesProvider) {
  return async function routes(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/places/postal-code/:postalCode',
      {
        config: { access: 'public', rateLimit: PLACES_RATE_LIMIT },
        schema: {
          tags: ['Places'],
          operationId: 'placeOfPostalCode',
          summary: 'City and state of a US ZIP code or Canadian postal code (address autocomplete)',
          params: z.object({ postalCode: z.string().max(10) }),
          response: { 200: placeSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const place = await places.lookup(request.params.postalCode);
        if (!place) throw notFound(PLACE_NOT_FOUND);
        reply.header('cache-control', 'public, max-age=86400');
        return place;
      },
    );
  };
}

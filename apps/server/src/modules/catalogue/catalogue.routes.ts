import { errorEnvelopeSchema, orderableItemListsSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { orderableItemsFor, previousInstructionsFor } from './catalogue.service.ts';

const tags = ['Catalogue'];
const gsdl = z.string().min(1).max(20);
const refusals = { 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

export async function catalogueRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/practitioner/:gsdl/orderableItems',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The products a practitioner can order, in the panel selection step's lists (spec 1 §2.6)",
        params: z.object({ gsdl }),
        response: { 200: orderableItemListsSchema, ...refusals },
      },
    },
    (request) => orderableItemsFor(app.db, callerOf(request).userInfo, request.params.gsdl),
  );

  api.get(
    '/gear/practitioner/:gsdl/previousInstructions/:x',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "The practitioner's earlier distinct patient instructions for product x, newest first (at most 10)",
        params: z.object({ gsdl, x: idParam }),
        response: { 200: z.array(z.string()), ...refusals },
      },
    },
    (request) =>
      previousInstructionsFor(app.db, callerOf(request).userInfo, request.params.gsdl, request.params.x),
  );
}

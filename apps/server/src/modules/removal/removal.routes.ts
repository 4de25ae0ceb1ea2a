import { errorEnvelopeSchema, gearOrderSchema, orderVersion } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import { removeRequisition, saveRequisitionForLater, skipOrderStep } from './removal.service.ts';

const refusals = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  428: errorEnvelopeSchema,
};

/**
 * The order's version as read, for calls without a body (decision 0034), or If-Match: it must still be current (409
 * otherwise); a call naming none answers 428 (decision 0065).
 */
export const versionQuery = z.object({
  version: z.coerce.number().pipe(orderVersion).optional(),
});

const stepId = z.coerce.number().int().min(1).max(99);

export async function removalRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const skip = {
    config: { access: 'signedIn' as const },
    schema: {
      tags: ['Workflow'],
      summary: 'Skip an incomplete step for now (spec 2 §4, §7; myGDX only)',
      description:
        'Marks the step Skipped (status id 4) so that navigation moves past it; answers the order, or errors ' +
        '[{field, defaultMessage}]. A requisition step names its requisition.',
      querystring: versionQuery,
      response: { 200: gearOrderSchema, ...refusals },
    },
  };
  api.put(
    '/gear/order/:id/skip-step/:stepId',
    { ...skip, schema: { ...skip.schema, params: z.object({ id: idParam, stepId }) } },
    (request) =>
      skipOrderStep(
        app.db,
        callerOf(request).userInfo,
        request.params.id,
        request.params.stepId,
        null,
        versionNamed(request, request.query.version),
      ),
  );
  api.put(
    '/gear/order/:id/skip-step/:stepId/:reqId',
    { ...skip, schema: { ...skip.schema, params: z.object({ id: idParam, stepId, reqId: idParam }) } },
    (request) =>
      skipOrderStep(
        app.db,
        callerOf(request).userInfo,
        request.params.id,
        request.params.stepId,
        request.params.reqId,
        versionNamed(request, request.query.version),
      ),
  );

  api.delete(
    '/gear/order/:id/requisition/:reqId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Removal'],
        summary: 'Remove a requisition from an order (spec 2 §4, §7, §8)',
        description:
          'Not for a requisition received by the lab (400); patients only from an order of a single ' +
          'requisition (403). Answers the updated order.',
        params: z.object({ id: idParam, reqId: idParam }),
        querystring: versionQuery,
        response: { 200: gearOrderSchema, ...refusals },
      },
    },
    (request) =>
      removeRequisition(
        app.db,
        callerOf(request).userInfo,
        request.params.id,
        request.params.reqId,
        versionNamed(request, request.query.version),
      ),
  );

  api.put(
    '/gear/order/:orderId/requisition/:reqId/save-for-later',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Removal'],
        summary:
          'Move a requisition to a new order of the same practitioner and patient (spec 2 §4; decision 0035)',
        description:
          'Patients and admins, with more than one requisition on the order. Answers {order, newOrderId}.',
        params: z.object({ orderId: idParam, reqId: idParam }),
        querystring: versionQuery,
        response: {
          200: z.object({ order: gearOrderSchema, newOrderId: z.number() }).meta({ id: 'SavedForLater' }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const saved = await saveRequisitionForLater(
        app.db,
        caller.userInfo,
        caller.userId,
        request.params.orderId,
        request.params.reqId,
        versionNamed(request, request.query.version),
      );
      // A patient keeps the order their requisition moved to (docs/decisions/0040).
      if (caller.userInfo.type === 'prc')
        await app.sessions.addOrderToPatientSession(caller.sessionId, saved.newOrderId);
      return { order: await saved.order, newOrderId: saved.newOrderId };
    },
  );
}

import {
  bundleListQuerySchema,
  bundleListSchema,
  bundleOrderBodySchema,
  bundleSaveBodySchema,
  bundleSaveResultSchema,
  bundleSchema,
  errorEnvelopeSchema,
  gearOrderSchema,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf, practitionerCallerOf } from '../../plugins/auth.ts';
import { deleteBundle, listBundlesFor, loadBundle, orderBundle, saveBundle } from './bundle.service.ts';

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
          200: gearOrderSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    (request) =>
      orderBundle(
        app.db,
        practitionerCallerOf(request),
        request.params.gearBundleId,
        request.body,
        versionNamed(request, request.body.version),
      ),
  );

  const refusals = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  };

  api.get(
    '/gear/bundle',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'listCustomProfiles',
        summary: "A practitioner's custom profiles, by name (docs/decisions/0280)",
        description: '403 for a practitioner the caller may not order for, 404 for an unknown GSDL number.',
        querystring: bundleListQuerySchema,
        response: { 200: bundleListSchema, ...refusals },
      },
    },
    (request) => listBundlesFor(app.db, callerOf(request).userInfo, request.query.gsdlNo),
  );

  api.post(
    '/gear/bundle/save',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'saveCustomProfile',
        summary: 'Save a custom profile (spec 3 §4, §5, §7; docs/decisions/0280)',
        description:
          "SUCCESS with the profile's id. A broken rule answers 400 with error 'ERROR' and the fields' messages; a " +
          "profile deleted meanwhile answers 410 with error 'DELETED'.",
        body: bundleSaveBodySchema,
        response: { 200: bundleSaveResultSchema, ...refusals, 410: errorEnvelopeSchema },
      },
    },
    (request) => saveBundle(app.db, callerOf(request).userInfo, request.body),
  );

  api.get(
    '/gear/bundle/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'loadCustomProfile',
        summary: 'Load a custom profile (spec 3 §7)',
        description:
          '404 for an unknown or deleted profile, 403 for a profile of a practitioner the caller may not order for.',
        params: z.object({ id: idParam }),
        response: { 200: bundleSchema, ...refusals },
      },
    },
    (request) => loadBundle(app.db, callerOf(request).userInfo, request.params.id),
  );

  api.delete(
    '/gear/bundle/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'deleteCustomProfile',
        summary: 'Delete a custom profile (spec 3 §4, §7)',
        description: 'DELETED; 404 for an unknown or already deleted profile, 403 as for loading.',
        params: z.object({ id: idParam }),
        response: { 200: bundleSaveResultSchema, ...refusals },
      },
    },
    (request) => deleteBundle(app.db, callerOf(request).userInfo, request.params.id),
  );
}

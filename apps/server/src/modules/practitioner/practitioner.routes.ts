import { gearOrderSchema, practitionerSchema, practitionerStepSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf, practitionerCallerOf } from '../../plugins/auth.ts';
import {
  practitionerByGsdlNo,
  practitionerOptions,
  practitionerOptionsForOrder,
  savePractitionerStep,
} from './practitioner.service.ts';

const tags = ['Practitioner'];

export async function practitionerRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/practitioner/:gsdl',
    {
      schema: {
        tags,
        summary: 'A practitioner with their office (admins: any; others: those they may order for)',
        params: z.object({ gsdl: z.string().min(1).max(20) }),
        response: { 200: practitionerSchema },
      },
    },
    (request) => practitionerByGsdlNo(app.db, practitionerCallerOf(request).userInfo, request.params.gsdl),
  );

  api.get(
    '/gear/practitioner-options',
    {
      schema: {
        tags,
        summary: 'The practitioners the signed-in user may order for',
        response: { 200: z.array(practitionerSchema) },
      },
    },
    (request) => practitionerOptions(app.db, practitionerCallerOf(request).userInfo),
  );

  api.get(
    '/gear/practitioner-options/:orderId',
    {
      schema: {
        tags,
        summary:
          "The practitioners the user may choose for an existing order, with the order's own (a patient's: the order's practice, decision 0111)",
        params: z.object({ orderId: idParam }),
        response: { 200: z.array(practitionerSchema) },
      },
    },
    (request) => practitionerOptionsForOrder(app.db, callerOf(request).userInfo, request.params.orderId),
  );

  api.put(
    '/gear/practitioner/',
    {
      schema: {
        tags,
        summary: 'Save the practitioner step; creates the order when its id is new or 0',
        body: practitionerStepSchema,
        response: { 200: gearOrderSchema },
      },
    },
    (request) => {
      const caller = practitionerCallerOf(request);
      return savePractitionerStep(
        app.db,
        caller.userInfo,
        caller.userId,
        request.body,
        versionNamed(request, request.body.version),
      );
    },
  );
}

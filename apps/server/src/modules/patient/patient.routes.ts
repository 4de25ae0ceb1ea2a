import {
  databaseId,
  gsdlNoSchema,
  PATIENT_LIMITS,
  PATIENT_SEARCH,
  patientInfoSchema,
  patientLookupQuerySchema,
  patientStepSchema,
  readCalendarDate,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EmrPatientSource } from '../../adapters/emr/emr-source.ts';
import type { SubscriptionList } from '../../adapters/subscription/subscription-list.ts';
import { asOrderResponse, errorEnvelopeSchema, idParam, orderSchema } from '../../lib/api-schemas.ts';
import { badRequest } from '../../lib/http-error.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import { insuranceResponseSchema, patientMatchSchema, patientResponseSchema } from './patient.schemas.ts';
import { isPoBoxPatientAddress, savePatientStep, subscribe } from './patient.service.ts';
import {
  ellkayPatient,
  insuranceLookup,
  PATIENT_LOOKUP_LIMIT,
  patientLookup,
} from './patient-search.service.ts';

const tags = ['Patient'];
const refusals = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

const calendarDate = z
  .string()
  .max(10)
  .transform((text, context) => {
    const date = readCalendarDate(text);
    if (date === null) {
      context.addIssue({ code: 'custom', message: 'A date as YYYY-MM-DD or MM/DD/YYYY.' });
      return z.NEVER;
    }
    return date;
  });

/** A body that is a form (spec 2 §7 POST /subscribe 'form data'): its fields as an object. */
const formFields = (body: string) => Object.fromEntries(new URLSearchParams(body));

const subscribeSchema = z.object({
  email: z.email().max(PATIENT_LIMITS.email),
  first_name: z.string().trim().max(PATIENT_LIMITS.name).optional(),
  gender: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['M', 'F']).optional())
    .optional(),
  age: z.coerce.number().int().min(0).max(150).optional(),
  subscription_list_id: z.string().trim().min(1).max(64).optional(),
});

export interface PatientRouteAdapters {
  emr: EmrPatientSource;
  subscriptions: SubscriptionList;
}

/** The patient step (spec 2 §2, §4, §5, §7): its save, the patient and insurance lookups, the marketing opt-in. */
export function patientRoutes(adapters: PatientRouteAdapters) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, formFields(body as string)),
    );

    api.put(
      '/gear/order/:id/patient/',
      {
        schema: {
          tags,
          summary: 'Save the patient step',
          description:
            'The order with patientInfo (its addresses inside) and shippingMethod; confirmedAge is true once the ' +
            "user confirmed the age of a patient under 1. 400 lists every field's message; 409 for a stale version " +
            'or an order received by the lab.',
          params: z.object({ id: idParam }),
          body: patientStepSchema.extend({ confirmedAge: z.boolean().optional() }),
          response: { 200: orderSchema, ...refusals, 409: errorEnvelopeSchema },
        },
      },
      (request) => {
        if (request.body.id !== request.params.id)
          throw badRequest('The order id of the address and the body differ.');
        return asOrderResponse(
          savePatientStep(
            app.db,
            callerOf(request).userInfo,
            request.body,
            versionNamed(request, request.body.version),
          ),
        );
      },
    );

    api.post(
      '/gear/is-po-box-patient-address',
      {
        schema: {
          tags,
          summary: "Whether the P.O. box question applies to the order's patient address (spec 2 §4)",
          body: z.looseObject({ id: databaseId, patientInfo: patientInfoSchema }),
          response: { 200: z.boolean(), ...refusals },
        },
      },
      (request) => isPoBoxPatientAddress(app.db, callerOf(request).userInfo, request.body),
    );

    api.get(
      '/gear/api/patient-lookup',
      {
        schema: {
          tags,
          summary: "Search the order's practitioner's patients by name and date of birth, or chart number",
          description:
            `query: name words (each starts the first or last name) and a date of birth (YYYY-MM-DD or MM/DD/YYYY), ` +
            `at most ${PATIENT_SEARCH.queryMaxLength} characters; or chartNumber (at most ` +
            `${PATIENT_SEARCH.chartNumberMaxLength}). At most ${PATIENT_LOOKUP_LIMIT} matches, in name order. ` +
            'Never for prc users (403).',
          querystring: patientLookupQuerySchema,
          response: { 200: z.array(patientMatchSchema), ...refusals },
        },
      },
      (request) => patientLookup(app.db, callerOf(request).userInfo, request.query),
    );

    api.get(
      '/gear/api/get-ellkay-patient',
      {
        schema: {
          tags,
          summary: "A patient by chart number from the practitioner's EMR, with the insurances on file",
          description:
            'Only when the practitioner has a cloud-site service key, never for prc users (403). patient is null ' +
            'when the EMR has no such chart.',
          querystring: z.object({
            chartNumber: z.string().trim().min(1).max(PATIENT_SEARCH.chartNumberMaxLength),
            orderId: z.coerce.number().pipe(databaseId),
          }),
          response: {
            200: z.object({
              patient: patientResponseSchema.nullable(),
              insurances: z.array(insuranceResponseSchema),
            }),
            ...refusals,
          },
        },
      },
      (request) => ellkayPatient(app.db, adapters.emr, callerOf(request).userInfo, request.query),
    );

    api.get(
      '/gear/api/insurance-lookup',
      {
        schema: {
          tags,
          summary: "The insurances on file for a practitioner's patient",
          description:
            'Found by last name and date of birth (and first name when given), case-insensitive; the caller must ' +
            'be allowed to order for the practitioner. Never for prc users (403).',
          querystring: z.object({
            gsdlNo: gsdlNoSchema,
            nameLast: z.string().trim().min(1).max(PATIENT_LIMITS.name),
            dob: calendarDate,
            nameFirst: z.string().trim().min(1).max(PATIENT_LIMITS.name).optional(),
          }),
          response: { 200: z.array(insuranceResponseSchema), ...refusals },
        },
      },
      (request) => insuranceLookup(app.db, callerOf(request).userInfo, request.query),
    );

    api.post(
      '/subscribe',
      {
        schema: {
          tags,
          summary: 'Marketing opt-in of a patient (prc users only)',
          description:
            'Form data or JSON: email, first_name, gender, age, subscription_list_id (optional: the default list). ' +
            'The bearer token every change carries is the anti-forgery proof (decision 0024).',
          body: subscribeSchema,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await subscribe(adapters.subscriptions, caller.userInfo, caller.userId, request.body);
        return reply.code(204).send(null);
      },
    );
  };
}

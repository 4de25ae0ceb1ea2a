import {
  confirmAndPayBodySchema,
  customizeTestSelectionsBodySchema,
  errorEnvelopeSchema,
  gearOrderSchema,
  idempotencyKeySchema,
  medicalNecessityBodySchema,
  quantityQuerySchema,
  recommendedProductSchema,
  recommendedProductsQuerySchema,
  updateWorkflowBodySchema,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { badRequest } from '../../lib/http-error.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { PaymentDeps } from '../payment/payment.service.ts';
import { recommendedProductsFor } from './recommended-products.ts';
import {
  authorizeOrder,
  changePractitioner,
  confirmAndPay,
  customizeTestSelections,
  saveQuantity,
  updateMedicalNecessity,
  updateWorkflow,
} from './review.service.ts';

const tags = ['Review and submit'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  428: errorEnvelopeSchema,
};

/** Every call here changes the order: it names the version read, in its body or If-Match (decision 0100). */
const versionNote =
  ' Names the order version read: the body’s version where it has one, else an If-Match header; 409 when the ' +
  'order changed since, 428 when none is named.';

const submitAnswerSchema = z
  .object({ gearOrder: gearOrderSchema, error: z.string().nullable(), message: z.string().nullable() })
  .meta({ id: 'ConfirmAndPayResult' });

/** The Idempotency-Key header, when sent: 400 when it is not a usable key. */
function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key', [
      {
        field: 'Idempotency-Key',
        defaultMessage: parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key',
      },
    ]);
  return parsed.data;
}

/** The review's routes; the submit takes payments through the gateway and checks the captcha (decision 0120). */
export const reviewRoutes = (deps: PaymentDeps) => async (app: FastifyInstance) => {
  // Every answer here carries the order (patient data): never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/recommended-products/order/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Products related to this order: at most 3 (spec 3 §2, §6, §7; decision 0110)',
        description:
          "Products often ordered together with the order's products in other orders, then the catalogue's most " +
          'popular; never one on the order or one its practitioner cannot order. Practitioners only (403 for patients).',
        params: z.object({ id: idParam }),
        querystring: recommendedProductsQuerySchema,
        response: { 200: z.array(recommendedProductSchema), ...refusals },
      },
    },
    (request) =>
      recommendedProductsFor(app.db, callerOf(request).userInfo, request.params.id, request.query.limit),
  );

  api.put(
    '/gear/order/:id/confirm-and-pay',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Submit the order (spec 3 §5, §7; decision 0080)',
        description:
          'Places the order and takes its payments in one operation (decision 0120): records the practitioner’s or ' +
          'patient’s confirmation on the workflow and authorizes card payments through the gateway (tokens only; ' +
          'a card number sent is handed to the gateway and dropped). 422 with errors[] when a rule of spec 3 §5 is ' +
          'not met, 422 RecaptchaInvalidException, 402 RequisitionPaymentException or ' +
          'ExpeditedShippingPaymentException when a card is declined (nothing confirmed), 422 ' +
          'DiscountNotFoundException or PitlDiscountNotFoundException when the discount code the payments carry no ' +
          'longer applies (nothing charged; 429 after too many refused codes), 409 once placed. ' +
          'Idempotent with an Idempotency-Key header: a repeat replays the first answer (header ' +
          'Idempotent-Replayed: true, even when the version has moved since); the same key with a different body ' +
          'answers 422.' +
          versionNote,
        params: z.object({ id: idParam }),
        headers: z.looseObject({ 'idempotency-key': z.string().optional() }),
        body: confirmAndPayBodySchema,
        response: { 200: submitAnswerSchema, ...refusals, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const outcome = await confirmAndPay(
        app.db,
        deps,
        callerOf(request),
        request.params.id,
        request.body,
        key,
        versionNamed(request, request.body.version),
      );
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.answer as typeof outcome.answer & { gearOrder: Record<string, unknown> };
    },
  );

  api.post(
    '/gear/order/:id/update-medical-necessity',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Acknowledge medical necessity, or withdraw it (spec 3 §4, §7: JSON date or null)',
        description: `The version read in If-Match.${versionNote}`,
        params: z.object({ id: idParam }),
        body: medicalNecessityBodySchema,
        response: { 200: gearOrderSchema, ...refusals },
      },
    },
    (request) =>
      updateMedicalNecessity(
        app.db,
        callerOf(request),
        request.params.id,
        request.body ?? null,
        versionNamed(request, undefined),
      ),
  );

  api.post(
    '/gear/orders/:id/authorize',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The authorizing practitioner's agreement to the order, given once (spec 3 §4, §6)",
        description:
          "403 'You do not have permission to authorize this order.' for anyone else. Once given, a repeat answers " +
          `the order unchanged.${versionNote}`,
        params: z.object({ id: idParam }),
        response: { 200: gearOrderSchema, ...refusals },
      },
    },
    (request) =>
      authorizeOrder(app.db, callerOf(request), request.params.id, versionNamed(request, undefined)),
  );

  api.put(
    '/gear/gear-requisition/:id/quantity',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "A requisition's quantity from the review (spec 3 §5: 1 to 99; Canada at most 25 packs)",
        description: `The version read in If-Match (or &version=).${versionNote}`,
        params: z.object({ id: idParam }),
        querystring: quantityQuerySchema,
        response: { 200: gearOrderSchema, ...refusals },
      },
    },
    (request) =>
      saveQuantity(
        app.db,
        callerOf(request),
        request.params.id,
        request.query.quantity,
        versionNamed(request, request.query.version),
        app.config.supportPhone,
      ),
  );

  api.put(
    '/gear/customizeTestSelections/',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Customize a pack of a ship-to-office order (spec 3 §7; decision 0081)',
        description: versionNote.trim(),
        body: customizeTestSelectionsBodySchema,
        response: { 200: gearOrderSchema, ...refusals },
      },
    },
    (request) =>
      customizeTestSelections(
        app.db,
        callerOf(request),
        request.body,
        app.config.hrsaGsdlNumbers,
        versionNamed(request, request.body.version),
      ),
  );

  api.put(
    '/gear/updateWorkflow/',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Bring the order's workflow up to date (spec 3 §7; decision 0080)",
        description: versionNote.trim(),
        body: updateWorkflowBodySchema,
        response: { 200: gearOrderSchema, ...refusals },
      },
    },
    (request) =>
      updateWorkflow(app.db, callerOf(request), request.body, versionNamed(request, request.body.version)),
  );

  api.put(
    '/gear/order/:id/change-practitioner/:gsdlNo',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Change the order's practitioner (spec 3 §4 Practitioner change, §6)",
        description: `The version read in If-Match.${versionNote}`,
        params: z.object({ id: idParam, gsdlNo: z.string().regex(/^[A-Za-z0-9]{1,5}$/) }),
        response: { 200: gearOrderSchema, ...refusals },
      },
    },
    (request) =>
      changePractitioner(
        app.db,
        callerOf(request),
        request.params.id,
        request.params.gsdlNo,
        versionNamed(request, undefined),
      ),
  );
};

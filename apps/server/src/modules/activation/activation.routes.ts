import {
  activationQuerySchema,
  errorEnvelopeSchema,
  gearOrderSchema,
  MESSAGES,
  orderValidationQuerySchema,
  practitionerOptionsAnswerSchema,
} from '@gear/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { idParam } from '../../lib/api-schemas.ts';
import { forbidden } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { captchaAccepted } from '../captcha/captcha.service.ts';
import { grantOrderTo, proofThrottleOf } from '../order/patient-access.ts';
import { activateOrder, optionsPasses, validateOrder } from './activation.service.ts';

/** Who proved an order, for the audit trail: the patient session's id hash prefix, or 'patient:new'. */
const actorOf = (request: FastifyRequest) =>
  request.caller ? `patient:${request.caller.sessionId.slice(0, 12)}` : 'patient:new';

const audit = (db: Db, orderId: number, actor: string, action: string) =>
  recordAudit(db, { orderId, actor, action });

/**
 * Spec 3 §7 GET /gear/orderId (Activate Your Test) and GET /gear/order/validation/{id} (Welcome Back): the patients'
 * front doors (docs/decisions/0140, 0141). Both are open to callers who are not signed-in practitioners, answer
 * Cache-Control: no-store, need the captcha, count every proof attempt, and grant the proven order to the caller's
 * patient session (cookie) as decision 0040's proofs do.
 */
export async function activationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const passes = optionsPasses(app.config.sessionSecret);
  const captcha = (payload: unknown) => captchaAccepted(app.db, payload);

  const granted = async (request: FastifyRequest, reply: FastifyReply, orderId: number, action: string) => {
    const actor = actorOf(request);
    await grantOrderTo(app, request, reply, orderId);
    await audit(app.db, orderId, actor, action);
  };

  api.get(
    '/gear/orderId',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['Activation'],
        summary: 'Activate Your Test: a patient proves a collection pack (spec 3 §4, §7)',
        description:
          'requisitionNumber (requisition or activation number), dateOfBirth, gdxId (required, uppercased, for a ' +
          '7-digit number over 4,000,000) and recaptcha (the ALTCHA payload; each solution once). Answers the order ' +
          '(and a patient session cookie), or { practitionerOptions, optionsPass } when the patient must pick their ' +
          'practitioner; the follow-up call sends optionsPass instead of a captcha. 400 RecaptchaInvalidException; ' +
          '404 ClientActivationMissingException for a pack on no order; 410 RequisitionActivationRetiredException; ' +
          '404 for an unknown number or a wrong date of birth alike; 429 when throttled (docs/decisions/0140).',
        querystring: activationQuerySchema,
        response: {
          200: z.union([gearOrderSchema, practitionerOptionsAnswerSchema]),
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          410: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await activateOrder(app.db, request.caller?.userInfo ?? null, request.query, {
        captchaAccepted: captcha,
        throttle: proofThrottleOf(app, request),
        passes,
      });
      if (answer.kind === 'options')
        return { practitionerOptions: answer.practitionerOptions, optionsPass: answer.optionsPass };
      await granted(request, reply, answer.order.id as number, 'patientActivated');
      return answer.order;
    },
  );

  api.get(
    '/gear/order/validation/:id',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['Activation'],
        summary:
          'Welcome Back: a patient proves an order by its id, zip code and date of birth (spec 3 §5, §7)',
        description:
          "401 'Validation failed, please check your information for this order.' for an unknown order, a wrong " +
          'date of birth or a wrong zip code alike (each counted as a failed proof); 400 RecaptchaInvalidException; ' +
          '429 when throttled. The answer grants the order in a patient session (docs/decisions/0140).',
        params: z.object({ id: idParam }),
        querystring: orderValidationQuerySchema,
        response: {
          200: gearOrderSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.caller && request.caller.userInfo.type !== 'prc') {
        // A practitioner reads the order through GET /gear/order/{id}; Welcome Back is the patients' door.
        throw forbidden(MESSAGES.forbidden);
      }
      const order = await validateOrder(app.db, request.params.id, request.query, {
        captchaAccepted: captcha,
        throttle: proofThrottleOf(app, request),
      });
      await granted(request, reply, order.id as number, 'patientValidated');
      return order;
    },
  );
}

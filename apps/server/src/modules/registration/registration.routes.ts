import { errorEnvelopeSchema, gearOrderSchema, patientRegistrationSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEvents } from '../../db/schema/index.ts';
import { captchaAccepted } from '../captcha/captcha.service.ts';
import { grantOrderTo } from '../order/patient-access.ts';
import { registerPack } from './registration.service.ts';

/**
 * Patient Registration (spec 3 §2 /register/{reqNum?}; docs/decisions/0170): a patient registers a collection pack
 * that is on no order. Open to callers who are not signed-in practitioners; the captcha is required; the new order
 * is granted to the caller's patient session, as an activation's is (decision 0140).
 */
export async function registrationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/gear/register',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['Activation'],
        summary: 'Patient Registration: a patient registers a collection pack on no order (spec 3 §2, §6)',
        description:
          'requisitionNumber (requisition or activation number), gdxId (for a 7-digit number over 4,000,000 or a ' +
          'pack of no practitioner), patientInfo (nameFirst, nameLast, dateOfBirth, email) and recaptcha. Answers ' +
          '201 with the new order (a patient registration awaiting its practitioner, practitioner step completed) ' +
          'and a patient session. 400 input or RecaptchaInvalidException; 403 for practitioners; 404 an unknown ' +
          'pack; 409 RequisitionAlreadyRegisteredException when the pack is on an order; 410 ' +
          'RequisitionActivationRetiredException (docs/decisions/0170).',
        body: patientRegistrationSchema,
        response: {
          201: gearOrderSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          410: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await registerPack(app.db, request.caller?.userInfo ?? null, request.body, (payload) =>
        captchaAccepted(app.db, payload),
      );
      const orderId = order.id as number;
      await grantOrderTo(app, request, reply, orderId);
      const actor = request.caller ? `patient:${request.caller.sessionId.slice(0, 12)}` : 'patient:new';
      await app.db.insert(auditEvents).values({ orderId, actor, action: 'patientRegistered', detail: {} });
      return reply.code(201).send(order);
    },
  );
}

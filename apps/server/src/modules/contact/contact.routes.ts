import {
  CONTACT_MESSAGES,
  contactMessageBodySchema,
  contactMessageResponseSchema,
  errorEnvelopeSchema,
  validateContactMessage,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MailDeliveryError, type Mailer } from '../../adapters/mail/mailer.ts';
import { badGateway, refuseIfAny } from '../../lib/http-error.ts';
import { captchaRefused } from '../activation/activation.service.ts';
import { captchaAccepted } from '../captcha/captcha.service.ts';
import { contactEmail } from './contact-email.ts';

/** Per address: enough for a person, not for a mail cannon (decision 0183). */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

/**
 * The contact pages (spec 3 §2 'Other links used: /mygdx/contact, /contact, /contact/providers#contact-us'; decision
 * 0183): GET /api/contact, the support phone and hours; POST /api/contact/message, a message mailed to support
 * through the portal's mailer. Anyone may write; who is not a signed-in practitioner solves the captcha.
 */
export function contactRoutes(mailer: Mailer) {
  return async function routes(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/api/contact',
      {
        config: { access: 'public' },
        schema: {
          tags: ['Contact'],
          summary: "The support line's phone and hours (configuration)",
          response: { 200: z.object({ supportPhone: z.string(), supportHours: z.string() }) },
        },
      },
      async () => ({ supportPhone: app.config.supportPhone, supportHours: app.config.supportHours }),
    );

    api.post(
      '/api/contact/message',
      {
        config: { access: 'public', rateLimit: CONTACT_RATE_LIMIT },
        schema: {
          tags: ['Contact'],
          operationId: 'sendContactMessage',
          summary: 'Sends a message to support by email',
          description:
            'name, email and message required (100, 100 and 2000 characters), phone optional (20): 400 with ' +
            'errors[] otherwise. A captcha solution (`recaptcha`) unless a practitioner is signed in: 400 ' +
            "'Error verifying reCAPTCHA. Please try again.' otherwise. 502 when the mail server refuses. 10 an hour " +
            'per address (429).',
          body: contactMessageBodySchema,
          response: {
            200: contactMessageResponseSchema,
            400: errorEnvelopeSchema,
            429: errorEnvelopeSchema,
            502: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        refuseIfAny(validateContactMessage(body));
        const practitioner = request.caller?.userInfo.type === 'myGDX';
        if (!practitioner && !(await captchaAccepted(app.db, body.recaptcha ?? null))) throw captchaRefused();
        try {
          await mailer.send(
            contactEmail({
              to: app.config.supportEmail,
              audience: body.audience,
              name: body.name.trim(),
              email: body.email.trim(),
              phone: body.phone?.trim() || null,
              message: body.message.trim(),
              signedInAs: request.caller ? request.caller.userInfo.type : null,
            }),
          );
        } catch (error) {
          const code = error instanceof MailDeliveryError ? error.code : 'EOUTBOX';
          request.log.warn({ mailError: code }, 'contact message not delivered');
          throw badGateway(CONTACT_MESSAGES.sendFailed);
        }
        reply.header('cache-control', 'no-store');
        return { message: CONTACT_MESSAGES.sent };
      },
    );
  };
}

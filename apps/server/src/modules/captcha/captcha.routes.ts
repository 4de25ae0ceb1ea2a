import { captchaChallengeSchema, errorEnvelopeSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loggableError } from '../../lib/loggable-error.ts';
import { newCaptchaChallenge, purgeExpiredCaptchaSolutions, useCaptchaConfig } from './captcha.service.ts';

/** Challenges one address may fetch a minute: far above a person's need, well below a flood. */
export const CAPTCHA_CHALLENGE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
/** The used solutions are purged at most this often, when a challenge is fetched. */
const PURGE_EVERY_MS = 60 * 1000;

/** GET /gear/captcha/challenge (docs/decisions/0150): the self-hosted ALTCHA widget's challenge URL. Public. */
export async function captchaRoutes(app: FastifyInstance) {
  useCaptchaConfig(app.config);
  const api = app.withTypeProvider<ZodTypeProvider>();
  let lastPurge = 0;

  api.get(
    '/gear/captcha/challenge',
    {
      config: { access: 'public', rateLimit: CAPTCHA_CHALLENGE_RATE_LIMIT },
      schema: {
        tags: ['Captcha'],
        summary: 'A new captcha challenge (ALTCHA proof of work) for the widget to solve',
        description:
          "Signed, valid for 10 minutes. The widget sends its solution as the payload in the spec's `recaptcha` " +
          'parameter or field; each solution is accepted once.',
        security: [],
        response: { 200: captchaChallengeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      if (now - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = now;
        // Housekeeping must never cost the caller the challenge.
        await purgeExpiredCaptchaSolutions(app.db, new Date(now)).catch((error: unknown) =>
          request.log.warn({ failure: loggableError(error) }, 'captcha purge failed'),
        );
      }
      reply.header('cache-control', 'no-store');
      return newCaptchaChallenge(new Date(now));
    },
  );
}

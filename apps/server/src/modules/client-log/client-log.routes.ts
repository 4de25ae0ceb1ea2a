import { clientLogActionOf, clientLogCategoryOf, errorEnvelopeSchema } from '@gear/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';

/** Each signed-in user may log this many UI actions a minute on each log route. */
export const LOG_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const argument = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]).optional();
const logBody = z.object({
  formattedMessage: z.string().max(500),
  arg0: argument,
  arg1: argument,
  arg2: argument,
  arg3: argument,
});
const categoryParams = z.object({ x: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

/**
 * The UI action's name when it is one the portal knows, else 'unknown', and its category when known, else 'other'
 * (docs/decisions/0224): no text a browser wrote reaches the log. The arguments are never logged.
 */
const logAction = (request: FastifyRequest, formattedMessage: string, category: string | null) =>
  request.log.info(
    {
      uiAction: clientLogActionOf(formattedMessage),
      category: category === null ? null : clientLogCategoryOf(category),
      userId: callerOf(request).userId,
    },
    'ui action',
  );

/** PUT /gear/log[/{x}] (spec 1 §7): the browser logs a UI action such as 'display panel pricing'. */
export async function clientLogRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = {
    access: 'signedIn' as const,
    rateLimit: {
      ...LOG_RATE_LIMIT,
      keyGenerator: (request: FastifyRequest) =>
        request.caller ? `user:${request.caller.userId}` : `ip:${request.ip}`,
    },
  };
  const response = { 204: z.null(), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema };
  const tags = ['Site'];

  api.put(
    '/gear/log',
    { config, schema: { tags, summary: 'Log a UI action (its name only)', body: logBody, response } },
    async (request, reply) => {
      logAction(request, request.body.formattedMessage, null);
      return reply.code(204).send(null);
    },
  );

  api.put(
    '/gear/log/:x',
    {
      config,
      schema: {
        tags,
        summary: 'Log a UI action under a category x (its name only)',
        params: categoryParams,
        body: logBody,
        response,
      },
    },
    async (request, reply) => {
      logAction(request, request.body.formattedMessage, request.params.x);
      return reply.code(204).send(null);
    },
  );
}

import { type ErrorEnvelope, MESSAGES, outageOf, RETRY_AFTER_SECONDS } from '@gear/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, reasonFor } from '../lib/http-error.ts';
import { loggableError } from '../lib/loggable-error.ts';

const fieldOf = (instancePath: string, missing?: unknown) => {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return typeof missing === 'string' && missing ? [path, missing].filter(Boolean).join('.') : path;
};

/**
 * One error envelope for every non-2xx answer: { error, message, errors?: [{ field, defaultMessage }] }.
 * 5xx answers never carry internals; their detail goes to the log under the request id.
 */
export function registerErrorHandling(app: FastifyInstance, supportMessage: string) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, (issue.params as { missingProperty?: unknown })?.missingProperty),
        defaultMessage: issue.message ?? MESSAGES.invalidInput,
      }));
      return reply.code(400).send({ error: reasonFor(400), message: MESSAGES.invalidInput, errors });
    }
    if (error instanceof HttpError) {
      const body: ErrorEnvelope = {
        error: error.errorName ?? reasonFor(error.statusCode),
        message: error.message,
      };
      if (error.errors?.length) body.errors = error.errors;
      return reply.code(error.statusCode).send(body);
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode < 500) {
      const message =
        statusCode === 400 || statusCode === 415 ? MESSAGES.invalidInput : reasonFor(statusCode);
      return reply.code(statusCode).send({ error: reasonFor(statusCode), message });
    }
    // The database cannot serve for now (a restart, a crash, a full disk, too many connections): "try again", with
    // Retry-After, logged as kind and code only (docs/decisions/0154).
    const outage = outageOf(error);
    if (outage) {
      request.log.warn({ outage: outage.kind, code: outage.code }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ error: reasonFor(503), message: MESSAGES.temporarilyUnavailable });
    }
    // Kind, code and frames only: a failed query's message carries its parameters (docs/decisions/0210).
    request.log.error({ failure: loggableError(error) }, 'request failed');
    return reply.code(500).send({ error: 'Internal Server Error', message: supportMessage });
  });
}

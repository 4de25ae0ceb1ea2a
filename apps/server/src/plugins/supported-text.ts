import { MESSAGES, UNSUPPORTED_CHARACTERS_MESSAGE, unsupportedTextFields } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

/**
 * Every route refuses a NUL or a lone surrogate in its body, query or parameters with a 400 field error before its
 * schema or handler sees it (issue 14 item 11, docs/decisions/0213), so no such text reaches the database.
 */
export function registerSupportedTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const fields = [
      ...unsupportedTextFields(request.params),
      ...unsupportedTextFields(request.query),
      ...unsupportedTextFields(request.body),
    ];
    if (fields.length === 0) return;
    throw new HttpError(
      400,
      MESSAGES.invalidInput,
      fields.map((field) => ({ field, defaultMessage: UNSUPPORTED_CHARACTERS_MESSAGE })),
    );
  });
}

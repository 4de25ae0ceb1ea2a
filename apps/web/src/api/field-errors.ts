import type { FieldError } from '@gear/domain';
import { isApiError } from './errors.ts';

/** A form's messages by field name: the first message the rules or the server gave each field. */
export type FieldMessages = Record<string, string>;

/**
 * The one way a field error reaches its field (spec 1 §7 'errors[{field, defaultMessage}]'): the first message per
 * field, named as the form names it: the body's path less the prefix the form does not show (`patientInfo.`).
 */
export function fieldMessages(errors: readonly FieldError[], prefix = ''): FieldMessages {
  const byField: FieldMessages = {};
  for (const error of errors) {
    const field = prefix && error.field.startsWith(prefix) ? error.field.slice(prefix.length) : error.field;
    byField[field] ??= error.defaultMessage;
  }
  return byField;
}

/** The field errors of a refused save; none for any other failure. */
export const serverFieldErrors = (error: unknown): FieldError[] =>
  isApiError(error) ? error.fieldErrors : [];

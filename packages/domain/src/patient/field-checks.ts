import type { FieldError } from '../contract/errors.ts';
import { isValidPhone } from '../identifiers/phones.ts';
import { textTooLong } from '../messages.ts';

/** Small checks shared by the patient, insurance and shipping rules. */

export const isBlank = (text: string | null | undefined): boolean =>
  text === null || text === undefined || text.trim() === '';

export const fieldError = (field: string, defaultMessage: string): FieldError => ({ field, defaultMessage });

export const required = (field: string, text: string | null | undefined, message: string): FieldError[] =>
  isBlank(text) ? [fieldError(field, message)] : [];

export const maxLength = (
  field: string,
  label: string,
  text: string | null | undefined,
  max: number,
): FieldError[] =>
  text !== null && text !== undefined && text.trim().length > max
    ? [fieldError(field, textTooLong(label, max))]
    : [];

/**
 * A phone: the 'required' message when empty and required, the 'invalid' one when present and not a phone.
 */
export function phoneErrors(
  field: string,
  text: string | null | undefined,
  isRequired: boolean,
  messages: { required: string; invalid: string },
): FieldError[] {
  if (isBlank(text)) return isRequired ? [fieldError(field, messages.required)] : [];
  return isValidPhone(text ?? null) ? [] : [fieldError(field, messages.invalid)];
}

/** A US zip code: five digits (or ZIP+4 where allowed). */
export const isUsZipCode = (text: string, allowZipPlusFour = false): boolean =>
  (allowZipPlusFour ? /^\d{5}(-\d{4})?$/ : /^\d{5}$/).test(text.trim());

import type { InputField, OrderableItem } from '../contract/catalogue.ts';
import type { FieldError } from '../contract/errors.ts';
import type { SpecificField } from '../contract/order.ts';
import { MESSAGES, textTooLong } from '../messages.ts';
import {
  fieldOptions,
  INPUT_FIELD_PARAM,
  isFlagParam,
  numericParam,
  paramValue,
} from './input-field-params.ts';

/** spec 1 §9: 'Input field id 66 is the resubmittal id'; §5: max 32, 'empty saves as 'Not Provided''. */
export const RESUBMITTAL_ID_FIELD_ID = 66;
export const RESUBMITTAL_ID_MAX_LENGTH = 32;
export const RESUBMITTAL_ID_EMPTY_VALUE = 'Not Provided';

/** The input types answered on panel selection (spec 1 §2.6 profile-specific sections and the resubmittal id). */
export const PANEL_INPUT_TYPES: readonly string[] = ['ProfileSpecific', 'Resubmittal'];

export const panelInputFieldsOf = (item: Pick<OrderableItem, 'inputFields'>): InputField[] =>
  item.inputFields.filter((field) => PANEL_INPUT_TYPES.includes(field.inputType));

export const normaliseResubmittalId = (value: string): string =>
  value.trim() === '' ? RESUBMITTAL_ID_EMPTY_VALUE : value.trim();

const answerOf = (values: readonly SpecificField[], id: number): string =>
  values.find((entry) => entry.id === id)?.value.trim() ?? '';

/** A field with a dependsOn param ('<field id>=<value>') is shown, and required, only when that answer is given. */
export function isFieldShown(field: Pick<InputField, 'inputFieldParams'>, values: readonly SpecificField[]) {
  const dependsOn = paramValue(field, INPUT_FIELD_PARAM.dependsOn);
  if (dependsOn === null) return true;
  const [id, expected] = dependsOn.split('=');
  return answerOf(values, Number(id)) === expected;
}

function valueError(field: InputField, value: string): string | null {
  const maxLength = numericParam(field, INPUT_FIELD_PARAM.maxLength);
  if (maxLength !== null && value.length > maxLength) return textTooLong(field.name, maxLength);
  const options = fieldOptions(field);
  if (options.length > 0 && !options.some((option) => option.name === value)) return MESSAGES.notAnOption;
  if (paramValue(field, INPUT_FIELD_PARAM.type) === 'number') {
    const number = Number(value);
    const min = numericParam(field, INPUT_FIELD_PARAM.min);
    const max = numericParam(field, INPUT_FIELD_PARAM.max);
    if (!Number.isFinite(number) || (min !== null && number < min) || (max !== null && number > max))
      return MESSAGES.invalidInput;
  }
  return null;
}

/**
 * The answers of the profile-specific sections (spec 1 §2.6, §5): each names one of the product's fields once, fits
 * its length and options, and every shown required field is answered ('Please fill out this field.'). An error's field
 * is `profileSpecificFields.<input field id>`.
 */
export function profileSpecificFieldErrors(
  fields: readonly InputField[],
  values: readonly SpecificField[],
): FieldError[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  for (const { id, value } of values) {
    const field = byId.get(id);
    const message = !field || seen.has(id) ? MESSAGES.invalidInput : valueError(field, value.trim());
    seen.add(id);
    if (message) errors.push({ field: `profileSpecificFields.${id}`, defaultMessage: message });
  }
  for (const field of fields) {
    const required = isFlagParam(field, INPUT_FIELD_PARAM.required);
    if (required && isFieldShown(field, values) && answerOf(values, field.id) === '') {
      errors.push({ field: `profileSpecificFields.${field.id}`, defaultMessage: MESSAGES.fillOutField });
    }
  }
  return errors;
}

/** The answers to keep: those of fields still shown (an answer to a hidden dependent field is dropped). */
export function shownAnswers(
  fields: readonly InputField[],
  values: readonly SpecificField[],
): SpecificField[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  return values.filter((entry) => {
    const field = byId.get(entry.id);
    return field !== undefined && isFieldShown(field, values);
  });
}

import {
  fieldOptions,
  INPUT_FIELD_PARAM,
  numericParam,
  paramValue,
} from '../catalogue/input-field-params.ts';
import type { InputField, OrderableItem } from '../contract/catalogue.ts';
import type { FieldError } from '../contract/errors.ts';
import type { SpecificField } from '../contract/order.ts';
import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { MESSAGES, notACalendarDate, textTooLong } from '../messages.ts';
import { collectionFieldsOf, isCollectionFieldShown } from './sample-collection.ts';

/** Texts of the answer checks the spec gives no words for (ours). */
export const COLLECTION_VALUE_MESSAGES = {
  time: 'Please enter a time as hh:mm.',
  number: 'Please enter a number.',
  numberRange: (min: number | null, max: number | null) =>
    min !== null && max !== null
      ? `Please enter a number from ${min} to ${max}.`
      : min !== null
        ? `Please enter a number of at least ${min}.`
        : `Please enter a number of at most ${max}.`,
} as const;

const TIME = /^([01]?\d|2[0-3]):[0-5]\d$/;
const CHECKBOX_VALUES: readonly string[] = ['true', 'false'];

function valueError(field: InputField, value: string): string | null {
  const type = paramValue(field, INPUT_FIELD_PARAM.type);
  const maxLength = numericParam(field, INPUT_FIELD_PARAM.maxLength);
  if (maxLength !== null && value.length > maxLength) return textTooLong(field.name, maxLength);
  const options = fieldOptions(field);
  if (options.length > 0)
    return options.some((option) => option.name === value) ? null : MESSAGES.notAnOption;
  switch (type) {
    case 'checkbox':
      return CHECKBOX_VALUES.includes(value) ? null : MESSAGES.notAnOption;
    case 'time':
      return TIME.test(value) ? null : COLLECTION_VALUE_MESSAGES.time;
    case 'date':
      return readCalendarDate(value) === null ? notACalendarDate(value) : null;
    case 'number': {
      const number = Number(value);
      if (!/^-?\d+(\.\d+)?$/.test(value) || !Number.isFinite(number)) return COLLECTION_VALUE_MESSAGES.number;
      const min = numericParam(field, INPUT_FIELD_PARAM.min);
      const max = numericParam(field, INPUT_FIELD_PARAM.max);
      if ((min !== null && number < min) || (max !== null && number > max))
        return COLLECTION_VALUE_MESSAGES.numberRange(min, max);
      return null;
    }
    default:
      return null;
  }
}

/**
 * The answers of the collection form as given (spec 2 §2 'every collection field from the item's input fields'):
 * each names one of the product's collection fields once and fits its control (an option of a select or radio,
 * 'true'/'false' for a checkbox, hh:mm for a time, a date, a number within its min and max, the maxLength). An empty
 * answer is no answer (the required fields are validateSampleCollection's). Fields: sampleCollectionData.<id>.
 */
export function collectionValueErrors(
  item: Pick<OrderableItem, 'inputFields'>,
  values: readonly SpecificField[],
): FieldError[] {
  const byId = new Map(collectionFieldsOf(item).map((field) => [field.id, field]));
  const seen = new Set<number>();
  const errors: FieldError[] = [];
  for (const { id, value } of values) {
    const field = byId.get(id);
    const text = value.trim();
    const message =
      !field || seen.has(id) ? MESSAGES.invalidInput : text === '' ? null : valueError(field, text);
    seen.add(id);
    if (message) errors.push({ field: `sampleCollectionData.${id}`, defaultMessage: message });
  }
  return errors;
}

/**
 * The collection answers to keep: non-empty answers to the product's collection fields that are shown (an answer to
 * a field hidden by its dependsOn is dropped), trimmed, dates as YYYY-MM-DD, in the catalogue's order.
 */
export function collectionAnswersToKeep(
  item: Pick<OrderableItem, 'inputFields'>,
  values: readonly SpecificField[],
): SpecificField[] {
  const answers = new Map(values.map(({ id, value }) => [id, value.trim()]));
  return collectionFieldsOf(item).flatMap((field) => {
    const value = answers.get(field.id);
    if (value === undefined || value === '' || !isCollectionFieldShown(field, values)) return [];
    const kept =
      paramValue(field, INPUT_FIELD_PARAM.type) === 'date' ? (readCalendarDate(value) ?? value) : value;
    return [{ id: field.id, value: kept }];
  });
}

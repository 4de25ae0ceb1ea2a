import { describe, expect, it } from 'vitest';
import type { InputField } from '../contract/catalogue.ts';
import type { SpecificField } from '../contract/order.ts';
import {
  COLLECTION_VALUE_MESSAGES,
  collectionAnswersToKeep,
  collectionValueErrors,
} from './collection-values.ts';

/** Collection fields as the seed writes them (apps/server/src/seed/catalogue-data.ts). */
const field = (id: number, name: string, type: string, ...more: [string, string][]): InputField => ({
  id,
  name,
  inputType: 'Collection',
  cptCode: null,
  cptQuantity: null,
  displayOnly: false,
  gdxItemId: null,
  parentId: null,
  accessionKey: null,
  disclaimer: null,
  inputFieldParams: [
    { name: 'type', value: type },
    { name: 'required', value: 'true' },
    ...more.map(([name, value]) => ({ name, value })),
  ],
});

const item = {
  inputFields: [
    field(4001, 'Sample Colour', 'select', ['option:Brown', 'Brown'], ['option:Black', 'Black']),
    field(4010, 'Total Urine Volume', 'number', ['min', '1'], ['max', '5000']),
    field(4012, 'First Morning Void', 'checkbox'),
    field(4014, 'Urine Collection Time', 'time', ['dependsOn', '4012=true']),
    field(4030, 'Sample Hours', 'text', ['maxLength', '32']),
    field(4036, 'First Day of Last Menstrual Period', 'date'),
    { ...field(5419, 'Stool preparation', 'text'), inputType: 'Patient Instruction' },
  ],
};

const errors = (values: SpecificField[]) =>
  collectionValueErrors(item, values).map((error) => `${error.field}: ${error.defaultMessage}`);

describe('collectionValueErrors', () => {
  it('spec 2 §2: answers that fit their controls', () => {
    expect(
      errors([
        { id: 4001, value: 'Brown' },
        { id: 4010, value: '1200' },
        { id: 4012, value: 'true' },
        { id: 4014, value: '7:05' },
        { id: 4030, value: '07:00-09:00' },
        { id: 4036, value: '02/20/2026' },
      ]),
    ).toEqual([]);
  });

  it.each<[string, SpecificField, string]>([
    [
      'a select answer that is not an option',
      { id: 4001, value: 'Purple' },
      'Please choose one of the options.',
    ],
    ['a checkbox is true or false', { id: 4012, value: 'yes' }, 'Please choose one of the options.'],
    ['a time is hh:mm', { id: 4014, value: '7 am' }, COLLECTION_VALUE_MESSAGES.time],
    ['a number', { id: 4010, value: 'lots' }, COLLECTION_VALUE_MESSAGES.number],
    ['a number within min and max', { id: 4010, value: '6000' }, 'Please enter a number from 1 to 5000.'],
    [
      'a text within its maxLength',
      { id: 4030, value: 'x'.repeat(33) },
      'Sample Hours can be at most 32 characters.',
    ],
    [
      'a date',
      { id: 4036, value: '31/02/2026' },
      '31/02/2026 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.',
    ],
    [
      'a field that is not a collection field of the product',
      { id: 5419, value: 'x' },
      'Some of the information entered is not valid.',
    ],
    ['a field of no product', { id: 9999, value: 'x' }, 'Some of the information entered is not valid.'],
  ])('%s', (_case, value, message) => {
    expect(errors([value])).toEqual([`sampleCollectionData.${value.id}: ${message}`]);
  });

  it('a field answered twice', () => {
    expect(
      errors([
        { id: 4001, value: 'Brown' },
        { id: 4001, value: 'Black' },
      ]),
    ).toEqual(['sampleCollectionData.4001: Some of the information entered is not valid.']);
  });

  it('an empty answer is no answer (required fields are checked by validateSampleCollection)', () => {
    expect(errors([{ id: 4010, value: ' ' }])).toEqual([]);
  });
});

describe('collectionAnswersToKeep', () => {
  it('keeps shown, non-empty answers in catalogue order, dates as YYYY-MM-DD, drops a field its dependsOn hides', () => {
    expect(
      collectionAnswersToKeep(item, [
        { id: 4036, value: '02/20/2026' },
        { id: 4014, value: '07:00' },
        { id: 4012, value: 'false' },
        { id: 4001, value: ' Brown ' },
        { id: 4030, value: '' },
      ]),
    ).toEqual([
      { id: 4001, value: 'Brown' },
      { id: 4012, value: 'false' },
      { id: 4036, value: '2026-02-20' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { SpecificField } from '../contract/order.ts';
import { MESSAGES, textTooLong } from '../messages.ts';
import { covidCollectionFields, provocationFields } from '../test-support/catalogue-fixtures.ts';
import {
  normaliseResubmittalId,
  profileSpecificFieldErrors,
  shownAnswers,
} from './profile-specific-fields.ts';

const errors = (fields: typeof provocationFields, values: SpecificField[]) =>
  profileSpecificFieldErrors(fields, values).map((e) => `${e.field}: ${e.defaultMessage}`);

describe('profileSpecificFieldErrors', () => {
  it.each<[string, typeof provocationFields, SpecificField[], string[]]>([
    ['spec 1 §2.6: provocation pre answered', provocationFields, [{ id: 4102, value: '@PRE' }], []],
    [
      "spec 1 §5: a required radio group left empty shows 'Please fill out this field.'",
      provocationFields,
      [],
      [`profileSpecificFields.4102: ${MESSAGES.fillOutField}`],
    ],
    [
      'spec 1 §5: a field shown by an answer becomes required (provoking agent after @POST)',
      provocationFields,
      [{ id: 4102, value: '@POST' }],
      [`profileSpecificFields.4103: ${MESSAGES.fillOutField}`],
    ],
    [
      'spec 1 §3: a value that is not one of the options',
      provocationFields,
      [{ id: 4102, value: '@MAYBE' }],
      [`profileSpecificFields.4102: ${MESSAGES.notAnOption}`],
    ],
    [
      'a field the product does not have',
      provocationFields,
      [
        { id: 4102, value: '@PRE' },
        { id: 9999, value: 'x' },
      ],
      [`profileSpecificFields.9999: ${MESSAGES.invalidInput}`],
    ],
    [
      'a field answered twice',
      provocationFields,
      [
        { id: 4102, value: '@PRE' },
        { id: 4102, value: '@PRE' },
      ],
      [`profileSpecificFields.4102: ${MESSAGES.invalidInput}`],
    ],
    [
      "spec 1 §5: collection type 'Other' free text max 50",
      covidCollectionFields,
      [
        { id: 4118, value: '@OTHR' },
        { id: 4119, value: 'x'.repeat(51) },
      ],
      [`profileSpecificFields.4119: ${textTooLong('Other Collection Type', 50)}`],
    ],
    [
      "spec 1 §5: collection type 'Other' of 50 characters",
      covidCollectionFields,
      [
        { id: 4118, value: '@OTHR' },
        { id: 4119, value: 'x'.repeat(50) },
      ],
      [],
    ],
    [
      'spec 1 §5: symptom-onset date text max 10',
      covidCollectionFields,
      [
        { id: 4118, value: '@NP' },
        { id: 4113, value: '01/05/20266' },
      ],
      [`profileSpecificFields.4113: ${textTooLong('Date of symptom onset', 10)}`],
    ],
    [
      'spec 1 §5: resubmittal id max 32',
      covidCollectionFields,
      [
        { id: 4118, value: '@NP' },
        { id: 66, value: 'R'.repeat(33) },
      ],
      [`profileSpecificFields.66: ${textTooLong('Resubmittal ID', 32)}`],
    ],
  ])('%s', (_spec, fields, values, expected) => {
    expect(errors(fields, values)).toEqual(expected);
  });
});

describe('normaliseResubmittalId', () => {
  it.each<[string, string, string]>([
    ["spec 1 §5: empty saves as 'Not Provided'", '', 'Not Provided'],
    ["spec 1 §5: blanks save as 'Not Provided'", '   ', 'Not Provided'],
    ['spec 1 §5: a value is trimmed', ' A123 ', 'A123'],
  ])('%s', (_spec, value, expected) => {
    expect(normaliseResubmittalId(value)).toBe(expected);
  });
});

describe('shownAnswers', () => {
  it('drops the answer of a field hidden again (provoking agent after switching to @PRE)', () => {
    expect(
      shownAnswers(provocationFields, [
        { id: 4102, value: '@PRE' },
        { id: 4103, value: 'DMSA' },
      ]),
    ).toEqual([{ id: 4102, value: '@PRE' }]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  EMPLOYMENT_STATUS_OPTIONS,
  ETHNICITY_OPTIONS,
  isOneOf,
  RACE_OPTIONS,
  SEX_OPTIONS,
} from './options.ts';

describe('patient options', () => {
  it.each<[string, readonly string[], string[]]>([
    [
      'spec 2 §3: race options',
      RACE_OPTIONS,
      [
        'American Indian/Alaskan Native',
        'Asian',
        'Black/African-American',
        'Native Hawaiian/Pacific Islander',
        'White',
        'Multiracial',
        'Other',
        'Unknown',
      ],
    ],
    ['spec 2 §3: ethnicity options', ETHNICITY_OPTIONS, ['Hispanic', 'Non-Hispanic', 'Other', 'Unknown']],
    [
      'spec 2 §3: employment status options',
      EMPLOYMENT_STATUS_OPTIONS,
      ['Employed', 'Student', 'Retired', 'Unemployed'],
    ],
    ['spec 2 §3: gender M or F', SEX_OPTIONS.map((option) => option.value), ['M', 'F']],
  ])('%s', (_spec, options, expected) => {
    expect(options).toEqual(expected);
  });

  it.each<[string, string | null, boolean]>([
    ['spec 2 §3: an option', 'Asian', true],
    ['spec 2 §3: options are matched exactly', 'asian', false],
    ['spec 2 §3: no answer is not an option', null, false],
  ])('%s', (_spec, value, expected) => {
    expect(isOneOf(RACE_OPTIONS, value)).toBe(expected);
  });
});

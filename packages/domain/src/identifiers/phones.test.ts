import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalisePhone, phoneDigits } from './phones.ts';

describe('normalisePhone', () => {
  it.each<[string, string, string | null]>([
    ['spec 2 §5: ten digits get +1', '8285550100', '+18285550100'],
    ['spec 2 §5: the display format is read back', '(828) 555-0100', '+18285550100'],
    ['spec 2 §5: dots and spaces', '828.555.0100', '+18285550100'],
    ['spec 2 §5: 1 and ten digits (11 with the country code)', '1-828-555-0100', '+18285550100'],
    ['spec 2 §5: +1 and ten digits', '+1 828 555 0100', '+18285550100'],
    ['spec 2 §5: a Canadian number is +1 too', '416 555 0199', '+14165550199'],
    ['decision 0323: a Caribbean number under +1 too', '(876) 555 0123', '+18765550123'],
    ['decision 0323: an area code no North American place has', '555-555-5555', null],
    ['decision 0323: an unassigned area code', '999-555-0100', null],
    ['decision 0323: + and ten digits is a country code and nine digits, too short', '+2125550100', null],
    [
      'spec 2 §5: an international number of 12 digits keeps its country code',
      '+44 20 7946 0958',
      '+442079460958',
    ],
    ['spec 2 §5: fewer than 11 digits with the country code', '555-0100', null],
    ['spec 2 §5: nine digits', '828555010', null],
    ['spec 2 §5: 1 and nine digits is not a number', '1828555010', null],
    ['spec 2 §5: 1 and eleven digits is too long for North America', '182855501001', null],
    ['spec 2 §5: an area code cannot start with 0 or 1', '0285550100', null],
    ['spec 2 §5: an exchange cannot start with 0 or 1', '8281550100', null],
    ['E.164: more than 15 digits', '+44 2079 4609 5812 34', null],
    ['spec 2 §5: letters are not digits', '1-800-FLOWERS', null],
    ['spec 2 §5: an extension is not part of the number', '828-555-0100 x12', null],
    ['spec 2 §5: empty', '', null],
  ])('%s: %s', (_spec, text, expected) => {
    expect(normalisePhone(text)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each<[string, string | null, boolean]>([
    ['spec 2 §5: at least 11 digits including country code', '+1 (828) 555-0100', true],
    ['spec 2 §5: ten North American digits, the country code implied', '828-555-0100', true],
    ['spec 2 §5: too few digits', '555-0100', false],
    ['spec 2 §5: missing', null, false],
  ])('%s', (_spec, text, expected) => {
    expect(isValidPhone(text)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each<[string, string, string]>([
    ['spec 2 §5: displayed as (###) ###-####', '+18285550100', '(828) 555-0100'],
    ['spec 2 §5: from any spelling', '1.828.555.0100', '(828) 555-0100'],
    ['spec 2 §5: an international number as +digits', '+44 20 7946 0958', '+442079460958'],
    ['spec 2 §5: what is not a number is shown as typed', ' 555-0100 ', '555-0100'],
  ])('%s', (_spec, text, expected) => {
    expect(formatPhone(text)).toBe(expected);
  });

  it('spec 2 §5: digits only', () => {
    expect(phoneDigits('+1 (828) 555-0100')).toBe('18285550100');
  });
});

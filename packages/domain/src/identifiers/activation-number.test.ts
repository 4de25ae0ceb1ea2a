import { describe, expect, it } from 'vitest';
import {
  formatActivationNumber,
  formatRequisitionNumber,
  isValidActivationNumber,
  normaliseRequisitionSearch,
  passesLuhnCheck,
  requisitionSearchMatches,
} from './activation-number.ts';

describe('isValidActivationNumber', () => {
  it.each(['C824591515', 'C522552298', 'C565591369', 'C171521339', 'C505860338', 'C922499553'])(
    'spec 1 §5 (demo data): %s passes the Luhn check',
    (activationNumber) => {
      expect(isValidActivationNumber(activationNumber)).toBe(true);
    },
  );

  it.each<[string, string]>([
    ['spec 1 §5 (demo data): a wrong check digit', 'C824591516'],
    ['spec 1 §5: another wrong check digit', 'C522552290'],
    ['spec 1 §5: 8 digits', 'C82459151'],
    ['spec 1 §5: 10 digits', 'C8245915150'],
    ['spec 1 §5: a letter other than C', 'D824591515'],
    ['spec 1 §5: no letter', '0824591515'],
    ['spec 1 §5: a lowercase c (normalise the search first)', 'c824591515'],
    ['spec 1 §5: dashes (normalise the search first)', 'C824-591-515'],
  ])('%s: %s fails', (_spec, activationNumber) => {
    expect(isValidActivationNumber(activationNumber)).toBe(false);
  });
});

describe('passesLuhnCheck', () => {
  it.each<[string, string, boolean]>([
    ['Luhn: the textbook number 79927398713', '79927398713', true],
    ['Luhn: one digit off', '79927398710', false],
    ['Luhn: doubled digits over 9 lose 9 (18 → 9)', '91', true],
    ['Luhn: not digits', '12a4', false],
    ['Luhn: empty', '', false],
  ])('%s', (_spec, digits, expected) => {
    expect(passesLuhnCheck(digits)).toBe(expected);
  });
});

describe('normaliseRequisitionSearch', () => {
  it.each<[string, string, string]>([
    ['spec 1 §5: dots, hyphens, # and spaces are removed', ' #500.123-45 ', '50012345'],
    ['spec 1 §5: a formatted activation number', 'c824-591-515', 'C824591515'],
    ['spec 1 §5: nothing but separators leaves nothing', ' .-# ', ''],
  ])('%s', (_spec, input, expected) => {
    expect(normaliseRequisitionSearch(input)).toBe(expected);
  });
});

describe('requisitionSearchMatches', () => {
  const pack = { reqNumber: '50012345', activationCode: 'C824591515' };
  it.each<[string, string, { reqNumber: string | null; activationCode: string | null }, boolean]>([
    ['spec 1 §5: matches the requisition number', '#50-012-345', pack, true],
    ['spec 1 §5: matches the activation code', 'C824-591-515', pack, true],
    ['spec 1 §5: matches the first 4 and last 3 characters of the activation code', 'C824515', pack, true],
    ['spec 1 §5: other first-and-last characters do not match', 'C824516', pack, false],
    [
      'spec 1 §5: a pack without a requisition number matches by code',
      'C171521339',
      { reqNumber: null, activationCode: 'C171521339' },
      true,
    ],
    ['spec 1 §5: an empty search matches nothing', ' - ', { reqNumber: '', activationCode: null }, false],
  ])('%s', (_spec, search, requisition, expected) => {
    expect(requisitionSearchMatches(search, requisition)).toBe(expected);
  });
});

describe('display formats', () => {
  it.each<[string, string, string]>([
    [
      'spec 1 §9: activation number as first 4 then groups of 3',
      formatActivationNumber('C824591515'),
      'C824-591-515',
    ],
    [
      'spec 1 §9: requisition number with # and groups of 3 (8 digits)',
      formatRequisitionNumber('50012345'),
      '#50-012-345',
    ],
    [
      'spec 1 §9: requisition number with # and groups of 3 (7 digits)',
      formatRequisitionNumber('4500000'),
      '#4-500-000',
    ],
    [
      'spec 1 §9: requisition number with # and groups of 3 (9 digits)',
      formatRequisitionNumber('123456789'),
      '#123-456-789',
    ],
  ])('%s', (_spec, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

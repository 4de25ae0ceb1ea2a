import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  needsPractitionerGdxId,
  parseRequisitionSearch,
  type RequisitionSearch,
  requisitionNotFoundMessage,
  shortActivationCode,
  unknownNumberOutcome,
} from './requisition-search.ts';

describe('parseRequisitionSearch', () => {
  it.each<[string, string, RequisitionSearch]>([
    [
      'spec 1 §5: dots, hyphens, # and spaces are removed',
      ' #50.012-345 ',
      { kind: 'requisitionNumber', value: '50012345' },
    ],
    ["spec 1 §5: nothing left is empty ('Please enter a requisition number.')", ' .-# ', { kind: 'empty' }],
    [
      'spec 1 §5: C + 9 digits passing Luhn',
      'c824-591-515',
      { kind: 'activationNumber', value: 'C824591515' },
    ],
    [
      'spec 1 §5 (demo data): C824591516 fails the check digit',
      'C824591516',
      { kind: 'invalidActivationNumber', value: 'C824591516' },
    ],
    [
      'spec 1 §5: C + 8 digits is not an activation number',
      'C82459151',
      { kind: 'invalidActivationNumber', value: 'C82459151' },
    ],
    [
      'spec 1 §5: the first 4 and last 3 characters',
      'C824-515',
      { kind: 'shortActivationNumber', value: 'C824515' },
    ],
    ['letters are not a number', 'ABC', { kind: 'unrecognised', value: 'ABC' }],
    [
      '21 digits are not a requisition number',
      '1'.repeat(21),
      { kind: 'unrecognised', value: '1'.repeat(21) },
    ],
  ])('%s', (_spec, input, expected) => {
    expect(parseRequisitionSearch(input)).toEqual(expected);
  });

  it('spec 1 §5: the short form of C824591515 is C824515', () => {
    expect(shortActivationCode('C824591515')).toBe('C824515');
  });
});

describe('requisitionNotFoundMessage', () => {
  it.each<[string, string, string]>([
    ['spec 1 §8: a requisition number', '50019999', MESSAGES.requisitionNotFound],
    ['spec 1 §8: an activation number (variant)', 'C824591516', MESSAGES.activationNumberNotFound],
    ['spec 1 §8: a short activation number (variant)', 'C824999', MESSAGES.activationNumberNotFound],
  ])('%s', (_spec, input, expected) => {
    expect(requisitionNotFoundMessage(parseRequisitionSearch(input))).toBe(expected);
  });
});

describe('needsPractitionerGdxId', () => {
  it.each<[string, string, boolean]>([
    ['spec 3 §5: under 8 digits and over 4,000,000 (demo 4500000)', '4500000', true],
    ['spec 3 §5: exactly 4,000,000 does not', '4000000', false],
    ['spec 3 §5: 8 digits do not', '50012345', false],
    ['spec 3 §5: an activation number does not', 'C824591515', false],
  ])('%s', (_spec, input, expected) => {
    expect(needsPractitionerGdxId(parseRequisitionSearch(input))).toBe(expected);
  });
});

describe('unknownNumberOutcome', () => {
  it.each<[string, string, 'myGDX' | 'prc', string]>([
    [
      'spec 1 §4.4: an unknown activation number moves a practitioner to unknownIdActivation',
      'C171521339',
      'myGDX',
      'unknownIdActivation',
    ],
    [
      'spec 1 §4.4: …and shows a patient Collection Pack Activation Pending',
      'C171521339',
      'prc',
      'activationPending',
    ],
    ['spec 1 §4.4: a bad check digit is simply not found', 'C824591516', 'myGDX', 'notFound'],
    ['spec 1 §4.4: an unknown requisition number is not found', '50019999', 'prc', 'notFound'],
  ])('%s', (_spec, input, userType, expected) => {
    expect(unknownNumberOutcome(parseRequisitionSearch(input), userType)).toBe(expected);
  });
});

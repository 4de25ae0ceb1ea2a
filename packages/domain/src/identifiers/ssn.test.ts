import { describe, expect, it } from 'vitest';
import { formatSsn, isValidSsn } from './ssn.ts';

describe('isValidSsn', () => {
  it.each<[string, string, boolean]>([
    ['spec 2 §5: ###-##-####', '123-45-6789', true],
    ['spec 2 §5: nine digits', '123456789', true],
    ['spec 2 §5: surrounding spaces are forgiven', ' 123-45-6789 ', true],
    ['spec 2 §5: eight digits', '12345678', false],
    ['spec 2 §5: ten digits', '1234567890', false],
    ['spec 2 §5: dashes in the wrong places', '12-345-6789', false],
    ['spec 2 §5: only one dash', '123-456789', false],
    ['spec 2 §5: spaces instead of dashes', '123 45 6789', false],
    ['spec 2 §5: letters', '123-45-678A', false],
    ['spec 2 §5: empty', '', false],
  ])('%s: %s', (_spec, text, expected) => {
    expect(isValidSsn(text)).toBe(expected);
  });
});

describe('formatSsn', () => {
  it.each<[string, string, string | null]>([
    ['spec 2 §5: nine digits shown as ###-##-####', '123456789', '123-45-6789'],
    ['spec 2 §5: already dashed', '123-45-6789', '123-45-6789'],
    ['spec 2 §5: not an SSN', '1234', null],
  ])('%s', (_spec, text, expected) => {
    expect(formatSsn(text)).toBe(expected);
  });
});

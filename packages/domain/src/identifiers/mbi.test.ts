import { describe, expect, it } from 'vitest';
import { compactMedicareId, isMbi, looksLikeMedicareId } from './mbi.ts';

describe('isMbi', () => {
  it.each<[string, string, boolean]>([
    ['mbi-format.md: the CMS example as stored', '1EG4TE5MK73', true],
    ['mbi-format.md: the CMS example as printed, with dashes', '1EG4-TE5-MK73', true],
    ['mbi-format.md: CMS systems up-case lower-case input', '1eg4-te5-mk73', true],
    ['mbi-format.md: position 3 and 6 may be digits', '9AA0A00AA00', true],
    ['mbi-format.md: position 1 is never 0', '0EG4TE5MK73', false],
    ['mbi-format.md: position 2 is a letter', '11G4TE5MK73', false],
    ['mbi-format.md: S is not in the letter set', '1SG4TE5MK73', false],
    ['mbi-format.md: L is not in the letter set', '1EG4TL5MK73', false],
    ['mbi-format.md: O is not in the letter set', '1EG4TE5OK73', false],
    ['mbi-format.md: I is not in the letter set', '1EG4TE5MI73', false],
    ['mbi-format.md: B is not in the letter set', '1EG4BE5MK73', false],
    ['mbi-format.md: Z is not in the letter set', '1EZ4TE5MK73', false],
    ['mbi-format.md: position 4 is a digit', '1EGATE5MK73', false],
    ['mbi-format.md: position 7 is a digit', '1EG4TEAMK73', false],
    ['mbi-format.md: positions 10 and 11 are digits', '1EG4TE5MK7A', false],
    ['mbi-format.md: 11 characters, not 10', '1EG4TE5MK7', false],
    ['mbi-format.md: 11 characters, not 12', '1EG4TE5MK733', false],
  ])('%s: %s', (_spec, text, expected) => {
    expect(isMbi(text)).toBe(expected);
  });
});

describe('looksLikeMedicareId', () => {
  it.each<[string, string | null, boolean]>([
    ['spec 2 §4: an MBI', '1EG4-TE5-MK73', true],
    ['spec 2 §4: 9 digits', '123456789', true],
    ['spec 2 §4: 9 digits once dashes are removed', '123-45-6789', true],
    ['spec 2 §4: 11 digits', '12345678901', true],
    ['spec 2 §4: 11 digits once dashes are removed', '123-456-789-01', true],
    ['spec 2 §4: 10 digits', '1234567890', false],
    ['spec 2 §4: 8 digits', '12345678', false],
    ['spec 2 §4: a commercial member id', 'XYZ123456789', false],
    ['spec 2 §4: 9 digits and a letter (an old HICN) is not among the rule’s forms', '123456789A', false],
    ['spec 2 §4: empty', '', false],
    ['spec 2 §4: missing', null, false],
  ])('%s: %s', (_spec, subscriberId, expected) => {
    expect(looksLikeMedicareId(subscriberId)).toBe(expected);
  });

  it('mbi-format.md: stored without dashes, upper case', () => {
    expect(compactMedicareId(' 1eg4-te5-mk73 ')).toBe('1EG4TE5MK73');
  });
});

import { describe, expect, it } from 'vitest';
import {
  compactDxCode,
  DX_MESSAGES,
  formatDxCode,
  isAcceptableDxCode,
  looksLikeDxCode,
  normaliseDxCode,
  omittedDxCodesLine,
} from './dx-codes.ts';

describe('diagnosis codes', () => {
  it.each([
    ['spec 1 §5: codes are trimmed and uppercased', '  k58.0 ', 'K58.0'],
    ['spec 1 §5: an already upper-case code is kept', 'E55.9', 'E55.9'],
  ])('%s', (_rule, input, expected) => {
    expect(normaliseDxCode(input)).toBe(expected);
  });

  it.each([
    ['K58.0', 'K580', 'K58.0'],
    ['k580', 'K580', 'K58.0'],
    ['R19.7', 'R197', 'R19.7'],
    ['U07.1', 'U071', 'U07.1'],
    ['A00', 'A00', 'A00'],
    ['Z13.89', 'Z1389', 'Z13.89'],
    ['S72.001A', 'S72001A', 'S72.001A'],
  ])('CMS order file form: %s ↔ %s ↔ %s', (input, compact, formatted) => {
    expect(compactDxCode(input)).toBe(compact);
    expect(formatDxCode(input)).toBe(formatted);
  });

  it.each([
    ['K58.0', true],
    ['k580', true],
    ['S72.001A', true],
    ['A00', true],
    ['K5', true],
    ['irritable bowel', false],
    ['58.0', false],
    ['K', false],
    ['K58.00000', false],
  ])('looksLikeDxCode(%s) = %s', (input, expected) => {
    expect(looksLikeDxCode(input)).toBe(expected);
  });

  it.each([
    ['spec 1 §5: active and version 10 is acceptable', { active: true, version: 10 }, true],
    ['spec 1 §5: an inactive code is refused', { active: false, version: 10 }, false],
    ['spec 1 §5/§9: ICD version must be 10', { active: true, version: 9 }, false],
    ['spec 1 §5: an unknown code is refused', null, false],
  ])('%s', (_rule, lookup, expected) => {
    expect(isAcceptableDxCode(lookup)).toBe(expected);
  });

  it('spec 1 §7: the trailing line names the omitted count', () => {
    expect(omittedDxCodesLine(1234)).toBe('... There are 1234 additional active codes ...');
  });

  it('spec 1 §5: the messages are verbatim', () => {
    expect(DX_MESSAGES).toEqual({
      invalidCode: 'Please enter a valid ICD code.',
      selectCode: 'Please select a diagnosis code.',
      addCode: 'Please add a diagnosis code.',
      alreadyListed:
        "The code you've entered is defined on the requisition. It has been selected in the list for you.",
    });
  });
});

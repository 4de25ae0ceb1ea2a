import { describe, expect, it } from 'vitest';
import { isSupportedText, unsupportedTextFields } from './supported-text.ts';

// Issue 14 item 11: NUL and lone surrogates are refused with a field error; every other character is kept.
describe('supported text (issue 14 item 11)', () => {
  it.each([
    ['plain text', 'Mary Smith', true],
    ['accents and CJK', 'José 山田', true],
    ['an emoji (a surrogate pair)', 'Ann 😀', true],
    ['tabs and new lines', 'a\tb\nc', true],
    ['the empty string', '', true],
    ['a NUL', 'Mary\u0000', false],
    ['a lone high surrogate', 'Mary\uD800', false],
    ['a lone low surrogate', '\uDC00Mary', false],
    ['a high surrogate before a letter', '\uD83DA', false],
    ['two low surrogates', '\uDE00\uDE00', false],
  ])('%s → %s', (_name, text, supported) => {
    expect(isSupportedText(text)).toBe(supported);
  });

  it('names the fields of a nested body that hold unsupported text', () => {
    expect(
      unsupportedTextFields({
        patient: { nameFirst: 'Ok', nameLast: 'Bad\u0000', phones: ['555', '\uD800'] },
        note: 'fine',
        count: 3,
      }),
    ).toEqual(['patient.nameLast', 'patient.phones.1']);
  });

  it('names a bad object key by its parent, and a bad top-level string by no path', () => {
    expect(unsupportedTextFields({ a: { 'k\u0000': 1 } })).toEqual(['a']);
    expect(unsupportedTextFields('x\u0000')).toEqual(['']);
  });

  it('stops at the limit', () => {
    expect(
      unsupportedTextFields(
        Array.from({ length: 50 }, () => '\u0000'),
        5,
      ),
    ).toHaveLength(5);
  });
});

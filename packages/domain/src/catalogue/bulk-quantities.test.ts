import { describe, expect, it } from 'vitest';
import { MESSAGES, messages } from '../messages.ts';
import {
  bulkQuantityErrors,
  clampLineQuantity,
  type QuantityLine,
  setLineQuantity,
} from './bulk-quantities.ts';

const line = (omsOrderableItemId: number, quantity: number): QuantityLine => ({
  omsOrderableItemId,
  quantity,
});
const phone = messages('800-522-4762');

describe('clampLineQuantity', () => {
  it.each<[string, number, number]>([
    ['spec 1 §9: quantity per line 0 to 99 (100 → 99)', 100, 99],
    ['spec 1 §9: below 0 → 0', -3, 0],
    ['a fraction is cut to a whole number', 4.7, 4],
    ['not a number → 0', Number.NaN, 0],
  ])('%s', (_spec, value, expected) => {
    expect(clampLineQuantity(value)).toBe(expected);
  });
});

describe('setLineQuantity', () => {
  it.each<[string, QuantityLine[], QuantityLine, boolean, QuantityLine[], boolean]>([
    [
      'spec 1 §5: a new line is added',
      [line(540, 2)],
      line(534, 3),
      false,
      [line(540, 2), line(534, 3)],
      false,
    ],
    [
      'spec 1 §5: a line is changed in place',
      [line(540, 2), line(534, 3)],
      line(540, 5),
      false,
      [line(540, 5), line(534, 3)],
      false,
    ],
    [
      'spec 1 §5: lines with quantity 0 drop off',
      [line(540, 2), line(534, 3)],
      line(540, 0),
      false,
      [line(534, 3)],
      false,
    ],
    [
      'spec 1 §5: domestic offices are not capped at 25',
      [line(540, 20)],
      line(534, 99),
      false,
      [line(540, 20), line(534, 99)],
      false,
    ],
    [
      'spec 1 §5: international: the line is reduced to fit 25, with the over-limit flag',
      [line(540, 20)],
      line(534, 10),
      true,
      [line(540, 20), line(534, 5)],
      true,
    ],
    [
      'spec 1 §5: international: exactly 25 is fine',
      [line(540, 20)],
      line(534, 5),
      true,
      [line(540, 20), line(534, 5)],
      false,
    ],
    [
      'spec 1 §5: international: no room left drops the line, with the flag',
      [line(540, 25)],
      line(534, 1),
      true,
      [line(540, 25)],
      true,
    ],
  ])('%s', (_spec, lines, changed, capped, expected, overLimit) => {
    expect(setLineQuantity(lines, changed, capped)).toEqual({ lines: expected, overLimit });
  });
});

describe('bulkQuantityErrors', () => {
  it.each<[string, QuantityLine[], boolean, string[]]>([
    ['spec 1 §5: 25 packs across lines, international', [line(540, 20), line(534, 5)], true, []],
    [
      'spec 1 §5: 26 packs, international',
      [line(540, 20), line(534, 6)],
      true,
      [
        'requisitions: A maximum of 25 collection packs may be ordered online. If you need to order more packs, please call us at 800-522-4762.',
      ],
    ],
    ['spec 1 §5: 26 packs, domestic', [line(540, 20), line(534, 6)], false, []],
    [
      'spec 1 §9: a line over 99',
      [line(540, 100)],
      false,
      [`requisitions.0.quantity: ${MESSAGES.quantityOutOfRange}`],
    ],
  ])('%s', (_spec, lines, capped, expected) => {
    expect(bulkQuantityErrors(lines, capped, phone).map((e) => `${e.field}: ${e.defaultMessage}`)).toEqual(
      expected,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { wholeNumberOf } from './whole-number-input.tsx';

describe('wholeNumberOf: a count box keeps whole numbers within min..max (decision 0235)', () => {
  it.each([
    ['', 0, 99, ''],
    ['7', 0, 99, 7],
    ['99', 0, 99, 99],
    ['150', 0, 99, null],
    ['99.', 0, 99, 99],
    ['1-2', 0, 99, 12],
    ['abc', 0, 99, ''],
    ['0', 1, 3, null],
    ['9', 1, 3, null],
    ['2', 1, 3, 2],
  ] as const)('%j within %i..%i → %j', (text, min, max, expected) => {
    expect(wholeNumberOf(text, min, max)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { type Analyte, outOfRange, parseReferenceRange } from './analytes.ts';

const analyte = (
  value: string,
  referenceRange: string | null,
  abnormalFlag: string | null = null,
): Analyte => ({
  code: 'X1',
  name: 'Analyte',
  value,
  unit: 'mg/dL',
  referenceRange,
  abnormalFlag,
});

describe('parseReferenceRange (HL7 v2 OBX-7 as labs print it; decision 0265)', () => {
  it.each<[string | null, ReturnType<typeof parseReferenceRange>]>([
    ['3.5-5.0', { low: 3.5, high: 5 }],
    [' 10 - 40 ', { low: 10, high: 40 }],
    ['-2.0-2.0', { low: -2, high: 2 }],
    ['0.5 to 1.5', { low: 0.5, high: 1.5 }],
    ['<5', { low: null, high: 5 }],
    ['<=200', { low: null, high: 200 }],
    ['>60', { low: 60, high: null }],
    ['Negative', null],
    ['', null],
    [null, null],
  ])('%s', (text, range) => {
    expect(parseReferenceRange(text)).toEqual(range);
  });
});

describe('outOfRange: the value against its range, the lab’s flag first (issue 17 "out-of-range values marked")', () => {
  it.each<[string, Analyte, ReturnType<typeof outOfRange>]>([
    ['below the low limit', analyte('3.1', '3.5-5.0'), 'low'],
    ['above the high limit', analyte('5.4', '3.5-5.0'), 'high'],
    ['on the limits is within range', analyte('5.0', '3.5-5.0'), null],
    ['within the range', analyte('4.2', '3.5-5.0'), null],
    ['over a "<high" range', analyte('7', '<5'), 'high'],
    ['under a ">low" range', analyte('42', '>60'), 'low'],
    ['a text value is not compared', analyte('Negative', 'Negative'), null],
    ['a value "<0.5" with no flag is not compared', analyte('<0.5', '0.5-1.5'), null],
    ['the lab flag H decides, whatever the numbers', analyte('4.2', '3.5-5.0', 'H'), 'high'],
    ['the lab flag LL', analyte('1', '3.5-5.0', 'll'), 'low'],
    ['the lab flag N: within range even when the numbers say otherwise', analyte('9', '3.5-5.0', 'N'), null],
    ['the lab flag A on a text value', analyte('Positive', 'Negative', 'A'), 'abnormal'],
  ])('%s', (_name, given, expected) => {
    expect(outOfRange(given)).toBe(expected);
  });
});

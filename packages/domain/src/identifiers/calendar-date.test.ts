import { describe, expect, it } from 'vitest';
import { parseCalendarDate } from './calendar-date.ts';

describe('parseCalendarDate', () => {
  it.each<[string, string, string | null]>([
    ['spec 3 §5: YYYY-MM-DD', '1985-04-12', '1985-04-12'],
    ['spec 3 §5: MM/DD/YYYY', '04/12/1985', '1985-04-12'],
    ['spec 3 §5: M/D/YYYY', '4/2/1985', '1985-04-02'],
    ['spec 3 §5: no 30 February', '1985-02-30', null],
    ['spec 3 §5: DD.MM.YYYY is not accepted', '12.04.1985', null],
    ['spec 3 §5: a timestamp is not a date', '1985-04-12T00:00:00Z', null],
  ])('%s', (_spec, text, expected) => {
    expect(parseCalendarDate(text)).toBe(expected);
  });
});

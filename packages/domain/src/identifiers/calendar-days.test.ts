import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addCalendarMonths,
  calendarDateFromParts,
  formatCalendarDateUs,
  readCalendarDate,
  wholeYearsBetween,
} from './calendar-days.ts';

describe('readCalendarDate', () => {
  it.each<[string, string, string | null]>([
    ['spec 2 §5: YYYY-MM-DD', '1985-04-12', '1985-04-12'],
    ['spec 2 §5: MM/DD/YYYY', '04/12/1985', '1985-04-12'],
    ['spec 2 §5: MM/DD/YYYY with one-digit month and day', '4/2/1985', '1985-04-02'],
    ['spec 2 §5: surrounding spaces', ' 1985-04-12 ', '1985-04-12'],
    ['spec 2 §5: 29 February of a leap year', '2024-02-29', '2024-02-29'],
    ['spec 2 §5: 29 February of a common year is no date', '2023-02-29', null],
    ['spec 2 §5: 31 April is no date', '04/31/2020', null],
    ['spec 2 §5: month 13', '2020-13-01', null],
    ['spec 2 §5: DD/MM/YYYY read as MM/DD/YYYY fails for day 13 and over', '13/04/1985', null],
    ['spec 2 §5: a two-digit year', '04/12/85', null],
    ['spec 2 §5: a timestamp is not a calendar date', '1985-04-12T00:00:00Z', null],
    ['spec 2 §5: empty', '', null],
  ])('%s: %s', (_spec, text, expected) => {
    expect(readCalendarDate(text)).toBe(expected);
  });
});

describe('calendarDateFromParts', () => {
  it.each<[string, number, number, number, string | null]>([
    ['spec 2 §5: day, month and year', 1985, 4, 12, '1985-04-12'],
    ['spec 2 §5: day max 31', 2020, 1, 32, null],
    ['spec 2 §5: month max 12', 2020, 13, 1, null],
    ['spec 2 §5: year 4 digits', 19850, 4, 12, null],
    ['spec 2 §5: year 0', 0, 4, 12, null],
    ['spec 2 §5: a fraction', 2020, 1.5, 1, null],
    ['spec 2 §5: a year before 100 is kept as is', 99, 1, 1, '0099-01-01'],
  ])('%s', (_spec, year, month, day, expected) => {
    expect(calendarDateFromParts({ year, month, day })).toBe(expected);
  });
});

describe('calendar arithmetic', () => {
  it.each<[string, string, string]>([
    ['14 days before, across a month', addCalendarDays('2026-03-05', -14), '2026-02-19'],
    ['3 days after, across a year', addCalendarDays('2026-12-30', 3), '2027-01-02'],
    ['a day in a leap year', addCalendarDays('2024-02-28', 1), '2024-02-29'],
    ['one month after', addCalendarMonths('2026-03-05', 1), '2026-04-05'],
    [
      'one month after 31 January is the last day of February',
      addCalendarMonths('2026-01-31', 1),
      '2026-02-28',
    ],
    ['…in a leap year', addCalendarMonths('2024-01-31', 1), '2024-02-29'],
    ['one month after 15 December', addCalendarMonths('2026-12-15', 1), '2027-01-15'],
    ['shown as MM/DD/YYYY', formatCalendarDateUs('2026-03-05'), '03/05/2026'],
  ])('%s', (_spec, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each<[string, string, string, number]>([
    ['spec 2 §4: the day before the 18th birthday is 17', '2008-06-15', '2026-06-14', 17],
    ['spec 2 §4: the 18th birthday is 18', '2008-06-15', '2026-06-15', 18],
    ['spec 2 §4: born today is 0', '2026-06-15', '2026-06-15', 0],
    [
      'spec 2 §4: 29 February: the birthday counts from 1 March in a common year',
      '2024-02-29',
      '2025-02-28',
      0,
    ],
    ['spec 2 §4: …and 1 March', '2024-02-29', '2025-03-01', 1],
  ])('%s', (_spec, from, to, expected) => {
    expect(wholeYearsBetween(from, to)).toBe(expected);
  });
});

/**
 * Calendar dates as YYYY-MM-DD strings (ARCHITECTURE: dates of birth and collection dates are calendar dates,
 * never timestamps). Arithmetic is done on UTC dates, so no local time zone can shift a day. YYYY-MM-DD dates
 * compare as text.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number, length: number): string => String(value).padStart(length, '0');

const toIso = ({ year, month, day }: DateParts): string => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

const fromUtc = (date: Date): string =>
  toIso({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });

/**
 * A real calendar day from its parts (spec 2 §5 date of birth: 'year 4 digits, day max 31, month max 12'), as
 * YYYY-MM-DD, or null (31 April, 29 February of a common year, year 0).
 */
export function calendarDateFromParts(parts: DateParts): string | null {
  const { year, month, day } = parts;
  if (![year, month, day].every(Number.isInteger) || year < 1 || year > 9999) return null;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? toIso(parts) : null;
}

/** spec 2 §5 / spec 3 §5: a date written YYYY-MM-DD or MM/DD/YYYY, as YYYY-MM-DD; null for anything else. */
export function readCalendarDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  if (iso) return calendarDateFromParts({ year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) });
  const us = US_DATE.exec(value);
  if (us) return calendarDateFromParts({ year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) });
  return null;
}

function partsOf(isoDate: string): DateParts {
  const [year = 0, month = 0, day = 0] = isoDate.split('-').map(Number);
  return { year, month, day };
}

function utcDate({ year, month, day }: DateParts): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** The calendar date `days` days after (or before, when negative) a YYYY-MM-DD date. */
export function addCalendarDays(isoDate: string, days: number): string {
  const date = utcDate(partsOf(isoDate));
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/**
 * The same day `months` months later, or the last day of that month when it is shorter (31 January + 1 →
 * 28/29 February).
 */
export function addCalendarMonths(isoDate: string, months: number): string {
  const { year, month, day } = partsOf(isoDate);
  const target = utcDate({ year, month: month + months, day: 1 });
  const lastDay = utcDate({
    year: target.getUTCFullYear(),
    month: target.getUTCMonth() + 2,
    day: 0,
  }).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return fromUtc(target);
}

/**
 * Whole years from one calendar date to a later one (an age: one more on each birthday; 29 February counts on
 * 1 March).
 */
export function wholeYearsBetween(from: string, to: string): number {
  const start = partsOf(from);
  const end = partsOf(to);
  const reachedAnniversary = end.month > start.month || (end.month === start.month && end.day >= start.day);
  return end.year - start.year - (reachedAnniversary ? 0 : 1);
}

/** A calendar date as people in the US read it: MM/DD/YYYY. */
export function formatCalendarDateUs(isoDate: string): string {
  const { year, month, day } = partsOf(isoDate);
  return `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;
}

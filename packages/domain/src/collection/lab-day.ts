/**
 * The laboratory's calendar day (docs/decisions/0030). The sample date window of spec 2 §5 ('14 days ago to 3 days
 * ahead') counts from today, and the lab's shipping cutoffs are Eastern time (spec 2 §9 '2:30 PM ET'), so 'today' is
 * the date in the lab's time zone, on the server and in every browser alike.
 */
export const LAB_TIME_ZONE = 'America/New_York';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter per time zone, made once (making one costs far more than formatting with it). */
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
};

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function calendarDateInTimeZone(instant: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: 'year' | 'month' | 'day') => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Today in the laboratory's time zone. */
export const labToday = (now: Date = new Date()): string => calendarDateInTimeZone(now, LAB_TIME_ZONE);

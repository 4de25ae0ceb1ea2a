/** The laboratory's time zone: 'today' for dates of birth and ages is the lab's calendar day. */
export const LAB_TIME_ZONE = 'America/New_York';

const format = new Intl.DateTimeFormat('en-CA', {
  timeZone: LAB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date (YYYY-MM-DD) in the laboratory's time zone. */
export const labToday = (now: Date = new Date()): string => format.format(now);

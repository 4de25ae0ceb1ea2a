/** 'Today' for ages is the laboratory's calendar day (America/New_York), as the server counts it. */
const format = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const labToday = (now: Date = new Date()): string => format.format(now);

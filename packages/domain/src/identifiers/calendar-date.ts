const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const isRealDate = (year: number, month: number, day: number): boolean => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * spec 3 §5: 'Dates must parse as YYYY-MM-DD or MM/DD/YYYY'. Returns the calendar date as YYYY-MM-DD (ARCHITECTURE:
 * dates of birth are calendar dates, never timestamps), or null when the text is neither format or no such day.
 */
export function parseCalendarDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  const us = iso ? null : US_DATE.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (year === 0 || !isRealDate(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

import { addCalendarMonths, readCalendarDate, wholeYearsBetween } from '../identifiers/calendar-days.ts';

/**
 * spec 2 §9: 'minor under 18, age confirmation under 1, nutritional restriction under 2'; spec 1 §5 date
 * bounds.
 */
export const PATIENT_AGE = {
  minorUnder: 18,
  confirmationUnder: 1,
  nutritionalUnder: 2,
  oldestYears: 150,
} as const;

/**
 * The patient's age in whole years on a day (both calendar dates), or null when the date of birth is
 * unreadable.
 */
export function patientAge(dateOfBirth: string | null, today: string): number | null {
  const birth = dateOfBirth === null ? null : readCalendarDate(dateOfBirth);
  return birth === null ? null : wholeYearsBetween(birth, today);
}

const isUnder = (years: number, dateOfBirth: string | null, today: string): boolean => {
  const age = patientAge(dateOfBirth, today);
  return age !== null && age < years;
};

/** spec 2 §4: 'Minor means under 18.' */
export const isMinor = (dateOfBirth: string | null, today: string): boolean =>
  isUnder(PATIENT_AGE.minorUnder, dateOfBirth, today);

/** spec 2 §4: 'under 1 year requires age confirmation'. */
export const needsAgeConfirmation = (dateOfBirth: string | null, today: string): boolean =>
  isUnder(PATIENT_AGE.confirmationUnder, dateOfBirth, today);

/** spec 2 §5: nutritional testing is refused under 2 years. */
export const isUnderNutritionalAge = (dateOfBirth: string | null, today: string): boolean =>
  isUnder(PATIENT_AGE.nutritionalUnder, dateOfBirth, today);

/** spec 1 §5: a date of birth is not later than today nor earlier than 150 years ago. */
export function isPlausibleDateOfBirth(dateOfBirth: string, today: string): boolean {
  const birth = readCalendarDate(dateOfBirth);
  return birth !== null && birth <= today && birth >= addCalendarMonths(today, -12 * PATIENT_AGE.oldestYears);
}

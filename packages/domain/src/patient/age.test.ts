import { describe, expect, it } from 'vitest';
import {
  isMinor,
  isPlausibleDateOfBirth,
  isUnderNutritionalAge,
  needsAgeConfirmation,
  patientAge,
} from './age.ts';

const today = '2026-06-15';

describe('age rules', () => {
  it.each<[string, string, boolean, boolean, boolean]>([
    // [spec, date of birth, minor, age confirmation, under nutritional age]
    ['spec 2 §4: born today', '2026-06-15', true, true, true],
    ['spec 2 §4: the day before the first birthday', '2025-06-16', true, true, true],
    ['spec 2 §4: the first birthday needs no confirmation', '2025-06-15', true, false, true],
    ['spec 2 §5: the day before the second birthday', '2024-06-16', true, false, true],
    ['spec 2 §5: the second birthday', '2024-06-15', true, false, false],
    ['spec 2 §4: the day before the 18th birthday is a minor', '2008-06-16', true, false, false],
    ['spec 2 §4: the 18th birthday is an adult', '2008-06-15', false, false, false],
    ['spec 2 §5: MM/DD/YYYY is read too', '06/16/2008', true, false, false],
  ])('%s', (_spec, dateOfBirth, minor, confirmation, nutritional) => {
    expect([
      isMinor(dateOfBirth, today),
      needsAgeConfirmation(dateOfBirth, today),
      isUnderNutritionalAge(dateOfBirth, today),
    ]).toEqual([minor, confirmation, nutritional]);
  });

  it.each<[string, string | null]>([
    ['spec 2 §5: no date of birth', null],
    ['spec 2 §5: an unreadable date of birth', 'yesterday'],
  ])('%s: no age, so no age rule applies', (_spec, dateOfBirth) => {
    expect(patientAge(dateOfBirth, today)).toBeNull();
    expect([isMinor(dateOfBirth, today), needsAgeConfirmation(dateOfBirth, today)]).toEqual([false, false]);
  });

  it.each<[string, string, boolean]>([
    ['spec 1 §5: today', '2026-06-15', true],
    ['spec 1 §5: tomorrow is not a date of birth', '2026-06-16', false],
    ['spec 1 §5: 150 years ago', '1876-06-15', true],
    ['spec 1 §5: 150 years and a day ago', '1876-06-14', false],
    ['spec 2 §5: not a date', '1985-02-30', false],
  ])('%s', (_spec, dateOfBirth, expected) => {
    expect(isPlausibleDateOfBirth(dateOfBirth, today)).toBe(expected);
  });
});

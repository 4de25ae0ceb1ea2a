import { describe, expect, it } from 'vitest';
import { resultsRefusal } from './results-access.ts';

const today = '2026-11-26';
const adult = '1980-05-01';
const minor = '2012-05-01';
const turns18Today = '2008-11-26';

const order = (dateOfBirth: string | null, physicianInTheLoop: boolean) => ({
  patientInfo: dateOfBirth === null ? null : ({ dateOfBirth } as never),
  physicianInTheLoop,
});

describe('resultsRefusal (spec 3 §6; decision 0261)', () => {
  it.each([
    ['spec 3 §6 practitioners: adult patient', 'myGDX', adult, false, null, null],
    ['spec 3 §6 practitioners: minor on a PITL order', 'myGDX', minor, true, null, null],
    ['spec 3 §6 practitioners: minor, not PITL → refused', 'myGDX', minor, false, null, 'minor'],
    ['spec 2 §9 minor under 18: 18 today is an adult', 'myGDX', turns18Today, false, null, null],
    ['no date of birth on the order: treated as a minor', 'myGDX', null, false, null, 'minor'],
    ['spec 3 §6 patients: adult with the date of birth', 'prc', adult, false, adult, null],
    ['spec 3 §6 patients: downloads need dateOfBirth', 'prc', adult, false, null, 'dateOfBirthRequired'],
    ['patients: a wrong date of birth', 'prc', adult, false, '1980-05-02', 'dateOfBirthMismatch'],
    ['patients: a minor’s results never on the patient side', 'prc', minor, false, minor, 'minor'],
    [
      'spec 3 §1 PITL: a minor’s results visible to the patient on a PITL order',
      'prc',
      minor,
      true,
      minor,
      null,
    ],
    ['spec 3 §1 PITL: still with the date of birth only', 'prc', minor, true, null, 'dateOfBirthRequired'],
    [
      'spec 3 §1 PITL: a wrong date of birth still refused',
      'prc',
      adult,
      true,
      '1980-05-02',
      'dateOfBirthMismatch',
    ],
  ] as const)('%s', (_name, type, dateOfBirth, pitl, dateOfBirthSent, expected) => {
    expect(resultsRefusal({ user: { type }, order: order(dateOfBirth, pitl), dateOfBirthSent, today })).toBe(
      expected,
    );
  });
});

import type { FieldError } from '../contract/errors.ts';
import type { PatientAddress, PatientInfo } from '../contract/order.ts';
import { isRegionCode } from '../identifiers/regions.ts';
import { ADDRESS_MESSAGES, MESSAGES, PATIENT_MESSAGES } from '../messages.ts';
import { fieldError, isBlank, isUsZipCode, maxLength, phoneErrors, required } from './field-checks.ts';
import { EMPLOYMENT_STATUS_OPTIONS, isOneOf } from './options.ts';
import { ADDRESS_LIMITS } from './patient-address.ts';

/** spec 2 §9: 'Employer-required states NH, OH'. */
export const EMPLOYER_REQUIRED_STATES: readonly string[] = ['NH', 'OH'];
/** spec 2 §5: 'NY students also need school district'. */
export const SCHOOL_DISTRICT_STATES: readonly string[] = ['NY'];
/** Limits of the employer block's free texts (the spec gives none; ours). */
export const EMPLOYER_LIMITS = { occupation: 64, employer: 128, schoolDistrict: 64 } as const;

const upper = (text: string | null | undefined): string => (text ?? '').trim().toUpperCase();

const employerAddressOf = (patient: Pick<PatientInfo, 'addresses'>): PatientAddress | undefined =>
  patient.addresses.find((address) => address.type === 'employer');

/**
 * spec 2 §5: NH and OH residents are asked for their employment status and, when employed or students, for
 * the employer block.
 */
export const isEmployerState = (residentState: string | null): boolean =>
  EMPLOYER_REQUIRED_STATES.includes(upper(residentState));

export const isEmployedOrStudent = (employmentStatus: string | null): boolean =>
  employmentStatus === 'Employed' || employmentStatus === 'Student';

/** spec 2 §5: a student living (or at school) in New York also gives the school district. */
export function needsSchoolDistrict(
  patient: Pick<PatientInfo, 'employmentStatus' | 'addresses'>,
  residentState: string | null,
): boolean {
  if (patient.employmentStatus !== 'Student') return false;
  return (
    SCHOOL_DISTRICT_STATES.includes(upper(residentState)) ||
    SCHOOL_DISTRICT_STATES.includes(upper(employerAddressOf(patient)?.state))
  );
}

const PREFIX = 'addresses.employer';

function employerAddressErrors(address: PatientAddress | undefined): FieldError[] {
  const at = (name: string) => `${PREFIX}.${name}`;
  const state = address?.state ?? null;
  const zipCode = address?.zipCode ?? null;
  return [
    ...required(at('address1'), address?.address1, ADDRESS_MESSAGES.streetRequired),
    ...maxLength(at('address1'), 'Address line 1', address?.address1, ADDRESS_LIMITS.addressLine),
    ...maxLength(at('address2'), 'Address line 2', address?.address2, ADDRESS_LIMITS.addressLine),
    ...required(at('city'), address?.city, ADDRESS_MESSAGES.cityRequired),
    ...maxLength(at('city'), 'City', address?.city, ADDRESS_LIMITS.city),
    ...(isRegionCode(state) ? [] : [fieldError(at('state'), ADDRESS_MESSAGES.stateInvalid)]),
    ...(isBlank(zipCode)
      ? [fieldError(at('zipCode'), ADDRESS_MESSAGES.zipRequired)]
      : isUsZipCode(zipCode ?? '')
        ? []
        : [fieldError(at('zipCode'), ADDRESS_MESSAGES.zipInvalid)]),
    ...phoneErrors(at('voicePhone'), address?.voicePhone, true, {
      required: ADDRESS_MESSAGES.phoneRequired,
      invalid: ADDRESS_MESSAGES.phoneInvalid,
    }),
  ];
}

/**
 * spec 2 §5 employer block: for NH and OH residents, the employment status; when employed or a student,
 * occupation, employer or school name, and its address, city, state (2 characters), zip (5) and phone. NY
 * students also give the school district. `applies` is false where the block is not asked (see
 * validatePatient).
 */
export function employerErrors(
  patient: Pick<PatientInfo, 'employmentStatus' | 'occupation' | 'employer' | 'addresses'>,
  residentState: string | null,
  applies: boolean,
): FieldError[] {
  const status = patient.employmentStatus;
  const errors: FieldError[] = [
    ...(isBlank(status) || isOneOf(EMPLOYMENT_STATUS_OPTIONS, status)
      ? []
      : [fieldError('employmentStatus', MESSAGES.notAnOption)]),
    ...maxLength('occupation', 'Occupation', patient.occupation, EMPLOYER_LIMITS.occupation),
    ...maxLength('employer', 'Employer or school name', patient.employer, EMPLOYER_LIMITS.employer),
    ...maxLength(
      `${PREFIX}.schoolDistrict`,
      'School district',
      employerAddressOf(patient)?.schoolDistrict,
      EMPLOYER_LIMITS.schoolDistrict,
    ),
  ];
  if (!applies) return errors;
  if (isEmployerState(residentState)) {
    if (isBlank(status))
      errors.push(fieldError('employmentStatus', PATIENT_MESSAGES.employmentStatusRequired));
    if (isEmployedOrStudent(status)) {
      errors.push(
        ...required('occupation', patient.occupation, PATIENT_MESSAGES.occupationRequired),
        ...required('employer', patient.employer, PATIENT_MESSAGES.employerRequired),
        ...employerAddressErrors(employerAddressOf(patient)),
      );
    }
  }
  if (needsSchoolDistrict(patient, residentState))
    errors.push(
      ...required(
        `${PREFIX}.schoolDistrict`,
        employerAddressOf(patient)?.schoolDistrict,
        PATIENT_MESSAGES.schoolDistrictRequired,
      ),
    );
  return errors;
}

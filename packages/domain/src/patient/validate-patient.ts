import { regexes } from 'zod/v4/core';
import type { FieldError } from '../contract/errors.ts';
import {
  BILLING_METHODS,
  type GearOrder,
  type PatientAddress,
  type PatientInfo,
  type UserType,
} from '../contract/order.ts';
import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { isValidSsn, SSN_MAX_LENGTH } from '../identifiers/ssn.ts';
import { ADDRESS_MESSAGES, MESSAGES, notACalendarDate, PATIENT_MESSAGES } from '../messages.ts';
import { isMinor, isPlausibleDateOfBirth, isUnderNutritionalAge, needsAgeConfirmation } from './age.ts';
import { employerErrors } from './employer.ts';
import { fieldError, isBlank, maxLength, phoneErrors, required } from './field-checks.ts';
import { ETHNICITY_OPTIONS, isOneOf, RACE_OPTIONS } from './options.ts';
import {
  DEFAULT_PITL_RESTRICTED_STATES,
  isInternationalAddress,
  patientAddressErrors,
} from './patient-address.ts';

/** spec 2 §5 limits of the patient form. */
export const PATIENT_LIMITS = {
  name: 50,
  middleInitial: 1,
  email: 100,
  ssn: SSN_MAX_LENGTH,
  driverLicenseNumber: 20,
  chartNumber: 7,
} as const;

/** What the patient rules read besides the form: the order, the user and the day. */
export interface PatientFacts {
  /** The calendar date today, YYYY-MM-DD. */
  today: string;
  userType: UserType;
  dropShip: boolean;
  covid: boolean;
  pitl: boolean;
  dataConfirmed: boolean;
  capAuthorized: boolean;
  /** The practitioner office's layout (spec 1 §6): 0, 2 or missing are domestic. */
  reqLayoutId: number | null;
  /** A requisition is billed 'Uninsured (HRSA Elligible)'. */
  hrsaBilling: boolean;
  /** The order holds a nutritional product. */
  nutritional: boolean;
  /** The user confirmed the age of a patient under 1 in the dialog (spec 2 §4). */
  ageConfirmed: boolean;
  /** PITL restricted states; DEFAULT_PITL_RESTRICTED_STATES unless configured. */
  pitlRestrictedStates?: readonly string[];
}

type OrderForPatientFacts = Pick<
  GearOrder,
  | 'requisitions'
  | 'containsDropShipRequisition'
  | 'containsCovidRegistration'
  | 'covidRegistration'
  | 'physicianInTheLoop'
  | 'dataConfirmed'
  | 'practitioner'
>;

/** The order's part of PatientFacts. */
export function patientFactsOfOrder(
  order: OrderForPatientFacts,
): Pick<
  PatientFacts,
  'dropShip' | 'covid' | 'pitl' | 'dataConfirmed' | 'capAuthorized' | 'reqLayoutId' | 'hrsaBilling'
> {
  const { requisitions } = order;
  return {
    dropShip: order.containsDropShipRequisition || requisitions.some((r) => r.dropShip),
    covid:
      order.containsCovidRegistration ||
      order.covidRegistration ||
      requisitions.some((r) => r.covidRegistration),
    pitl: order.physicianInTheLoop || requisitions.some((r) => r.physicianInTheLoop),
    dataConfirmed: order.dataConfirmed,
    capAuthorized: order.practitioner?.capAuthorized ?? false,
    reqLayoutId: order.practitioner?.office.reqLayoutId ?? null,
    hrsaBilling: requisitions.some((r) => r.billingMethod === BILLING_METHODS.uninsuredHrsa),
  };
}

export const shippingAddressOf = (patient: Pick<PatientInfo, 'addresses'>): PatientAddress | undefined =>
  patient.addresses.find((address) => address.type === 'shipping');

/** spec 2 §5: email and cell phone are required 'for PITL, drop-ship, COVID and prc'. */
export const requiresPatientContact = (
  facts: Pick<PatientFacts, 'pitl' | 'dropShip' | 'covid' | 'userType'>,
): boolean => facts.pitl || facts.dropShip || facts.covid || facts.userType === 'prc';

/**
 * spec 2 §5 'When an address is required (drop-ship, COVID, patient-facing)': PITL orders are patient-facing.
 */
export const requiresPatientAddress = requiresPatientContact;

/**
 * spec 2 §5 '(drop-ship not yet confirmed is exempt)': a practitioner entering a drop-ship order before the
 * patient has confirmed the data may leave the responsible party and employer block to the patient.
 */
export const awaitsPatientConfirmation = (
  facts: Pick<PatientFacts, 'dropShip' | 'dataConfirmed' | 'userType'>,
): boolean => facts.dropShip && !facts.dataConfirmed && facts.userType === 'myGDX';

/** spec 2 §5: 'SSN hidden for international and PITL'. */
export const showsSsn = (facts: Pick<PatientFacts, 'pitl'>, international: boolean): boolean =>
  !international && !facts.pitl;

/** spec 2 §5: the patient's country decides international handling together with the office layout. */
export const isInternationalPatient = (
  patient: Pick<PatientInfo, 'addresses'>,
  facts: Pick<PatientFacts, 'reqLayoutId'>,
): boolean => isInternationalAddress(facts.reqLayoutId, shippingAddressOf(patient)?.country ?? null);

/** zod's e-mail check (what z.email() tests), without loading its schemas in the browser. */
const isEmail = (text: string): boolean => regexes.email.test(text.trim());

function nameErrors(patient: PatientInfo): FieldError[] {
  return [
    ...required('nameFirst', patient.nameFirst, PATIENT_MESSAGES.firstNameRequired),
    ...maxLength('nameFirst', 'First name', patient.nameFirst, PATIENT_LIMITS.name),
    ...maxLength('nameMiddle', 'Middle initial', patient.nameMiddle, PATIENT_LIMITS.middleInitial),
    ...required('nameLast', patient.nameLast, PATIENT_MESSAGES.lastNameRequired),
    ...maxLength('nameLast', 'Last name', patient.nameLast, PATIENT_LIMITS.name),
  ];
}

function dateOfBirthErrors(patient: PatientInfo, facts: PatientFacts): FieldError[] {
  const text = patient.dateOfBirth;
  const at = (message: string) => [fieldError('dateOfBirth', message)];
  if (text === null || isBlank(text)) return at(PATIENT_MESSAGES.dateOfBirthRequired);
  if (readCalendarDate(text) === null) return at(notACalendarDate(text.trim()));
  if (!isPlausibleDateOfBirth(text, facts.today)) return at(PATIENT_MESSAGES.dateOfBirthOutOfRange);
  if (facts.nutritional && (facts.pitl || facts.capAuthorized) && isUnderNutritionalAge(text, facts.today))
    return at(PATIENT_MESSAGES.nutritionalUnderTwo);
  if (needsAgeConfirmation(text, facts.today) && !facts.ageConfirmed) return at(PATIENT_MESSAGES.confirmAge);
  return [];
}

function contactErrors(patient: PatientInfo, facts: PatientFacts): FieldError[] {
  const needed = requiresPatientContact(facts);
  const email = patient.email;
  const phoneMessages = { required: ADDRESS_MESSAGES.phoneRequired, invalid: ADDRESS_MESSAGES.phoneInvalid };
  return [
    ...(needed ? required('email', email, PATIENT_MESSAGES.emailRequired) : []),
    ...(isBlank(email) || isEmail(email ?? '') ? [] : [fieldError('email', PATIENT_MESSAGES.emailInvalid)]),
    ...maxLength('email', 'Email', email, PATIENT_LIMITS.email),
    ...phoneErrors('voicePhone', patient.voicePhone, needed, phoneMessages),
    ...phoneErrors('alternatePhone', patient.alternatePhone, false, phoneMessages),
  ];
}

function responsiblePartyErrors(patient: PatientInfo, facts: PatientFacts): FieldError[] {
  const needed = isMinor(patient.dateOfBirth, facts.today) && !awaitsPatientConfirmation(facts);
  return [
    ...(needed
      ? required(
          'responsibleNameFirst',
          patient.responsibleNameFirst,
          PATIENT_MESSAGES.responsibleFirstNameRequired,
        )
      : []),
    ...maxLength(
      'responsibleNameFirst',
      'Responsible party first name',
      patient.responsibleNameFirst,
      PATIENT_LIMITS.name,
    ),
    ...maxLength(
      'responsibleNameMiddle',
      'Responsible party middle initial',
      patient.responsibleNameMiddle,
      PATIENT_LIMITS.middleInitial,
    ),
    ...(needed
      ? required(
          'responsibleNameLast',
          patient.responsibleNameLast,
          PATIENT_MESSAGES.responsibleLastNameRequired,
        )
      : []),
    ...maxLength(
      'responsibleNameLast',
      'Responsible party last name',
      patient.responsibleNameLast,
      PATIENT_LIMITS.name,
    ),
  ];
}

function optionErrors(
  field: 'race' | 'ethnicity',
  value: string | null,
  options: readonly string[],
  needed: boolean,
  message: string,
) {
  if (isBlank(value)) return needed ? [fieldError(field, message)] : [];
  return isOneOf(options, value) ? [] : [fieldError(field, MESSAGES.notAnOption)];
}

function identityErrors(patient: PatientInfo, facts: PatientFacts, international: boolean): FieldError[] {
  const ssnShown = showsSsn(facts, international);
  const ssn = ssnShown ? patient.ssn : null;
  const hasId = !isBlank(ssn) || !isBlank(patient.driverLicenseNumber);
  return [
    ...optionErrors('race', patient.race, RACE_OPTIONS, facts.covid, PATIENT_MESSAGES.raceRequired),
    ...optionErrors(
      'ethnicity',
      patient.ethnicity,
      ETHNICITY_OPTIONS,
      facts.covid,
      PATIENT_MESSAGES.ethnicityRequired,
    ),
    ...(facts.covid && facts.hrsaBilling && !hasId
      ? [fieldError(ssnShown ? 'ssn' : 'driverLicenseNumber', PATIENT_MESSAGES.hrsaIdRequired)]
      : []),
    ...(isBlank(ssn) || isValidSsn(ssn ?? '') ? [] : [fieldError('ssn', PATIENT_MESSAGES.ssnInvalid)]),
    ...maxLength(
      'driverLicenseNumber',
      "Driver's license number",
      patient.driverLicenseNumber,
      PATIENT_LIMITS.driverLicenseNumber,
    ),
    ...maxLength('chartNumber', 'Chart number', patient.chartNumber, PATIENT_LIMITS.chartNumber),
  ];
}

/**
 * spec 2 §5 Patient, every rule with its message: names, date of birth (format, age confirmation under 1, the
 * nutritional refusal under 2 for PITL or CAP-authorized orders), sex, contact, address, responsible party
 * for minors, employer block, COVID race, ethnicity and county, HRSA identity, SSN (hidden for international
 * and PITL), limits, and the PITL restricted states. Fields are patientInfo's names; address fields are
 * `addresses.shipping.<name>` and `addresses.employer.<name>`.
 */
export function validatePatient(patient: PatientInfo, facts: PatientFacts): FieldError[] {
  const international = isInternationalPatient(patient, facts);
  const residence = shippingAddressOf(patient);
  return [
    ...nameErrors(patient),
    ...dateOfBirthErrors(patient, facts),
    ...(patient.gender === 'M' || patient.gender === 'F'
      ? []
      : [fieldError('gender', PATIENT_MESSAGES.sexRequired)]),
    ...contactErrors(patient, facts),
    ...patientAddressErrors(residence, {
      required: requiresPatientAddress(facts),
      international,
      pitl: facts.pitl,
      covid: facts.covid,
      pitlRestrictedStates: facts.pitlRestrictedStates ?? DEFAULT_PITL_RESTRICTED_STATES,
    }),
    ...responsiblePartyErrors(patient, facts),
    ...employerErrors(patient, residence?.state ?? null, !awaitsPatientConfirmation(facts)),
    ...identityErrors(patient, facts, international),
  ];
}

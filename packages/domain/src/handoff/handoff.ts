import { regexes } from 'zod/v4/core';
import type { FieldError } from '../contract/errors.ts';
import type { PatientInfo } from '../contract/order.ts';
import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { HANDOFF_MESSAGES, notACalendarDate, PATIENT_MESSAGES } from '../messages.ts';
import { isPlausibleDateOfBirth } from '../patient/age.ts';
import { fieldError, isBlank, maxLength } from '../patient/field-checks.ts';
import { PATIENT_LIMITS, patientFactsOfOrder } from '../patient/validate-patient.ts';

/** spec 3 §9 'Email max 100'; the last name keeps the patient form's limit (spec 2 §5). */
export const HANDOFF_LIMITS = { email: 100, nameLast: PATIENT_LIMITS.name } as const;

/** spec 3 §2 'Patient Information handoff form': what the practitioner types. */
export interface HandoffForm {
  dateOfBirth: string | null;
  nameLast: string | null;
  email: string | null;
  /** Drop-ship orders only (spec 3 §3 'shipping method (drop-ship only)'). */
  shippingMethod: string | null;
}

/** What the handoff rules read besides the form. */
export interface HandoffFacts {
  /** The calendar date today (YYYY-MM-DD). */
  today: string;
  /** The order ships packs to the patient: the form asks for a shipping method. */
  dropShip: boolean;
  /** The methods the patient's address allows (availableShippingMethods). */
  shippingMethods: readonly string[];
}

/** zod's e-mail check (what z.email() tests), without loading its schemas in the browser. */
const isEmail = (text: string): boolean => regexes.email.test(text.trim());

function dateOfBirthErrors(text: string | null, today: string): FieldError[] {
  if (isBlank(text)) return [fieldError('dateOfBirth', HANDOFF_MESSAGES.dateOfBirthRequired)];
  const date = readCalendarDate(text ?? '');
  if (date === null) return [fieldError('dateOfBirth', notACalendarDate((text ?? '').trim()))];
  return isPlausibleDateOfBirth(date, today)
    ? []
    : [fieldError('dateOfBirth', PATIENT_MESSAGES.dateOfBirthOutOfRange)];
}

function emailErrors(text: string | null): FieldError[] {
  if (isBlank(text)) return [fieldError('email', HANDOFF_MESSAGES.emailRequired)];
  const tooLong = maxLength('email', 'Email', text, HANDOFF_LIMITS.email);
  if (tooLong.length > 0) return tooLong;
  return isEmail(text ?? '') ? [] : [fieldError('email', HANDOFF_MESSAGES.emailInvalid)];
}

function shippingMethodErrors(method: string | null, facts: HandoffFacts): FieldError[] {
  if (!facts.dropShip) return [];
  return method !== null && facts.shippingMethods.includes(method)
    ? []
    : [fieldError('shippingMethod', HANDOFF_MESSAGES.shippingMethodRequired)];
}

/**
 * spec 3 §5 Handoff: date of birth, last name and email are required, the email at most 100 characters, dates as
 * YYYY-MM-DD or MM/DD/YYYY; drop-ship orders need a shipping method the patient's address allows.
 */
export function validateHandoff(form: HandoffForm, facts: HandoffFacts): FieldError[] {
  return [
    ...dateOfBirthErrors(form.dateOfBirth, facts.today),
    ...(isBlank(form.nameLast)
      ? [fieldError('nameLast', HANDOFF_MESSAGES.lastNameRequired)]
      : maxLength('nameLast', 'Last name', form.nameLast, HANDOFF_LIMITS.nameLast)),
    ...emailErrors(form.email),
    ...shippingMethodErrors(form.shippingMethod, facts),
  ];
}

/** spec 3 §5: 'Send is disabled until email and date of birth are both given (email max 100)'. */
export const maySendHandoff = (form: Pick<HandoffForm, 'email' | 'dateOfBirth'>): boolean =>
  !isBlank(form.email) &&
  !isBlank(form.dateOfBirth) &&
  (form.email ?? '').trim().length <= HANDOFF_LIMITS.email;

/** spec 3 §2: the form asks for a shipping method on drop-ship orders only. */
export const handoffAsksShippingMethod = (order: Parameters<typeof patientFactsOfOrder>[0]): boolean =>
  patientFactsOfOrder(order).dropShip;

const EMPTY_PATIENT: PatientInfo = {
  nameFirst: null,
  nameMiddle: null,
  nameLast: null,
  dateOfBirth: null,
  gender: null,
  email: null,
  voicePhone: null,
  alternatePhone: null,
  chartNumber: null,
  driverLicenseNumber: null,
  ssn: null,
  race: null,
  ethnicity: null,
  source: null,
  marketingOptIn: false,
  occupation: null,
  employer: null,
  employmentStatus: null,
  responsibleNameFirst: null,
  responsibleNameMiddle: null,
  responsibleNameLast: null,
  addresses: [],
};

/**
 * The order's patient after a valid handoff: the date of birth (as YYYY-MM-DD), last name and email the practitioner
 * typed, over what the order already holds (a new patient when it holds none). The date of birth is what the patient
 * proves the order with (docs/decisions/0040), so the email's link opens only with it.
 */
export function patientAfterHandoff(previous: PatientInfo | null, form: HandoffForm): PatientInfo {
  return {
    ...(previous ?? EMPTY_PATIENT),
    dateOfBirth: readCalendarDate(form.dateOfBirth ?? '') ?? form.dateOfBirth,
    nameLast: (form.nameLast ?? '').trim(),
    email: (form.email ?? '').trim(),
  };
}

import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { needsPractitionerGdxId, parseRequisitionSearch } from '../identifiers/requisition-search.ts';
import { MESSAGES, PATIENT_MESSAGES } from '../messages.ts';
import { ACTIVATION_MESSAGES, activationGdxId } from './activation.ts';

/**
 * Patient Registration at /register/{reqNum?} (spec 3 §2, §6 'Unauthenticated patients are allowed on register';
 * spec 1 §4.4 'a patient adding a new requisition gives registration'; docs/decisions/0170).
 */
export const REGISTRATION_MESSAGES = {
  /** Ours (decision 0170): the pack is on an order already; the patient activates it instead. */
  alreadyRegistered:
    'This collection pack is already registered. Please activate it with its number and your date of birth.',
  /** Ours: the patient's names are required to register. */
  nameFirstRequired: 'Please provide your first name.',
  nameLastRequired: 'Please provide your last name.',
  /** Ours: a pack with no practitioner needs the practitioner's GDX ID. */
  practitionerNeeded: "This collection pack needs your practitioner's GDX ID.",
} as const;

/** The error name of the 409 answered for a pack already on an order (decision 0170). */
export const REGISTRATION_ERRORS = { alreadyRegistered: 'RequisitionAlreadyRegisteredException' } as const;

/** The longest name the form takes (the patient step's own limits are wider; a name is never longer). */
export const REGISTRATION_NAME_MAX_LENGTH = 50;

export interface RegistrationForm {
  activationNumber: string;
  gdxId: string;
  nameFirst: string;
  nameLast: string;
  dateOfBirth: string;
  captcha: string | null;
}

export type RegistrationField =
  | 'activationNumber'
  | 'gdxId'
  | 'nameFirst'
  | 'nameLast'
  | 'dateOfBirth'
  | 'captcha';

/**
 * The registration form's rules (decision 0170): the number as spec 1 §5 reads it, the GDX ID as spec 3 §5
 * 'Activation' requires it (numbers of under 8 digits and over 4,000,000), first and last name, a date of birth
 * that is a real day, and the captcha.
 */
export function registrationFormErrors(form: RegistrationForm): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  const search = parseRequisitionSearch(form.activationNumber);
  if (search.kind === 'empty') errors.activationNumber = MESSAGES.requisitionNumberRequired;
  else if (search.kind === 'unrecognised' || search.kind === 'invalidActivationNumber')
    errors.activationNumber = ACTIVATION_MESSAGES.notFound;
  if (needsPractitionerGdxId(search) && !activationGdxId(form.gdxId))
    errors.gdxId = MESSAGES.practitionerGdxIdRequired;
  if (form.nameFirst.trim() === '') errors.nameFirst = REGISTRATION_MESSAGES.nameFirstRequired;
  if (form.nameLast.trim() === '') errors.nameLast = REGISTRATION_MESSAGES.nameLastRequired;
  if (!readCalendarDate(form.dateOfBirth)) errors.dateOfBirth = PATIENT_MESSAGES.dateOfBirthRequired;
  if (!form.captcha) errors.captcha = ACTIVATION_MESSAGES.captchaRequired;
  return errors;
}

export type RegistrationPractitioner =
  | { kind: 'practitioner'; gsdlNo: string }
  | { kind: 'gdxIdRequired' }
  | { kind: 'notThePacks' };

/**
 * Whose order a registration makes (decision 0170): the pack's practitioner. A number that needs the GDX ID must name
 * the pack's practitioner (else the pack is not found for it); a pack of no practitioner takes the GDX ID given.
 */
export function registrationPractitioner(facts: {
  needsGdxId: boolean;
  packGsdlNo: string | null;
  gdxId: string | null;
}): RegistrationPractitioner {
  const { needsGdxId, packGsdlNo, gdxId } = facts;
  if (needsGdxId && !gdxId) return { kind: 'gdxIdRequired' };
  if (packGsdlNo) {
    if (needsGdxId && gdxId !== packGsdlNo) return { kind: 'notThePacks' };
    return { kind: 'practitioner', gsdlNo: packGsdlNo };
  }
  return gdxId ? { kind: 'practitioner', gsdlNo: gdxId } : { kind: 'gdxIdRequired' };
}

import type { OrderFacts } from '../contract/order.ts';
import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { needsPractitionerGdxId, parseRequisitionSearch } from '../identifiers/requisition-search.ts';
import { CAPTCHA_INVALID_MESSAGE, MESSAGES, PATIENT_MESSAGES } from '../messages.ts';

/**
 * Spec 3 §4/§5/§8 'Activation' and §5 'Validation (Welcome Back) form': the rules of the patients' front door
 * (docs/decisions/0140).
 */
export const ACTIVATION_MESSAGES = {
  /** spec 3 §8 'Activation': RecaptchaInvalidException (the captcha's one text, decision 0150). */
  captchaInvalid: CAPTCHA_INVALID_MESSAGE,
  /** Ours (decision 0140): the captcha left unsolved in the form. */
  captchaRequired: 'Please confirm that you are not a robot.',
  /**
   * spec 3 §8 'Activation' 404 or 400: the spec gives 'We could not find a requisition associated with that
   * number...'; the rest of the sentence is ours (decision 0140).
   */
  notFound:
    'We could not find a requisition associated with that number. Please check the number and your date of birth, and contact your provider if you believe it is valid.',
  /** spec 3 §8 'Activation': the '…with your practitioner' variant, when a practitioner GDX ID was given. */
  notFoundWithPractitioner:
    'We could not find a requisition associated with that number with your practitioner. Please check the number, your date of birth and the GDX ID, and contact your provider if you believe it is valid.',
  /** spec 3 §8 'Activation': a layout 3 order. */
  notRequired: 'Online activation of requisition is not required.',
  /** spec 3 §8 'Activation': 'Validation 401'. */
  validationFailed: 'Validation failed, please check your information for this order.',
  /** Ours: a zip code longer than spec 3 §5's 5 characters, or not digits. */
  zipInvalid: 'Please provide a valid zip code.',
  zipRequired: 'Please provide a zip code.',
  /** Ours: the practitioner picked from spec 3 §4's practitionerOptions. */
  practitionerRequired: 'Please choose your practitioner.',
} as const;

/** spec 3 §8 'Activation': the server's error names the browser reads. */
export const ACTIVATION_ERRORS = {
  captchaInvalid: 'RecaptchaInvalidException',
  activationMissing: 'ClientActivationMissingException',
  retired: 'RequisitionActivationRetiredException',
} as const;

/** spec 3 §5 'Validation (Welcome Back) form': zip max 5. */
export const WELCOME_BACK_ZIP_MAX_LENGTH = 5;

/** spec 3 §5 'Activation': numbers of under 8 digits and over 4,000,000 require the practitioner GDX ID. */
export const activationNeedsGdxId = (activationNumber: string): boolean =>
  needsPractitionerGdxId(parseRequisitionSearch(activationNumber));

/** spec 3 §5 'Activation': the GDX ID is sent uppercased (and trimmed); empty is none. */
export const activationGdxId = (gdxId: string | null | undefined): string | null => {
  const value = (gdxId ?? '').trim().toUpperCase();
  return value === '' ? null : value;
};

export interface ActivationForm {
  activationNumber: string;
  dateOfBirth: string;
  gdxId: string;
  /** The captcha payload, null while unsolved. */
  captcha: string | null;
  /** spec 3 §4 'Captcha is required until a practitioner options list is returned, after which it is hidden.' */
  captchaRequired: boolean;
}

export type ActivationField = 'activationNumber' | 'dateOfBirth' | 'gdxId' | 'captcha';

/** spec 3 §5 'Activation': number, date of birth and captcha are required; the GDX ID for the numbers above. */
export function activationFormErrors(form: ActivationForm): Partial<Record<ActivationField, string>> {
  const errors: Partial<Record<ActivationField, string>> = {};
  const search = parseRequisitionSearch(form.activationNumber);
  if (search.kind === 'empty') errors.activationNumber = MESSAGES.requisitionNumberRequired;
  if (form.dateOfBirth.trim() === '') errors.dateOfBirth = PATIENT_MESSAGES.dateOfBirthRequired;
  else if (!readCalendarDate(form.dateOfBirth)) errors.dateOfBirth = PATIENT_MESSAGES.dateOfBirthRequired;
  if (needsPractitionerGdxId(search) && !activationGdxId(form.gdxId))
    errors.gdxId = MESSAGES.practitionerGdxIdRequired;
  if (form.captchaRequired && !form.captcha) errors.captcha = ACTIVATION_MESSAGES.captchaRequired;
  return errors;
}

export interface WelcomeBackForm {
  zipCode: string;
  dateOfBirth: string;
  captcha: string | null;
}

/** spec 3 §5 'Validation (Welcome Back) form': zip max 5, date of birth and captcha required. */
export function welcomeBackFormErrors(
  form: WelcomeBackForm,
): Partial<Record<'zipCode' | 'dateOfBirth' | 'captcha', string>> {
  const errors: Partial<Record<'zipCode' | 'dateOfBirth' | 'captcha', string>> = {};
  const zip = form.zipCode.trim();
  if (zip === '') errors.zipCode = ACTIVATION_MESSAGES.zipRequired;
  else if (zip.length > WELCOME_BACK_ZIP_MAX_LENGTH) errors.zipCode = ACTIVATION_MESSAGES.zipInvalid;
  if (!readCalendarDate(form.dateOfBirth)) errors.dateOfBirth = PATIENT_MESSAGES.dateOfBirthRequired;
  if (!form.captcha) errors.captcha = ACTIVATION_MESSAGES.captchaRequired;
  return errors;
}

/** spec 3 §8 'Activation': 'A layout 3 order shows "Online activation of requisition is not required."' */
export const onlineActivationNotRequired = (order: Pick<OrderFacts, 'practitioner'>): boolean =>
  order.practitioner?.office?.reqLayoutId === 3;

/** spec 2 §3/§9: 'Returning PITL visit is stored locally for 30 minutes from the last refresh.' */
export const RETURNING_VISIT_MS = 30 * 60_000;

/** A returning visit remembered at storedAt (ms) is still live at now (ms): less than 30 minutes ago. */
export const isReturningVisitLive = (storedAt: number | null, now: number): boolean =>
  storedAt !== null && Number.isFinite(storedAt) && now >= storedAt && now - storedAt < RETURNING_VISIT_MS;

/**
 * spec 3 §4 'Login and captcha': 'A 401 redirects to login unless the hash is register or connect, or it is a
 * returning visit, which is treated as a patient.' The path is the browser's location path.
 */
export function unauthorisedGoesToLogin(path: string, returningVisitLive: boolean): boolean {
  if (returningVisitLive) return false;
  return !/^\/(register|connect)(\/|$)/.test(path);
}

/** The patients' front door (decision 0235): the page a path of it shows. */
export type FrontDoorPage = { page: 'activation' } | { page: 'connect'; id: string | undefined };

/**
 * spec 3 §2 routes '/', '/kitordering' and '/connect/{id?}': the patients' first pages, served by the front door, a
 * page of its own without the app's router (decision 0235); null for every other path (the app).
 */
export function frontDoorPageOf(pathname: string): FrontDoorPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/' || path === '/kitordering') return { page: 'activation' };
  const connect = /^\/connect(?:\/([^/]+))?$/.exec(path);
  if (!connect) return null;
  let id: string | undefined;
  try {
    id = connect[1] === undefined ? undefined : decodeURIComponent(connect[1]);
  } catch {
    return null;
  }
  return { page: 'connect', id };
}

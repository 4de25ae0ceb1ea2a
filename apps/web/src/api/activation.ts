import {
  ACTIVATION_ERRORS,
  ACTIVATION_MESSAGES,
  type GearOrder,
  messages,
  type PractitionerOption,
  type PractitionerOptionsAnswer,
  parseRequisitionSearch,
  SOFT_LOCKOUT,
} from '@gear/domain';
import type { ApiClient } from './client.ts';
import { isApiError } from './errors.ts';
import { challengeWouldHelp } from './session.ts';

/** What the Activate Your Test form sends (spec 3 §7 GET /gear/orderId). */
export interface ActivationRequest {
  requisitionNumber: string;
  dateOfBirth: string;
  gdxId: string | null;
  /** The captcha payload, or null after practitionerOptions (the pass stands for it). */
  recaptcha: string | null;
  optionsPass: string | null;
  /** A solved challenge for the attempt after a 429 that asked for one (X-Gear-Captcha, docs/decisions/0222, 0229). */
  challenge?: string | undefined;
}

const challengeHeaders = (challenge: string | undefined): Record<string, string> =>
  challenge ? { [SOFT_LOCKOUT.header]: challenge } : {};

/** Every answer of spec 3 §8 'Activation', as the page shows it. */
export type ActivationOutcome =
  | { kind: 'proven'; order: GearOrder }
  | { kind: 'options'; practitionerOptions: PractitionerOption[]; optionsPass: string }
  /** RecaptchaInvalidException: the message under the captcha, and a new captcha. */
  | { kind: 'captcha'; message: string }
  /** ClientActivationMissingException, or a 404 with a numeric number: the registration prompt. */
  | { kind: 'registration'; message: string }
  /** RequisitionActivationRetiredException: the server's message, shown as (sanitised) HTML. */
  | { kind: 'retired'; html: string }
  /** 401: to the login page. */
  | { kind: 'login' }
  /**
   * Not found, throttled, input refused or anything else: the text to show (with its field, if any); `challenge` when
   * it was a 429 that a solved challenge would get past (docs/decisions/0229).
   */
  | { kind: 'refused'; message: string; field?: string; challenge?: boolean };

const isNumeric = (number: string): boolean => parseRequisitionSearch(number).kind === 'requisitionNumber';

/** GET /gear/orderId?requisitionNumber&dateOfBirth&gdxId&recaptcha (spec 3 §4 'Activation', §8). */
export async function activateTest(api: ApiClient, request: ActivationRequest): Promise<ActivationOutcome> {
  try {
    const answer = await api.get<GearOrder | PractitionerOptionsAnswer>('/gear/orderId', {
      auth: 'none',
      authErrors: 'throw',
      headers: challengeHeaders(request.challenge),
      query: {
        requisitionNumber: request.requisitionNumber,
        dateOfBirth: request.dateOfBirth,
        gdxId: request.gdxId || undefined,
        recaptcha: request.recaptcha || undefined,
        optionsPass: request.optionsPass || undefined,
      },
    });
    if ('practitionerOptions' in answer)
      return {
        kind: 'options',
        practitionerOptions: answer.practitionerOptions,
        optionsPass: answer.optionsPass,
      };
    api.tokens.clear();
    return { kind: 'proven', order: answer };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const name = error.body?.error;
    const serverText = error.serverMessage;
    if (name === ACTIVATION_ERRORS.captchaInvalid)
      return { kind: 'captcha', message: ACTIVATION_MESSAGES.captchaInvalid };
    if (
      name === ACTIVATION_ERRORS.activationMissing ||
      (error.status === 404 && isNumeric(request.requisitionNumber))
    )
      return { kind: 'registration', message: serverText ?? ACTIVATION_MESSAGES.notFound };
    if (name === ACTIVATION_ERRORS.retired) return { kind: 'retired', html: serverText ?? '' };
    if (error.status === 401) return { kind: 'login' };
    if (error.status === 404 || (error.status === 400 && !error.fieldErrors.length))
      return {
        kind: 'refused',
        message: request.gdxId ? ACTIVATION_MESSAGES.notFoundWithPractitioner : ACTIVATION_MESSAGES.notFound,
      };
    if (challengeWouldHelp(error))
      return { kind: 'refused', message: serverText ?? error.message, challenge: true };
    const [first] = error.fieldErrors;
    if (first) return { kind: 'refused', message: first.defaultMessage, field: first.field };
    return { kind: 'refused', message: serverText ?? error.message };
  }
}

export type ValidationOutcome =
  | { kind: 'proven'; order: GearOrder }
  | { kind: 'captcha'; message: string }
  /** `challenge`: a 429 that a solved challenge would get past (docs/decisions/0229). */
  | { kind: 'refused'; message: string; field?: string; challenge?: boolean };

/** GET /gear/order/validation/{id}?dateOfBirth&zipCode&recaptcha (spec 3 §5 Welcome Back, §8 'Validation 401'). */
export async function validateOrder(
  api: ApiClient,
  orderId: number,
  request: { dateOfBirth: string; zipCode: string; recaptcha: string },
  phone: string,
  /** A solved challenge for the attempt after a 429 that asked for one (X-Gear-Captcha, docs/decisions/0229). */
  challenge?: string,
): Promise<ValidationOutcome> {
  try {
    const order = await api.get<GearOrder>(`/gear/order/validation/${orderId}`, {
      auth: 'none',
      authErrors: 'throw',
      headers: challengeHeaders(challenge),
      query: request,
    });
    api.tokens.clear();
    return { kind: 'proven', order };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.body?.error === ACTIVATION_ERRORS.captchaInvalid)
      return { kind: 'captcha', message: ACTIVATION_MESSAGES.captchaInvalid };
    if (error.status === 401) return { kind: 'refused', message: ACTIVATION_MESSAGES.validationFailed };
    if (error.status === 429 && error.serverMessage)
      return challengeWouldHelp(error)
        ? { kind: 'refused', message: error.serverMessage, challenge: true }
        : { kind: 'refused', message: error.serverMessage };
    const [first] = error.fieldErrors;
    if (first) return { kind: 'refused', message: first.defaultMessage, field: first.field };
    // spec 3 §8: 'Other errors give an unexpected-error message.'
    return { kind: 'refused', message: messages(phone).unexpectedError };
  }
}

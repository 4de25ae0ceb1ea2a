import {
  ACTIVATION_ERRORS,
  ACTIVATION_MESSAGES,
  type GearOrder,
  messages,
  REGISTRATION_ERRORS,
} from '@gear/domain';
import type { ApiClient } from './client.ts';
import { isApiError } from './errors.ts';

/** What the Patient Registration form sends (POST /gear/register, decision 0170). */
export interface RegistrationRequest {
  requisitionNumber: string;
  gdxId: string | null;
  patientInfo: { nameFirst: string; nameLast: string; dateOfBirth: string; email: string | null };
  recaptcha: string;
}

export type RegistrationOutcome =
  | { kind: 'registered'; order: GearOrder }
  | { kind: 'captcha'; message: string }
  /** The pack is on an order already: the patient activates it. */
  | { kind: 'registered-before'; message: string }
  /** RequisitionActivationRetiredException: the server's message, shown as (sanitised) HTML. */
  | { kind: 'retired'; html: string }
  | { kind: 'refused'; message: string; field?: string };

/** POST /gear/register: every answer as the page shows it. */
export async function registerPack(
  api: ApiClient,
  request: RegistrationRequest,
  phone: string,
): Promise<RegistrationOutcome> {
  try {
    const order = await api.post<GearOrder>('/gear/register', request, { auth: 'none', authErrors: 'throw' });
    api.tokens.clear();
    return { kind: 'registered', order };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const name = error.body?.error;
    if (name === ACTIVATION_ERRORS.captchaInvalid)
      return { kind: 'captcha', message: ACTIVATION_MESSAGES.captchaInvalid };
    if (name === REGISTRATION_ERRORS.alreadyRegistered)
      return { kind: 'registered-before', message: error.serverMessage ?? ACTIVATION_MESSAGES.notFound };
    if (name === ACTIVATION_ERRORS.retired) return { kind: 'retired', html: error.serverMessage ?? '' };
    const [first] = error.fieldErrors;
    if (first) return { kind: 'refused', message: first.defaultMessage, field: first.field };
    if (error.status === 404 || error.status === 429 || error.status === 400)
      return { kind: 'refused', message: error.serverMessage ?? ACTIVATION_MESSAGES.notFound };
    return { kind: 'refused', message: messages(phone).unexpectedError };
  }
}

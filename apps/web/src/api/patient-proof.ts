import { type GearOrder, SOFT_LOCKOUT } from '@gear/domain';
import type { ApiClient } from './client.ts';
import { isApiError } from './errors.ts';
import { challengeWouldHelp } from './session.ts';

/**
 * What a patient arrives with: spec 1 §2.8 requisitionNumber (and gdxId) with dateOfBirth, or an order's address
 * with ?dateOfBirth (spec 3 §7 patient links such as /order/{id}/confirm?dateOfBirth).
 */
export type PatientProofQuery =
  | { requisitionNumber: string; dateOfBirth: string; gdxId?: string | null }
  | { orderId: number; dateOfBirth: string };

/** The server's name for 'the practitioner has not ordered this pack yet' (spec 1 §8, decision 0006). */
export const ACTIVATION_MISSING_ERROR = 'ClientActivationMissingException';

export type PatientProofOutcome =
  | { kind: 'proven'; order: GearOrder }
  /** spec 1 §4.4: an activation number on no order (Collection Pack Activation Pending). */
  | { kind: 'pending'; message: string }
  /** 410: the removed pack's notice. */
  | { kind: 'notice'; message: string }
  /**
   * Not found (also a wrong date of birth), throttled, bad input or a failure: the message to show; `challenge` when
   * it was a 429 that a solved challenge would get past (docs/decisions/0229).
   */
  | { kind: 'refused'; message: string; challenge?: boolean };

/**
 * GET /gear/order?requisitionNumber&dateOfBirth[&gdxId], or GET /gear/order/{id}?dateOfBirth, without a session
 * (decision 0040): on a match the server
 * sets the patient session cookie, and the next token request (`/mygdx/account/JWT/prc`) carries the order.
 */
export async function provePatientOrder(
  api: ApiClient,
  query: PatientProofQuery,
  /** A solved challenge for the retry after a 429 (X-Gear-Captcha, docs/decisions/0222, 0229). */
  challenge?: string,
): Promise<PatientProofOutcome> {
  const headers: Record<string, string> = challenge ? { [SOFT_LOCKOUT.header]: challenge } : {};
  try {
    const order =
      'orderId' in query
        ? await api.get<GearOrder>(`/gear/order/${query.orderId}`, {
            auth: 'none',
            authErrors: 'throw',
            headers,
            query: { dateOfBirth: query.dateOfBirth },
          })
        : await api.get<GearOrder>('/gear/order', {
            auth: 'none',
            authErrors: 'throw',
            headers,
            query: {
              requisitionNumber: query.requisitionNumber,
              dateOfBirth: query.dateOfBirth,
              gdxId: query.gdxId || undefined,
            },
          });
    api.tokens.clear();
    return { kind: 'proven', order };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.body?.error === ACTIVATION_MISSING_ERROR)
      return { kind: 'pending', message: error.serverMessage ?? error.message };
    if (error.status === 410) return { kind: 'notice', message: error.text ?? error.message };
    if (error.kind === 'network') return { kind: 'refused', message: error.message };
    return challengeWouldHelp(error)
      ? { kind: 'refused', message: error.serverMessage ?? error.message, challenge: true }
      : { kind: 'refused', message: error.serverMessage ?? error.message };
  }
}

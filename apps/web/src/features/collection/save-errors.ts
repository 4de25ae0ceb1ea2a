import type { FieldError } from '@gear/domain';
import { isApiError } from '../../api/errors.ts';

/** What a failed save tells the user: the field errors the server sent, else one message. */
export interface SaveFailure {
  fieldErrors: FieldError[];
  message: string | null;
}

/**
 * A failed collection save (spec 2 §8): a validation answer lists its messages; a conflict gives the server's
 * reason (received by the lab, or changed by someone else); a network failure its message; anything else the
 * collection save failure 'Please try again or call us at … if the issue continues.'
 */
export function saveFailure(error: unknown, saveFailed: string): SaveFailure {
  if (!isApiError(error)) return { fieldErrors: [], message: saveFailed };
  if (error.kind === 'validation') return { fieldErrors: error.fieldErrors, message: null };
  if (error.kind === 'conflict') return { fieldErrors: [], message: error.serverMessage ?? error.message };
  if (error.kind === 'network' || error.kind === 'unavailable')
    return { fieldErrors: [], message: error.message };
  return { fieldErrors: [], message: saveFailed };
}

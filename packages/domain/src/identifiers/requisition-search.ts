import type { UserType } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { isValidActivationNumber, normaliseRequisitionSearch } from './activation-number.ts';

/** A requisition number is digits; longer than this is not one. */
export const REQUISITION_NUMBER_MAX_LENGTH = 20;
/** The search box accepts at most this many characters (dots, dashes and spaces included). */
export const REQUISITION_SEARCH_MAX_LENGTH = 64;
/** demo-data.md: a 7-digit requisition number over 4,000,000 needs the practitioner's GDX ID to activate. */
export const GDX_ID_REQUISITION_NUMBER_FLOOR = 4_000_000;

export type RequisitionSearch =
  | { kind: 'empty' }
  | { kind: 'requisitionNumber'; value: string }
  | { kind: 'activationNumber'; value: string }
  /** spec 1 §5: 'the first 4 and last 3 characters of the activation code'. */
  | { kind: 'shortActivationNumber'; value: string }
  | { kind: 'invalidActivationNumber'; value: string }
  | { kind: 'unrecognised'; value: string };

/** spec 1 §4.4/§5: what the user typed, once dots, hyphens, # and spaces are removed. */
export function parseRequisitionSearch(input: string): RequisitionSearch {
  const value = normaliseRequisitionSearch(input);
  if (value.length === 0) return { kind: 'empty' };
  if (/^\d+$/.test(value))
    return value.length <= REQUISITION_NUMBER_MAX_LENGTH
      ? { kind: 'requisitionNumber', value }
      : { kind: 'unrecognised', value };
  if (/^C\d{6}$/.test(value)) return { kind: 'shortActivationNumber', value };
  if (/^C\d+$/.test(value))
    return isValidActivationNumber(value)
      ? { kind: 'activationNumber', value }
      : { kind: 'invalidActivationNumber', value };
  return { kind: 'unrecognised', value };
}

/** The short form of an activation code: its first 4 and last 3 characters (C824591515 → C824515). */
export const shortActivationCode = (activationCode: string): string =>
  `${activationCode.slice(0, 4)}${activationCode.slice(-3)}`;

export const looksLikeActivationNumber = (search: RequisitionSearch): boolean =>
  search.kind === 'activationNumber' ||
  search.kind === 'shortActivationNumber' ||
  search.kind === 'invalidActivationNumber';

/** spec 1 §8 'Requisition fetch 404 or 400': the activation variant for an activation-looking number. */
export const requisitionNotFoundMessage = (search: RequisitionSearch): string =>
  looksLikeActivationNumber(search) ? MESSAGES.activationNumberNotFound : MESSAGES.requisitionNotFound;

/** demo-data.md: a 7-digit requisition number over 4,000,000 needs a practitioner GDX ID (docs/decisions/0005). */
export const needsPractitionerGdxId = (search: RequisitionSearch): boolean =>
  search.kind === 'requisitionNumber' &&
  search.value.length === 7 &&
  Number(search.value) > GDX_ID_REQUISITION_NUMBER_FLOOR;

/**
 * spec 1 §4.4: what follows when a number is on no order and not in the catalogue. A well-formed activation number
 * moves a practitioner to unknownIdActivation and shows a patient 'Collection Pack Activation Pending'; anything
 * else is not found.
 */
export function unknownNumberOutcome(
  search: RequisitionSearch,
  userType: UserType,
): 'unknownIdActivation' | 'activationPending' | 'notFound' {
  if (search.kind !== 'activationNumber') return 'notFound';
  return userType === 'myGDX' ? 'unknownIdActivation' : 'activationPending';
}

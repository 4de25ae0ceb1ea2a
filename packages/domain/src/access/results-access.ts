import type { GearOrder, UserInfo } from '../contract/order.ts';
import { documentAccess } from '../documents/documents.ts';
import { isMinor } from '../patient/age.ts';

export interface ResultsViewing {
  user: Pick<UserInfo, 'type'>;
  order: Pick<GearOrder, 'patientInfo' | 'physicianInTheLoop'>;
  /** The dateOfBirth the call sent (spec 3 §6 'Patient-side downloads need dateOfBirth'); null when none. */
  dateOfBirthSent: string | null;
  today: string;
}

export type ResultsRefusal = 'minor' | 'dateOfBirthRequired' | 'dateOfBirthMismatch';

/**
 * Who sees an order's results, once the caller may see the order at all (decision 0261):
 * - spec 3 §6 Practitioners: 'View results when the patient is an adult, or the order is PITL.' Admins follow the
 *   same line (they act for a practitioner here).
 * - spec 3 §6 Patients: 'Patient-side downloads need dateOfBirth' (the documents' rule, documentAccess), and the
 *   patient is an adult (spec 2 §9 'minor under 18'), or the order is PITL (spec 3 §1 'results visible to the patient
 *   on PITL orders'; decision 0292: a PITL order is the patient's own, with no practitioner of theirs to hand the
 *   results over). Otherwise a minor's results are never served on the patient side: a patient session cannot tell
 *   the minor from the guardian, so the practitioner gives them to the guardian.
 * An order without a date of birth counts as a minor's. Answers null when the results may be served, else why not.
 */
export function resultsRefusal(viewing: ResultsViewing): ResultsRefusal | null {
  const dateOfBirth = viewing.order.patientInfo?.dateOfBirth ?? null;
  const minor = dateOfBirth === null || isMinor(dateOfBirth, viewing.today);
  if (viewing.user.type !== 'prc') return minor && !viewing.order.physicianInTheLoop ? 'minor' : null;
  const access = documentAccess(viewing.user, viewing.dateOfBirthSent, viewing.order);
  if (access === 'missing') return 'dateOfBirthRequired';
  if (access === 'wrong') return 'dateOfBirthMismatch';
  return minor && !viewing.order.physicianInTheLoop ? 'minor' : null;
}

export const mayViewResults = (viewing: ResultsViewing): boolean => resultsRefusal(viewing) === null;

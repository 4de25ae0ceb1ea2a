import {
  type GearOrder,
  type Insurance,
  MESSAGES,
  mayOrderFor,
  type PatientInfo,
  type PatientLookupQuery,
  readCalendarDate,
  showsPatientSearch,
  type UserInfo,
} from '@gear/domain';
import type { EmrPatientSource } from '../../adapters/emr/emr-source.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { orderForCaller } from '../order/order.service.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';
import {
  findCloudSiteServiceKey,
  findPatientByChartNumber,
  findPatientsByIdentity,
  insurancesOf,
  type PatientMatch,
  type PatientSearchCriteria,
  searchPatients,
  toPatientMatch,
} from './patient.repository.ts';
import { patientIndex, searchIndex } from './patient-index.ts';

/** At most this many matches answer a search (decision 0020): the table shows them; a longer list means refine. */
export const PATIENT_LOOKUP_LIMIT = 25;
/** Name words read from one query; more narrow nothing a person types. */
const MAX_NAME_WORDS = 4;
/** Patients whose insurances are gathered by one insurance lookup. */
const INSURANCE_LOOKUP_PATIENTS = 10;

const NAME_WORD = /^[\p{L}\p{M}'’.-]+$/u;

/**
 * spec 2 §2 'search … by name and date of birth': the words of the query. A word that reads as a date (YYYY-MM-DD or
 * MM/DD/YYYY) is the date of birth; words of letters (with ' - .) are names; anything else is ignored. Null when there
 * is nothing to search by, or two different dates (nobody matches both).
 */
export function readPatientQuery(query: string): PatientSearchCriteria | null {
  const nameWords: string[] = [];
  const dates = new Set<string>();
  for (const word of query.split(/[\s,;]+/)) {
    if (word === '') continue;
    const date = readCalendarDate(word);
    if (date !== null) dates.add(date);
    else if (NAME_WORD.test(word)) {
      const name = word.replace(/\./g, '').toLowerCase();
      if (name !== '' && !nameWords.includes(name)) nameWords.push(name);
    }
  }
  if (dates.size > 1 || (dates.size === 0 && nameWords.length === 0)) return null;
  const [dateOfBirth = null] = [...dates];
  return { nameWords: nameWords.slice(0, MAX_NAME_WORDS), dateOfBirth };
}

/** spec 2 §6: prc users 'do not see patient search or chart number'. */
function refusePatients(user: UserInfo) {
  if (!showsPatientSearch(user)) throw forbidden(MESSAGES.forbidden);
}

type OrderPractitioner = NonNullable<GearOrder['practitioner']>;

async function practitionerOfOrder(db: Db, user: UserInfo, orderId: number): Promise<OrderPractitioner> {
  const order = await orderForCaller(db, user, orderId);
  if (!order.practitioner) throw notFound(MESSAGES.practitionerNotFound(''));
  return order.practitioner;
}

/**
 * GET /gear/api/patient-lookup (spec 2 §7): the order's practitioner's patients matching the query (name words and
 * a date of birth), or the one with the chart number; at most PATIENT_LOOKUP_LIMIT, in name order.
 */
export async function patientLookup(
  db: Db,
  user: UserInfo,
  lookup: PatientLookupQuery,
): Promise<PatientMatch[]> {
  refusePatients(user);
  const practitioner = await practitionerOfOrder(db, user, lookup.orderId);
  if (lookup.query === undefined) {
    const row = await findPatientByChartNumber(db, practitioner.gsdlNo, lookup.chartNumber as string);
    return row ? [toPatientMatch(row)] : [];
  }
  const criteria = readPatientQuery(lookup.query);
  if (criteria === null) return [];
  // The embedded database: the practitioner's patients kept in memory until a patient record may change.
  const index = patientIndex(db, practitioner.gsdlNo);
  if (index !== null) return searchIndex(await index, criteria, PATIENT_LOOKUP_LIMIT);
  return searchPatients(db, practitioner.gsdlNo, criteria, PATIENT_LOOKUP_LIMIT);
}

export interface EllkayAnswer {
  patient: PatientInfo | null;
  insurances: Insurance[];
}

/**
 * GET /gear/api/get-ellkay-patient (spec 2 §7): the patient with this chart number in the practitioner's EMR, and
 * the insurances on file. Only for a practitioner with a cloud-site service key, never for prc users (403).
 */
export async function ellkayPatient(
  db: Db,
  emr: EmrPatientSource,
  user: UserInfo,
  lookup: { chartNumber: string; orderId: number },
): Promise<EllkayAnswer> {
  refusePatients(user);
  const practitioner = await practitionerOfOrder(db, user, lookup.orderId);
  const key = await findCloudSiteServiceKey(db, practitioner.gsdlNo);
  if (key === null) throw forbidden(MESSAGES.forbidden);
  const found = await emr.findByChartNumber(
    { gsdlNo: practitioner.gsdlNo, cloudSiteServiceKey: key },
    lookup.chartNumber,
  );
  return found ?? { patient: null, insurances: [] };
}

const insuranceKey = (insurance: Insurance) =>
  [insurance.insuranceProvider, insurance.subscriberId, insurance.groupNumber, insurance.insuranceRank].join(
    '|',
  );

/**
 * GET /gear/api/insurance-lookup (spec 2 §7): the insurances on file for a practitioner's patient, found by last name
 * and date of birth (and first name when given). The caller must be allowed to order for the practitioner.
 */
export async function insuranceLookup(
  db: Db,
  user: UserInfo,
  lookup: { gsdlNo: string; nameLast: string; dob: string; nameFirst?: string | undefined },
): Promise<Insurance[]> {
  refusePatients(user);
  const practitioner = await findPractitioner(db, lookup.gsdlNo);
  if (!practitioner) throw notFound(MESSAGES.practitionerNotFound(lookup.gsdlNo));
  if (!mayOrderFor(user, practitioner)) throw forbidden(MESSAGES.forbidden);
  const rows = await findPatientsByIdentity(
    db,
    practitioner.gsdlNo,
    { nameLast: lookup.nameLast, dateOfBirth: lookup.dob, nameFirst: lookup.nameFirst ?? null },
    INSURANCE_LOOKUP_PATIENTS,
  );
  const seen = new Set<string>();
  return rows.flatMap(insurancesOf).filter((insurance) => {
    const key = insuranceKey(insurance);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

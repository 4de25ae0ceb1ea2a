import type { Insurance, PatientAddress, PatientInfo } from '@gear/domain';
import { and, asc, eq, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patients, practitioners } from '../../db/schema/index.ts';

type PatientRow = typeof patients.$inferSelect;

/**
 * What a patient record keeps besides its indexed columns (patients.details): the rest of spec 2 §3 Patient info
 * and the insurances on file.
 */
export type PatientDetails = {
  nameMiddle?: string | null;
  email?: string | null;
  voicePhone?: string | null;
  alternatePhone?: string | null;
  driverLicenseNumber?: string | null;
  race?: string | null;
  ethnicity?: string | null;
  occupation?: string | null;
  employer?: string | null;
  employmentStatus?: string | null;
  responsibleNameFirst?: string | null;
  responsibleNameMiddle?: string | null;
  responsibleNameLast?: string | null;
  addresses?: PatientAddress[];
  insurances?: Insurance[];
};

/** A patient found by a search: the patient information the form is filled with, and the record's id. */
export type PatientMatch = PatientInfo & { id: number };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A record as the patient form reads it. The SSN is never returned by a search (it is typed in on the order), and
 * the marketing answer belongs to the patient, not to the record.
 */
export function toPatientMatch(row: PatientRow): PatientMatch {
  const details = row.details as PatientDetails;
  return {
    id: row.id,
    nameFirst: row.nameFirst,
    nameMiddle: text(details.nameMiddle),
    nameLast: row.nameLast,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender ?? null,
    email: text(details.email),
    voicePhone: text(details.voicePhone),
    alternatePhone: text(details.alternatePhone),
    chartNumber: row.chartNumber,
    driverLicenseNumber: text(details.driverLicenseNumber),
    ssn: null,
    race: text(details.race),
    ethnicity: text(details.ethnicity),
    source: row.source,
    marketingOptIn: false,
    occupation: text(details.occupation),
    employer: text(details.employer),
    employmentStatus: text(details.employmentStatus),
    responsibleNameFirst: text(details.responsibleNameFirst),
    responsibleNameMiddle: text(details.responsibleNameMiddle),
    responsibleNameLast: text(details.responsibleNameLast),
    addresses: Array.isArray(details.addresses) ? details.addresses : [],
  };
}

export const insurancesOf = (row: PatientRow): Insurance[] => {
  const { insurances } = row.details as PatientDetails;
  return Array.isArray(insurances) ? insurances : [];
};

/** Name keys as the search indexes hold them: lower case, in byte order (collation "C"). */
const lastName = sql`(lower(${patients.nameLast}) collate "C")`;
const firstName = sql`(lower(${patients.nameFirst}) collate "C")`;

/**
 * In byte order, every text that starts with the word lies from the word (included) up to the word followed by the
 * highest code point (excluded): a prefix is a range, which an index answers in order (LIKE would need the
 * pattern's value when the statement is planned).
 */
const startsWith = (key: SQL, word: string): SQL =>
  and(sql`${key} >= ${word}`, sql`${key} < ${`${word}\u{10FFFF}`}`) as SQL;
const startsEither = (word: string): SQL =>
  or(startsWith(lastName, word), startsWith(firstName, word)) as SQL;

const NAME_ORDER = [asc(lastName), asc(firstName), asc(patients.dateOfBirth), asc(patients.id)];

export interface PatientSearchCriteria {
  /** Lower-case words; each must start the last or the first name. */
  nameWords: readonly string[];
  /** A calendar date (YYYY-MM-DD), or null. */
  dateOfBirth: string | null;
}

const nameOrder = (a: PatientRow, b: PatientRow): number => {
  const keys = (row: PatientRow) => [
    row.nameLast.toLowerCase(),
    row.nameFirst.toLowerCase(),
    row.dateOfBirth,
  ];
  const [x, y] = [keys(a), keys(b)];
  for (let i = 0; i < x.length; i += 1) {
    const [left = '', right = ''] = [x[i], y[i]];
    if (left !== right) return left < right ? -1 : 1;
  }
  return a.id - b.id;
};

/**
 * A practitioner's patients matching every name word (the start of the last or first name, case-insensitive) and
 * the date of birth when given, in name order, at most `limit` (decision 0020). A date of birth or a second word
 * narrows the matches to a few, which one query finds through the birthday or name indexes and sorts. A single word
 * can match thousands (a common last name): its matches are read in two parts that each come out of a name index
 * already in order, so that neither reads more than `limit` patients, then merged: those whose last name starts with
 * the word, and those whose first name does (and last name not).
 */
export async function searchPatients(
  db: Db,
  gsdlNo: string,
  criteria: PatientSearchCriteria,
  limit: number,
): Promise<PatientMatch[]> {
  const { nameWords: words, dateOfBirth } = criteria;
  const find = (conditions: SQL[]) =>
    db
      .select()
      .from(patients)
      .where(and(eq(patients.gsdlNo, gsdlNo), ...conditions))
      .orderBy(...NAME_ORDER)
      .limit(limit);
  const [word] = words;
  if (dateOfBirth !== null || word === undefined || words.length > 1) {
    const birthday = dateOfBirth === null ? [] : [eq(patients.dateOfBirth, dateOfBirth)];
    return (await find([...birthday, ...words.map(startsEither)])).map(toPatientMatch);
  }
  const parts = await Promise.all([
    find([startsWith(lastName, word)]),
    find([startsWith(firstName, word), not(startsWith(lastName, word))]),
  ]);
  return parts.flat().sort(nameOrder).slice(0, limit).map(toPatientMatch);
}

/** A practitioner's patient with this chart number (the first recorded, if several share it). */
export async function findPatientByChartNumber(db: Db, gsdlNo: string, chartNumber: string) {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.gsdlNo, gsdlNo), eq(patients.chartNumber, chartNumber)))
    .orderBy(asc(patients.id))
    .limit(1);
  return row ?? null;
}

/** A practitioner's patients with this last name and date of birth (and first name when given), case-insensitive. */
export async function findPatientsByIdentity(
  db: Db,
  gsdlNo: string,
  identity: { nameLast: string; dateOfBirth: string; nameFirst: string | null },
  limit: number,
) {
  const conditions: SQL[] = [
    eq(patients.gsdlNo, gsdlNo),
    sql`${lastName} = ${identity.nameLast.toLowerCase()}`,
    eq(patients.dateOfBirth, identity.dateOfBirth),
  ];
  if (identity.nameFirst !== null) conditions.push(sql`${firstName} = ${identity.nameFirst.toLowerCase()}`);
  return db
    .select()
    .from(patients)
    .where(and(...conditions))
    .orderBy(asc(patients.id))
    .limit(limit);
}

/** The practitioner's cloud-site service key (never sent to the browser), or null. */
export async function findCloudSiteServiceKey(db: Db, gsdlNo: string): Promise<string | null> {
  const [row] = await db
    .select({ key: practitioners.cloudSiteServiceKey })
    .from(practitioners)
    .where(eq(practitioners.gsdlNo, gsdlNo))
    .limit(1);
  const key = row?.key?.trim();
  return key ? key : null;
}

/** The local EMR default's lookup (adapters/emr): the practitioner's own record, with its insurances. */
export const chartNumberLookup =
  (db: Db) =>
  async (
    gsdlNo: string,
    chartNumber: string,
  ): Promise<{ patient: PatientInfo; insurances: Insurance[] } | null> => {
    const row = await findPatientByChartNumber(db, gsdlNo, chartNumber);
    if (!row) return null;
    const { id: _id, ...patient } = toPatientMatch(row);
    return { patient, insurances: insurancesOf(row) };
  };

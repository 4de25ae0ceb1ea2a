import type { Insurance, PatientAddress, PatientInfo } from '@gear/domain';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patients, practitioners } from '../../db/schema/index.ts';

export type PatientRow = typeof patients.$inferSelect;
/** What a search answers from: a record without its bookkeeping. */
export type PatientRecord = Omit<PatientRow, 'createdAt' | 'gsdlNo'>;

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
export function toPatientMatch(row: PatientRecord): PatientMatch {
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
export const lastNameKey = sql<string>`(lower(${patients.nameLast}) collate "C")`;
export const firstNameKey = sql<string>`(lower(${patients.nameFirst}) collate "C")`;
const lastName = lastNameKey;
const firstName = firstNameKey;

/**
 * In byte order, every text that starts with the word lies from the word (included) up to the word followed by the
 * highest code point (excluded): a prefix is a range, which an index answers in order (LIKE would need the
 * pattern's value when the statement is planned).
 */
const startsWith = (key: SQL, word: string): SQL =>
  and(sql`${key} >= ${word}`, sql`${key} < ${`${word}\u{10FFFF}`}`) as SQL;
const startsEither = (word: string): SQL =>
  or(startsWith(lastName, word), startsWith(firstName, word)) as SQL;

export const NAME_ORDER = [asc(lastName), asc(firstName), asc(patients.dateOfBirth), asc(patients.id)];

export interface PatientSearchCriteria {
  /** Lower-case words; each must start the last or the first name. */
  nameWords: readonly string[];
  /** A calendar date (YYYY-MM-DD), or null. */
  dateOfBirth: string | null;
}

/**
 * Where the name words of a search can match (decision 0055): each word starts the last or the first name, so the
 * matches are the union of one part per way of giving each word to a name. Words given to the same name must all
 * start it, that is, the longest must start it and the others be its beginnings (else the part is empty). A part is
 * then at most one prefix of the last name and one of the first name: a range of a name index, read in order.
 */
export function searchParts(words: readonly string[]): { last: string | null; first: string | null }[] {
  const longestStart = (given: readonly string[]): string | null | false => {
    const longest = given.reduce<string | null>(
      (found, word) => (found === null || word.length > found.length ? word : found),
      null,
    );
    return longest === null || given.every((word) => longest.startsWith(word)) ? longest : false;
  };
  const parts = new Map<string, { last: string | null; first: string | null }>();
  for (let mask = 0; mask < 2 ** words.length; mask += 1) {
    const last = longestStart(words.filter((_, i) => (mask & (2 ** i)) === 0));
    const first = longestStart(words.filter((_, i) => (mask & (2 ** i)) !== 0));
    if (last === false || first === false) continue;
    parts.set(JSON.stringify([last, first]), { last, first });
  }
  return [...parts.values()];
}

/**
 * A practitioner's patients matching every name word (the start of the last or first name, case-insensitive) and
 * the date of birth when given, in name order, at most `limit` (decision 0020). A date of birth narrows the matches
 * to a few, which one query finds through the birthday or name indexes and sorts. Words alone can match thousands
 * (a common last name): each way the words can match (searchParts) is read from a name index already in order, at
 * most `limit` of each, and the parts are merged in the same statement.
 */
export async function searchPatients(
  db: Db,
  gsdlNo: string,
  criteria: PatientSearchCriteria,
  limit: number,
): Promise<PatientMatch[]> {
  return (await searchPatientRows(db, gsdlNo, criteria, limit)).map(toPatientMatch);
}

/** searchPatients's records, as stored. */
export async function searchPatientRows(
  db: Db,
  gsdlNo: string,
  criteria: PatientSearchCriteria,
  limit: number,
): Promise<PatientRow[]> {
  const { nameWords: words, dateOfBirth } = criteria;
  const ofPractitioner = eq(patients.gsdlNo, gsdlNo);
  if (dateOfBirth !== null || words.length === 0) {
    const birthday = dateOfBirth === null ? [] : [eq(patients.dateOfBirth, dateOfBirth)];
    const rows = await db
      .select()
      .from(patients)
      .where(and(ofPractitioner, ...birthday, ...words.map(startsEither)))
      .orderBy(...NAME_ORDER)
      .limit(limit);
    return rows;
  }
  const ways = searchParts(words);
  if (ways.length === 0) return [];
  const parts = ways.map(({ last, first }) => {
    const conditions = [
      ofPractitioner,
      ...(last === null ? [] : [startsWith(lastName, last)]),
      ...(first === null ? [] : [startsWith(firstName, first)]),
    ];
    return sql`(${db
      .select({ id: patients.id })
      .from(patients)
      .where(and(...conditions))
      .orderBy(...NAME_ORDER)
      .limit(limit)})`;
  });
  const rows = await db
    .select()
    .from(patients)
    .where(sql`${patients.id} in (${sql.join(parts, sql` union `)})`)
    .orderBy(...NAME_ORDER)
    .limit(limit);
  return rows;
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

import type { FieldError } from '../contract/errors.ts';
import type { PatientAddress, PatientInfo } from '../contract/order.ts';
import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { type PatientFacts, validatePatient } from '../patient/validate-patient.ts';
import { PATIENT_FILE_COLUMNS, type PatientFileColumn } from './csv-columns.ts';

/** Caps of one upload (issue 18, decision 0270): a practice's list fits; a mistaken file is refused early. */
export const PATIENT_FILE_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;

/** spec 3 §8 'Patient management' and the upload's own refusals (ours where the spec gives no wording). */
export const PATIENT_MANAGEMENT_MESSAGES = {
  noPatients: 'No patient data found',
  /** decision 0273 (ours): the page's starting patient is no longer on the list (deleted meanwhile). */
  pageStartGone: 'The list changed since this page was read. Please start from the first page.',
  noPatientsInFile: 'No patient data was found in the file.',
  loadFailed: 'An unexpected error occurred while loading patients. Please try again.',
  deleteFailed: 'An unexpected error occurred while deleting patients. Please try again.',
  uploadFailed: 'An unexpected error occurred while uploading the file. Please try again.',
  fileType: 'Please choose a .csv or .txt file.',
  fileTooLarge: `The file is larger than ${PATIENT_FILE_LIMITS.maxBytes / 1024 / 1024} MB. Please split it into smaller files.`,
  tooManyRows: `The file has more than ${PATIENT_FILE_LIMITS.maxRows.toLocaleString('en-US')} patients. Please split it into smaller files.`,
  unreadable: 'The file could not be read as CSV. Please check its quotes and separators.',
  openOrder: 'The patient has an open order and was not deleted.',
  notFound: 'The patient is not on this practitioner\u2019s list.',
} as const;

/** Accepted upload names (spec 3 §9 'Accepted patient upload file types: .txt and .csv'). */
export const isPatientFileName = (name: string): boolean => /\.(csv|txt)$/i.test(name.trim());

/** What a line of the file says, by column; a blank cell is absent. */
export type PatientFileValues = Partial<Record<PatientFileColumn, string>>;

/** A record of the file with its line (the header is line 1; a quoted newline does not start a new line). */
export interface PatientFileRecord {
  line: number;
  values: PatientFileValues;
}

/** One record's cells by column, trimmed; blank cells left out. */
export function valuesOfRecord(
  cells: readonly string[],
  columns: readonly (PatientFileColumn | null)[],
): PatientFileValues {
  const values: PatientFileValues = {};
  columns.forEach((column, i) => {
    const cell = (cells[i] ?? '').trim();
    if (column !== null && cell !== '') values[column] = cell;
  });
  return values;
}

/** A record with no cell at all (a trailing empty line, a row of separators) is not a patient. */
export const isBlankRecord = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

const SEX: Readonly<Record<string, 'M' | 'F'>> = { m: 'M', male: 'M', f: 'F', female: 'F' };

/** The patient a record describes, as the patient step's form holds one (dates read as YYYY-MM-DD when they are dates). */
export function patientOfRecord(values: PatientFileValues): PatientInfo {
  const has = (column: PatientFileColumn) => values[column] ?? null;
  const dateText = has('dateOfBirth');
  const addressGiven = (['address1', 'address2', 'city', 'state', 'zipCode', 'country'] as const).some(
    (column) => values[column] !== undefined,
  );
  const address: PatientAddress = {
    type: 'shipping',
    address1: has('address1'),
    address2: has('address2'),
    city: has('city'),
    state: has('state')?.toUpperCase() ?? null,
    zipCode: has('zipCode'),
    country: has('country'),
    county: null,
    voicePhone: has('voicePhone'),
    alternatePhone: null,
    schoolDistrict: null,
  };
  return {
    nameFirst: has('nameFirst'),
    nameMiddle: null,
    nameLast: has('nameLast'),
    dateOfBirth: dateText === null ? null : (readCalendarDate(dateText) ?? dateText),
    gender: SEX[(values.gender ?? '').toLowerCase()] ?? null,
    email: has('email'),
    voicePhone: has('voicePhone'),
    alternatePhone: null,
    chartNumber: has('chartNumber'),
    driverLicenseNumber: null,
    ssn: null,
    race: null,
    ethnicity: null,
    source: 'portal',
    marketingOptIn: false,
    occupation: null,
    employer: null,
    employmentStatus: null,
    responsibleNameFirst: null,
    responsibleNameMiddle: null,
    responsibleNameLast: null,
    addresses: addressGiven ? [address] : [],
  };
}

/**
 * The facts of a patient kept on a practitioner's list: no order yet, so no drop-ship, COVID, PITL or nutritional
 * rule applies; the age of a baby is confirmed when the patient is put on an order.
 */
const listFacts = (today: string): PatientFacts => ({
  today,
  userType: 'myGDX',
  dropShip: false,
  covid: false,
  pitl: false,
  dataConfirmed: false,
  capAuthorized: false,
  reqLayoutId: null,
  hrsaBilling: false,
  nutritional: false,
  ageConfirmed: true,
});

/** The patient step's field names that a file's column carries. */
const COLUMN_OF_FIELD: Readonly<Record<string, PatientFileColumn>> = {
  nameFirst: 'nameFirst',
  nameLast: 'nameLast',
  dateOfBirth: 'dateOfBirth',
  gender: 'gender',
  email: 'email',
  voicePhone: 'voicePhone',
  chartNumber: 'chartNumber',
  'addresses.shipping.voicePhone': 'voicePhone',
  'addresses.shipping.address1': 'address1',
  'addresses.shipping.address2': 'address2',
  'addresses.shipping.city': 'city',
  'addresses.shipping.state': 'state',
  'addresses.shipping.zipCode': 'zipCode',
  'addresses.shipping.country': 'country',
};

const HEADER_OF = new Map<PatientFileColumn, string>(PATIENT_FILE_COLUMNS.map((c) => [c.key, c.header]));

/**
 * The patient step's own rules (spec 2 §5, validatePatient) applied to a record, each message named by the file's
 * column (its template header). Rules about what a file cannot carry (responsible party, employer, race) belong to
 * the order and are asked there (decision 0270).
 */
export function patientRecordErrors(patient: PatientInfo, today: string): FieldError[] {
  const seen = new Set<string>();
  return validatePatient(patient, listFacts(today)).flatMap((error) => {
    const column = COLUMN_OF_FIELD[error.field];
    if (column === undefined) return [];
    const field = HEADER_OF.get(column) ?? column;
    const key = `${field}|${error.defaultMessage}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ field, defaultMessage: error.defaultMessage }];
  });
}

/** Same patient: same first and last name (ignoring case and surrounding spaces) and the same date of birth. */
export const patientIdentityKey = (patient: {
  nameFirst: string | null;
  nameLast: string | null;
  dateOfBirth: string | null;
}): string =>
  [patient.nameFirst, patient.nameLast, patient.dateOfBirth]
    .map((part) => (part ?? '').trim().toLowerCase())
    .join('|');

export interface PatientImportLine {
  line: number;
  nameFirst: string | null;
  nameLast: string | null;
  dateOfBirth: string | null;
}
export interface PatientImportError {
  line: number;
  field: string;
  message: string;
}
export interface PatientImportPlan {
  toAdd: (PatientImportLine & { patient: PatientInfo })[];
  duplicates: (PatientImportLine & { duplicateOf: 'list' | 'file' })[];
  errors: PatientImportError[];
}

const lineOf = (line: number, patient: PatientInfo): PatientImportLine => ({
  line,
  nameFirst: patient.nameFirst,
  nameLast: patient.nameLast,
  dateOfBirth: patient.dateOfBirth,
});

/**
 * The dry run of an import (issue 18): each record is added, skipped as a duplicate of a patient already on the list
 * (or of an earlier line of the same file), or refused with its line, column and the patient step's message.
 */
export function planPatientImport(
  records: readonly PatientFileRecord[],
  onList: ReadonlySet<string>,
  today: string,
): PatientImportPlan {
  const plan: PatientImportPlan = { toAdd: [], duplicates: [], errors: [] };
  const inFile = new Set<string>();
  for (const { line, values } of records) {
    const patient = patientOfRecord(values);
    const errors = patientRecordErrors(patient, today);
    if (errors.length > 0) {
      plan.errors.push(...errors.map((e) => ({ line, field: e.field, message: e.defaultMessage })));
      continue;
    }
    const key = patientIdentityKey(patient);
    if (onList.has(key)) plan.duplicates.push({ ...lineOf(line, patient), duplicateOf: 'list' });
    else if (inFile.has(key)) plan.duplicates.push({ ...lineOf(line, patient), duplicateOf: 'file' });
    else {
      inFile.add(key);
      plan.toAdd.push({ ...lineOf(line, patient), patient });
    }
  }
  return plan;
}

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, - or @, or a tab or carriage return that hides
 * one) is written with a leading apostrophe, so that it is shown as text (OWASP 'CSV injection').
 */
export const neutraliseFormula = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

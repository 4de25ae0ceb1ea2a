import { describe, expect, it } from 'vitest';
import { patientDeleteBodySchema, patientListQuerySchema } from '../contract/patient-management.ts';
import { notACalendarDate, PATIENT_MESSAGES } from '../messages.ts';
import {
  columnOfHeader,
  PATIENT_FILE_HEADER_MESSAGES,
  PATIENT_FILE_TEMPLATE_HEADERS,
  readHeaderRow,
} from './csv-columns.ts';
import { patientExportRows } from './export-rows.ts';
import {
  isPatientFileName,
  neutraliseFormula,
  type PatientFileRecord,
  patientIdentityKey,
  patientOfRecord,
  patientRecordErrors,
  planPatientImport,
  valuesOfRecord,
} from './patient-file.ts';
import { isOpenOrder, patientOrderState } from './patient-orders.ts';

const TODAY = '2026-11-26';

describe('header names (spec 3 §7 uploadCSV, the layout of decision 0270)', () => {
  it.each<[string, string, string | null]>([
    ['the template name', 'First Name', 'nameFirst'],
    ['camel case', 'firstName', 'nameFirst'],
    ['snake case', 'first_name', 'nameFirst'],
    ['upper case with spaces', 'LAST NAME', 'nameLast'],
    ['DOB', 'DOB', 'dateOfBirth'],
    ['date_of_birth', 'date_of_birth', 'dateOfBirth'],
    ['Birth Date', 'Birth Date', 'dateOfBirth'],
    ['gender means sex', 'Gender', 'gender'],
    ['e-mail', 'E-mail', 'email'],
    ['phone number', 'Phone Number', 'voicePhone'],
    ['MRN is the chart number', 'MRN', 'chartNumber'],
    ['address 1', 'Address 1', 'address1'],
    ['address_line_2', 'address_line_2', 'address2'],
    ['zip', 'ZIP', 'zipCode'],
    ['postal code', 'Postal Code', 'zipCode'],
    ['a byte-order mark before the first name', '\uFEFFFirst Name', 'nameFirst'],
    ['an unknown column', 'Favourite colour', null],
  ])('%s: %s', (_case, header, column) => {
    expect(columnOfHeader(header)).toBe(column);
  });

  it('spec 3 §7: the template headers read back as every column', () => {
    const reading = readHeaderRow(PATIENT_FILE_TEMPLATE_HEADERS);
    expect(reading.ok && reading.columns.every((c) => c !== null)).toBe(true);
  });

  it.each<[string, string[], string]>([
    [
      'missing date of birth and sex',
      ['First Name', 'Last Name'],
      PATIENT_FILE_HEADER_MESSAGES.missing(['Date of Birth', 'Sex']),
    ],
    [
      'a column named twice',
      ['First Name', 'firstName', 'Last Name', 'DOB', 'Sex'],
      PATIENT_FILE_HEADER_MESSAGES.repeated('First Name'),
    ],
    [
      'a data row where the header should be',
      ['Jane', 'Doe', '1985-04-12', 'F'],
      PATIENT_FILE_HEADER_MESSAGES.missing(['First Name', 'Last Name', 'Date of Birth', 'Sex']),
    ],
  ])('refused: %s', (_case, row, message) => {
    expect(readHeaderRow(row)).toEqual({ ok: false, message });
  });

  it('unknown columns are ignored and named', () => {
    expect(readHeaderRow(['Sex', 'dob', 'last', 'first', 'Notes'])).toEqual({
      ok: true,
      columns: ['gender', 'dateOfBirth', 'nameLast', 'nameFirst', null],
      ignored: ['Notes'],
    });
  });
});

describe('accepted files (spec 3 §9 .txt and .csv)', () => {
  it.each<[string, boolean]>([
    ['patients.csv', true],
    ['PATIENTS.TXT', true],
    ['patients.xlsx', false],
    ['patients.csv.exe', false],
  ])('%s', (name, accepted) => expect(isPatientFileName(name)).toBe(accepted));
});

const columns = readHeaderRow(PATIENT_FILE_TEMPLATE_HEADERS);
const record = (line: number, cells: string[]): PatientFileRecord => ({
  line,
  values: valuesOfRecord(cells, columns.ok ? columns.columns : []),
});
const jane = [
  'Jane',
  'Doe',
  '1985-04-12',
  'F',
  'jane@example.com',
  '+18285550199',
  'C1',
  '1 Main St',
  '',
  'Asheville',
  'nc',
  '28801',
  'United States',
];

describe('a record as a patient (spec 2 §5 rules, spec 3 §7 upload)', () => {
  it('reads every column; the state upper-cased; the phone on the patient and the address', () => {
    const patient = patientOfRecord(record(2, jane).values);
    expect(patient).toMatchObject({
      nameFirst: 'Jane',
      nameLast: 'Doe',
      dateOfBirth: '1985-04-12',
      gender: 'F',
      chartNumber: 'C1',
      voicePhone: '+18285550199',
    });
    expect(patient.addresses[0]).toMatchObject({
      address1: '1 Main St',
      address2: null,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      voicePhone: '+18285550199',
    });
  });

  it.each<[string, string, string | null]>([
    ['MM/DD/YYYY read as a calendar date', '04/12/1985', '1985-04-12'],
    ['not a date kept as typed for its message', '12.04.1985', '12.04.1985'],
  ])('date of birth: %s', (_case, typed, read) => {
    expect(patientOfRecord({ dateOfBirth: typed }).dateOfBirth).toBe(read);
  });

  it.each<[string, string, 'M' | 'F' | null]>([
    ['M', 'M', 'M'],
    ['female', 'female', 'F'],
    ['Male', 'Male', 'M'],
    ['X is not an option of the step', 'X', null],
  ])('sex %s', (_case, typed, sex) => expect(patientOfRecord({ gender: typed }).gender).toBe(sex));

  it('no address column filled: no address', () => {
    expect(patientOfRecord({ nameFirst: 'A' }).addresses).toEqual([]);
  });
});

describe("a record's errors are the patient step's messages, named by column (spec 2 §5)", () => {
  const errorsOf = (changes: Partial<Record<number, string>>) => {
    const cells = jane.map((cell, i) => changes[i] ?? cell);
    return patientRecordErrors(patientOfRecord(record(2, cells).values), TODAY);
  };
  it.each<[string, Partial<Record<number, string>>, { field: string; defaultMessage: string }[]]>([
    ['spec 2 §5: a valid patient', {}, []],
    [
      'spec 2 §5: first name required',
      { 0: '' },
      [{ field: 'First Name', defaultMessage: PATIENT_MESSAGES.firstNameRequired }],
    ],
    [
      'spec 2 §5: last name required',
      { 1: ' ' },
      [{ field: 'Last Name', defaultMessage: PATIENT_MESSAGES.lastNameRequired }],
    ],
    [
      'spec 2 §5: date of birth required',
      { 2: '' },
      [{ field: 'Date of Birth', defaultMessage: PATIENT_MESSAGES.dateOfBirthRequired }],
    ],
    [
      'spec 2 §5: a bad date',
      { 2: '1985-13-45' },
      [{ field: 'Date of Birth', defaultMessage: notACalendarDate('1985-13-45') }],
    ],
    [
      'spec 2 §5: a date in the future',
      { 2: '2030-01-01' },
      [{ field: 'Date of Birth', defaultMessage: PATIENT_MESSAGES.dateOfBirthOutOfRange }],
    ],
    [
      'spec 2 §5: sex required',
      { 3: 'unknown' },
      [{ field: 'Sex', defaultMessage: PATIENT_MESSAGES.sexRequired }],
    ],
    [
      'spec 2 §5: a bad email',
      { 4: 'jane@' },
      [{ field: 'Email', defaultMessage: PATIENT_MESSAGES.emailInvalid }],
    ],
    [
      'spec 2 §5: chart number max 7',
      { 6: 'C12345678' },
      [{ field: 'Chart Number', defaultMessage: 'Chart number must be 7 characters or fewer.' }],
    ],
  ])('%s', (_case, changes, errors) => {
    const found = errorsOf(changes);
    if (errors.length === 0) expect(found).toEqual([]);
    else expect(found.map((e) => e.field)).toEqual(errors.map((e) => e.field));
    for (const error of errors.filter((e) => e.field !== 'Chart Number')) expect(found).toContainEqual(error);
  });

  it('spec 2 §5: a bad phone is one message for the Phone column, not two', () => {
    const found = errorsOf({ 5: '12' });
    expect(found.filter((e) => e.field === 'Phone')).toHaveLength(1);
  });

  it('spec 2 §5: a minor is accepted (the responsible party is asked on the order)', () => {
    expect(errorsOf({ 2: '2015-06-01' })).toEqual([]);
  });
});

describe('the dry run (issue 18: add, skip duplicates by name and date of birth, refuse errors)', () => {
  it('sorts each line', () => {
    const onList = new Set([
      patientIdentityKey({ nameFirst: 'john', nameLast: 'SMITH', dateOfBirth: '1970-01-01' }),
    ]);
    const plan = planPatientImport(
      [
        record(2, jane),
        record(3, ['John', 'Smith', '01/01/1970', 'M']),
        record(4, ['Ann', 'Lee', '1990-02-31', 'F']),
        record(5, ['JANE', 'doe', '1985-04-12', 'F']),
      ],
      onList,
      TODAY,
    );
    expect(plan.toAdd.map((row) => row.line)).toEqual([2]);
    expect(plan.duplicates).toEqual([
      { line: 3, nameFirst: 'John', nameLast: 'Smith', dateOfBirth: '1970-01-01', duplicateOf: 'list' },
      { line: 5, nameFirst: 'JANE', nameLast: 'doe', dateOfBirth: '1985-04-12', duplicateOf: 'file' },
    ]);
    expect(plan.errors).toEqual([
      { line: 4, field: 'Date of Birth', message: notACalendarDate('1990-02-31') },
    ]);
  });
});

describe('formula cells neutralised on export (OWASP CSV injection; issue 18 export)', () => {
  it.each<[string, string]>([
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ['+18285550199', "'+18285550199"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['Smith-Jones', 'Smith-Jones'],
    ['', ''],
  ])('%s', (cell, written) => expect(neutraliseFormula(cell)).toBe(written));

  it('the export has the template header and neutralised cells', () => {
    const rows = patientExportRows([
      {
        id: 1,
        gsdlNo: 'P1001',
        gearPatient: {
          nameFirst: '=HYPERLINK("x")',
          nameLast: 'Doe',
          dateOfBirth: '1985-04-12',
          gender: 'F',
          email: null,
          voicePhone: null,
          chartNumber: null,
          source: 'portal',
          addresses: [],
        },
        gearInsurance: null,
      },
    ]);
    expect(rows[0]).toEqual([...PATIENT_FILE_TEMPLATE_HEADERS]);
    expect(rows[1]?.slice(0, 4)).toEqual(['\'=HYPERLINK("x")', 'Doe', '1985-04-12', 'F']);
  });
});

describe("an order's state and whether it keeps its patient (decision 0271)", () => {
  it.each<
    [string, { canceled: boolean; receivedByLab: boolean; practitionerConfirmed: boolean }, string, boolean]
  >([
    [
      'spec 1 §4.1: not yet confirmed',
      { canceled: false, receivedByLab: false, practitionerConfirmed: false },
      'inProgress',
      true,
    ],
    [
      'spec 1 §4.1: confirmed by the practitioner',
      { canceled: false, receivedByLab: false, practitionerConfirmed: true },
      'submitted',
      true,
    ],
    [
      'spec 1 §4.2: an accession number',
      { canceled: false, receivedByLab: true, practitionerConfirmed: true },
      'receivedByLab',
      false,
    ],
    [
      'spec 3 §4: canceled',
      { canceled: true, receivedByLab: false, practitionerConfirmed: true },
      'canceled',
      false,
    ],
  ])('%s', (_case, facts, state, open) => {
    const found = patientOrderState(facts);
    expect([found, isOpenOrder(found)]).toEqual([state, open]);
  });
});

describe('the calls (spec 3 §7)', () => {
  it('spec 3 §2: the GSDLNO is upper-cased; paging defaults', () => {
    expect(patientListQuerySchema.parse({ gsdlNo: 'p1001' })).toEqual({
      gsdlNo: 'P1001',
      offset: 0,
      limit: 25,
    });
  });
  it('spec 3 §2: a GSDLNO of more than 5 characters is refused', () => {
    expect(patientListQuerySchema.safeParse({ gsdlNo: 'P10011' }).success).toBe(false);
  });
  it.each<[string, unknown, boolean]>([
    ['spec 3 §7 delete: a map of gsdlNo to ids', { P1001: [1, 2] }, true],
    ['an empty map', {}, false],
    ['no ids', { P1001: [] }, false],
    ['ids that are not numbers', { P1001: ['1'] }, false],
  ])('%s', (_case, body, ok) => expect(patientDeleteBodySchema.safeParse(body).success).toBe(ok));
});

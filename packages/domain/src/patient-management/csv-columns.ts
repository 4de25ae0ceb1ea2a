/**
 * The column layout of a patient file (spec 3 §7 POST /gear/patient-management/uploadCSV 'The CSV column layout is not
 * shown'; decision 0270): a header row whose names are matched without regard to case, spaces, underscores or
 * hyphens, in any order, with the usual spellings of each name.
 */
export const PATIENT_FILE_COLUMNS = [
  {
    key: 'nameFirst',
    header: 'First Name',
    spellings: ['firstname', 'first', 'fname', 'givenname', 'patientfirstname'],
  },
  {
    key: 'nameLast',
    header: 'Last Name',
    spellings: ['lastname', 'last', 'lname', 'surname', 'familyname', 'patientlastname'],
  },
  {
    key: 'dateOfBirth',
    header: 'Date of Birth',
    spellings: ['dateofbirth', 'dob', 'birthdate', 'birthday', 'birth'],
  },
  { key: 'gender', header: 'Sex', spellings: ['sex', 'gender'] },
  { key: 'email', header: 'Email', spellings: ['email', 'emailaddress', 'mail'] },
  {
    key: 'voicePhone',
    header: 'Phone',
    spellings: ['phone', 'phonenumber', 'voicephone', 'telephone', 'cellphone', 'mobile', 'mobilephone'],
  },
  { key: 'chartNumber', header: 'Chart Number', spellings: ['chartnumber', 'chart', 'chartno', 'mrn'] },
  {
    key: 'address1',
    header: 'Address 1',
    spellings: ['address1', 'addressline1', 'address', 'street', 'streetaddress'],
  },
  { key: 'address2', header: 'Address 2', spellings: ['address2', 'addressline2', 'apartment', 'suite'] },
  { key: 'city', header: 'City', spellings: ['city', 'town'] },
  { key: 'state', header: 'State', spellings: ['state', 'province', 'region'] },
  { key: 'zipCode', header: 'Zip Code', spellings: ['zipcode', 'zip', 'postalcode', 'postcode'] },
  { key: 'country', header: 'Country', spellings: ['country'] },
] as const;

export type PatientFileColumn = (typeof PATIENT_FILE_COLUMNS)[number]['key'];

/** Without these a row cannot be a patient of the list (name, date of birth and sex are the patient step's musts). */
export const REQUIRED_PATIENT_FILE_COLUMNS: readonly PatientFileColumn[] = [
  'nameFirst',
  'nameLast',
  'dateOfBirth',
  'gender',
];

/** The header names of the downloadable template, in its order. */
export const PATIENT_FILE_TEMPLATE_HEADERS: readonly string[] = PATIENT_FILE_COLUMNS.map(
  (column) => column.header,
);

/** 'First Name', 'first_name', 'firstName', 'FIRST-NAME' all read 'firstname'. */
export const headerKey = (name: string): string =>
  name
    .replace(/^\uFEFF/, '')
    .replace(/[\s_-]+/g, '')
    .toLowerCase();

const byKey = new Map<string, PatientFileColumn>(
  PATIENT_FILE_COLUMNS.flatMap((column) =>
    column.spellings.map((spelling) => [spelling, column.key] as const),
  ),
);

/** The column a header name stands for, or null when it is none of the layout's. */
export const columnOfHeader = (name: string): PatientFileColumn | null => byKey.get(headerKey(name)) ?? null;

export type HeaderReading =
  | { ok: true; columns: (PatientFileColumn | null)[]; ignored: string[] }
  | { ok: false; message: string };

export const PATIENT_FILE_HEADER_MESSAGES = {
  missing: (headers: readonly string[]) =>
    `The file's first row must name the columns. Missing: ${headers.join(', ')}.`,
  repeated: (header: string) => `The column ${header} appears more than once in the first row.`,
} as const;

/** The header row read against the layout: which column each position holds, or why the file cannot be read. */
export function readHeaderRow(row: readonly string[]): HeaderReading {
  const columns = row.map(columnOfHeader);
  const seen = new Set<PatientFileColumn>();
  for (const column of columns) {
    if (column === null) continue;
    if (seen.has(column)) {
      const header = PATIENT_FILE_COLUMNS.find((c) => c.key === column)?.header ?? column;
      return { ok: false, message: PATIENT_FILE_HEADER_MESSAGES.repeated(header) };
    }
    seen.add(column);
  }
  const missing = PATIENT_FILE_COLUMNS.filter(
    (column) => REQUIRED_PATIENT_FILE_COLUMNS.includes(column.key) && !seen.has(column.key),
  ).map((column) => column.header);
  if (missing.length > 0) return { ok: false, message: PATIENT_FILE_HEADER_MESSAGES.missing(missing) };
  const ignored = row.filter((_, i) => columns[i] === null && (row[i] ?? '').trim() !== '');
  return { ok: true, columns, ignored };
}

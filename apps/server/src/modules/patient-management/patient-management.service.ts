import {
  type Insurance,
  isBlankRecord,
  isOpenOrder,
  isPatientFileName,
  isSupportedText,
  labToday,
  type ManagedPatient,
  MESSAGES,
  mayOrderFor,
  PATIENT_FILE_LIMITS,
  PATIENT_MANAGEMENT_MESSAGES,
  type PatientDeleteAnswer,
  type PatientDeleteBody,
  type PatientFileRecord,
  type PatientImportPlan,
  type PatientImportPreview,
  type PatientListQuery,
  type PatientOrderSummary,
  patientExportRows,
  patientIdentityKey,
  patientOrderState,
  planPatientImport,
  readHeaderRow,
  showsPatientSearch,
  UNSUPPORTED_CHARACTERS_MESSAGE,
  type UserInfo,
  valuesOfRecord,
} from '@gear/domain';
import Papa from 'papaparse';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { PatientDetails, PatientRecord } from '../patient/patient.repository.ts';
import { searchPatientRows } from '../patient/patient.repository.ts';
import { patientIndex, searchIndexRecords } from '../patient/patient-index.ts';
import { readPatientQuery } from '../patient/patient-search.service.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';
import {
  deletePatients,
  identitiesBornOn,
  insertPatients,
  lockPractitioner,
  ordersOfIdentities,
  pageOfPatients,
  patientsAmong,
} from './patient-management.repository.ts';

/** A search shows at most this many matches across its pages (decision 0270): more means refine the words. */
export const SEARCH_MATCHES_AT_MOST = 1000;
/** An export holds the whole list of a large practice (bench/: 100,000 patients). */
const EXPORT_AT_MOST = 200_000;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** spec 3 §3 Patient (management) of a record: the patient, and the primary insurance on file. */
export function managedPatientOf(gsdlNo: string, row: PatientRecord): ManagedPatient {
  const details = row.details as PatientDetails;
  const insurances: Insurance[] = Array.isArray(details.insurances) ? details.insurances : [];
  return {
    id: row.id,
    gsdlNo,
    gearPatient: {
      nameFirst: row.nameFirst,
      nameLast: row.nameLast,
      dateOfBirth: row.dateOfBirth,
      gender: row.gender ?? null,
      email: text(details.email),
      voicePhone: text(details.voicePhone),
      chartNumber: row.chartNumber,
      source: row.source,
      addresses: Array.isArray(details.addresses) ? details.addresses : [],
    },
    gearInsurance: insurances.find((insurance) => insurance.insuranceRank === 0) ?? insurances[0] ?? null,
  };
}

/**
 * spec 3 §6 'Practitioners … can use patient management': the caller may order for the practitioner (their own
 * number or onBehalfOf, decision 0003), or is an admin; patients never (403). An unknown number is 404.
 */
async function refuseUnlessManages(db: Db, user: UserInfo, gsdlNo: string) {
  if (!showsPatientSearch(user)) throw forbidden(MESSAGES.forbidden);
  const practitioner = await findPractitioner(db, gsdlNo);
  if (!practitioner) throw notFound(MESSAGES.practitionerNotFound(gsdlNo));
  if (!mayOrderFor(user, practitioner)) throw forbidden(MESSAGES.forbidden);
}

/**
 * GET /gear/patient-management/list (spec 3 §7 'Returns patients') with the table's search and paging (decision
 * 0270): a page of the practitioner's patients, or of the matches of the search, in name order.
 */
export async function listManagedPatients(
  db: Db,
  user: UserInfo,
  query: PatientListQuery,
): Promise<ManagedPatient[]> {
  await refuseUnlessManages(db, user, query.gsdlNo);
  const { gsdlNo, offset, limit, after } = query;
  const managed = (rows: readonly PatientRecord[]) => rows.map((row) => managedPatientOf(gsdlNo, row));
  const criteria = query.query === undefined ? null : readPatientQuery(query.query);
  if (query.query !== undefined && criteria === null) return [];
  const index = patientIndex(db, gsdlNo);
  if (criteria === null) {
    if (index === null) {
      const page = await pageOfPatients(db, gsdlNo, offset, limit, after);
      if (page === null) throw afterUnknown();
      return managed(page);
    }
    const { byLast, byId } = await index;
    let start = offset;
    if (after !== undefined) {
      const entry = byId.get(after);
      if (!entry) throw afterUnknown();
      start += entry.rank + 1;
    }
    return managed(byLast.slice(start, start + limit).map((entry) => entry.row));
  }
  // A search's matches are at most SEARCH_MATCHES_AT_MOST: `after` is found among them.
  const reach =
    after === undefined ? Math.min(offset + limit, SEARCH_MATCHES_AT_MOST) : SEARCH_MATCHES_AT_MOST;
  const matches =
    index === null
      ? await searchPatientRows(db, gsdlNo, criteria, reach)
      : searchIndexRecords(await index, criteria, reach);
  let start = offset;
  if (after !== undefined) {
    const position = matches.findIndex((row) => row.id === after);
    if (position < 0) throw afterUnknown();
    start += position + 1;
  }
  return managed(matches.slice(start, start + limit));
}

/** The list as the import's own layout reads it, every cell neutralised (the search's matches when one is given). */
export async function exportManagedPatients(
  db: Db,
  user: UserInfo,
  query: Pick<PatientListQuery, 'gsdlNo' | 'query'>,
) {
  const patients = await listManagedPatients(db, user, {
    ...query,
    offset: 0,
    limit: query.query === undefined ? EXPORT_AT_MOST : SEARCH_MATCHES_AT_MOST,
  });
  return Papa.unparse(patientExportRows(patients), { newline: '\r\n' });
}

const sameIdentity = (a: { nameFirst: string; nameLast: string; dateOfBirth: string }) => {
  const key = patientIdentityKey(a);
  return (b: { nameFirst: string; nameLast: string; dateOfBirth: string }) => patientIdentityKey(b) === key;
};

/** The expanded row: the practitioner's orders for this patient, each with what is known of it today (decision 0271). */
export async function patientOrders(
  db: Db,
  user: UserInfo,
  query: { gsdlNo: string; patientId: number },
): Promise<PatientOrderSummary[]> {
  await refuseUnlessManages(db, user, query.gsdlNo);
  const [patient] = await patientsAmong(db, query.gsdlNo, [query.patientId]);
  if (!patient) throw notFound(PATIENT_MANAGEMENT_MESSAGES.notFound);
  const rows = await ordersOfIdentities(db, query.gsdlNo, [patient]);
  return rows.filter(sameIdentity(patient)).map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    state: patientOrderState(row),
    products: row.products,
  }));
}

/**
 * DELETE /gear/patient-management/delete (spec 3 §7): every practitioner named must be one the caller manages (403
 * before anything is deleted); ids not on that practitioner's list are left alone and named; a patient with an open
 * order stays and is named with the reason (decision 0271). One transaction.
 */
export async function deleteManagedPatients(
  db: Db,
  user: UserInfo,
  body: PatientDeleteBody,
): Promise<PatientDeleteAnswer> {
  for (const gsdlNo of Object.keys(body)) await refuseUnlessManages(db, user, gsdlNo);
  return transaction(db, async (tx) => {
    const answer: PatientDeleteAnswer = { deleted: [], notDeleted: [] };
    for (const [gsdlNo, ids] of Object.entries(body)) {
      const wanted = [...new Set(ids)];
      const found = await patientsAmong(tx, gsdlNo, wanted);
      const foundIds = new Set(found.map((row) => row.id));
      for (const id of wanted.filter((id) => !foundIds.has(id)))
        answer.notDeleted.push({
          gsdlNo,
          id,
          reason: 'notFound',
          message: PATIENT_MANAGEMENT_MESSAGES.notFound,
        });
      const open = (await ordersOfIdentities(tx, gsdlNo, found)).filter((order) =>
        isOpenOrder(patientOrderState(order)),
      );
      const kept = found.filter((patient) => open.some(sameIdentity(patient)));
      for (const patient of kept)
        answer.notDeleted.push({
          gsdlNo,
          id: patient.id,
          reason: 'openOrder',
          message: PATIENT_MANAGEMENT_MESSAGES.openOrder,
        });
      const keptIds = new Set(kept.map((patient) => patient.id));
      const deleted = await deletePatients(
        tx,
        gsdlNo,
        found.filter((p) => !keptIds.has(p.id)).map((p) => p.id),
      );
      answer.deleted.push(...deleted.map(({ id }) => ({ gsdlNo, id })));
      await recordAudit(tx, {
        action: 'patientsDeleted',
        detail: { gsdlNo, deleted: deleted.map(({ id }) => id), kept: [...keptIds] },
      });
    }
    return answer;
  });
}

export interface PatientFile {
  fileName: string;
  bytes: Buffer;
}

/** `after` names no patient of this practitioner (or of the search's matches): decision 0273. */
const afterUnknown = () =>
  badRequest(PATIENT_MANAGEMENT_MESSAGES.pageStartGone, [
    { field: 'after', defaultMessage: PATIENT_MANAGEMENT_MESSAGES.pageStartGone },
  ]);
const fileRefusal = (message: string) => badRequest(message, [{ field: 'file', defaultMessage: message }]);

/** The file's records after its header, with their lines, read by papaparse (quotes, newlines in quotes, BOM, CRLF, ; and tabs). */
export function readPatientFile(file: PatientFile): {
  records: PatientFileRecord[];
  ignoredColumns: string[];
} {
  if (!isPatientFileName(file.fileName)) throw fileRefusal(PATIENT_MANAGEMENT_MESSAGES.fileType);
  if (file.bytes.length > PATIENT_FILE_LIMITS.maxBytes)
    throw new HttpError(413, PATIENT_MANAGEMENT_MESSAGES.fileTooLarge, [
      { field: 'file', defaultMessage: PATIENT_MANAGEMENT_MESSAGES.fileTooLarge },
    ]);
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes).replace(/^\uFEFF/, '');
  } catch {
    throw fileRefusal(PATIENT_MANAGEMENT_MESSAGES.unreadable);
  }
  if (!isSupportedText(content)) throw fileRefusal(UNSUPPORTED_CHARACTERS_MESSAGE);
  const parsed = Papa.parse<string[]>(content, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
  });
  if (parsed.errors.some((error) => error.type === 'Quotes'))
    throw fileRefusal(PATIENT_MANAGEMENT_MESSAGES.unreadable);
  const lines = parsed.data
    .map((cells, i) => ({ line: i + 1, cells }))
    .filter(({ cells }) => !isBlankRecord(cells));
  const [header, ...rows] = lines;
  if (header === undefined) throw fileRefusal(PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile);
  const reading = readHeaderRow(header.cells);
  if (!reading.ok) throw fileRefusal(reading.message);
  if (rows.length === 0) throw fileRefusal(PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile);
  if (rows.length > PATIENT_FILE_LIMITS.maxRows) throw fileRefusal(PATIENT_MANAGEMENT_MESSAGES.tooManyRows);
  return {
    records: rows.map(({ line, cells }) => ({ line, values: valuesOfRecord(cells, reading.columns) })),
    ignoredColumns: reading.ignored,
  };
}

async function planAgainstList(
  db: Db,
  gsdlNo: string,
  records: readonly PatientFileRecord[],
): Promise<PatientImportPlan> {
  const first = planPatientImport(records, new Set(), labToday());
  const born = [
    ...new Set([
      ...first.toAdd.map((row) => row.dateOfBirth ?? ''),
      ...first.duplicates.map((row) => row.dateOfBirth ?? ''),
    ]),
  ];
  const onList = new Set((await identitiesBornOn(db, gsdlNo, born)).map(patientIdentityKey));
  return planPatientImport(records, onList, labToday());
}

const previewOf = (plan: PatientImportPlan, ignoredColumns: string[]): PatientImportPreview => ({
  toAdd: plan.toAdd.map(({ patient: _patient, ...line }) => line),
  duplicates: plan.duplicates,
  errors: plan.errors,
  ignoredColumns,
});

/**
 * POST /gear/patient-management/uploadCSV (spec 3 §7, decision 0270): with dryRun, what an import would do; without,
 * the import itself: every line that is neither a duplicate nor in error is added in one transaction, under a lock
 * on the practitioner so that two imports of the same file do not add a patient twice. Answers the patients added.
 */
export async function uploadPatientFile(
  db: Db,
  user: UserInfo,
  upload: { gsdlNo: string; file: PatientFile; dryRun: boolean },
): Promise<PatientImportPreview | ManagedPatient[]> {
  await refuseUnlessManages(db, user, upload.gsdlNo);
  const { records, ignoredColumns } = readPatientFile(upload.file);
  if (upload.dryRun) return previewOf(await planAgainstList(db, upload.gsdlNo, records), ignoredColumns);
  return transaction(db, async (tx) => {
    await lockPractitioner(tx, upload.gsdlNo);
    const plan = await planAgainstList(tx, upload.gsdlNo, records);
    const added = await insertPatients(
      tx,
      upload.gsdlNo,
      plan.toAdd.map((row) => row.patient),
    );
    await recordAudit(tx, {
      action: 'patientsImported',
      detail: {
        gsdlNo: upload.gsdlNo,
        added: added.map((row) => row.id),
        duplicates: plan.duplicates.length,
        errorLines: [...new Set(plan.errors.map((error) => error.line))],
      },
    });
    return added.map((row) => managedPatientOf(upload.gsdlNo, row));
  });
}

import type { PatientInfo } from '@gear/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { orders, patients, practitioners } from '../../db/schema/index.ts';
import type { PatientDetails, PatientRecord } from '../patient/patient.repository.ts';
import { firstNameKey, lastNameKey, NAME_ORDER } from '../patient/patient.repository.ts';
import { pageFromKeptPosition } from './patient-list-anchors.ts';

const recordColumns = {
  id: patients.id,
  nameFirst: patients.nameFirst,
  nameLast: patients.nameLast,
  dateOfBirth: patients.dateOfBirth,
  gender: patients.gender,
  chartNumber: patients.chartNumber,
  source: patients.source,
  details: patients.details,
};

/**
 * From this offset a page reads its ids first (decision 0334): below it, walking the rows themselves costs less than
 * the second step (pgbench on 100,000 patients: 0.26 against 0.7 ms at offset 0, even at 500).
 */
const IDS_FIRST_FROM_OFFSET = 500;

/**
 * A page of the practitioner's patients in name order (PostgreSQL; the embedded database reads its index). With
 * `after` (decision 0273) the page starts after that patient: a row comparison on the name-search index's own key
 * (gsdlNo, last name key, first name key, date of birth, id), so the index starts there instead of walking `offset`
 * rows. null when `after` is not a patient of this practitioner.
 */
export async function pageOfPatients(
  db: Db,
  gsdlNo: string,
  offset: number,
  limit: number,
  after?: number,
): Promise<PatientRecord[] | null> {
  let conditions = eq(patients.gsdlNo, gsdlNo);
  if (after !== undefined) {
    const [start] = await db
      .select({
        lastKey: lastNameKey,
        firstKey: firstNameKey,
        dateOfBirth: patients.dateOfBirth,
        id: patients.id,
      })
      .from(patients)
      .where(and(eq(patients.gsdlNo, gsdlNo), eq(patients.id, after)));
    if (!start) return null;
    conditions = and(
      conditions,
      sql`(${lastNameKey}, ${firstNameKey}, ${patients.dateOfBirth}, ${patients.id}) >
        (${start.lastKey} collate "C", ${start.firstKey} collate "C", ${start.dateOfBirth}, ${start.id})`,
    ) as typeof conditions;
  }
  if (after === undefined) {
    const fromKept = await pageFromKeptPosition(db, gsdlNo, offset, limit);
    if (fromKept) return fromKept;
  }
  const rows = db.select(recordColumns).from(patients);
  if (offset < IDS_FIRST_FROM_OFFSET)
    return (await rows
      .where(conditions)
      .orderBy(...NAME_ORDER)
      .offset(offset)
      .limit(limit)) as PatientRecord[];
  // Deep in the list, the page's ids first, by an index-only scan of the name-search index (it includes the names:
  // decision 0334): walking `offset` entries of the index alone, not `offset` rows of the table; then the page's rows.
  const page = db
    .select({ id: patients.id })
    .from(patients)
    .where(conditions)
    .orderBy(...NAME_ORDER)
    .offset(offset)
    .limit(limit);
  return (await rows.where(inArray(patients.id, page)).orderBy(...NAME_ORDER)) as PatientRecord[];
}

/** The identities (name and date of birth) of the practitioner's patients born on these days. */
export async function identitiesBornOn(db: Db, gsdlNo: string, days: readonly string[]) {
  if (days.length === 0) return [];
  return db
    .select({ nameFirst: patients.nameFirst, nameLast: patients.nameLast, dateOfBirth: patients.dateOfBirth })
    .from(patients)
    .where(and(eq(patients.gsdlNo, gsdlNo), inArray(patients.dateOfBirth, [...days])));
}

/** Holds the practitioner's row until the transaction ends: two imports for one practice run one after the other. */
export async function lockPractitioner(db: Db, gsdlNo: string) {
  await db
    .select({ gsdlNo: practitioners.gsdlNo })
    .from(practitioners)
    .where(eq(practitioners.gsdlNo, gsdlNo))
    .for('update');
}

const detailsOf = (patient: PatientInfo): PatientDetails => ({
  ...(patient.email ? { email: patient.email } : {}),
  ...(patient.voicePhone ? { voicePhone: patient.voicePhone } : {}),
  ...(patient.addresses.length > 0 ? { addresses: patient.addresses } : {}),
});

const INSERT_BATCH = 1000;

/** Adds the patients to the practitioner's list; the caller's transaction makes it all or nothing. */
export async function insertPatients(db: Db, gsdlNo: string, added: readonly PatientInfo[]) {
  const inserted: PatientRecord[] = [];
  for (let start = 0; start < added.length; start += INSERT_BATCH) {
    const values = added.slice(start, start + INSERT_BATCH).map((patient) => ({
      gsdlNo,
      nameFirst: patient.nameFirst ?? '',
      nameLast: patient.nameLast ?? '',
      dateOfBirth: patient.dateOfBirth ?? '',
      gender: patient.gender,
      chartNumber: patient.chartNumber,
      source: 'portal',
      details: detailsOf(patient),
    }));
    const rows = await changing(['patients'], () =>
      db.insert(patients).values(values).returning(recordColumns),
    );
    inserted.push(...(rows as PatientRecord[]));
  }
  return inserted;
}

/** The practitioner's patients among these ids. */
export async function patientsAmong(db: Db, gsdlNo: string, ids: readonly number[]) {
  return (await db
    .select(recordColumns)
    .from(patients)
    .where(and(eq(patients.gsdlNo, gsdlNo), inArray(patients.id, [...ids])))
    .orderBy(asc(patients.id))) as PatientRecord[];
}

export async function deletePatients(db: Db, gsdlNo: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return changing(['patients'], () =>
    db
      .delete(patients)
      .where(and(eq(patients.gsdlNo, gsdlNo), inArray(patients.id, [...ids])))
      .returning({ id: patients.id }),
  );
}

export interface PatientOrderRow {
  id: number;
  createdAt: Date;
  nameFirst: string;
  nameLast: string;
  dateOfBirth: string;
  canceled: boolean;
  receivedByLab: boolean;
  practitionerConfirmed: boolean;
  products: string[];
}

/**
 * The practitioner's orders for patients of these identities (name, case-insensitive, and date of birth: decision
 * 0271), with the facts their state is derived from, newest first.
 */
export async function ordersOfIdentities(
  db: Db,
  gsdlNo: string,
  identities: readonly { nameFirst: string; nameLast: string; dateOfBirth: string }[],
): Promise<PatientOrderRow[]> {
  if (identities.length === 0) return [];
  const days = [...new Set(identities.map((identity) => identity.dateOfBirth))];
  const lastNames = [...new Set(identities.map((identity) => identity.nameLast.toLowerCase()))];
  // Subqueries name their tables in full: drizzle writes a column of a select's own table without its table.
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      nameFirst: sql<string>`coalesce(${orders.patientInfo} ->> 'nameFirst', '')`,
      nameLast: sql<string>`coalesce(${orders.patientInfo} ->> 'nameLast', '')`,
      dateOfBirth: sql<string>`coalesce(${orders.patientInfo} ->> 'dateOfBirth', '')`,
      canceled: sql<boolean>`("orders"."canceled" or (exists (select 1 from requisitions r where r.order_id = "orders"."id")
        and not exists (select 1 from requisitions r where r.order_id = "orders"."id" and not r.canceled)))`,
      receivedByLab: sql<boolean>`exists (select 1 from requisitions r join accessions a on a.gear_req_id = r.id
        where r.order_id = "orders"."id")`,
      practitionerConfirmed: sql<boolean>`exists (select 1 from workflow_steps w where w.order_id = "orders"."id"
        and w.step_id = 11 and w.completed)`,
      products: sql<string[]>`array(select i.name from requisitions r join orderable_items i
        on i.id = r.orderable_item_id where r.order_id = "orders"."id" order by r.position)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.practitionerGsdlNo, gsdlNo),
        inArray(sql`${orders.patientInfo} ->> 'dateOfBirth'`, days),
        inArray(orders.nameLastKey, lastNames),
      ),
    )
    .orderBy(sql`${orders.id} desc`);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

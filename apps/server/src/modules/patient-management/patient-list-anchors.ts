import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptUntilChanged } from '../../db/kept.ts';
import { patients } from '../../db/schema/index.ts';
import type { PatientRecord } from '../patient/patient.repository.ts';
import { firstNameKey, lastNameKey } from '../patient/patient.repository.ts';

/** Every how many patients of the list a position is kept (decision 0336): a page walks fewer than this past one. */
export const ANCHOR_EVERY = 200;

/** The name keys of the last patient of a block of ANCHOR_EVERY, in the list's order. */
type Anchor = [lastKey: string, firstKey: string, dateOfBirth: string, id: number];

interface Anchors {
  version: number;
  anchors: Anchor[];
}

const nameOrder = sql`${lastNameKey}, ${firstNameKey}, ${patients.dateOfBirth}, ${patients.id}`;

/**
 * The keys of every ANCHOR_EVERY-th patient of the list and the list's version (migration 0023) they were read at,
 * in one statement (one snapshot). Null when the practitioner has no version yet (no patient since the migration).
 */
async function readAnchors(db: Db, gsdlNo: string): Promise<Anchors | null> {
  const { rows } = (await db.execute(sql`
    select v.version, k.last_key, k.first_key, k.date_of_birth, k.id
    from patient_list_versions v
    left join lateral (
      select x.last_key, x.first_key, x.date_of_birth, x.id from (
        select ${lastNameKey} as last_key, ${firstNameKey} as first_key, ${patients.dateOfBirth} as date_of_birth,
          ${patients.id} as id, row_number() over (order by ${nameOrder}) as position
        from ${patients} where ${patients.gsdlNo} = v.gsdl_no
      ) x where x.position % ${ANCHOR_EVERY} = 0 order by x.position
    ) k on true
    where v.gsdl_no = ${gsdlNo}`)) as unknown as {
    rows: {
      version: number;
      last_key: string;
      first_key: string;
      date_of_birth: string;
      id: number | null;
    }[];
  };
  const first = rows[0];
  if (!first) return null;
  return {
    version: first.version,
    anchors: rows.flatMap((row) =>
      row.id === null ? [] : [[row.last_key, row.first_key, row.date_of_birth, row.id] as Anchor],
    ),
  };
}

/**
 * The positions of each practitioner's list, kept (decision 0070's one primitive) and checked by their reader: a page
 * statement compares the list's version it was read at.
 */
const keptPositions = keptUntilChanged<string, Promise<Anchors | null>>({
  from: ['patients'],
  read: readAnchors,
  elsewhere: 'checked by the reader',
});

/** The kept positions, read anew when none are kept or the kept ones are `outdated` (unless already read again). */
function keptAnchors(db: Db, gsdlNo: string, outdated?: Promise<Anchors | null>): Promise<Anchors | null> {
  const hit = keptPositions.peek(db, gsdlNo);
  return hit && hit.value !== outdated ? hit.value : keptPositions(db, gsdlNo);
}

/**
 * The page at `offset` from the nearest kept position before it, with the list's version checked in the same
 * statement: the version read with the rows, and the rows (none when the version is not the one asked for).
 */
async function pageFromAnchor(
  db: Db,
  gsdlNo: string,
  version: number,
  anchor: Anchor,
  offset: number,
  limit: number,
): Promise<{ version: number | null; rows: PatientRecord[] }> {
  const [lastKey, firstKey, dateOfBirth, id] = anchor;
  const after: SQL = sql`(${nameOrder}) > (${lastKey} collate "C", ${firstKey} collate "C", ${dateOfBirth}, ${id})`;
  const { rows } = (await db.execute(sql`
    select v.version, p.id, p.name_first as "nameFirst", p.name_last as "nameLast", p.date_of_birth as "dateOfBirth",
      p.gender, p.chart_number as "chartNumber", p.source, p.details
    from patient_list_versions v
    left join lateral (
      select ${patients.id} as id, ${patients.nameFirst} as name_first, ${patients.nameLast} as name_last,
        ${patients.dateOfBirth} as date_of_birth, ${patients.gender} as gender,
        ${patients.chartNumber} as chart_number, ${patients.source} as source, ${patients.details} as details,
        ${lastNameKey} as last_key, ${firstNameKey} as first_key
      from ${patients} where ${patients.gsdlNo} = v.gsdl_no and ${after}
      order by ${nameOrder} offset ${offset} limit ${limit}
    ) p on v.version = ${version}
    where v.gsdl_no = ${gsdlNo}
    order by p.last_key, p.first_key, p.date_of_birth, p.id`)) as unknown as {
    rows: (PatientRecord & { version: number; id: number | null })[];
  };
  const first = rows[0];
  if (!first) return { version: null, rows: [] };
  return {
    version: first.version,
    rows: rows.flatMap(({ version: _, ...row }) => (row.id === null ? [] : [row as PatientRecord])),
  };
}

/**
 * A page of the practitioner's list at `offset` (PostgreSQL), found from a kept position (decision 0336): the keys of
 * the patient just before the nearest block of ANCHOR_EVERY, kept while the list's version stays. Null when no
 * position serves it (offset within the first block, no version yet, or the list changed again while its positions
 * were read): the caller walks the list itself.
 */
export async function pageFromKeptPosition(
  db: Db,
  gsdlNo: string,
  offset: number,
  limit: number,
): Promise<PatientRecord[] | null> {
  if (offset < ANCHOR_EVERY) return null;
  let outdated: Promise<Anchors | null> | undefined;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const reading = keptAnchors(db, gsdlNo, outdated);
    const kept = await reading;
    if (!kept) return null;
    const block = Math.floor(offset / ANCHOR_EVERY);
    const anchor = kept.anchors[Math.min(block, kept.anchors.length) - 1];
    if (!anchor) return null;
    const from = Math.min(block, kept.anchors.length) * ANCHOR_EVERY;
    const page = await pageFromAnchor(db, gsdlNo, kept.version, anchor, offset - from, limit);
    if (page.version === kept.version) return page.rows;
    if (page.version === null) return null;
    outdated = reading;
  }
  return null;
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptUntilChanged, seesEveryWrite } from '../../db/kept.ts';
import { patients } from '../../db/schema/index.ts';
import {
  firstNameKey,
  lastNameKey,
  NAME_ORDER,
  type PatientMatch,
  type PatientRecord,
  type PatientSearchCriteria,
  searchParts,
  toPatientMatch,
} from './patient.repository.ts';

/** A patient record as the index keeps it: the row, its name keys as the database computes them, its rank. */
interface Entry {
  row: PatientRecord;
  lastKey: string;
  firstKey: string;
  /** Position in name order (last, first, date of birth, id): sorting by it is the database's ORDER BY. */
  rank: number;
}

export interface PatientIndex {
  /** Every patient of the practitioner in name order: a last-name prefix is a contiguous range. */
  byLast: Entry[];
  /** The same, ordered by first name key (then rank): a first-name prefix is a contiguous range. */
  byFirst: Entry[];
  /** Patients by date of birth, each list in name order. */
  byBirthday: Map<string, Entry[]>;
  /** Each patient by id (its rank is its place in byLast). */
  byId: Map<number, Entry>;
}

/**
 * Text order of the collation "C": UTF-8 byte order, that is code point order. JavaScript compares UTF-16 code
 * units, which differs only when both are at or above U+D800 (a surrogate stands for a code point above U+FFFF,
 * which must come after U+E000–U+FFFF).
 */
export function compareBytes(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x < 0xe000 ? x + 0x2000 : x - 0x800;
      y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** The same range as the SQL's startsWith: from the word (included) to the word and U+10FFFF (excluded). */
const END = '\u{10FFFF}';
const startsWith = (word: string) => {
  const end = word + END;
  return (key: string) => compareBytes(key, word) >= 0 && compareBytes(key, end) < 0;
};

/** First position in `entries` (sorted by `key`) whose key is not below `bound`. */
function lowerBound(entries: Entry[], key: (entry: Entry) => string, bound: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareBytes(key(entries[middle] as Entry), bound) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const lastOf = (entry: Entry) => entry.lastKey;
const firstOf = (entry: Entry) => entry.firstKey;
const range = (entries: Entry[], key: (entry: Entry) => string, word: string): [number, number] => [
  lowerBound(entries, key, word),
  lowerBound(entries, key, word + END),
];

/**
 * The practitioner's patients in name order with their name keys, in one statement. The rows come as one JSON text
 * (an ordered json_agg): parsing one text is several times faster than the driver's rows for 100,000 patients.
 */
export async function readPatientIndex(db: Db, gsdlNo: string): Promise<PatientIndex> {
  const result = await db.execute<{ rows: string }>(sql`
    select coalesce(json_agg(json_build_array(${patients.id}, ${patients.nameFirst}, ${patients.nameLast},
      ${patients.dateOfBirth}, ${patients.gender}, ${patients.chartNumber}, ${patients.source}, ${patients.details},
      ${lastNameKey}, ${firstNameKey}) order by ${sql.join(NAME_ORDER, sql`, `)}), '[]')::text as rows
    from ${patients} where ${eq(patients.gsdlNo, gsdlNo)}`);
  const [first] = (Array.isArray(result) ? result : (result as { rows: { rows: string }[] }).rows) as {
    rows: string;
  }[];
  const rows = JSON.parse(first?.rows ?? '[]') as [
    number,
    string,
    string,
    string,
    PatientRecord['gender'],
    string | null,
    string,
    PatientRecord['details'],
    string,
    string,
  ][];
  const byLast = rows.map(
    (
      [id, nameFirst, nameLast, dateOfBirth, gender, chartNumber, source, details, lastKey, firstKey],
      rank,
    ): Entry => ({
      row: { id, nameFirst, nameLast, dateOfBirth, gender, chartNumber, source, details },
      lastKey,
      firstKey,
      rank,
    }),
  );
  const byFirst = [...byLast].sort((a, b) => compareBytes(a.firstKey, b.firstKey) || a.rank - b.rank);
  const byBirthday = new Map<string, Entry[]>();
  const byId = new Map<number, Entry>();
  for (const entry of byLast) {
    byId.set(entry.row.id, entry);
    const same = byBirthday.get(entry.row.dateOfBirth);
    if (same) same.push(entry);
    else byBirthday.set(entry.row.dateOfBirth, [entry]);
  }
  return { byLast, byFirst, byBirthday, byId };
}

/** Above this many first-name matches, walking the name order with an early stop beats gathering and sorting. */
const GATHER_AT_MOST = 4096;

/** One part of searchParts: at most `limit` entries in name order with these prefixes. */
function readPart(index: PatientIndex, last: string | null, first: string | null, limit: number): Entry[] {
  const [low, high] = last === null ? [0, index.byLast.length] : range(index.byLast, lastOf, last);
  const lastStarts = last === null ? null : startsWith(last);
  const firstStarts = first === null ? null : startsWith(first);
  if (first !== null) {
    const [firstLow, firstHigh] = range(index.byFirst, firstOf, first);
    if (firstHigh - firstLow < high - low && firstHigh - firstLow <= GATHER_AT_MOST) {
      return index.byFirst
        .slice(firstLow, firstHigh)
        .filter((entry) => lastStarts === null || lastStarts(entry.lastKey))
        .sort((a, b) => a.rank - b.rank)
        .slice(0, limit);
    }
  }
  const found: Entry[] = [];
  for (let i = low; i < high && found.length < limit; i += 1) {
    const entry = index.byLast[i] as Entry;
    if (firstStarts === null || firstStarts(entry.firstKey)) found.push(entry);
  }
  return found;
}

/** searchPatients's answer, from the index (the same matches in the same order). */
export function searchIndex(
  index: PatientIndex,
  criteria: PatientSearchCriteria,
  limit: number,
): PatientMatch[] {
  return searchIndexRecords(index, criteria, limit).map(toPatientMatch);
}

/** searchIndex's records, as stored. */
export function searchIndexRecords(
  index: PatientIndex,
  criteria: PatientSearchCriteria,
  limit: number,
): PatientRecord[] {
  const { nameWords: words, dateOfBirth } = criteria;
  let found: Entry[];
  if (dateOfBirth !== null || words.length === 0) {
    const candidates = dateOfBirth === null ? index.byLast : (index.byBirthday.get(dateOfBirth) ?? []);
    const each = words.map(startsWith);
    found = [];
    for (const entry of candidates) {
      if (found.length >= limit) break;
      if (each.every((starts) => starts(entry.lastKey) || starts(entry.firstKey))) found.push(entry);
    }
  } else {
    const merged = new Map<number, Entry>();
    for (const { last, first } of searchParts(words)) {
      for (const entry of readPart(index, last, first, limit)) merged.set(entry.rank, entry);
    }
    found = [...merged.values()].sort((a, b) => a.rank - b.rank).slice(0, limit);
  }
  return found.map((entry) => entry.row);
}

/**
 * The practitioners' patients as indexes in memory, kept until the patients change (decisions 0020, 0070): on the
 * embedded database only (elsewhere the SQL search runs). Practitioners whose index is kept are at most 50 per
 * database; more are rare (a search names the order's practitioner).
 */
const kept = keptUntilChanged({
  from: ['patients'],
  read: readPatientIndex,
  elsewhere: 'read',
  maxKeys: 50,
});

/**
 * The practitioner's patients as an index in memory, kept until a patient record changes: on the embedded database
 * only, null on PostgreSQL and in a transaction (there the SQL search runs).
 */
export function patientIndex(db: Db, gsdlNo: string): Promise<PatientIndex> | null {
  return seesEveryWrite(db) ? kept(db, gsdlNo) : null;
}

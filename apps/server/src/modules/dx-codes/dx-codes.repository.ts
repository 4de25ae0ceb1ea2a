import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing, keptUntilChanged, preparedStatement } from '../../db/kept.ts';
import { icd10Codes } from '../../db/schema/index.ts';
import type { Icd10Release } from './icd10-release.ts';

const BATCH = 2000;

/**
 * Loads a release: every code in it becomes active with its descriptions and billable flag (header codes are not
 * billable); a code of an earlier release that this one no longer lists is marked inactive (replaced).
 */
export async function importRelease(db: Db, { release, rows }: Icd10Release) {
  await changing(['dxCodes'], () =>
    db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows
          .slice(start, start + BATCH)
          .map((row) => ({ ...row, active: true, version: 10, release }));
        await tx
          .insert(icd10Codes)
          .values(batch)
          .onConflictDoUpdate({
            target: icd10Codes.code,
            set: {
              description: sql`excluded.description`,
              shortDescription: sql`excluded.short_description`,
              billable: sql`excluded.billable`,
              active: true,
              version: 10,
              release,
            },
          });
      }
      await tx.update(icd10Codes).set({ active: false }).where(ne(icd10Codes.release, release));
    }),
  );
}

const dxCodeQuery = preparedStatement((db) =>
  db
    .select()
    .from(icd10Codes)
    .where(eq(icd10Codes.code, sql.placeholder('code')))
    .limit(1)
    .prepare('dx_code'),
);

/**
 * A code (with its dot) of the set, or null; kept until an import changes the codes on the embedded database
 * (decisions 0055, 0070); read each time on PostgreSQL.
 */
export const findDxCode = keptUntilChanged({
  from: ['dxCodes'],
  read: async (db: Db, code: string) => (await dxCodeQuery(db).execute({ code }))[0] ?? null,
  elsewhere: 'read',
  maxKeys: 5000,
});

/** Codes (with their dots) by code; codes the set does not have are absent. */
export async function findDxCodes(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, typeof icd10Codes.$inferSelect>();
  const rows = await db
    .select()
    .from(icd10Codes)
    .where(inArray(icd10Codes.code, [...codes]));
  return new Map(rows.map((row) => [row.code, row]));
}

/** The codes suggestions are drawn from: active and billable (header codes cannot go on a requisition). */
export const suggestableCodes = (db: Db) =>
  db
    .select({ code: icd10Codes.code, description: icd10Codes.description, billable: icd10Codes.billable })
    .from(icd10Codes)
    .where(and(eq(icd10Codes.active, true), eq(icd10Codes.billable, true)))
    .orderBy(icd10Codes.code);

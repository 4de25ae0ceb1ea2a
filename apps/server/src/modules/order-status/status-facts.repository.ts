import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessions } from '../../db/schema/index.ts';

/** The lab's facts of an accession beside what the order already carries: where its result PDF is kept, whether it sent analytes. */
export interface AccessionFiles {
  accessionNo: string;
  gearReqId: number;
  resultFileKey: string | null;
  /** The lab sent structured results (decision 0265). */
  hasAnalytes: boolean;
}

/** Where the result PDFs of an order's accessions are kept (null until the lab sent results). */
export async function accessionFilesOf(db: Db, gearReqIds: readonly number[]): Promise<AccessionFiles[]> {
  if (gearReqIds.length === 0) return [];
  return db
    .select({
      accessionNo: accessions.accessionNo,
      gearReqId: accessions.gearReqId,
      resultFileKey: accessions.resultFileKey,
      hasAnalytes: sql<boolean>`${accessions.analytes} is not null`,
    })
    .from(accessions)
    .where(and(inArray(accessions.gearReqId, [...gearReqIds]), isNotNull(accessions.accessionNo)));
}

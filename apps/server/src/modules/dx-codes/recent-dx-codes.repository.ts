import { RECENT_DX_CODES_LIMIT, type RecentDxCodes } from '@gear/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type CodeRow = { code: string; name: string };

const rowsOf = (result: unknown) => (result as { rows: CodeRow[] }).rows;

/**
 * The practitioner's diagnosis codes on their other requisitions (not canceled), active in the code set: newest
 * use first, and for one product most used first (docs/decisions/0282).
 */
export async function recentDxCodes(
  db: Db,
  facts: { gsdlNo: string; orderableItemId: number; gearReqId: number },
): Promise<RecentDxCodes> {
  const used = sql`
    select c.value->>'code' as code, o.updated_at, r.orderable_item_id
    from orders o
    join requisitions r on r.order_id = o.id and not r.canceled and r.id <> ${facts.gearReqId}
    cross join lateral jsonb_array_elements(r.icd_codes) c
    where o.practitioner_gsdl_no = ${facts.gsdlNo} and not o.canceled`;
  const [recent, product] = await Promise.all([
    db.execute(sql`
      select u.code, d.description as name from (${used}) u
      join icd10_codes d on d.code = u.code and d.active
      group by u.code, d.description order by max(u.updated_at) desc, u.code
      limit ${RECENT_DX_CODES_LIMIT}`),
    db.execute(sql`
      select u.code, d.description as name from (${used}) u
      join icd10_codes d on d.code = u.code and d.active
      where u.orderable_item_id = ${facts.orderableItemId}
      group by u.code, d.description order by count(*) desc, max(u.updated_at) desc, u.code
      limit ${RECENT_DX_CODES_LIMIT}`),
  ]);
  return { recentlyUsed: rowsOf(recent), mostUsedWithProduct: rowsOf(product) };
}

import { type OrderHistoryQuery, type OrderHistoryRow, STEP_IDS } from '@gear/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SETTLED_STATUSES } from '../payment/payment.repository.ts';

const INTEGER_MAX = 2_147_483_647;

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The orders a search text names (docs/decisions/0281): by id, by a requisition's requisition or activation number,
 * by an accession number, or by the patient's name from its start ('first last' matches both). Each branch uses its
 * own index; the union is the candidate set the page is cut from.
 */
function matchingOrderIds(q: string): SQL {
  const branches: SQL[] = [
    sql`select r.order_id as id from requisitions r where r.req_number = ${q} or r.activation_code = ${q.toUpperCase()}`,
    sql`select r.order_id as id from accessions a join requisitions r on r.id = a.gear_req_id where a.accession_no = ${q}`,
    sql`select o.id from orders o where lower(o.patient_info->>'nameLast') like ${likePrefix(q)}`,
    sql`select o.id from orders o where lower(o.patient_info->>'nameFirst') like ${likePrefix(q)}`,
  ];
  const asId = /^\d{1,10}$/.test(q) ? Number(q) : null;
  if (asId !== null && asId <= INTEGER_MAX) branches.push(sql`select ${asId}::integer as id`);
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length >= 2) {
    const first = likePrefix(words[0] as string);
    const last = likePrefix(words.slice(1).join(' '));
    branches.push(
      sql`select o.id from orders o where lower(o.patient_info->>'nameFirst') like ${first} and lower(o.patient_info->>'nameLast') like ${last}`,
    );
  }
  return sql.join(branches, sql` union `);
}

interface PageRow {
  id: number;
  created_at: string | Date;
  updated_at: string | Date;
  canceled: boolean;
  patient_info: { nameFirst?: string | null; nameLast?: string | null } | null;
  practitioner: OrderHistoryRow['practitioner'];
  submitted_at: string | Date | null;
  requisitions: OrderHistoryRow['requisitions'] | null;
  total_paid_cents: number | string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** One page of the order history, newest first, and the id the next page starts before. */
export async function orderHistoryPage(db: Db, query: OrderHistoryQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.q) conditions.push(sql`o.id in (${matchingOrderIds(query.q)})`);
  if (query.gsdlNo) conditions.push(sql`o.practitioner_gsdl_no = ${query.gsdlNo}`);
  if (query.from) conditions.push(sql`o.created_at >= ${query.from}::date`);
  if (query.to) conditions.push(sql`o.created_at < ${query.to}::date + 1`);
  if (query.before) conditions.push(sql`o.id < ${query.before}`);
  const settled = sql.join(
    SETTLED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select o.id, o.created_at, o.updated_at, o.canceled, o.patient_info,
      case when p.gsdl_no is null then null else json_build_object(
        'gsdlNo', p.gsdl_no, 'firstName', p.first_name, 'lastName', p.last_name, 'degree', p.degree) end as practitioner,
      (select w.step_date from workflow_steps w
        where w.order_id = o.id and w.step_id = ${STEP_IDS.practitionerConfirmation} and w.completed
        order by w.step_date limit 1) as submitted_at,
      (select json_agg(json_build_object(
          'gearReqId', r.id, 'reqNumber', r.req_number, 'activationCode', r.activation_code,
          'accessionNo', (select a.accession_no from accessions a where a.gear_req_id = r.id order by a.id limit 1),
          'productName', i.name, 'quantity', r.quantity) order by r.position)
        from requisitions r join orderable_items i on i.id = r.orderable_item_id
        where r.order_id = o.id and not r.canceled) as requisitions,
      (select coalesce(sum(pay.amount_cents), 0) from payments pay
        where pay.order_id = o.id and pay.status in (${settled})) as total_paid_cents
    from (
      select * from orders o where ${sql.join(conditions, sql` and `)}
      order by o.id desc limit ${query.limit + 1}
    ) o
    left join practitioners p on p.gsdl_no = o.practitioner_gsdl_no
    order by o.id desc`);
  const rows = (result as unknown as { rows: PageRow[] }).rows;
  const page = rows.slice(0, query.limit);
  const orders: OrderHistoryRow[] = page.map((row) => ({
    gearOrderId: row.id,
    practitioner: row.practitioner,
    patient: row.patient_info
      ? { nameFirst: row.patient_info.nameFirst ?? null, nameLast: row.patient_info.nameLast ?? null }
      : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    submittedAt: row.submitted_at === null ? null : iso(row.submitted_at),
    canceled: row.canceled,
    requisitions: row.requisitions ?? [],
    totalPaidCents: Number(row.total_paid_cents ?? 0),
  }));
  const last = page.at(-1);
  return { orders, nextBefore: rows.length > query.limit && last ? last.id : null };
}

import { BILLING_METHODS, type OrderHistoryQuery, type OrderHistoryRow, STEP_IDS } from '@gear/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { SETTLED_STATUSES } from '../payment/payment.repository.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';

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

interface OrderRow {
  id: number;
  created_at: string | Date;
  updated_at: string | Date;
  canceled: boolean;
  name_first: string | null;
  name_last: string | null;
  practitioner_gsdl_no: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The page's orders (limit + 1 rows, to tell whether another page follows): one index walk, no per-row work. */
export function orderHistoryStatement(query: OrderHistoryQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.q) conditions.push(sql`o.id in (${matchingOrderIds(query.q)})`);
  if (query.gsdlNo) conditions.push(sql`o.practitioner_gsdl_no = ${query.gsdlNo}`);
  if (query.from) conditions.push(sql`o.created_at >= ${query.from}::date`);
  if (query.to) conditions.push(sql`o.created_at < ${query.to}::date + 1`);
  if (query.before) conditions.push(sql`o.id < ${query.before}`);
  return sql`
    select o.id, o.created_at, o.updated_at, o.canceled, o.practitioner_gsdl_no,
      o.patient_info->>'nameFirst' as name_first, o.patient_info->>'nameLast' as name_last
    from orders o where ${sql.join(conditions, sql` and `)}
    order by o.id desc limit ${query.limit + 1}`;
}

/** The facts of the page's orders, each read once for the whole page by order id. */
async function factsOf(db: Db, ids: readonly number[]) {
  const settled = sql.join(
    SETTLED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [requisitionRows, paidRows, submittedRows] = await Promise.all([
    db.execute(sql`
      select r.order_id, r.id, r.req_number, r.activation_code, r.quantity, r.orderable_item_id, r.billing_method,
        (select min(a.accession_no) from accessions a where a.gear_req_id = r.id) as accession_no
      from requisitions r where r.order_id in (${idList(ids)}) and not r.canceled
      order by r.order_id, r.position`),
    db.execute(sql`
      select order_id, sum(amount_cents) as cents from payments
      where order_id in (${idList(ids)}) and status in (${settled}) group by order_id`),
    db.execute(sql`
      select order_id, min(step_date) as at from workflow_steps
      where order_id in (${idList(ids)}) and step_id = ${STEP_IDS.practitionerConfirmation} and completed
      group by order_id`),
  ]);
  return {
    requisitions: rowsOf<{
      order_id: number;
      id: number;
      req_number: string | null;
      activation_code: string | null;
      quantity: number;
      orderable_item_id: number;
      billing_method: string | null;
      accession_no: string | null;
    }>(requisitionRows),
    paid: new Map(
      rowsOf<{ order_id: number; cents: string | number }>(paidRows).map((r) => [
        r.order_id,
        Number(r.cents),
      ]),
    ),
    submitted: new Map(
      rowsOf<{ order_id: number; at: string | Date | null }>(submittedRows).map((r) => [r.order_id, r.at]),
    ),
  };
}

/** One page of the order history, newest first, and the id the next page starts before. */
export async function orderHistoryPage(db: Db, query: OrderHistoryQuery) {
  const rows = rowsOf<OrderRow>(await db.execute(orderHistoryStatement(query)));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextBefore = rows.length > query.limit && last ? last.id : null;
  if (page.length === 0) return { orders: [], nextBefore };
  const [facts, catalogue] = await Promise.all([
    factsOf(
      db,
      page.map((row) => row.id),
    ),
    catalogueOf(db),
  ]);
  const practitioners = new Map<string, OrderHistoryRow['practitioner']>();
  for (const gsdlNo of new Set(page.flatMap((row) => row.practitioner_gsdl_no ?? []))) {
    const found = await findPractitioner(db, gsdlNo);
    practitioners.set(
      gsdlNo,
      found ? { gsdlNo, firstName: found.firstName, lastName: found.lastName, degree: found.degree } : null,
    );
  }
  const orders: OrderHistoryRow[] = page.map((row) => {
    const submittedAt = facts.submitted.get(row.id) ?? null;
    const ofOrder = facts.requisitions.filter((requisition) => requisition.order_id === row.id);
    return {
      gearOrderId: row.id,
      practitioner: row.practitioner_gsdl_no ? (practitioners.get(row.practitioner_gsdl_no) ?? null) : null,
      patient:
        row.name_first === null && row.name_last === null
          ? null
          : { nameFirst: row.name_first, nameLast: row.name_last },
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      submittedAt: submittedAt === null ? null : iso(submittedAt),
      canceled: row.canceled,
      requisitions: ofOrder.map((requisition) => ({
        gearReqId: requisition.id,
        reqNumber: requisition.req_number,
        activationCode: requisition.activation_code,
        accessionNo: requisition.accession_no,
        productName: catalogue.item(requisition.orderable_item_id)?.name ?? '',
        quantity: requisition.quantity,
      })),
      totalPaidCents: facts.paid.get(row.id) ?? 0,
      // The practice's account is billed by the lab's invoice, never through the portal's payments.
      billedToPractice:
        ofOrder.length > 0 &&
        ofOrder.every((requisition) => requisition.billing_method === BILLING_METHODS.physicianAccount),
    };
  });
  return { orders, nextBefore };
}

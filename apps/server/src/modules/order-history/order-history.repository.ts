import {
  type AccessionFacts,
  BILLING_METHODS,
  type ListedOrderStatus,
  listedOrderStatus,
  ORDER_HISTORY_STATUS_SCAN,
  type OrderHistoryPage,
  type OrderHistoryQuery,
  type OrderHistoryRow,
  type OrderStatusFacts,
  type ShipmentFacts,
  STEP_IDS,
  trackingOf,
} from '@gear/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptUntilChanged } from '../../db/kept.ts';
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
    sql`select r.order_id as id from requisitions r where r.req_number = ${q}`,
    sql`select r.order_id as id from requisitions r where r.activation_code = ${q.toUpperCase()}`,
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

interface RequisitionJson {
  id: number;
  canceled: boolean;
  billingMethod: string | null;
  dateLastSampleCollected: string | null;
  reqNumber: string | null;
  activationCode: string | null;
  quantity: number;
  orderableItemId: number;
  accessions: AccessionFacts[];
}

/** An order of the page with every fact its row and its derived status are made from (one statement). */
interface OrderRow {
  id: number;
  created_at: string | Date;
  updated_at: string | Date;
  canceled: boolean;
  data_confirmed: boolean;
  practitioner_gsdl_no: string | null;
  name_first: string | null;
  name_last: string | null;
  requisitions: RequisitionJson[];
  shipments: ShipmentFacts[];
  recollections: { gearReqId: number; recollectionOrderId: number | null; pending: boolean }[];
  steps: number | string;
  steps_done: number | string;
  submitted_at: string | Date | null;
  paid_cents: number | string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const emptyJson = sql.raw(`'[]'::json`);
const settled = sql.join(
  SETTLED_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The orders of a page (limit + 1 rows, to tell whether another page follows), newest first, each with the facts of
 * its row and of its derived status: one index walk, and per order of the page an index lookup per table
 * (requisitions with their accessions, shipments, recollections either way, workflow rows, payments).
 */
export function orderHistoryStatement(query: OrderHistoryQuery, limit = query.limit + 1): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.q) conditions.push(sql`o.id in (${matchingOrderIds(query.q)})`);
  if (query.gsdlNo) conditions.push(sql`o.practitioner_gsdl_no = ${query.gsdlNo}`);
  if (query.from) conditions.push(sql`o.created_at >= ${query.from}::date`);
  if (query.to) conditions.push(sql`o.created_at < ${query.to}::date + 1`);
  if (query.before) conditions.push(sql`o.id < ${query.before}`);
  // A plain SELECT (no WITH): the embedded database's write tracking reads a WITH as a possible write (decision 0070).
  return sql`
    select p.*,
      (select coalesce(json_agg(json_build_object(
          'id', r.id, 'canceled', r.canceled, 'billingMethod', r.billing_method,
          'dateLastSampleCollected', r.date_last_sample_collected, 'reqNumber', r.req_number,
          'activationCode', r.activation_code, 'quantity', r.quantity, 'orderableItemId', r.orderable_item_id,
          'accessions', (select coalesce(json_agg(json_build_object(
              'accessionNo', a.accession_no, 'requisitionStatusId', a.requisition_status_id, 'dueDate', a.due_date,
              'discarded', a.discarded_specimen, 'issues', a.issues) order by a.id), ${emptyJson})
            from accessions a where a.gear_req_id = r.id)
        ) order by r.position, r.id), ${emptyJson})
        from requisitions r where r.order_id = p.id) as requisitions,
      (select coalesce(json_agg(json_build_object(
          'trackingNumber', s.tracking_number, 'status', s.status, 'deliveryDate', s.delivery_date) order by s.id),
          ${emptyJson})
        from shipments s where s.order_id = p.id) as shipments,
      (select coalesce(json_agg(json_build_object(
          'gearReqId', c.gear_req_id, 'recollectionOrderId', c.recollection_order_id, 'pending', c.pending)),
          ${emptyJson})
        from recollections c where c.order_id = p.id or c.recollection_order_id = p.id) as recollections,
      w.steps, w.steps_done, w.submitted_at,
      (select sum(m.amount_cents) from payments m where m.order_id = p.id and m.status in (${settled})) as paid_cents
    from (
      select o.id, o.created_at, o.updated_at, o.canceled, o.data_confirmed, o.practitioner_gsdl_no,
        o.patient_info->>'nameFirst' as name_first, o.patient_info->>'nameLast' as name_last
      from orders o where ${sql.join(conditions, sql` and `)}
      order by o.id desc limit ${limit}
    ) p
    left join lateral (
      select count(*) as steps, count(*) filter (where s.completed or s.not_applicable) as steps_done,
        min(s.step_date) filter (where s.step_id = ${STEP_IDS.practitionerConfirmation} and s.completed)
          as submitted_at
      from workflow_steps s where s.order_id = p.id
    ) w on true
    order by p.id desc`;
}

/** The order's status, derived from the facts read with it (spec 3 §4; decision 0272). */
async function statusOf(db: Db, row: OrderRow): Promise<ListedOrderStatus> {
  const practitioner = row.practitioner_gsdl_no ? await findPractitioner(db, row.practitioner_gsdl_no) : null;
  const steps = Number(row.steps);
  const map: Record<number, number> = {};
  for (const recollection of row.recollections)
    if (recollection.recollectionOrderId !== null)
      map[recollection.gearReqId] = recollection.recollectionOrderId;
  const facts: OrderStatusFacts = {
    requisitions: row.requisitions.map(
      ({ id, canceled, billingMethod, dateLastSampleCollected, accessions }) => ({
        id,
        canceled,
        billingMethod,
        dateLastSampleCollected,
        accessions,
      }),
    ),
    tracking: trackingOf(row.shipments),
    workflowComplete: steps > 0 && Number(row.steps_done) === steps,
    dataConfirmed: row.data_confirmed,
    recollection: { pending: row.recollections.some((recollection) => recollection.pending), map },
    selectedAccessionNo: null,
    practitionerCmsAttributes: practitioner?.cmsAttributes ?? [],
  };
  return listedOrderStatus({ canceled: row.canceled, placed: row.submitted_at !== null, facts });
}

async function rowOf(db: Db, row: OrderRow, status: ListedOrderStatus): Promise<OrderHistoryRow> {
  const catalogue = await catalogueOf(db);
  const practitioner = row.practitioner_gsdl_no ? await findPractitioner(db, row.practitioner_gsdl_no) : null;
  const live = row.requisitions.filter((requisition) => !requisition.canceled);
  return {
    gearOrderId: row.id,
    practitioner: practitioner
      ? {
          gsdlNo: practitioner.gsdlNo,
          firstName: practitioner.firstName,
          lastName: practitioner.lastName,
          degree: practitioner.degree,
        }
      : null,
    patient:
      row.name_first === null && row.name_last === null
        ? null
        : { nameFirst: row.name_first, nameLast: row.name_last },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    submittedAt: row.submitted_at === null ? null : iso(row.submitted_at),
    canceled: row.canceled,
    status,
    requisitions: live.map((requisition) => ({
      gearReqId: requisition.id,
      reqNumber: requisition.reqNumber,
      activationCode: requisition.activationCode,
      accessionNo:
        requisition.accessions
          .map((accession) => accession.accessionNo)
          .sort()
          .at(0) ?? null,
      productName: catalogue.item(requisition.orderableItemId)?.name ?? '',
      quantity: requisition.quantity,
    })),
    totalPaidCents: Number(row.paid_cents ?? 0),
    // The practice's account is billed by the lab's invoice, never through the portal's payments.
    billedToPractice:
      live.length > 0 &&
      live.every((requisition) => requisition.billingMethod === BILLING_METHODS.physicianAccount),
  };
}

/** How many orders one statement of a status-filtered page reads. */
const STATUS_BATCH = 250;

/** One page of the order history, newest first, and the id the next page starts before. */
async function readOrderHistoryPage(db: Db, query: OrderHistoryQuery): Promise<OrderHistoryPage> {
  if (!query.status) {
    const rows = rowsOf<OrderRow>(await db.execute(orderHistoryStatement(query)));
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const orders = await Promise.all(page.map(async (row) => rowOf(db, row, await statusOf(db, row))));
    return { orders, nextBefore: rows.length > query.limit && last ? last.id : null, searchedTo: null };
  }
  // Derived, never stored: the newest orders are read a batch at a time and kept when their status is the one asked
  // for, until the page is full or ORDER_HISTORY_STATUS_SCAN orders were looked at (decision 0272).
  const matches: OrderHistoryRow[] = [];
  let before = query.before;
  let looked = 0;
  let more = true;
  while (more && matches.length <= query.limit && looked < ORDER_HISTORY_STATUS_SCAN) {
    const batch = Math.min(STATUS_BATCH, ORDER_HISTORY_STATUS_SCAN - looked);
    const rows = rowsOf<OrderRow>(await db.execute(orderHistoryStatement({ ...query, before }, batch)));
    more = rows.length === batch;
    for (const row of rows) {
      looked += 1;
      before = row.id;
      const status = await statusOf(db, row);
      if (status === query.status) {
        matches.push(await rowOf(db, row, status));
        if (matches.length > query.limit) break;
      }
    }
  }
  const orders = matches.slice(0, query.limit);
  if (matches.length > query.limit)
    return {
      orders,
      nextBefore: orders.at(-1)?.gearOrderId ?? null,
      searchedTo: orders.at(-1)?.gearOrderId ?? null,
    };
  return { orders, nextBefore: more && before ? before : null, searchedTo: before ?? null };
}

/**
 * A page read is kept until an order, a practitioner or the catalogue changes: exact on the embedded database, where
 * this process sees every write (decision 0070); read every time on PostgreSQL, where other processes write.
 */
const keptPages = keptUntilChanged<string, Promise<OrderHistoryPage>>({
  from: ['orders', 'practitioners', 'catalogue'],
  read: (db, key) => readOrderHistoryPage(db, JSON.parse(key) as OrderHistoryQuery),
  elsewhere: 'read',
  maxKeys: 200,
});

/** One page of the order history (decisions 0281, 0272). */
export function orderHistoryPage(db: Db, query: OrderHistoryQuery): Promise<OrderHistoryPage> {
  return keptPages(db, JSON.stringify(query));
}

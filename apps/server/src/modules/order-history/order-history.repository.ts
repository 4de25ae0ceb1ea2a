import {
  type AccessionFacts,
  BILLING_METHODS,
  type ListedOrderStatus,
  listedOrderStatus,
  ORDER_HISTORY_STATUS_SCAN,
  type OrderHistoryPage,
  type OrderHistoryQuery,
  type OrderHistoryRow,
  type OrderListPage,
  type OrderListQuery,
  type OrderListSection,
  type OrderStatusFacts,
  type Practitioner,
  type ShipmentFacts,
  STEP_IDS,
  trackingOf,
} from '@gear/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptUntilChanged } from '../../db/kept.ts';
import { emptyJsonArray, isoText, literal, readEach, readPrepared } from '../../db/prepared.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { SETTLED_STATUSES } from '../payment/payment.repository.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';
import { statusesKept } from './status-tidy-queue.ts';

const INTEGER_MAX = 2_147_483_647;

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What each way of finding orders by a search text asks of an order (docs/decisions/0281, 0313): its id, a
 * requisition's requisition or activation number, an accession number, or the patient's name from its start ('first
 * last' matches both). Each is a branch of its own, so that each is served by its own index. The exact ways compare
 * a value for equality (one plan serves every value); the name ways' LIKE prefixes of the stored name keys are
 * planned for each value (docs/decisions/0336, 0337).
 */
function searchBranches(q: string): { exact: SQL[]; names: SQL[] } {
  const exact: SQL[] = [
    sql`o.id in (select r.order_id from requisitions r where r.req_number = ${q})`,
    sql`o.id in (select r.order_id from requisitions r where r.activation_code = ${q.toUpperCase()})`,
    sql`o.id in (select r.order_id from accessions a join requisitions r on r.id = a.gear_req_id where a.accession_no = ${q})`,
  ];
  const names: SQL[] = [
    sql`o.name_last_key like ${likePrefix(q)}`,
    sql`o.name_first_key like ${likePrefix(q)}`,
  ];
  const asId = /^\d{1,10}$/.test(q) ? Number(q) : null;
  if (asId !== null && asId <= INTEGER_MAX) exact.push(sql`o.id = ${asId}`);
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length >= 2)
    names.push(
      sql`o.name_first_key like ${likePrefix(words[0] as string)} and o.name_last_key like ${likePrefix(words.slice(1).join(' '))}`,
    );
  return { exact, names };
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

/**
 * The facts of an order's list row that come from its other tables (requisitions with their accessions, shipments,
 * recollections either way, workflow rows): kept with its status (decision 0342), made stale with it by the
 * triggers of migrations 0019, 0020, 0022 and 0025.
 */
interface ListFacts {
  requisitions: RequisitionJson[];
  shipments: ShipmentFacts[];
  recollections: { gearReqId: number; recollectionOrderId: number | null; pending: boolean }[];
  steps: number;
  stepsDone: number;
  submittedAt: string | null;
}

/** An order of the page: its own columns, what it paid, and the facts of its row and of its derived status. */
interface OrderRow {
  id: number;
  /** ISO 8601 in UTC, as the answer writes it (`isoText`). */
  created_at: string;
  updated_at: string;
  canceled: boolean;
  data_confirmed: boolean;
  practitioner_gsdl_no: string | null;
  name_first: string | null;
  name_last: string | null;
  paid_cents: number | string | null;
  /** The kept facts; null while stale (then read anew by `orderFactsStatement`). */
  facts: ListFacts | null;
  /** The kept row's version read with facts made anew (decision 0313); null from the kept facts. */
  status_version: number | null;
}

/** An order of the page with its facts: `fresh` when they were made anew by this read (and are worth keeping). */
type FactRow = OrderRow & { facts: ListFacts; fresh: boolean };

const iso = (value: string | Date) => new Date(value).toISOString();

const settled = sql.join(SETTLED_STATUSES.map(literal), sql`, `);
const confirmationStep = literal(STEP_IDS.practitionerConfirmation);

/** Which orders a list holds: the order history's filters, and whose orders (decision 0310). */
export interface OrderListFilter {
  q?: string | undefined;
  gsdlNo?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The practitioners whose orders the list holds; null: every order (admins). */
  practitioners: readonly string[] | null;
  /**
   * Only orders whose kept status is this one or stale (decision 0313): the reader derives the stale ones and keeps
   * those whose derived status is this one.
   */
  status?: ListedOrderStatus | undefined;
}

/** Where a batch starts: the part of the list (the order history has one part: 'all') and the id it ends before. */
export interface OrderListPosition {
  section: OrderListSection | 'all';
  before?: number | undefined;
}

/**
 * The practitioner confirmed the order (spec 1 §4.1 step 11): what `listedOrderStatus` calls placed. A scalar
 * subquery, so that it is one probe of the workflow rows' unique index (order_id, step_id, gear_req_id) per order
 * walked: written as EXISTS under an OR, the planner hashed every confirmation row of the table on each page
 * (30 ms at 100,000 orders; decision 0310).
 */
const confirmed = sql`coalesce((select bool_or(c.completed) from workflow_steps c where c.order_id = o.id and c.step_id = ${confirmationStep}), false)`;

/**
 * The orders a status filter reads (decision 0313): those whose kept status is the one asked for, and those whose
 * kept status is stale (a fact changed since it was derived). Each walks the status index newest first.
 */
const statusBranches = (status: ListedOrderStatus, before: number | undefined): SQL[] =>
  [sql`st.status = ${status}`, sql`st.status is null`].map((branch) =>
    before ? sql`${branch} and st.order_id < ${before}` : branch,
  );

/** The conditions every way of finding a list's orders carries: whose orders, dates, the part and the position. */
function listConditions(filter: OrderListFilter, position: OrderListPosition): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.practitioners !== null)
    conditions.push(
      filter.practitioners.length === 0
        ? sql`false`
        : sql`o.practitioner_gsdl_no in (${sql.join(
            filter.practitioners.map((gsdlNo) => sql`${gsdlNo}`),
            sql`, `,
          )})`,
    );
  if (filter.gsdlNo) conditions.push(sql`o.practitioner_gsdl_no = ${filter.gsdlNo}`);
  if (filter.from) conditions.push(sql`o.created_at >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`o.created_at < ${filter.to}::date + 1`);
  if (position.section === 'drafts') conditions.push(sql`not o.canceled and not ${confirmed}`);
  if (position.section === 'placed') conditions.push(sql`(o.canceled or ${confirmed})`);
  if (position.before) conditions.push(sql`o.id < ${position.before}`);
  return sql.join(conditions, sql` and `);
}

/**
 * With a search or a status, a statement per way of finding an order (each search way, and with a status each of the
 * kept-status and stale reads; decision 0333): its first `limit` ids of the list, every condition applied, so that
 * each is planned alone and served by its own index or the newest-first walk, whichever its planner finds cheaper.
 * The ways come in groups (decision 0336): those of exact values, then the name ways; the reader sends each group
 * as one statement, the union of its ways. Null without a search or a status: the rows statement walks the list
 * itself.
 */
export function orderIdStatements(
  filter: OrderListFilter,
  position: OrderListPosition,
  limit: number,
): SQL[][] | null {
  if (!filter.q && !filter.status) return null;
  const where = listConditions(filter, position);
  const statuses = filter.status ? statusBranches(filter.status, position.before) : [null];
  const ways = (searches: SQL[]) =>
    searches.flatMap((search) =>
      statuses.map((status) =>
        status
          ? sql`select o.id from orders o join order_statuses st on st.order_id = o.id
            where ${where} and ${search} and ${status} order by o.id desc limit ${limit}`
          : sql`select o.id from orders o where ${where} and ${search} order by o.id desc limit ${limit}`,
      ),
    );
  if (!filter.q) return [ways([sql`true`])];
  const { exact, names } = searchBranches(filter.q);
  return [ways(exact), ways(names)];
}

/** What an order paid: the sum of its settled payments (read live: payments are not among the kept facts). */
const paidCents = (orderId: SQL) =>
  sql`(select sum(m.amount_cents) from payments m where m.order_id = ${orderId} and m.status in (${settled}))`;

/** An order's own columns a list row shows. */
const orderColumns = sql`o.id, ${isoText(sql`o.created_at`)} as created_at, ${isoText(sql`o.updated_at`)} as updated_at,
  o.canceled, o.data_confirmed, o.practitioner_gsdl_no,
  o.patient_info->>'nameFirst' as name_first, o.patient_info->>'nameLast' as name_last`;

/**
 * The orders of a batch (`limit` rows), newest first within the part the position names: the given ids (found by
 * `orderIdStatements`), else a walk of the list; per order its kept facts (decision 0342: one probe of the kept
 * row, null while stale) and what it paid.
 */
export function orderRowsStatement(
  filter: OrderListFilter,
  position: OrderListPosition,
  limit: number,
  ids?: readonly number[],
): SQL {
  return sql`
    select p.*, ${paidCents(sql`p.id`)} as paid_cents, st.facts, null::integer as status_version
    from (${ids ? foundOrders(ids, limit) : walkedOrders(filter, position, limit)}) p
    left join order_statuses st on st.order_id = p.id
    order by p.id desc`;
}

/**
 * Found ids' orders. The plan cache keeps the generic plan after five reads with the limit a parameter, not with a
 * literal (decision 0341).
 */
const foundOrders = (ids: readonly number[], limit: number) =>
  sql`select ${orderColumns} from orders o where o.id = any(${`{${ids.join(',')}}`}::integer[])
    order by o.id desc limit ${limit}`;

/**
 * A walk of the list newest first. Which plan PostgreSQL's plan cache keeps (decisions 0341, 0343): when one plan
 * serves every position, the limit is a literal and the plan cache keeps that plan. That is a walk of every order (the
 * primary key), or of one practitioner's orders (the practitioner index, whatever the size of their practice), without
 * dates. Otherwise the right plan depends on the values, so the limit is a parameter and each read is planned for
 * them: with dates (the dates index for a day long ago, the walk for today), and for several practitioners (walking
 * every order for a large practice, their index and a sort for a small one).
 */
function walkedOrders(filter: OrderListFilter, position: OrderListPosition, limit: number): SQL {
  const onePlan =
    !filter.from &&
    !filter.to &&
    (filter.practitioners === null || Boolean(filter.gsdlNo) || filter.practitioners.length === 1);
  return sql`select ${orderColumns} from orders o where ${listConditions(filter, position)}
    order by o.id desc limit ${onePlan ? literal(limit) : sql`${limit}`}`;
}

/**
 * The given orders with their facts made anew from their tables (the kept ones being stale), and their kept rows'
 * versions read in the same statement (decision 0313): per order an index lookup per table.
 */
export function orderFactsStatement(ids: readonly number[]): SQL {
  // A plain SELECT (no WITH): the embedded database's write tracking reads a WITH as a possible write (decision 0070).
  return sql`
    select ${orderColumns}, ${paidCents(sql`o.id`)} as paid_cents, st.version as status_version,
      json_build_object(
        'requisitions', (select coalesce(json_agg(json_build_object(
            'id', r.id, 'canceled', r.canceled, 'billingMethod', r.billing_method,
            'dateLastSampleCollected', r.date_last_sample_collected, 'reqNumber', r.req_number,
            'activationCode', r.activation_code, 'quantity', r.quantity, 'orderableItemId', r.orderable_item_id,
            'accessions', (select coalesce(json_agg(json_build_object(
                'accessionNo', a.accession_no, 'requisitionStatusId', a.requisition_status_id, 'dueDate', a.due_date,
                'discarded', a.discarded_specimen, 'issues', a.issues) order by a.id), ${emptyJsonArray})
              from accessions a where a.gear_req_id = r.id)
          ) order by r.position, r.id), ${emptyJsonArray})
          from requisitions r where r.order_id = o.id),
        'shipments', (select coalesce(json_agg(json_build_object(
            'trackingNumber', s.tracking_number, 'status', s.status, 'deliveryDate', s.delivery_date) order by s.id),
            ${emptyJsonArray})
          from shipments s where s.order_id = o.id),
        'recollections', (select coalesce(json_agg(json_build_object(
            'gearReqId', c.gear_req_id, 'recollectionOrderId', c.recollection_order_id, 'pending', c.pending)),
            ${emptyJsonArray})
          from recollections c where c.order_id = o.id or c.recollection_order_id = o.id),
        'steps', w.steps, 'stepsDone', w.steps_done, 'submittedAt', w.submitted_at) as facts
    from orders o
    left join lateral (
      select count(*) as steps, count(*) filter (where s.completed or s.not_applicable) as steps_done,
        min(s.step_date) filter (where s.step_id = ${confirmationStep} and s.completed) as submitted_at
      from workflow_steps s where s.order_id = o.id
    ) w on true
    left join order_statuses st on st.order_id = o.id
    where o.id = any(${`{${ids.join(',')}}`}::integer[])`;
}

/** What a batch's rows look up in memory: the catalogue, and the practitioners of its orders. */
interface Lookups {
  catalogue: Awaited<ReturnType<typeof catalogueOf>>;
  practitioners: Map<string, Practitioner | null>;
}

/** The lookups of a batch, each read once (kept in memory: a read of what is kept still costs a turn of the loop). */
async function lookupsOf(db: Db, rows: readonly FactRow[]): Promise<Lookups> {
  const practitioners = new Map<string, Practitioner | null>();
  for (const row of rows)
    if (row.practitioner_gsdl_no !== null && !practitioners.has(row.practitioner_gsdl_no))
      practitioners.set(row.practitioner_gsdl_no, await findPractitioner(db, row.practitioner_gsdl_no));
  return { catalogue: await catalogueOf(db), practitioners };
}

const practitionerOf = (row: FactRow, lookups: Lookups) =>
  row.practitioner_gsdl_no === null ? null : (lookups.practitioners.get(row.practitioner_gsdl_no) ?? null);

/** The order's status, derived from the facts read with it (spec 3 §4; decision 0272). */
function statusOf(row: FactRow, lookups: Lookups): ListedOrderStatus {
  const practitioner = practitionerOf(row, lookups);
  const { facts: kept } = row;
  const map: Record<number, number> = {};
  for (const recollection of kept.recollections)
    if (recollection.recollectionOrderId !== null)
      map[recollection.gearReqId] = recollection.recollectionOrderId;
  const facts: OrderStatusFacts = {
    requisitions: kept.requisitions.map(
      ({ id, canceled, billingMethod, dateLastSampleCollected, accessions }) => ({
        id,
        canceled,
        billingMethod,
        dateLastSampleCollected,
        accessions,
      }),
    ),
    tracking: trackingOf(kept.shipments),
    workflowComplete: kept.steps > 0 && kept.stepsDone === kept.steps,
    dataConfirmed: row.data_confirmed,
    recollection: { pending: kept.recollections.some((recollection) => recollection.pending), map },
    selectedAccessionNo: null,
    practitionerCmsAttributes: practitioner?.cmsAttributes ?? [],
  };
  return listedOrderStatus({ canceled: row.canceled, placed: kept.submittedAt !== null, facts });
}

function rowOf(row: FactRow, status: ListedOrderStatus, lookups: Lookups): OrderHistoryRow {
  const practitioner = practitionerOf(row, lookups);
  const live = row.facts.requisitions.filter((requisition) => !requisition.canceled);
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.facts.submittedAt === null ? null : iso(row.facts.submittedAt),
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
      productName: lookups.catalogue.item(requisition.orderableItemId)?.name ?? '',
      quantity: requisition.quantity,
    })),
    totalPaidCents: Number(row.paid_cents ?? 0),
    // The practice's account is billed by the lab's invoice, never through the portal's payments.
    billedToPractice:
      live.length > 0 &&
      live.every((requisition) => requisition.billingMethod === BILLING_METHODS.physicianAccount),
  };
}

/** A stale row's facts made anew, the status derived from them, and the version they were read with. */
interface Derived {
  orderId: number;
  status: ListedOrderStatus;
  version: number;
  facts: ListFacts;
}

/**
 * Keeps the facts and statuses a list made anew for stale rows (decisions 0313, 0342), each only if its row's version
 * is still the one read with the facts: a change committed since (its trigger bumped the version) leaves the row
 * stale. Rows another request is keeping, or a change is writing, right now are skipped (no waiting, no deadlock
 * between two lists). The status table feeds no kept value (db/kept.ts): the embedded database's kept pages stay.
 */
async function keepFacts(db: Db, derived: readonly Derived[]): Promise<void> {
  if (derived.length === 0) return;
  const orderIds = `{${derived.map((row) => row.orderId).join(',')}}`;
  await db.execute(sql`
      update order_statuses st set status = v.status, facts = v.facts
      from json_to_recordset(${JSON.stringify(derived)}::json)
        as v("orderId" integer, status text, version integer, facts json)
      where st.order_id = v."orderId" and st.version = v.version
        and st.order_id in (
          select free.order_id from order_statuses free
          where free.order_id = any(${orderIds}::integer[]) and free.facts is null
          order by free.order_id for update skip locked)`);
  statusesKept(db, derived.length);
}

/**
 * The rows of a batch with their facts: the kept ones, and for stale ones the facts made anew in one statement
 * (`fresh`). An order gone between the two reads is left out.
 */
async function withFacts(db: Db, rows: readonly OrderRow[]): Promise<FactRow[]> {
  const stale = rows.filter((row) => row.facts === null).map((row) => row.id);
  const anew = stale.length === 0 ? [] : await readPrepared<OrderRow>(db, orderFactsStatement(stale));
  const byId = new Map(anew.map((row) => [row.id, row]));
  return rows.flatMap((row): FactRow[] => {
    if (row.facts !== null) return [{ ...row, facts: row.facts, fresh: false }];
    const made = byId.get(row.id);
    return made?.facts ? [{ ...made, facts: made.facts, fresh: true }] : [];
  });
}

/** The derived status of a fresh row, to keep (decision 0342); none for a kept row or one without a kept row. */
const toKeep = (row: FactRow, status: ListedOrderStatus): Derived[] =>
  row.fresh && row.status_version !== null
    ? [{ orderId: row.id, status, version: row.status_version, facts: row.facts }]
    : [];

/** How many orders one statement of a status-filtered page reads after its first. */
const STATUS_BATCH = 250;

type Listed = { row: OrderHistoryRow; section: OrderListPosition['section'] };
type ReadBatch = (
  position: OrderListPosition,
  limit: number,
) => Promise<{ rows: FactRow[]; section: OrderListPosition['section'] }[]>;

/**
 * Up to `limit` orders from a position on, in the list's order: drafts, then placed orders, each newest first (the
 * order history: one part, 'all'). A batch that ends the drafts goes on with the placed orders.
 */
function batchReader(db: Db, filter: OrderListFilter): ReadBatch {
  return async (position, limit) => {
    const read = async (at: OrderListPosition, count: number) => {
      const ways = orderIdStatements(filter, at, count);
      if (!ways)
        return withFacts(db, await readPrepared<OrderRow>(db, orderRowsStatement(filter, at, count)));
      const found = await readEach<{ id: number }>(db, ways);
      const ids = [...new Set(found.map((row) => row.id))].sort((a, b) => b - a).slice(0, count);
      if (ids.length === 0) return [];
      return withFacts(db, await readPrepared<OrderRow>(db, orderRowsStatement(filter, at, count, ids)));
    };
    const first = await read(position, limit);
    const parts = [{ rows: first, section: position.section }];
    if (position.section === 'drafts' && first.length < limit)
      parts.push({ rows: await read({ section: 'placed' }, limit - first.length), section: 'placed' });
    return parts;
  };
}

/**
 * One page of a list of orders from a position, and the position of the next page (null after the last). With a
 * status, batches are read and their orders kept when their derived status matches, until the page is full or
 * ORDER_HISTORY_STATUS_SCAN orders were looked at (decision 0272); `searchedTo` is then the last order looked at.
 */
async function readOrderListPage(
  db: Db,
  filter: OrderListFilter,
  start: OrderListPosition,
  limit: number,
  status: ListedOrderStatus | undefined,
): Promise<{ rows: Listed[]; next: OrderListPosition | null; searchedTo: OrderListPosition | null }> {
  const readBatch = batchReader(db, { ...filter, status });
  const positionAfter = (listed: {
    row: { gearOrderId: number };
    section: OrderListPosition['section'];
  }) => ({
    section: listed.section,
    before: listed.row.gearOrderId,
  });
  if (!status) {
    const parts = await readBatch(start, limit + 1);
    const all = parts.flatMap((part) => part.rows.map((row) => ({ row, section: part.section })));
    const shown = all.slice(0, limit);
    const lookups = await lookupsOf(
      db,
      shown.map(({ row }) => row),
    );
    const derived = shown.map(({ row, section }) => {
      const status = statusOf(row, lookups);
      return { listed: { row: rowOf(row, status, lookups), section }, keep: toKeep(row, status) };
    });
    await keepFacts(
      db,
      derived.flatMap(({ keep }) => keep),
    );
    const page = derived.map(({ listed }) => listed);
    const last = page.at(-1);
    return { rows: page, next: all.length > limit && last ? positionAfter(last) : null, searchedTo: null };
  }
  const matches: Listed[] = [];
  let position: OrderListPosition = start;
  let looked = 0;
  let more = true;
  while (more && matches.length <= limit && looked < ORDER_HISTORY_STATUS_SCAN) {
    // The first batch is a page (the candidates are mostly orders of the status, decision 0313); later ones larger.
    const batch = Math.min(looked === 0 ? limit + 1 : STATUS_BATCH, ORDER_HISTORY_STATUS_SCAN - looked);
    const parts = await readBatch(position, batch);
    const rows = parts.flatMap((part) => part.rows.map((row) => ({ row, section: part.section })));
    more = rows.length === batch;
    const lookups = await lookupsOf(
      db,
      rows.map(({ row }) => row),
    );
    const derivedAnew: Derived[] = [];
    for (const { row, section } of rows) {
      looked += 1;
      position = { section, before: row.id };
      const derived = statusOf(row, lookups);
      derivedAnew.push(...toKeep(row, derived));
      if (derived === status) {
        matches.push({ row: rowOf(row, derived, lookups), section });
        if (matches.length > limit) break;
      }
    }
    await keepFacts(db, derivedAnew);
  }
  const page = matches.slice(0, limit);
  const last = page.at(-1);
  if (matches.length > limit && last)
    return { rows: page, next: positionAfter(last), searchedTo: positionAfter(last) };
  return {
    rows: page,
    next: more && position.before ? position : null,
    searchedTo: position.before ? position : null,
  };
}

/** One page of the order history, newest first, and the id the next page starts before. */
async function readOrderHistoryPage(db: Db, query: OrderHistoryQuery): Promise<OrderHistoryPage> {
  const { rows, next, searchedTo } = await readOrderListPage(
    db,
    { ...query, practitioners: null },
    { section: 'all', before: query.before },
    query.limit,
    query.status,
  );
  return {
    orders: rows.map(({ row }) => row),
    nextBefore: next?.before ?? null,
    searchedTo: searchedTo?.before ?? null,
  };
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

/**
 * One page of the orders page (issue 15; decision 0310): the orders of `practitioners` (null: every order, for
 * admins), drafts first, then placed orders, each part newest first. The same statement and status derivation as the
 * order history; read every time (each caller's scope is its own key, and the page follows the caller's own saves).
 */
export async function orderListPage(
  db: Db,
  practitioners: readonly string[] | null,
  query: OrderListQuery,
): Promise<OrderListPage> {
  const { rows, next, searchedTo } = await readOrderListPage(
    db,
    { q: query.q, gsdlNo: query.gsdlNo, practitioners },
    { section: query.section, before: query.before },
    query.limit,
    query.status,
  );
  const cursor = (position: OrderListPosition | null) =>
    position && position.section !== 'all' && position.before
      ? { section: position.section, before: position.before }
      : null;
  return {
    orders: rows.map(({ row, section }) => ({ ...row, draft: section === 'drafts' })),
    next: cursor(next),
    searchedTo: cursor(searchedTo),
  };
}

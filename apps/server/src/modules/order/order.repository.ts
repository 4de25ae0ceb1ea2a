import {
  BILLING_METHODS,
  type BillingMethod,
  type GearOrder,
  isIdCardAttachmentType,
  isPitlOrder,
  pitlRecollectionOrderSummaryOf,
  type RecollectionRow,
  type Requisition,
  STEP_IDS,
  STEP_STATUS,
  type WorkflowStep,
} from '@gear/domain';
import { and, eq, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing, changingOneRecord, preparedStatement } from '../../db/kept.ts';
import { emptyJsonArray } from '../../db/prepared.ts';
import {
  accessions,
  attachments,
  orderableItems,
  orders,
  practitioners,
  recollections,
  requisitions,
  workflowSteps,
} from '../../db/schema/index.ts';
import { rowFromJson } from '../../lib/json-row.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';

type OrderRow = typeof orders.$inferSelect;
type RequisitionRow = typeof requisitions.$inferSelect;
type ItemRow = Pick<typeof orderableItems.$inferSelect, 'name' | 'category' | 'mcrEligible'>;
type AccessionRow = typeof accessions.$inferSelect;
type StepRow = typeof workflowSteps.$inferSelect;

const statusById = new Map<number, { id: number; name: string }>(
  Object.values(STEP_STATUS).map((s) => [s.id, { id: s.id, name: s.name }]),
);

export const toWorkflowStep = (row: StepRow): WorkflowStep => ({
  id: row.stepId,
  completed: row.completed,
  notApplicable: row.notApplicable,
  notStarted: row.statusId === STEP_STATUS.notStarted.id,
  skipped: row.skipped,
  gearReqId: row.gearReqId,
  userType: row.userType,
  stepDate: row.stepDate?.toISOString() ?? null,
  status: statusById.get(row.statusId) ?? { id: row.statusId, name: 'Unknown' },
});

const toRequisition = (row: RequisitionRow, item: ItemRow, found: AccessionRow[]): Requisition => {
  const billingMethod = row.billingMethod as BillingMethod | null;
  return {
    id: row.id,
    reqNumber: row.reqNumber,
    activationCode: row.activationCode,
    accessionNo: found[0]?.accessionNo ?? null,
    accessionDetails: found.map((a) => ({
      accessionNo: a.accessionNo,
      productName: a.productName,
      requisitionStatusId: a.requisitionStatusId,
      dueDate: a.dueDate,
      discardedSpecimen: a.discardedSpecimen,
      issues: a.issues,
    })),
    billingMethod,
    omsOrderableItemId: row.orderableItemId,
    omsOrderableItemName: item.name,
    omsOrderableItemCategory: item.category,
    medicareEligible: item.mcrEligible,
    quantity: row.quantity,
    panel: row.panel,
    components: row.components,
    addons: row.addons,
    componentOptions: row.componentOptions,
    addOnOptions: row.addOnOptions,
    sampleCollectionData: row.sampleCollectionData,
    profileSpecificFields: row.profileSpecificFields,
    dateLastSampleCollected: row.dateLastSampleCollected,
    dropShip: row.dropShip,
    shipToOffice: row.shipToOffice,
    covidRegistration: row.covidRegistration,
    paperless: row.paperless,
    physicianInTheLoop: row.physicianInTheLoop,
    patientInstructions: row.patientInstructions,
    clinicalFindings: row.clinicalFindings,
    routeNumber: row.routeNumber,
    xComId: row.xComId,
    noCardActivation: row.noCardActivation,
    repurposedCollectionPack: row.repurposedCollectionPack ?? null,
    physicianBillingSelected: billingMethod === BILLING_METHODS.physicianAccount,
    insuranceBillingSelected: billingMethod === BILLING_METHODS.insurance,
    medicareTricareBillingSelected: billingMethod === BILLING_METHODS.medicare,
    noInsuranceBillingSelected: billingMethod === BILLING_METHODS.patientPay,
    icdCodes: row.icdCodes,
    canceled: row.canceled,
    paymentInfo: null,
  };
};

const completedStep = (steps: WorkflowStep[], id: number) => steps.some((s) => s.id === id && s.completed);

/** The practitioner of an order as the access rules read it (mayViewOrder). */
export type OrderOwnerPractitioner = { gsdlNo: string; authorizingDoctorGsdlNo: string | null } | null;

/**
 * Everything an order is assembled from, in one statement (decision 0055): the order's row with its practitioner's
 * number and authorizing doctor (for the access check), its requisitions in position order with their product and
 * accessions, its workflow rows and its ID-card attachments, as one JSON value.
 */
const orderFactsQuery = preparedStatement((db) =>
  db
    .select({
      facts: sql<OrderFactsJson>`json_build_object(
        'order', to_jsonb(${orders}),
        'ownerGsdlNo', ${practitioners.gsdlNo},
        'ownerAuthorizingDoctorGsdlNo', ${practitioners.authorizingDoctorGsdlNo},
        'requisitions', (
          select coalesce(json_agg(json_build_object(
            'row', to_jsonb(r),
            'name', i.name,
            'category', i.category,
            'mcrEligible', i.mcr_eligible,
            'accessions', (
              select coalesce(json_agg(to_jsonb(a) order by a.id), ${emptyJsonArray})
              from ${accessions} a where a.gear_req_id = r.id
            )
          ) order by r.position, r.id), ${emptyJsonArray})
          from ${requisitions} r join ${orderableItems} i on i.id = r.orderable_item_id
          where r.order_id = ${orders.id}
        ),
        'steps', (
          select coalesce(json_agg(to_jsonb(s) order by s.step_id, s.id), ${emptyJsonArray})
          from ${workflowSteps} s where s.order_id = ${orders.id}
        ),
        'attachments', (
          select coalesce(json_agg(json_build_object(
            'type', t.type, 'contentType', t.content_type, 'sizeBytes', t.size_bytes, 'uploadedAt', t.uploaded_at
          ) order by t.id), ${emptyJsonArray})
          from ${attachments} t where t.order_id = ${orders.id}
        ),
        'recollections', (
          select coalesce(json_agg(json_build_object(
            'gearReqId', c.gear_req_id, 'pending', c.pending, 'paymentRequired', c.payment_required,
            'recollectionOrderId', c.recollection_order_id
          ) order by c.id), ${emptyJsonArray})
          from ${recollections} c where c.order_id = ${orders.id}
        )
      )`,
    })
    .from(orders)
    .leftJoin(practitioners, eq(practitioners.gsdlNo, orders.practitionerGsdlNo))
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1)
    .prepare('order_facts'),
);

interface OrderFactsJson {
  order: Record<string, unknown>;
  ownerGsdlNo: string | null;
  ownerAuthorizingDoctorGsdlNo: string | null;
  requisitions: {
    row: Record<string, unknown>;
    name: string;
    category: string;
    mcrEligible: boolean;
    accessions: Record<string, unknown>[];
  }[];
  steps: Record<string, unknown>[];
  attachments: { type: string; contentType: string; sizeBytes: number; uploadedAt: string }[];
  /** The recollections of the order's requisitions (spec 3 §3 pitlRecollectionOrderSummary; decision 0293). */
  recollections: RecollectionRow[];
}

/**
 * The order as the API serves it, assembled from its facts, with its practitioner as the access rules read it;
 * null when no such order exists. One database statement (the practitioners come from their directory).
 */
export async function loadOrderWithOwner(
  db: Db,
  id: number,
): Promise<{ order: GearOrder; owner: OrderOwnerPractitioner } | null> {
  const [found] = await orderFactsQuery(db).execute({ id });
  if (!found) return null;
  return orderFromFacts(db, found.facts);
}

/** The order as the API serves it, with its practitioner as the access rules read it, from its facts. */
async function orderFromFacts(
  db: Db,
  json: OrderFactsJson | string,
): Promise<{ order: GearOrder; owner: OrderOwnerPractitioner }> {
  const facts = typeof json === 'string' ? (JSON.parse(json) as OrderFactsJson) : json;
  const row = rowFromJson(orders, facts.order);
  const practitioner = row.practitionerGsdlNo ? await findPractitioner(db, row.practitionerGsdlNo) : null;
  const authorizingGsdlNo = practitioner?.authorizingDoctorGsdlNo ?? null;
  const authorizing =
    authorizingGsdlNo === null
      ? null
      : authorizingGsdlNo === practitioner?.gsdlNo
        ? practitioner
        : await findPractitioner(db, authorizingGsdlNo);
  const order = assembleOrder(
    row,
    facts.requisitions.map((found) =>
      toRequisition(
        rowFromJson(requisitions, found.row),
        { name: found.name, category: found.category, mcrEligible: found.mcrEligible },
        found.accessions.map((accession) => rowFromJson(accessions, accession)),
      ),
    ),
    facts.steps.map((step) => toWorkflowStep(rowFromJson(workflowSteps, step))),
    practitioner,
    authorizing,
  );
  const attachmentRows = facts.attachments.map((a) => ({ ...a, uploadedAt: new Date(a.uploadedAt) }));
  return {
    order: {
      ...order,
      attachments: attachmentsByType(attachmentRows),
      // decision 0293: spec 3 §3's field, on PITL orders only.
      pitlRecollectionOrderSummary: isPitlOrder(order)
        ? pitlRecollectionOrderSummaryOf(facts.recollections ?? [])
        : null,
    },
    owner: facts.ownerGsdlNo
      ? { gsdlNo: facts.ownerGsdlNo, authorizingDoctorGsdlNo: facts.ownerAuthorizingDoctorGsdlNo }
      : null,
  };
}

/** The order as the API serves it, assembled from its facts; null when no such order exists. */
export async function loadOrder(db: Db, id: number): Promise<GearOrder | null> {
  return (await loadOrderWithOwner(db, id))?.order ?? null;
}

/** spec 2 §3 'attachments keyed by type'. */
function attachmentsByType(
  rows: readonly { type: string; contentType: string; sizeBytes: number; uploadedAt: Date }[],
): NonNullable<GearOrder['attachments']> {
  const byType: NonNullable<GearOrder['attachments']> = {};
  for (const row of rows) {
    if (!isIdCardAttachmentType(row.type)) continue;
    byType[row.type] = {
      type: row.type,
      contentType: row.contentType,
      sizeBytes: row.sizeBytes,
      uploadedAt: row.uploadedAt.toISOString(),
    };
  }
  return byType;
}

function assembleOrder(
  row: OrderRow,
  reqs: Requisition[],
  steps: WorkflowStep[],
  practitioner: GearOrder['practitioner'],
  authorizing: GearOrder['practitioner'],
): GearOrder {
  return {
    id: row.id,
    version: row.version,
    orderFormId: row.orderFormId,
    practitioner,
    authorizingPractitioner: authorizing
      ? {
          firstName: authorizing.firstName,
          lastName: authorizing.lastName,
          degree: authorizing.degree,
          gsdlNo: authorizing.gsdlNo,
        }
      : null,
    onBehalfOf: row.onBehalfOf,
    practAgreement: row.practAgreement,
    practAgreementDate: row.practAgreementDate?.toISOString() ?? null,
    requisitions: reqs,
    workflow: {
      steps,
      practitionerConfirmed: completedStep(steps, STEP_IDS.practitionerConfirmation),
      patientConfirmed: completedStep(steps, STEP_IDS.summary),
      complete: steps.length > 0 && steps.every((s) => s.completed || s.notApplicable),
    },
    dataConfirmed: row.dataConfirmed,
    dateMedicalNecessityAcknowledged: row.dateMedicalNecessityAcknowledged?.toISOString() ?? null,
    containsShipToOfficeRequisition: reqs.some((r) => r.shipToOffice),
    containsDropShipRequisition: reqs.some((r) => r.dropShip),
    containsRegistrationRequisition: reqs.some((r) => !r.dropShip && !r.shipToOffice),
    containsCovidRegistration: reqs.some((r) => r.covidRegistration),
    containsNoCardActivation: reqs.some((r) => r.noCardActivation),
    simplifiedClientBilling: row.simplifiedClientBilling,
    patientRegistration: row.patientRegistration,
    governmentPayor: row.governmentPayor,
    bundleTemplate: row.bundleTemplate,
    myGDXKitOrder: row.myGDXKitOrder,
    covidRegistration: row.covidRegistration,
    physicianInTheLoop: row.physicianInTheLoop,
    recollectionFor: row.recollectionFor,
    patientInfo: row.patientInfo ?? null,
    insurance: row.insurance ?? null,
    secondaryInsurance: row.secondaryInsurance ?? null,
    shippingMethod: row.shippingMethod,
    shippingInformation: row.shippingInformation ?? null,
    patientAgreement: row.patientAgreement,
    nsaAcknowledged: row.nsaAcknowledged,
    createdAt: row.createdAt.toISOString(),
    canceled: row.canceled,
  };
}

const ownerQuery = preparedStatement((db) =>
  db
    .select({
      version: orders.version,
      gsdlNo: practitioners.gsdlNo,
      authorizingDoctorGsdlNo: practitioners.authorizingDoctorGsdlNo,
    })
    .from(orders)
    .leftJoin(practitioners, eq(practitioners.gsdlNo, orders.practitionerGsdlNo))
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1)
    .prepare('order_owner'),
);

/** An order's version and practitioner (number and authorizing doctor): all an access check needs. */
export async function findOrderOwner(db: Db, id: number) {
  const [row] = await ownerQuery(db).execute({ id });
  if (!row) return null;
  return {
    version: row.version,
    practitioner: row.gsdlNo
      ? { gsdlNo: row.gsdlNo, authorizingDoctorGsdlNo: row.authorizingDoctorGsdlNo }
      : null,
  };
}

const requisitionOwnerQuery = preparedStatement((db) =>
  db
    .select({
      orderId: requisitions.orderId,
      version: orders.version,
      gsdlNo: practitioners.gsdlNo,
      authorizingDoctorGsdlNo: practitioners.authorizingDoctorGsdlNo,
    })
    .from(requisitions)
    .innerJoin(orders, eq(orders.id, requisitions.orderId))
    .leftJoin(practitioners, eq(practitioners.gsdlNo, orders.practitionerGsdlNo))
    .where(eq(requisitions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('requisition_owner'),
);

/** The order holding a requisition, with its version and practitioner (for the access check), in one query. */
export async function findRequisitionOwner(db: Db, gearReqId: number) {
  const [row] = await requisitionOwnerQuery(db).execute({ id: gearReqId });
  if (!row) return null;
  return {
    orderId: row.orderId,
    version: row.version,
    practitioner: row.gsdlNo
      ? { gsdlNo: row.gsdlNo, authorizingDoctorGsdlNo: row.authorizingDoctorGsdlNo }
      : null,
  };
}

/**
 * What a change to an order writes (decision 0070): the order's facts. A transaction that claims an order's version
 * is a change of orders as a whole (decision 0011: every write to an order's facts goes with the claim).
 */
export const ORDER_WRITE = ['orders'] as const;

/** Facts of the order itself that a step may change along with its version. */
export type OrderChanges = Partial<Omit<OrderRow, 'id' | 'version' | 'createdAt' | 'updatedAt'>>;

/**
 * Bumps the order's version when it still is `expected`, with any changes to the order's own facts; false when
 * another write got there first. Call inside the transaction that makes the change. Alone, it changes that order only
 * (decision 0306).
 */
export async function claimVersion(
  db: Db,
  id: number,
  expected: number,
  changes: OrderChanges = {},
): Promise<boolean> {
  const rows = await changingOneRecord('orders', id, () => claimQuery(db, id, expected, changes));
  return rows.length === 1;
}

const claimQuery = (db: Db, id: number, expected: number, changes: OrderChanges) =>
  db
    .update(orders)
    .set({ ...changes, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.version, expected)))
    .returning({ id: orders.id });

/**
 * True, inside a write passed to claimVersionWith, only when the claim of the same statement succeeded: every such
 * write must be conditioned on it (an UPDATE's WHERE, an INSERT … SELECT's WHERE).
 */
export const CLAIMED = sql`exists (select 1 from claimed)`;

/**
 * claimVersion and the writes of the change in one statement (decision 0055): the claim is a data-modifying WITH
 * query named `claimed`, each write another one conditioned on CLAIMED, so a stale version writes nothing and the
 * whole is atomic without a transaction. The writes must touch different rows (PostgreSQL runs the parts of one
 * statement on one snapshot, in no set order), must not read what another part writes, and must change rows of this
 * order only (its requisitions, its workflow rows): the statement is a change of this one order (decision 0306).
 */
export async function claimVersionWith(
  db: Db,
  id: number,
  expected: number,
  changes: OrderChanges,
  writes: readonly SQLWrapper[],
): Promise<boolean> {
  if (writes.length === 0) return claimVersion(db, id, expected, changes);
  // A query builder is rendered in parentheses, an SQL fragment as written.
  const parts = writes.map((write, index) =>
    is(write, SQL)
      ? sql`, ${sql.raw(`write_${index}`)} as (${write})`
      : sql`, ${sql.raw(`write_${index}`)} as ${write}`,
  );
  const result = await changingOneRecord('orders', id, () =>
    db.execute<{ id: number }>(
      sql`with claimed as ${claimQuery(db, id, expected, changes)}${sql.join(parts)} select id from claimed`,
    ),
  );
  return (result as unknown as { rows: { id: number }[] }).rows.length === 1;
}

/** A workflow row as json_to_recordset reads it (stepRows). */
const stepJson = (step: WorkflowStep) => ({
  step_id: step.id,
  gear_req_id: step.gearReqId,
  status_id: step.status.id,
  completed: step.completed,
  not_applicable: step.notApplicable,
  skipped: step.skipped,
  user_type: step.userType,
  step_date: step.stepDate,
});

/** Workflow rows as a relation `s`, read from one JSON parameter (a new order's, a change's). */
const stepRows = (
  rows: readonly WorkflowStep[],
) => sql`json_to_recordset(${JSON.stringify(rows.map(stepJson))}::json) as s(
      step_id integer, gear_req_id integer, status_id integer, completed boolean, not_applicable boolean,
      skipped boolean, user_type text, step_date timestamptz)`;

/** What a new order is created with; every other column takes its default. */
export interface NewOrderValues {
  practitionerGsdlNo: string;
  onBehalfOf: string | null;
  practAgreement: boolean | null;
  createdByUserId: number;
}

/**
 * A new order with its first workflow rows, in one statement (atomic without a transaction; decision 0055): its id.
 */
export async function insertOrderWithSteps(
  db: Db,
  values: NewOrderValues,
  steps: readonly WorkflowStep[],
): Promise<{ id: number; created: () => Promise<{ order: GearOrder; owner: OrderOwnerPractitioner }> }> {
  // The order's facts come from what the statement wrote (its RETURNING rows), in loadOrderWithOwner's shape: a new
  // order has no requisitions or attachments yet. The insert names its few columns (the others take their defaults):
  // building drizzle's insert of every column of orders cost a tenth of the save (decision 0339).
  const result = await changing(ORDER_WRITE, () =>
    db.execute<{ id: number; facts: OrderFactsJson | string }>(sql`
    with created as (
      insert into ${orders} (practitioner_gsdl_no, on_behalf_of, pract_agreement, pract_agreement_date, created_by_user_id)
      values (${values.practitionerGsdlNo}, ${values.onBehalfOf}, ${values.practAgreement}::boolean,
              case when ${values.practAgreement}::boolean then now() end, ${values.createdByUserId})
      returning *
    ),
    steps as (
      insert into ${workflowSteps}
        (order_id, step_id, gear_req_id, status_id, completed, not_applicable, skipped, user_type, step_date)
      select created.id, s.step_id, s.gear_req_id, s.status_id, s.completed, s.not_applicable, s.skipped,
             s.user_type, s.step_date
      from created, ${stepRows(steps)}
      returning *
    )
    select created.id, json_build_object(
      'order', to_jsonb(created),
      'ownerGsdlNo', p.gsdl_no,
      'ownerAuthorizingDoctorGsdlNo', p.authorizing_doctor_gsdl_no,
      'requisitions', ${emptyJsonArray},
      'steps', (select coalesce(json_agg(to_jsonb(s) order by s.step_id, s.id), ${emptyJsonArray}) from steps s),
      'attachments', ${emptyJsonArray}
    ) as facts
    from created left join ${practitioners} p on p.gsdl_no = created.practitioner_gsdl_no`),
  );
  const [found] = (result as unknown as { rows: { id: number; facts: OrderFactsJson | string }[] }).rows;
  if (!found) throw new Error('order insert returned nothing');
  return { id: found.id, created: () => orderFromFacts(db, found.facts) };
}

const rowKey = (row: WorkflowStep) => `${row.id}:${row.gearReqId ?? ''}`;

/** The rows of `after` that differ from those of `before`: changed rows `before` has, and new rows. */
function changedSteps(before: readonly WorkflowStep[], after: readonly WorkflowStep[]) {
  const previous = new Map(before.map((row) => [rowKey(row), row]));
  const changed: WorkflowStep[] = [];
  const added: WorkflowStep[] = [];
  for (const row of after) {
    const old = previous.get(rowKey(row));
    if (!old) added.push(row);
    else if (!sameRow(old, row)) changed.push(row);
  }
  return { changed, added };
}

const sameRow = (a: WorkflowStep, b: WorkflowStep) =>
  a.status.id === b.status.id &&
  a.completed === b.completed &&
  a.notApplicable === b.notApplicable &&
  a.skipped === b.skipped &&
  a.userType === b.userType &&
  a.stepDate === b.stepDate;

/**
 * The writes of the workflow rows that differ from those read, each only when `when` holds: an UPDATE of the changed
 * rows the order has, and an INSERT of the new ones (ON CONFLICT, it updates a row written since the read). None
 * when no row changes. Only a change that adds rows inserts: an INSERT, even of no row, fires the statement trigger
 * that marks the order's kept status stale (decisions 0313, 0340).
 */
export function workflowStepsWrites(
  orderId: number,
  before: readonly WorkflowStep[],
  after: readonly WorkflowStep[],
  when: SQL = CLAIMED,
): SQL[] {
  const { changed, added } = changedSteps(before, after);
  const writes: SQL[] = [];
  if (changed.length > 0)
    writes.push(sql`update ${workflowSteps} w set
      status_id = s.status_id, completed = s.completed, not_applicable = s.not_applicable, skipped = s.skipped,
      user_type = s.user_type, step_date = s.step_date
    from ${stepRows(changed)}
    where w.order_id = ${orderId}::integer and w.step_id = s.step_id
      and w.gear_req_id is not distinct from s.gear_req_id and ${when}`);
  if (added.length > 0)
    writes.push(sql`insert into ${workflowSteps}
      (order_id, step_id, gear_req_id, status_id, completed, not_applicable, skipped, user_type, step_date)
    select ${orderId}::integer, s.step_id, s.gear_req_id, s.status_id, s.completed, s.not_applicable, s.skipped,
           s.user_type, s.step_date
    from ${stepRows(added)}
    where ${when}
    on conflict (order_id, step_id, gear_req_id) do update set
      status_id = excluded.status_id, completed = excluded.completed, not_applicable = excluded.not_applicable,
      skipped = excluded.skipped, user_type = excluded.user_type, step_date = excluded.step_date`);
  return writes;
}

/**
 * Writes the workflow rows that differ from those read (workflowStepsWrites), in one statement. Rows of a deleted
 * requisition go with it (ON DELETE CASCADE).
 */
export async function saveWorkflowSteps(
  db: Db,
  orderId: number,
  before: readonly WorkflowStep[],
  after: readonly WorkflowStep[],
) {
  const [first, second] = workflowStepsWrites(orderId, before, after, sql`true`);
  if (!first) return;
  await db.execute(second ? sql`with updated as (${first}) ${second}` : first);
}

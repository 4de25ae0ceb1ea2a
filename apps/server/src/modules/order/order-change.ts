import type { SavedOrder } from '@gear/domain';
import {
  type GearOrder,
  isOrderLocked,
  isPanelSelectionLocked,
  isPatientStepOfOfficePacks,
  isPractitionerStepLocked,
  MESSAGES,
  mayChangeStep,
  orderLockMessage,
  type Requisition,
  STEP_IDS,
  type StepId,
  type UserInfo,
  type WorkflowStep,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import {
  conflict,
  forbidden,
  HttpError,
  notFound,
  preconditionRequired,
  unprocessable,
} from '../../lib/http-error.ts';
import { transaction } from '../../lib/transaction.ts';
import { type AuditEventInput, auditWrite, recordAudit } from '../audit/audit.service.ts';
import { updateRequisitionWrite } from '../requisition/requisition.repository.ts';
import {
  type ChangeAnswer,
  findChangeAnswer,
  type KeyedChange,
  keepChangeAnswer,
} from './change-answers.repository.ts';
import {
  CLAIMED,
  claimVersion,
  claimVersionWith,
  loadOrder,
  type OrderChanges,
  saveWorkflowSteps,
  workflowStepsWrites,
} from './order.repository.ts';
import { orderForCaller, requisitionForCaller, savedOrder } from './order.service.ts';
import { type OrderWrite, runOrderWrite, type WriteOutcome } from './order-writes.ts';
import { nextKeyedChange } from './save-key.ts';

export type { OrderWrite } from './order-writes.ts';

/** Which of the order's locks a change reads (spec 1 §4.2, spec 3 §4; decision 0050). */
export type ChangeLock =
  | 'order'
  | 'panelSelection'
  | 'practitionerStep'
  | 'cancel'
  | 'cancelTest'
  | 'recollect'
  /** spec 3 §4 Transfer: unused packs leave an order whatever the lab received of the others (decision 0290). */
  | 'transfer'
  /** A results-ready test's bill is paid after the lab received the order (decision 0300). */
  | 'bill';

/**
 * Decision 0325: a bulk (ship-to-office) order takes no one patient's details or insurance from the practitioner.
 * The per-pack steps (billing, diagnosis codes, collection) are left out of its navigation but stay savable.
 */
const ONE_PATIENTS_DATA: ReadonlySet<number> = new Set([STEP_IDS.patient, STEP_IDS.insurance]);

/** A kind of change to an order: the wizard step it saves and the lock it obeys. */
export interface ChangeKind {
  /** The step saved, whose user types the step table gives (maySaveStep: 403 for a step skipped for the caller). */
  step: StepId | null;
  lock: ChangeLock;
  /** The step stays open to every user type (decision 0041: shipping, which spec 3's patient confirmation edits). */
  openToAllUsers?: true;
}

/** Every change the API makes to an existing order (decision 0065). */
export const ORDER_CHANGES = {
  practitioner: { step: STEP_IDS.pract, lock: 'practitionerStep' },
  testSelection: { step: STEP_IDS.panels, lock: 'panelSelection' },
  bundle: { step: STEP_IDS.panels, lock: 'panelSelection' },
  billingMethod: { step: STEP_IDS.billing, lock: 'order' },
  priceIncreaseConfirmation: { step: null, lock: 'order' },
  diagnosisCodes: { step: STEP_IDS.dxCodes, lock: 'order' },
  sampleCollection: { step: STEP_IDS.collection, lock: 'order' },
  patient: { step: STEP_IDS.patient, lock: 'order' },
  insurance: { step: STEP_IDS.insurance, lock: 'order' },
  idCard: { step: STEP_IDS.insurance, lock: 'order' },
  shipping: { step: STEP_IDS.shipping, lock: 'order', openToAllUsers: true },
  skipStep: { step: null, lock: 'order' },
  removeRequisition: { step: null, lock: 'order' },
  saveForLater: { step: null, lock: 'order' },
  cancel: { step: null, lock: 'cancel' },
  cancelTest: { step: null, lock: 'cancelTest' },
  recollect: { step: null, lock: 'recollect' },
  handoff: { step: null, lock: 'order' },
  submit: { step: null, lock: 'order' },
  medicalNecessity: { step: null, lock: 'order' },
  authorization: { step: null, lock: 'order' },
  quantity: { step: null, lock: 'order' },
  customization: { step: null, lock: 'order' },
  workflow: { step: null, lock: 'order' },
  practitionerChange: { step: null, lock: 'order' },
  expeditedShippingWaiver: { step: null, lock: 'order' },
  pitlTransfer: { step: null, lock: 'transfer' },
  /** The $40 pack of a recollection (PITL: the replacement fee) paid on the original order (decision 0293). */
  recollectionPack: { step: null, lock: 'recollect' },
  billPayment: { step: null, lock: 'bill' },
} as const satisfies Record<string, ChangeKind>;

/** The name a change is audited under (docs/decisions/0214). */
const changeNameOf = (kind: ChangeKind) =>
  Object.entries(ORDER_CHANGES).find(([, known]) => known === kind)?.[0] ?? 'other';

/**
 * What a change does to the order, decided by the step from the order as read and the body (a pure function, tested
 * without a database): the order's own facts, the rows to write, and the workflow rows after the change (given the
 * ids of the requisitions the writes insert, in order).
 */
export interface OrderChangePlan {
  changes?: OrderChanges;
  writes?: readonly OrderWrite[];
  steps?: readonly WorkflowStep[] | ((inserted: readonly number[]) => readonly WorkflowStep[]);
}

/** A plan that leaves the order as it is (cancel of an order already canceled): nothing claimed, nothing written. */
export const UNCHANGED = { unchanged: true } as const;

export interface ChangeRequest {
  user: UserInfo;
  /** The order, or the requisition whose order, the change is about. */
  subject: { orderId: number } | { gearReqId: number };
  /**
   * The version of the order the client read (the body's `version`, else If-Match: versionNamed). undefined when the
   * call names none: 428 on every route (decision 0100).
   */
  basedOn: number | undefined;
  kind: ChangeKind;
  plan: (found: {
    order: SavedOrder;
    requisition: Requisition | null;
  }) => OrderChangePlan | typeof UNCHANGED | Promise<OrderChangePlan | typeof UNCHANGED>;
  /**
   * What must commit with the change, given the order as saved, inside its transaction (the submit's answer kept
   * under its Idempotency-Key, which a concurrent repeat finding the version stale then replays).
   */
  record?: (tx: Db, saved: GearOrder, outcome: WriteOutcome) => Promise<void>;
  /**
   * The caller keeps its own answers under the request's Idempotency-Key (the submit, decision 0120), so the core
   * does not (docs/decisions/0200).
   */
  keyedByCaller?: true;
}

export interface ChangeOutcome extends WriteOutcome {
  /** The order as saved (read afresh), or as read when the plan changed nothing. */
  order: GearOrder;
  unchanged: boolean;
  /** The answer kept for an earlier request under the same Idempotency-Key, replayed: this request changed nothing. */
  replayed?: true;
}

function refuseLocked(order: SavedOrder, user: UserInfo, lock: ChangeLock): void {
  if (lock === 'cancel') {
    // A canceled order answers the cancel with its own result (decision 0034); a received one is locked.
    if (!order.canceled && isOrderLocked(order, user)) throw conflict(MESSAGES.orderReceivedByLab);
    return;
  }
  if (lock === 'recollect') {
    // A recollection follows the lab's discard, after the order reached it (decision 0252): only a canceled order is
    // closed to it; the plan checks the test.
    if (order.canceled) throw conflict(MESSAGES.orderCanceled);
    return;
  }
  if (lock === 'cancelTest' || lock === 'transfer' || lock === 'bill') {
    // spec 3 §4: a test is cancelable on its own (its plan says), whatever the lab received of the others.
    if (order.canceled) throw conflict(MESSAGES.orderCanceled);
    return;
  }
  if (lock === 'practitionerStep') {
    if (isPractitionerStepLocked(order, user))
      throw conflict(orderLockMessage(order, user) ?? MESSAGES.orderReceivedByLab);
    return;
  }
  const message = orderLockMessage(order, user);
  if (message !== null) throw conflict(message);
  if (lock === 'panelSelection' && isPanelSelectionLocked(order, user))
    throw conflict(MESSAGES.confirmedData);
}

async function subjectFor(db: Db, user: UserInfo, subject: ChangeRequest['subject']) {
  if ('orderId' in subject)
    return { order: (await orderForCaller(db, user, subject.orderId)) as SavedOrder, requisition: null };
  return requisitionForCaller(db, user, subject.gearReqId);
}

const stale = () => conflict(MESSAGES.staleOrder);

async function savedIn(tx: Db, id: number): Promise<GearOrder> {
  const order = await loadOrder(tx, id);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/**
 * The one way to change an order (decision 0065): loads the order for the caller (404, 403 with none of its data),
 * refuses a step skipped for the caller (403) and a locked order (409), runs the step's plan (its refusals are the
 * step's 400s), requires the version the change was based on (428 without one; decision 0100), then claims that
 * version (409 when another change came first, nothing written) with the plan's writes and workflow rows, and answers
 * the order as saved. A plan that changes nothing answers the order as read, when its version is current (409 when
 * stale). Updates of the order and its requisitions go as one statement; anything else in one transaction.
 */
export async function changeOrder(db: Db, request: ChangeRequest): Promise<ChangeOutcome> {
  const { user, kind, basedOn } = request;
  const keyed = request.keyedByCaller ? null : nextKeyedChange();
  const found = await subjectFor(db, user, request.subject);
  const orderId = found.order.id;
  // A repeat of a save that was stored (its answer lost on the way): the answer it had, not a 409 about the person's
  // own change (docs/decisions/0200). Access was checked above, as for every call.
  const kept = keyed ? await findChangeAnswer(db, orderId, keyed) : null;
  if (kept && keyed) return replayed(kept, keyed);
  if (
    kind.step !== null &&
    !kind.openToAllUsers &&
    !mayChangeStep(user, kind.step, found.order, found.requisition)
  )
    throw forbidden(MESSAGES.forbidden);
  if (
    kind.step !== null &&
    ONE_PATIENTS_DATA.has(kind.step) &&
    isPatientStepOfOfficePacks(kind.step, found.order, user)
  )
    throw conflict(MESSAGES.officePacksHaveNoPatient);
  refuseLocked(found.order, user, kind.lock);
  const plan = await request.plan(found);
  if (basedOn === undefined) throw preconditionRequired(MESSAGES.orderVersionRequired);
  if ('unchanged' in plan) {
    // Nothing to write, but a change based on a stale version is refused as every other (decision 0100), so the
    // version always moves once per 200 that changed something and a stale repeat never reads as saved.
    if (basedOn !== found.order.version) throw stale();
    return { order: found.order, unchanged: true, newOrderId: null, removedStorageKeys: [] };
  }
  try {
    const outcome = await applyChangePlan(
      db,
      found.order,
      basedOn,
      plan,
      withKeptAnswer(request.record, keyed, orderId),
      { action: `orderChanged:${changeNameOf(kind)}`, orderId, detail: { version: basedOn + 1 } },
    );
    return { ...outcome, order: await savedOrder(db, orderId), unchanged: false };
  } catch (refusal) {
    // A concurrent twin under the same key claimed the version first: its answer, once committed, is this one's.
    const twin = keyed && isStale(refusal) ? await findChangeAnswer(db, orderId, keyed) : null;
    if (twin && keyed) return replayed(twin, keyed);
    throw refusal;
  }
}

const isStale = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 409 && error.message === MESSAGES.staleOrder;

function replayed(kept: ChangeAnswer, keyed: KeyedChange): ChangeOutcome {
  if (kept.requestHash !== keyed.requestHash) throw unprocessable(MESSAGES.saveKeyReused);
  return {
    order: kept.order,
    unchanged: false,
    newOrderId: kept.newOrderId,
    removedStorageKeys: [],
    replayed: true,
  };
}

/** The change's own record, then its answer kept under the request's key (in the same transaction). */
function withKeptAnswer(
  record: ChangeRequest['record'],
  keyed: KeyedChange | null,
  orderId: number,
): ChangeRequest['record'] {
  if (!keyed) return record;
  return async (tx, saved, outcome) => {
    if (record) await record(tx, saved, outcome);
    await keepChangeAnswer(tx, orderId, keyed, { order: saved, newOrderId: outcome.newOrderId });
  };
}

/** Writes that only update the order's own requisitions: claimVersionWith's one statement (a change of this order). */
const onlyUpdatesOfItsRequisitions = (order: SavedOrder, writes: readonly OrderWrite[]) =>
  writes.every(
    (write) =>
      write.kind === 'updateRequisition' &&
      order.requisitions.some((requisition) => requisition.id === write.id),
  );

/** The workflow rows as read, less those of requisitions the writes delete or move (they go with them). */
function stepsKept(order: SavedOrder, writes: readonly OrderWrite[]): WorkflowStep[] {
  const gone = new Set(
    writes.flatMap((write) =>
      write.kind === 'deleteRequisitions'
        ? write.ids
        : write.kind === 'moveToNewOrder'
          ? [write.gearReqId]
          : write.kind === 'transferToNewOrder'
            ? write.gearReqIds
            : [],
    ),
  );
  return order.workflow.steps.filter((row) => row.gearReqId === null || !gone.has(row.gearReqId));
}

/**
 * Claims the version and writes the plan, with the change's audit event when given (docs/decisions/0214), in the same
 * statement or transaction: 409 with the stale-order message, and nothing written, when it is stale.
 * changeOrder's last part; called alone only for an order created in the same transaction (a custom profile ordered
 * on a new order), which no one else can have read.
 */
export async function applyChangePlan(
  db: Db,
  order: SavedOrder,
  basedOn: number,
  plan: OrderChangePlan,
  record?: ChangeRequest['record'],
  audit?: AuditEventInput,
): Promise<WriteOutcome> {
  const writes = plan.writes ?? [];
  const changes = plan.changes ?? {};
  const before = stepsKept(order, writes);
  const stepsAfter = (inserted: readonly number[]) =>
    plan.steps === undefined ? null : typeof plan.steps === 'function' ? plan.steps(inserted) : plan.steps;

  if (onlyUpdatesOfItsRequisitions(order, writes) && !record) {
    // The changes made most often: the claim and every write in one statement (decision 0055).
    const after = stepsAfter([]);
    const claimed = await claimVersionWith(db, order.id, basedOn, changes, [
      ...writes
        .map((write) =>
          write.kind === 'updateRequisition' ? updateRequisitionWrite(db, write.id, write.values) : null,
        )
        .filter((write) => write !== null),
      ...(after ? workflowStepsWrites(order.id, before, after) : []),
      ...(audit ? [auditWrite(audit, CLAIMED)] : []),
    ]);
    if (!claimed) throw stale();
    return { newOrderId: null, removedStorageKeys: [] };
  }

  return transaction(db, async (tx) => {
    if (!(await claimVersion(tx, order.id, basedOn, changes))) throw stale();
    const outcome: WriteOutcome = { newOrderId: null, removedStorageKeys: [] };
    const inserted: number[] = [];
    const position = { next: null as number | null };
    for (const write of writes) await runOrderWrite(tx, order, write, { inserted, outcome, position });
    const after = stepsAfter(inserted);
    if (after) await saveWorkflowSteps(tx, order.id, before, after);
    if (record) await record(tx, await savedIn(tx, order.id), outcome);
    if (audit)
      await recordAudit(tx, {
        ...audit,
        detail: { ...audit.detail, ...(outcome.newOrderId ? { newOrderId: outcome.newOrderId } : {}) },
      });
    return outcome;
  });
}

import {
  BILLING_METHODS,
  billingOptions,
  type ConfirmAndPayBody,
  type ConfirmAndPayResult,
  type CustomizeTestSelectionsBody,
  completeStep,
  confirmationSteps,
  type GearOrder,
  isAdmin,
  isPaidByPractitionerAccount,
  isReviewConfirmed,
  isStepValid,
  MESSAGES,
  mayAuthorizeOrder,
  mayChangePractitioner,
  messages,
  REVIEW_MESSAGES,
  requisitionPermissions,
  reviewQuantityErrors,
  STEP_IDS,
  stepById,
  submitAcknowledgementErrors,
  submitBlockers,
  testSelectionErrors,
  type UpdateWorkflowBody,
  type UserInfo,
  updateStepApplicability,
  type WorkflowStep,
} from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, orders } from '../../db/schema/index.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  refuseIfAny,
  unprocessable,
} from '../../lib/http-error.ts';
import { claimOrder, refuseLockedOrder } from '../../lib/order-write.ts';
import { transaction } from '../../lib/transaction.ts';
import type { Caller } from '../../plugins/auth.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { loadOrder, saveWorkflowSteps } from '../order/order.repository.ts';
import { orderForCaller, requisitionForCaller, type SavedOrder, savedOrder } from '../order/order.service.ts';
import { labToday } from '../patient/lab-day.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';
import { practitionerOptionsForOrder } from '../practitioner/practitioner.service.ts';
import { updateRequisition } from '../requisition/requisition.repository.ts';
import { bodyHashOf, findSubmission, lockOrderRow, storeSubmission } from './submission.repository.ts';

const actorOf = (caller: Caller) => (caller.userId === null ? 'patient' : `user:${caller.userId}`);

/** Whether any requisition of the order uses a product with mixed component pricing (spec 3 §5). */
async function hasMixedPricing(db: Db, order: GearOrder): Promise<boolean> {
  const catalogue = await catalogueOf(db);
  return order.requisitions.some(
    (requisition) =>
      !requisition.canceled &&
      catalogue.activeItem(requisition.omsOrderableItemId)?.mixedComponentPricing === true,
  );
}

// --- Submit: PUT /gear/order/{id}/confirm-and-pay -----------------------------------------------------------------

export interface SubmitOutcome {
  answer: ConfirmAndPayResult;
  /** The answer is the one first given under this Idempotency-Key. */
  replayed: boolean;
}

/**
 * The payment seam (decision 0080): this issue places orders with nothing to pay. A patient owes payment unless
 * every test is on the practitioner's account; payments in the body are the payment issue's to take.
 */
function refuseUnpaidSubmit(order: GearOrder, user: UserInfo, body: ConfirmAndPayBody): void {
  if (body.payments.length > 0)
    throw unprocessable(REVIEW_MESSAGES.onlinePaymentNotAvailable, [
      { field: 'payments', defaultMessage: REVIEW_MESSAGES.onlinePaymentNotAvailable },
    ]);
  if (user.type === 'prc' && !isPaidByPractitionerAccount(order))
    throw unprocessable(REVIEW_MESSAGES.paymentTypeRequired, [
      { field: 'payments', defaultMessage: REVIEW_MESSAGES.paymentTypeRequired },
    ]);
}

/** Every check of a submit, in the order the user fixes them: closed order, already placed, blockers, agreements. */
async function refuseSubmit(db: Db, order: GearOrder, user: UserInfo, body: ConfirmAndPayBody) {
  refuseLockedOrder(order, user);
  if (isReviewConfirmed(order, user)) throw conflict(REVIEW_MESSAGES.alreadyConfirmed);
  const blockers = submitBlockers({ order, user, today: labToday() });
  const acknowledgements = submitAcknowledgementErrors({
    order,
    user,
    mixedPricing: await hasMixedPricing(db, order),
    patientAgreement: body.patientAgreement,
  });
  const [first] = [...blockers, ...acknowledgements];
  if (first) throw unprocessable(first.defaultMessage, [...blockers, ...acknowledgements]);
  refuseUnpaidSubmit(order, user, body);
}

/** The order's facts a submit records besides the workflow rows (spec 3 §3): the patient's agreements, data confirmed. */
const confirmationChanges = (user: UserInfo, body: ConfirmAndPayBody) =>
  user.type === 'prc'
    ? { dataConfirmed: true, patientAgreement: true, nsaAcknowledged: body.nsaAcknowledged }
    : {};

/**
 * The write of a submit, in one transaction holding the order's row: the stored answer when this key was already
 * answered (a concurrent repeat that waited for the lock), else the claim of the version, the workflow rows of the
 * confirmation (who and when), the audit event and the answer kept under the key.
 */
async function writeSubmit(
  db: Db,
  caller: Caller,
  order: SavedOrder,
  body: ConfirmAndPayBody,
  key: { value: string; hash: string } | null,
): Promise<SubmitOutcome> {
  return transaction(db, async (tx) => {
    await lockOrderRow(tx, order.id);
    if (key) {
      const stored = await findSubmission(tx, order.id, key.value);
      if (stored) return replayOf(stored, key.hash);
    }
    const user = caller.userInfo;
    await claimOrder(tx, order, body.version, confirmationChanges(user, body));
    const steps = confirmationSteps(order, user, new Date().toISOString());
    await saveWorkflowSteps(tx, order.id, order.workflow.steps, steps);
    await tx.insert(auditEvents).values({
      orderId: order.id,
      actor: actorOf(caller),
      action: user.type === 'prc' ? 'patientConfirmed' : 'practitionerConfirmed',
      detail: { userType: user.type, idempotencyKey: key?.value ?? null },
    });
    const gearOrder = await loadOrder(tx, order.id);
    if (!gearOrder) throw notFound(MESSAGES.orderNotFound);
    const answer: ConfirmAndPayResult = { gearOrder, error: null, message: null };
    if (key)
      await storeSubmission(tx, order.id, key.value, {
        statusCode: 200,
        answer: answer as unknown as Record<string, unknown>,
        bodyHash: key.hash,
      });
    return { answer, replayed: false };
  });
}

function replayOf(
  stored: { answer: Record<string, unknown>; bodyHash: string },
  hash: string,
): SubmitOutcome {
  if (stored.bodyHash !== hash) throw unprocessable(REVIEW_MESSAGES.idempotencyKeyReused);
  return { answer: stored.answer as unknown as ConfirmAndPayResult, replayed: true };
}

/**
 * PUT /gear/order/{id}/confirm-and-pay (spec 3 §5, §7; decision 0080): places the order for a submitter with
 * nothing to pay. Records the practitioner's or the patient's confirmation on the workflow (never a status); 422
 * with errors[{field, defaultMessage}] when a rule of spec 3 §5 is not met; 409 once placed. Idempotent by key: a
 * repeat replays the first answer; the same key with another body answers 422.
 */
export async function confirmAndPay(
  db: Db,
  caller: Caller,
  orderId: number,
  body: ConfirmAndPayBody,
  idempotencyKey: string | null,
): Promise<SubmitOutcome> {
  const order = (await orderForCaller(db, caller.userInfo, orderId)) as SavedOrder;
  const key = idempotencyKey ? { value: idempotencyKey, hash: bodyHashOf(body) } : null;
  if (key) {
    const stored = await findSubmission(db, order.id, key.value);
    if (stored) return replayOf(stored, key.hash);
  }
  try {
    await refuseSubmit(db, order, caller.userInfo, body);
  } catch (refusal) {
    // A repeat that read the order just after the first submit of its key committed: that answer is its answer.
    const stored = key ? await findSubmission(db, order.id, key.value) : null;
    if (stored && key) return replayOf(stored, key.hash);
    throw refusal;
  }
  const outcome = await writeSubmit(db, caller, order, body, key).catch(async (error: unknown) => {
    // A stale version: another submit of this key won the lock first; its stored answer is this one's.
    const stored = key ? await findSubmission(db, order.id, key.value) : null;
    if (stored && key) return replayOf(stored, key.hash);
    throw error;
  });
  if (!outcome.replayed) await savedOrder(db, order.id);
  return outcome;
}

// --- Acknowledgements -----------------------------------------------------------------------------------------------

/**
 * POST /gear/order/{id}/update-medical-necessity (spec 3 §4, §7 'JSON date or null'): records that the caller
 * acknowledged medical necessity (the server's time) or withdraws it (null). Answers the order.
 */
export async function updateMedicalNecessity(
  db: Db,
  caller: Caller,
  orderId: number,
  acknowledged: string | null,
): Promise<GearOrder> {
  const order = (await orderForCaller(db, caller.userInfo, orderId)) as SavedOrder;
  refuseLockedOrder(order, caller.userInfo);
  const value = acknowledged === null ? null : new Date();
  await transaction(db, async (tx) => {
    await claimOrder(tx, order, undefined, { dateMedicalNecessityAcknowledged: value });
    await tx.insert(auditEvents).values({
      orderId: order.id,
      actor: actorOf(caller),
      action: value ? 'medicalNecessityAcknowledged' : 'medicalNecessityWithdrawn',
      detail: { userType: caller.userInfo.type },
    });
  });
  return savedOrder(db, order.id);
}

/**
 * POST /gear/orders/{id}/authorize (spec 3 §4 'The authorization checkbox saves once', §6 '403 if the user lacks
 * permission'): the authorizing practitioner's agreement, given once (one conditional statement: concurrent calls
 * record it once). Answers the order; a repeat answers it unchanged.
 */
export async function authorizeOrder(db: Db, caller: Caller, orderId: number): Promise<GearOrder> {
  const user = caller.userInfo;
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  if (!mayAuthorizeOrder(user, order)) throw forbidden(REVIEW_MESSAGES.authorizationForbidden);
  refuseLockedOrder(order, user);
  if (order.practAgreement === true) return order;
  await transaction(db, async (tx) => {
    const claimed = await tx
      .update(orders)
      .set({
        practAgreement: true,
        practAgreementDate: sql`now()`,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, order.id), sql`${orders.practAgreement} is not true`))
      .returning({ id: orders.id });
    if (claimed.length === 0) return;
    await tx.insert(auditEvents).values({
      orderId: order.id,
      actor: actorOf(caller),
      action: 'orderAuthorized',
      detail: { gsdlNo: user.gsdlNo, onBehalfOf: user.onBehalfOf },
    });
  });
  return savedOrder(db, order.id);
}

// --- Quantity ---------------------------------------------------------------------------------------------------------

/**
 * PUT /gear/gear-requisition/{id}/quantity?quantity={n} (spec 3 §5, §7): 1 to 99, and for Canada at most 25 packs
 * on the order (400 with the spec's message); only where the review lets the caller edit the requisition (403).
 */
export async function saveQuantity(
  db: Db,
  caller: Caller,
  gearReqId: number,
  quantity: number,
  version: number | undefined,
  phone: string,
): Promise<GearOrder> {
  const user = caller.userInfo;
  const { order, requisition } = await requisitionForCaller(db, user, gearReqId);
  refuseLockedOrder(order, user);
  if (!requisitionPermissions(order, requisition, user).edit) throw forbidden(MESSAGES.forbidden);
  refuseIfAny(reviewQuantityErrors(order, gearReqId, quantity, messages(phone)));
  if (quantity === requisition.quantity) return order;
  await transaction(db, async (tx) => {
    await claimOrder(tx, order, version);
    await updateRequisition(tx, requisition.id, { quantity });
  });
  return savedOrder(db, order.id);
}

// --- Customize (13) ------------------------------------------------------------------------------------------------

/**
 * PUT /gear/customizeTestSelections/ (spec 3 §7; spec 1 §4.3; decision 0081): a practitioner customizes a pack of a
 * ship-to-office order: its tests (the product's, by the panel-selection rules), patient instructions and default
 * billing option ('Let my patient select their billing option' when none is given). Completes the customize step
 * of that requisition. Patients 403; another kind of requisition 400.
 */
export async function customizeTestSelections(
  db: Db,
  caller: Caller,
  body: CustomizeTestSelectionsBody,
  hrsaGsdlNumbers: readonly string[],
): Promise<GearOrder> {
  const user = caller.userInfo;
  if (user.type !== 'myGDX') throw forbidden(MESSAGES.forbidden);
  const { order, requisition } = await requisitionForCaller(db, user, body.id);
  refuseLockedOrder(order, user);
  if (!requisition.shipToOffice)
    throw badRequest(REVIEW_MESSAGES.customizeNotApplicable, [
      { field: 'id', defaultMessage: REVIEW_MESSAGES.customizeNotApplicable },
    ]);
  if (!requisitionPermissions(order, requisition, user).edit) throw forbidden(MESSAGES.forbidden);
  const item = (await catalogueOf(db)).activeItem(requisition.omsOrderableItemId);
  if (!item) throw notFound(MESSAGES.requisitionUnknown);
  const billingMethod = body.billingMethod ?? BILLING_METHODS.patientSelects;
  const offered =
    order.practitioner === null
      ? []
      : billingOptions({ user, practitioner: order.practitioner, order, requisition, hrsaGsdlNumbers });
  refuseIfAny([
    ...testSelectionErrors(item, body, { shipToOffice: true }),
    ...(offered.some((option) => option.name === billingMethod)
      ? []
      : [{ field: 'billingMethod', defaultMessage: MESSAGES.billingOptionRequired }]),
  ]);
  await transaction(db, async (tx) => {
    await claimOrder(tx, order, body.version);
    await updateRequisition(tx, requisition.id, {
      panel: body.panel,
      components: body.components,
      addons: body.addons,
      patientInstructions: body.patientInstructions,
      billingMethod,
    });
    const steps = completeStep(order.workflow.steps, {
      id: STEP_IDS.customize,
      gearReqId: requisition.id,
      userType: user.type,
      stepDate: new Date().toISOString(),
    });
    await saveWorkflowSteps(tx, order.id, order.workflow.steps, steps);
  });
  return savedOrder(db, order.id);
}

// --- Workflow ---------------------------------------------------------------------------------------------------------

/** The steps a caller completes through PUT /gear/updateWorkflow/: the read-only Practitioner Summary (decision 0080). */
const COMPLETED_BY_VIEWING: ReadonlySet<number> = new Set([STEP_IDS.registration]);

const rowKey = (row: { id: number; gearReqId: number | null }) => `${row.id}:${row.gearReqId ?? ''}`;

/**
 * PUT /gear/updateWorkflow/ (spec 3 §7 'Body is the order; returns the order or errors[]'; decision 0080): brings
 * the rows that depend on the requisitions up to date and completes the read-only steps the caller viewed (the
 * Practitioner Summary, while it is valid for them). Any other change of a row answers 400 with errors[].
 */
export async function updateWorkflow(db: Db, caller: Caller, body: UpdateWorkflowBody): Promise<GearOrder> {
  const user = caller.userInfo;
  const order = (await orderForCaller(db, user, body.id)) as SavedOrder;
  refuseLockedOrder(order, user);
  const current = new Map(order.workflow.steps.map((row) => [rowKey(row), row]));
  const asked = body.workflow.steps.filter((row) => row.completed && !current.get(rowKey(row))?.completed);
  refuseIfAny(
    asked
      .filter(
        (row) =>
          !COMPLETED_BY_VIEWING.has(row.id) || !current.has(rowKey(row)) || !isStepValid(row, order, user),
      )
      .map((row) => ({
        field: 'workflow.steps',
        defaultMessage: `${stepById(row.id)?.label ?? `Step ${row.id}`} cannot be completed here.`,
      })),
  );
  const stepDate = new Date().toISOString();
  const steps = asked.reduce<WorkflowStep[]>(
    (rows, row) =>
      completeStep(rows, { id: row.id, gearReqId: row.gearReqId, userType: user.type, stepDate }),
    updateStepApplicability(order.workflow.steps, order),
  );
  await transaction(db, async (tx) => {
    await claimOrder(tx, order, body.version);
    await saveWorkflowSteps(tx, order.id, order.workflow.steps, steps);
  });
  return savedOrder(db, order.id);
}

// --- Practitioner change ------------------------------------------------------------------------------------------

/**
 * PUT /gear/order/{id}/change-practitioner/{gsdlNo} (spec 3 §4 Practitioner change, §6, §7): saved only when the
 * chosen practitioner differs; allowed to admins, and otherwise when the caller has more than one practitioner option,
 * the chosen one among them, on a patient registration without the practitioner's agreement (403 otherwise).
 */
export async function changePractitioner(
  db: Db,
  caller: Caller,
  orderId: number,
  gsdlNo: string,
): Promise<GearOrder> {
  const user = caller.userInfo;
  if (user.type !== 'myGDX') throw forbidden(MESSAGES.forbidden);
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  refuseLockedOrder(order, user);
  const chosen = await findPractitioner(db, gsdlNo.toUpperCase());
  if (!chosen) throw notFound(MESSAGES.practitionerNotFound(gsdlNo.toUpperCase()));
  if (order.practitioner?.gsdlNo === chosen.gsdlNo) return order;
  const options = await practitionerOptionsForOrder(db, user, orderId);
  const allowed =
    mayChangePractitioner({ user, order, optionCount: options.length }) &&
    (isAdmin(user) || options.some((option) => option.gsdlNo === chosen.gsdlNo));
  if (!allowed) throw forbidden(MESSAGES.forbidden);
  await transaction(db, async (tx) => {
    await claimOrder(tx, order, undefined, { practitionerGsdlNo: chosen.gsdlNo });
    await tx.insert(auditEvents).values({
      orderId: order.id,
      actor: actorOf(caller),
      action: 'practitionerChanged',
      detail: { from: order.practitioner?.gsdlNo ?? null, to: chosen.gsdlNo },
    });
  });
  return savedOrder(db, order.id);
}

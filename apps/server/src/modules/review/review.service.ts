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
  labToday,
  MESSAGES,
  mayAuthorizeOrder,
  mayChangePractitioner,
  messages,
  REVIEW_MESSAGES,
  type Requisition,
  requisitionPermissions,
  reviewQuantityErrors,
  type SavedOrder,
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
import type { Db } from '../../db/client.ts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  refuseIfAny,
  unprocessable,
} from '../../lib/http-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot.ts';
import { orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan, UNCHANGED } from '../order/order-change.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';
import { practitionerOptionsForOrder } from '../practitioner/practitioner.service.ts';
import { bodyHashOf, findSubmission, storeSubmission } from './submission.repository.ts';

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

/** Every check of a submit the core leaves to it, in the order the user fixes them: placed, blockers, agreements. */
function refuseSubmit(
  order: GearOrder,
  user: UserInfo,
  body: ConfirmAndPayBody,
  mixedPricing: boolean,
): void {
  if (isReviewConfirmed(order, user)) throw conflict(REVIEW_MESSAGES.alreadyConfirmed);
  const blockers = submitBlockers({ order, user, today: labToday() });
  const acknowledgements = submitAcknowledgementErrors({
    order,
    user,
    mixedPricing,
    patientAgreement: body.patientAgreement,
  });
  const [first] = [...blockers, ...acknowledgements];
  if (first) throw unprocessable(first.defaultMessage, [...blockers, ...acknowledgements]);
  refuseUnpaidSubmit(order, user, body);
}

/**
 * The submit's change (spec 3 §3, §5): refused as refuseSubmit says; else the patient's agreements and data confirmed
 * (for a patient), the workflow rows of the confirmation (who and when) and the audit event.
 */
export function planSubmit(
  order: SavedOrder,
  user: UserInfo,
  body: ConfirmAndPayBody,
  facts: { mixedPricing: boolean; actor: string; idempotencyKey: string | null; stepDate: string },
): OrderChangePlan {
  refuseSubmit(order, user, body, facts.mixedPricing);
  return {
    changes:
      user.type === 'prc'
        ? { dataConfirmed: true, patientAgreement: true, nsaAcknowledged: body.nsaAcknowledged }
        : {},
    steps: confirmationSteps(order, user, facts.stepDate),
    writes: [
      {
        kind: 'audit',
        actor: facts.actor,
        action: user.type === 'prc' ? 'patientConfirmed' : 'practitionerConfirmed',
        detail: { userType: user.type, idempotencyKey: facts.idempotencyKey },
      },
    ],
  };
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
 * repeat replays the first answer, kept in the transaction of the change; the same key with another body answers
 * 422, even when the order's version has moved since. Otherwise the version read (the body's, else If-Match) is
 * required as for every change (decision 0100: 409 stale, 428 none): of concurrent submits one places the order.
 */
export async function confirmAndPay(
  db: Db,
  caller: Caller,
  orderId: number,
  body: ConfirmAndPayBody,
  idempotencyKey: string | null,
  basedOn: number | undefined,
): Promise<SubmitOutcome> {
  const user = caller.userInfo;
  await orderForCaller(db, user, orderId);
  const key = idempotencyKey ? { value: idempotencyKey, hash: bodyHashOf(body) } : null;
  const storedAnswer = async () => (key ? await findSubmission(db, orderId, key.value) : null);
  const first = await storedAnswer();
  if (first && key) return replayOf(first, key.hash);
  const kept: { answer?: ConfirmAndPayResult } = {};
  try {
    await changeOrder(db, {
      user,
      subject: { orderId },
      basedOn,
      kind: ORDER_CHANGES.submit,
      plan: async ({ order }) =>
        planSubmit(order, user, body, {
          mixedPricing: await hasMixedPricing(db, order),
          actor: actorOf(caller),
          idempotencyKey: key?.value ?? null,
          stepDate: new Date().toISOString(),
        }),
      record: async (tx, gearOrder) => {
        kept.answer = { gearOrder, error: null, message: null };
        if (key)
          await storeSubmission(tx, orderId, key.value, {
            statusCode: 200,
            answer: kept.answer as unknown as Record<string, unknown>,
            bodyHash: key.hash,
          });
      },
    });
  } catch (refusal) {
    // A repeat that found the order placed or its version stale: the first submit of its key answered it.
    const stored = await storedAnswer();
    if (stored && key) return replayOf(stored, key.hash);
    throw refusal;
  }
  if (!kept.answer) throw notFound(MESSAGES.orderNotFound);
  return { answer: kept.answer, replayed: false };
}

// --- Acknowledgements -----------------------------------------------------------------------------------------------

/** The medical-necessity acknowledgement (spec 3 §4): given at `at`, or withdrawn (null), with its audit event. */
export function planMedicalNecessity(at: Date | null, user: UserInfo, actor: string): OrderChangePlan {
  return {
    changes: { dateMedicalNecessityAcknowledged: at },
    writes: [
      {
        kind: 'audit',
        actor,
        action: at ? 'medicalNecessityAcknowledged' : 'medicalNecessityWithdrawn',
        detail: { userType: user.type },
      },
    ],
  };
}

/**
 * POST /gear/order/{id}/update-medical-necessity (spec 3 §4, §7 'JSON date or null'): records that the caller
 * acknowledged medical necessity (the server's time) or withdraws it (null). Answers the order. The body is only the
 * date: the version read comes in If-Match (decision 0100).
 */
export async function updateMedicalNecessity(
  db: Db,
  caller: Caller,
  orderId: number,
  acknowledged: string | null,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const user = caller.userInfo;
  const at = acknowledged === null ? null : new Date();
  const { order } = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.medicalNecessity,
    plan: () => planMedicalNecessity(at, user, actorOf(caller)),
  });
  return order;
}

/**
 * The authorizing practitioner's agreement (spec 3 §4 'The authorization checkbox saves once', §6 '403 if the user
 * lacks permission'): 403 for a caller who may not give it; unchanged once given; else given at `at`, audited.
 */
export function planAuthorization(order: SavedOrder, user: UserInfo, at: Date, actor: string) {
  if (!mayAuthorizeOrder(user, order)) throw forbidden(REVIEW_MESSAGES.authorizationForbidden);
  if (order.practAgreement === true) return UNCHANGED;
  return {
    changes: { practAgreement: true, practAgreementDate: at },
    writes: [
      {
        kind: 'audit',
        actor,
        action: 'orderAuthorized',
        detail: { gsdlNo: user.gsdlNo, onBehalfOf: user.onBehalfOf },
      },
    ],
  } satisfies OrderChangePlan;
}

const isStale = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 409 && error.message === MESSAGES.staleOrder;

/**
 * POST /gear/orders/{id}/authorize: the agreement, given once. The version read comes in If-Match (decision 0100: 428
 * without one); a repeat answers the order unchanged, and so does a call that finds its version stale because the
 * agreement was just given (of concurrent calls, one gives it).
 */
export async function authorizeOrder(
  db: Db,
  caller: Caller,
  orderId: number,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const user = caller.userInfo;
  const authorize = () =>
    changeOrder(db, {
      user,
      subject: { orderId },
      basedOn,
      kind: ORDER_CHANGES.authorization,
      plan: ({ order }) => planAuthorization(order, user, new Date(), actorOf(caller)),
    });
  try {
    return (await authorize()).order;
  } catch (error) {
    if (!isStale(error)) throw error;
    const order = await orderForCaller(db, user, orderId);
    if (order.practAgreement !== true) throw error;
    return order;
  }
}

// --- Quantity ---------------------------------------------------------------------------------------------------------

/**
 * A requisition's quantity from the review (spec 3 §5, §7): only where the review lets the caller edit the
 * requisition (403); 1 to 99, and for Canada at most 25 packs on the order (400 with the spec's message).
 */
export function planQuantity(
  order: SavedOrder,
  requisition: Requisition,
  user: UserInfo,
  quantity: number,
  phone: string,
): OrderChangePlan | typeof UNCHANGED {
  if (!requisitionPermissions(order, requisition, user).edit) throw forbidden(MESSAGES.forbidden);
  refuseIfAny(reviewQuantityErrors(order, requisition.id, quantity, messages(phone)));
  if (quantity === requisition.quantity) return UNCHANGED;
  return { writes: [{ kind: 'updateRequisition', id: requisition.id, values: { quantity } }] };
}

/**
 * PUT /gear/gear-requisition/{id}/quantity?quantity={n} (spec 3 §5, §7), with the version read in If-Match (or
 * `&version={v}`; decision 0100: 409 stale, 428 none).
 */
export async function saveQuantity(
  db: Db,
  caller: Caller,
  gearReqId: number,
  quantity: number,
  basedOn: number | undefined,
  phone: string,
): Promise<GearOrder> {
  const user = caller.userInfo;
  const { order } = await changeOrder(db, {
    user,
    subject: { gearReqId },
    basedOn,
    kind: ORDER_CHANGES.quantity,
    plan: ({ order, requisition }) => {
      if (!requisition) throw notFound(MESSAGES.requisitionUnknown);
      return planQuantity(order, requisition, user, quantity, phone);
    },
  });
  return order;
}

// --- Customize (13) ------------------------------------------------------------------------------------------------

/**
 * A practitioner's customization of a pack of a ship-to-office order (spec 1 §4.3; decision 0081): another kind of
 * requisition 400; only where the review lets them edit it (403); its tests by the panel-selection rules and a
 * billing option offered (400); then its tests, patient instructions and billing option, and its customize step
 * completed.
 */
export function planCustomization(
  order: SavedOrder,
  requisition: Requisition,
  user: UserInfo,
  body: CustomizeTestSelectionsBody,
  facts: { catalogue: CatalogueSnapshot; hrsaGsdlNumbers: readonly string[]; stepDate: string },
): OrderChangePlan {
  if (!requisition.shipToOffice)
    throw badRequest(REVIEW_MESSAGES.customizeNotApplicable, [
      { field: 'id', defaultMessage: REVIEW_MESSAGES.customizeNotApplicable },
    ]);
  if (!requisitionPermissions(order, requisition, user).edit) throw forbidden(MESSAGES.forbidden);
  const item = facts.catalogue.activeItem(requisition.omsOrderableItemId);
  if (!item) throw notFound(MESSAGES.requisitionUnknown);
  const billingMethod = body.billingMethod ?? BILLING_METHODS.patientSelects;
  const offered =
    order.practitioner === null
      ? []
      : billingOptions({
          user,
          practitioner: order.practitioner,
          order,
          requisition,
          hrsaGsdlNumbers: facts.hrsaGsdlNumbers,
        });
  refuseIfAny([
    ...testSelectionErrors(item, body, { shipToOffice: true }),
    ...(offered.some((option) => option.name === billingMethod)
      ? []
      : [{ field: 'billingMethod', defaultMessage: MESSAGES.billingOptionRequired }]),
  ]);
  return {
    writes: [
      {
        kind: 'updateRequisition',
        id: requisition.id,
        values: {
          panel: body.panel,
          components: body.components,
          addons: body.addons,
          patientInstructions: body.patientInstructions,
          billingMethod,
        },
      },
    ],
    steps: completeStep(order.workflow.steps, {
      id: STEP_IDS.customize,
      gearReqId: requisition.id,
      userType: user.type,
      stepDate: facts.stepDate,
    }),
  };
}

/**
 * PUT /gear/customizeTestSelections/ (spec 3 §7; spec 1 §4.3; decision 0081): a practitioner customizes a pack of a
 * ship-to-office order (planCustomization). Patients 403. The version read in the body or If-Match (decision 0100).
 */
export async function customizeTestSelections(
  db: Db,
  caller: Caller,
  body: CustomizeTestSelectionsBody,
  hrsaGsdlNumbers: readonly string[],
  basedOn: number | undefined,
): Promise<GearOrder> {
  const user = caller.userInfo;
  if (user.type !== 'myGDX') throw forbidden(MESSAGES.forbidden);
  const { order } = await changeOrder(db, {
    user,
    subject: { gearReqId: body.id },
    basedOn,
    kind: ORDER_CHANGES.customization,
    plan: async ({ order, requisition }) => {
      if (!requisition) throw notFound(MESSAGES.requisitionUnknown);
      return planCustomization(order, requisition, user, body, {
        catalogue: await catalogueOf(db),
        hrsaGsdlNumbers,
        stepDate: new Date().toISOString(),
      });
    },
  });
  return order;
}

// --- Workflow ---------------------------------------------------------------------------------------------------------

/** The steps a caller completes through PUT /gear/updateWorkflow/: the read-only Practitioner Summary (decision 0080). */
const COMPLETED_BY_VIEWING: ReadonlySet<number> = new Set([STEP_IDS.registration]);

const rowKey = (row: { id: number; gearReqId: number | null }) => `${row.id}:${row.gearReqId ?? ''}`;

/**
 * The workflow brought up to date (decision 0080): the rows that depend on the requisitions, and the read-only steps
 * the caller viewed (the Practitioner Summary, while it is valid for them) completed. Any other change of a row is
 * refused 400 with errors[].
 */
export function planWorkflow(
  order: SavedOrder,
  user: UserInfo,
  body: UpdateWorkflowBody,
  stepDate: string,
): OrderChangePlan {
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
  return {
    steps: asked.reduce<WorkflowStep[]>(
      (rows, row) =>
        completeStep(rows, { id: row.id, gearReqId: row.gearReqId, userType: user.type, stepDate }),
      updateStepApplicability(order.workflow.steps, order),
    ),
  };
}

/**
 * PUT /gear/updateWorkflow/ (spec 3 §7 'Body is the order; returns the order or errors[]'; decision 0080): the
 * order's version in the body (or If-Match; decision 0100).
 */
export async function updateWorkflow(
  db: Db,
  caller: Caller,
  body: UpdateWorkflowBody,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const user = caller.userInfo;
  const { order } = await changeOrder(db, {
    user,
    subject: { orderId: body.id },
    basedOn,
    kind: ORDER_CHANGES.workflow,
    plan: ({ order }) => planWorkflow(order, user, body, new Date().toISOString()),
  });
  return order;
}

// --- Practitioner change ------------------------------------------------------------------------------------------

/**
 * The practitioner change from the review (spec 3 §4 Practitioner change, §6): unchanged for the same practitioner;
 * allowed to admins, and otherwise when the caller has more than one practitioner option, the chosen one among them,
 * on a patient registration without the practitioner's agreement (403 otherwise). Audited.
 */
export function planChangeOfPractitioner(
  order: SavedOrder,
  user: UserInfo,
  chosen: { gsdlNo: string },
  options: readonly { gsdlNo: string }[],
  actor: string,
): OrderChangePlan | typeof UNCHANGED {
  if (order.practitioner?.gsdlNo === chosen.gsdlNo) return UNCHANGED;
  const allowed =
    mayChangePractitioner({ user, order, optionCount: options.length }) &&
    (isAdmin(user) || options.some((option) => option.gsdlNo === chosen.gsdlNo));
  if (!allowed) throw forbidden(MESSAGES.forbidden);
  return {
    changes: { practitionerGsdlNo: chosen.gsdlNo },
    writes: [
      {
        kind: 'audit',
        actor,
        action: 'practitionerChanged',
        detail: { from: order.practitioner?.gsdlNo ?? null, to: chosen.gsdlNo },
      },
    ],
  };
}

/**
 * PUT /gear/order/{id}/change-practitioner/{gsdlNo} (spec 3 §4, §6, §7): saved only when the chosen practitioner
 * differs (planChangeOfPractitioner); 404 for an unknown practitioner. The version read in If-Match (decision 0100).
 */
export async function changePractitioner(
  db: Db,
  caller: Caller,
  orderId: number,
  gsdlNo: string,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const user = caller.userInfo;
  if (user.type !== 'myGDX') throw forbidden(MESSAGES.forbidden);
  const { order } = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.practitionerChange,
    plan: async ({ order }) => {
      const chosen = await findPractitioner(db, gsdlNo.toUpperCase());
      if (!chosen) throw notFound(MESSAGES.practitionerNotFound(gsdlNo.toUpperCase()));
      if (order.practitioner?.gsdlNo === chosen.gsdlNo) return UNCHANGED;
      const options = await practitionerOptionsForOrder(db, user, orderId);
      return planChangeOfPractitioner(order, user, chosen, options, actorOf(caller));
    },
  });
  return order;
}

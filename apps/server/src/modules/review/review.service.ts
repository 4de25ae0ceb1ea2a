import {
  type AcknowledgementFacts,
  BILLING_METHODS,
  billingOptions,
  type ConfirmAndPayBody,
  type ConfirmAndPayResult,
  type CustomizeTestSelectionsBody,
  completeStep,
  confirmationSteps,
  type FieldError,
  type GearOrder,
  isAdmin,
  isReviewConfirmed,
  isStepValid,
  labToday,
  MESSAGES,
  mayAuthorizeOrder,
  mayChangePractitioner,
  messages,
  PAYMENT_MESSAGES,
  pitlUnpricedBlockers,
  REVIEW_MESSAGES,
  type Requisition,
  requisitionPermissions,
  reviewQuantityErrors,
  type SavedOrder,
  STEP_IDS,
  stepById,
  submitAcknowledgementErrors,
  submitBlockers,
  submitPaymentAcknowledgementErrors,
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
  namedRefusal,
  notFound,
  refuseIfAny,
  unprocessable,
} from '../../lib/http-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot.ts';
import { orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan, UNCHANGED } from '../order/order-change.ts';
import {
  insertPayments,
  markCaptured,
  type NewPayment,
  redeemPrepayCode,
} from '../payment/payment.repository.ts';
import {
  acknowledgementFactsOf,
  authorizeCharges,
  type Charge,
  captureAll,
  chargesOf,
  discountCodesOf,
  dropTypedCards,
  duesWithDiscount,
  gatewayKeyOf,
  owesNow,
  type PaymentDeps,
  paymentRowsOf,
  voidUnrecorded,
} from '../payment/payment.service.ts';
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

/** What the submit's payment check knows besides the order: the charges resolved, or the refusal found. */
export interface SubmitPaymentFacts {
  /** The submitter owes a payment now (a patient's tests or anyone's expedited shipping). */
  owes: boolean;
  /** The order's price cannot be determined (spec 3 §4 'Config error … submits without payment'). */
  configError: boolean;
  /** The unpaid requisitions whose price could not be determined (spec 3 §5 PITL rule). */
  unpricedGearReqIds: readonly number[];
  acknowledgements: AcknowledgementFacts;
  /** The payments' own refusals (chargesOf): the payment type and fields, checked after the blockers. */
  paymentErrors: readonly FieldError[];
  /** A paid requisition owes again (decision 0161): a patient who confirmed already submits its payment. */
  reopened: boolean;
}

/**
 * The payment part of a submit (spec 3 §5 'Other payment rules'; decision 0120): the NSA acknowledgement when
 * required and, for a patient who owes a payment, the captcha (its once-only check is the service's).
 */
function refuseUnpaidSubmit(body: ConfirmAndPayBody, payment: SubmitPaymentFacts): void {
  const errors = submitPaymentAcknowledgementErrors(payment.acknowledgements, {
    patientAgreement: true,
    nsaAcknowledged: body.nsaAcknowledged,
    recaptcha: payment.owes ? body.recaptcha : 'not asked',
  });
  const [first] = errors;
  if (first) throw unprocessable(first.defaultMessage, errors);
}

/**
 * Every check of a submit the core leaves to it, in the order the user fixes them: placed, blockers, payments,
 * agreements, the NSA and the captcha.
 */
function refuseSubmit(
  order: GearOrder,
  user: UserInfo,
  body: ConfirmAndPayBody,
  mixedPricing: boolean,
  payment: SubmitPaymentFacts,
): void {
  if (isReviewConfirmed(order, user) && !payment.reopened) throw conflict(REVIEW_MESSAGES.alreadyConfirmed);
  const blockers = [
    ...submitBlockers({ order, user, today: labToday() }),
    ...pitlUnpricedBlockers(order, payment.unpricedGearReqIds),
  ];
  const acknowledgements = submitAcknowledgementErrors({
    order,
    user,
    mixedPricing,
    patientAgreement: body.patientAgreement,
  });
  const [first] = [...blockers, ...payment.paymentErrors, ...acknowledgements];
  if (first)
    throw unprocessable(first.defaultMessage, [...blockers, ...payment.paymentErrors, ...acknowledgements]);
  refuseUnpaidSubmit(body, payment);
}

/**
 * The submit's change (spec 3 §3, §5): refused as refuseSubmit says; else the patient's agreements and data confirmed
 * (for a patient), the workflow rows of the confirmation (who and when) and the audit event.
 */
export function planSubmit(
  order: SavedOrder,
  user: UserInfo,
  body: ConfirmAndPayBody,
  facts: {
    mixedPricing: boolean;
    actor: string;
    idempotencyKey: string | null;
    stepDate: string;
    payment: SubmitPaymentFacts;
  },
): OrderChangePlan {
  refuseSubmit(order, user, body, facts.mixedPricing, facts.payment);
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

/** What a submit has found out before its change: the payments resolved and what they owe. */
async function submitFacts(
  db: Db,
  deps: PaymentDeps,
  caller: Caller,
  order: GearOrder,
  body: ConfirmAndPayBody,
): Promise<{ payment: SubmitPaymentFacts; charges: Charge[]; discountCode: string | null }> {
  const user = caller.userInfo;
  // The code the payments carry is checked again against the server's prices now (decision 0132): one that no longer
  // applies refuses the submit (spec 3 §8 DiscountNotFoundException / PitlDiscountNotFoundException), before any
  // captcha is spent or card charged; one that applies lowers what the charges take.
  const dues = await duesWithDiscount(db, caller, order, deps.carrier, discountCodesOf(body.payments));
  let charges: Charge[] = [];
  let paymentErrors: readonly FieldError[] = [];
  try {
    charges = await chargesOf(db, deps, order, user, body.payments, dues, labToday());
  } catch (refusal) {
    if (!(refusal instanceof HttpError) || refusal.statusCode !== 422) throw refusal;
    // A refusal always names a field: one without would let the submit through unpaid.
    paymentErrors = refusal.errors?.length
      ? refusal.errors
      : [{ field: 'payments', defaultMessage: refusal.message }];
  }
  return {
    charges,
    discountCode: dues.discount?.code ?? null,
    payment: {
      owes: owesNow(user, dues),
      configError: dues.configError,
      unpricedGearReqIds: dues.unpricedGearReqIds,
      acknowledgements: acknowledgementFactsOf(order, user, dues),
      paymentErrors,
      reopened: dues.reopened.length > 0,
    },
  };
}

/** How long a repeat whose captcha was spent by its concurrent twin waits for the twin's answer (decision 0120). */
const TWIN_WAIT = { attempts: 50, everyMs: 100 } as const;

/**
 * PUT /gear/order/{id}/confirm-and-pay (spec 3 §5, §7, §8; decisions 0080, 0120): places the order and takes its
 * payments in one idempotent operation. Card numbers posted are handed to the gateway and dropped (only tokens go
 * on). The checks of spec 3 §5 run on the order as read before a patient's captcha is spent (422 with errors[]); the
 * captcha is accepted once (RecaptchaInvalidException). Inside the order-change core, the plan checks again on the
 * order it holds, then authorizes the card charges with keys made of the order's version and the submission, so that
 * concurrent identical submits make one authorization; a decline confirms nothing (402 RequisitionPaymentException or
 * ExpeditedShippingPaymentException). The payments are written with the confirmation in the core's transaction, a
 * prepay code redeemed there once; authorizations that no committed payment holds are voided; the committed ones are
 * captured. Idempotent by key: a repeat replays the first answer; the same key with another body answers 422.
 * The version read (If-Match, or the body's `version`) is required as for every change (decision 0100: 409
 * stale, 428 none), but a repeat with the same key replays although its version is now stale.
 */
export async function confirmAndPay(
  db: Db,
  deps: PaymentDeps,
  caller: Caller,
  orderId: number,
  body: ConfirmAndPayBody,
  idempotencyKey: string | null,
  basedOn: number | undefined,
): Promise<SubmitOutcome> {
  const user = caller.userInfo;
  const read = await orderForCaller(db, user, orderId);
  const key = idempotencyKey ? { value: idempotencyKey } : null;
  const storedAnswer = async () => (key ? await findSubmission(db, orderId, key.value) : null);
  const first = await storedAnswer();
  const typed = await dropTypedCards(deps, body.payments);
  const paying: ConfirmAndPayBody = { ...body, payments: typed.payments };
  const hash = bodyHashOf({ ...body, payments: typed.forHash });
  if (first && key) return replayOf(first, hash);

  // The checks on the order as read, before the once-only captcha is spent on a submit that cannot go through.
  const preflight = await submitFacts(db, deps, caller, read, paying);
  try {
    planSubmit(read as SavedOrder, user, paying, {
      mixedPricing: await hasMixedPricing(db, read),
      actor: actorOf(caller),
      idempotencyKey: key?.value ?? null,
      stepDate: new Date().toISOString(),
      payment: preflight.payment,
    });
  } catch (refusal) {
    const stored = await storedAnswer();
    if (stored && key) return replayOf(stored, hash);
    throw refusal;
  }
  if (user.type === 'prc' && preflight.payment.owes && !(await deps.captchaAccepted(db, body.recaptcha))) {
    // A concurrent twin of this submit (same key) may have spent the solution: its answer is this one's.
    for (let attempt = 0; key && attempt < TWIN_WAIT.attempts; attempt++) {
      const stored = await storedAnswer();
      if (stored) return replayOf(stored, hash);
      await new Promise((resolve) => setTimeout(resolve, TWIN_WAIT.everyMs));
    }
    throw namedRefusal(422, 'RecaptchaInvalidException', PAYMENT_MESSAGES.captchaInvalid, [
      { field: 'recaptcha', defaultMessage: PAYMENT_MESSAGES.captchaInvalid },
    ]);
  }

  const kept: { answer?: ConfirmAndPayResult } = {};
  const authorized: string[] = [];
  let rows: NewPayment[] = [];
  try {
    await changeOrder(db, {
      user,
      subject: { orderId },
      basedOn,
      kind: ORDER_CHANGES.submit,
      keyedByCaller: true,
      plan: async ({ order }) => {
        const facts = await submitFacts(db, deps, caller, order, paying);
        const plan = planSubmit(order, user, paying, {
          mixedPricing: await hasMixedPricing(db, order),
          actor: actorOf(caller),
          idempotencyKey: key?.value ?? null,
          stepDate: new Date().toISOString(),
          payment: facts.payment,
        });
        const version = body.version ?? order.version;
        const byCharge = await authorizeCharges(deps, orderId, version, hash, facts.charges);
        authorized.push(...byCharge.values());
        rows = paymentRowsOf(facts.charges, byCharge, {
          orderId,
          user,
          userId: caller.userId,
          gatewayKey: (index) => gatewayKeyOf(orderId, version, hash, index),
        });
        return rows.length === 0
          ? plan
          : {
              ...plan,
              writes: [
                ...(plan.writes ?? []),
                {
                  kind: 'audit' as const,
                  actor: actorOf(caller),
                  action: 'paymentsTaken',
                  detail: {
                    discountCode: facts.discountCode,
                    payments: rows.map((row) => ({
                      paymentType: row.paymentType,
                      gearReqId: row.gearReqId,
                      amountCents: row.amountCents,
                      transactionId: row.transactionId,
                    })),
                  },
                },
              ],
            };
      },
      record: async (tx, gearOrder) => {
        const ids = await insertPayments(tx, rows);
        for (const [index, row] of rows.entries())
          if (row.prepayCode && !(await redeemPrepayCode(tx, row.prepayCode, ids[index] as number)))
            throw unprocessable(PAYMENT_MESSAGES.prepayCodeUnknown, [
              { field: 'payments', defaultMessage: PAYMENT_MESSAGES.prepayCodeUnknown },
            ]);
        kept.answer = { gearOrder, error: null, message: null };
        if (key)
          await storeSubmission(tx, orderId, key.value, {
            statusCode: 200,
            answer: kept.answer as unknown as Record<string, unknown>,
            bodyHash: hash,
          });
      },
    });
  } catch (refusal) {
    // Nothing committed by this call: its authorizations go back, unless a concurrent twin's commit holds them.
    await voidUnrecorded(db, deps, authorized);
    // A repeat that found the order placed or its version stale: the first submit of its key answered it.
    const stored = await storedAnswer();
    if (stored && key) return replayOf(stored, hash);
    throw refusal;
  }
  if (!kept.answer) throw notFound(MESSAGES.orderNotFound);
  await captureAll(deps, authorized);
  await markCaptured(db, authorized);
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
 * Patients too (spec 3 §4), choosing within the order's practice (decision 0111).
 */
export async function changePractitioner(
  db: Db,
  caller: Caller,
  orderId: number,
  gsdlNo: string,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const user = caller.userInfo;
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

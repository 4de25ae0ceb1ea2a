import type { SavedOrder } from '@gear/domain';
import {
  type GearOrder,
  initialWorkflowSteps,
  REMOVAL_MESSAGES,
  type RemovalRefusal,
  type Requisition,
  removalRefusal,
  STEP_IDS,
  saveForLaterRefusal,
  skipStep,
  skipStepErrors,
  type UserInfo,
  updateStepApplicability,
  type WorkflowStep,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';

type Flags = Pick<Requisition, 'id' | 'dropShip' | 'shipToOffice'>;

/** The rows with the shipping step applying exactly while a requisition left ships packs. */
const withShipping = (steps: readonly WorkflowStep[], remaining: readonly Flags[]) =>
  updateStepApplicability(steps, {
    requisitions: remaining,
    containsDropShipRequisition: false,
    containsShipToOfficeRequisition: false,
  });

// --- Skip step ----------------------------------------------------------------------------------------------------

/**
 * PUT /gear/order/{id}/skip-step/{stepId}[/{reqId}] (spec 2 §4, §7; decision 0036): a practitioner leaves an
 * incomplete step for later. The row becomes Skipped (status id 4), so the step bar and Next move past it; the step
 * stays incomplete and is completed when it is saved. Patients are refused (403), a step that is complete, not the
 * user's or without its row answers 400 with errors[{field, defaultMessage}].
 */
export function planSkipStep(
  order: SavedOrder,
  user: UserInfo,
  stepId: number,
  gearReqId: number | null,
): OrderChangePlan {
  const errors = skipStepErrors(order, user, stepId, gearReqId);
  const [first] = errors;
  if (first) {
    if (user.type !== 'myGDX') throw new HttpError(403, first.defaultMessage, errors);
    throw badRequest(first.defaultMessage, errors);
  }
  return {
    steps: skipStep(order.workflow.steps, {
      id: stepId,
      gearReqId,
      userType: user.type,
      stepDate: new Date().toISOString(),
    }),
  };
}

export async function skipOrderStep(
  db: Db,
  user: UserInfo,
  orderId: number,
  stepId: number,
  gearReqId: number | null,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const saved = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.skipStep,
    plan: ({ order }) => planSkipStep(order, user, stepId, gearReqId),
  });
  return saved.order;
}

// --- Remove a requisition ---------------------------------------------------------------------------------------------

/** spec 2 §8: 400 cannot be removed, 403 not authorized, 404 cannot be found. */
function removalError(refusal: RemovalRefusal): HttpError {
  switch (refusal) {
    case 'notFound':
      return notFound(REMOVAL_MESSAGES.notFound);
    case 'notAuthorized':
      return forbidden(REMOVAL_MESSAGES.notAuthorized);
    case 'onlyRequisition':
      return badRequest(REMOVAL_MESSAGES.saveForLaterOnlyRequisition);
    default:
      return badRequest(REMOVAL_MESSAGES.cannotBeRemoved);
  }
}

const others = (order: SavedOrder, gearReqId: number) =>
  order.requisitions.filter((requisition) => requisition.id !== gearReqId);

/**
 * DELETE /gear/order/{id}/requisition/{reqId} (spec 2 §4, §7, §8; decision 0034): removes a requisition the lab has
 * not received, with its workflow rows; patients only from an order of a single requisition. Answers the updated
 * order (which may have no requisitions left).
 */
export function planRemoval(order: SavedOrder, user: UserInfo, gearReqId: number): OrderChangePlan {
  const refusal = removalRefusal(user, order, gearReqId);
  if (refusal) throw removalError(refusal);
  const before = order.workflow.steps.filter((row) => row.gearReqId !== gearReqId);
  return {
    writes: [{ kind: 'deleteRequisitions', ids: [gearReqId] }],
    steps: withShipping(before, others(order, gearReqId)),
  };
}

export async function removeRequisition(
  db: Db,
  user: UserInfo,
  orderId: number,
  gearReqId: number,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const saved = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.removeRequisition,
    plan: ({ order }) => planRemoval(order, user, gearReqId),
  });
  return saved.order;
}

// --- Save for later --------------------------------------------------------------------------------------------------

/** The order steps a new order takes over from the one it was split from: the data it copies (decision 0035). */
const CARRIED_ORDER_STEPS: ReadonlySet<number> = new Set([
  STEP_IDS.pract,
  STEP_IDS.patient,
  STEP_IDS.insurance,
  STEP_IDS.shipping,
]);

function newOrderSteps(order: SavedOrder, moved: Requisition): WorkflowStep[] {
  const fresh = initialWorkflowSteps({
    requisitions: [moved],
    containsDropShipRequisition: false,
    containsShipToOfficeRequisition: false,
  }).filter((row) => row.gearReqId === null);
  const carried = fresh.map((row) => {
    const old = order.workflow.steps.find(
      (candidate) => candidate.id === row.id && candidate.gearReqId === null,
    );
    return old && CARRIED_ORDER_STEPS.has(row.id) ? { ...old, notApplicable: row.notApplicable } : row;
  });
  const movedRows = order.workflow.steps.filter((row) => row.gearReqId === moved.id);
  return withShipping([...carried, ...movedRows], [moved]);
}

export interface SavedForLater {
  order: GearOrder;
  newOrderId: number;
}

/**
 * PUT /gear/order/{orderId}/requisition/{reqId}/save-for-later (spec 2 §3, §4; decision 0035): moves a requisition
 * and its workflow rows to a new order of the same practitioner and patient; patients and admins only, with more
 * than one requisition on the order. Answers the order it left and the new order's id.
 */
export function planSaveForLater(
  order: SavedOrder,
  user: UserInfo,
  userId: number | null,
  gearReqId: number,
): OrderChangePlan {
  const refusal = saveForLaterRefusal(user, order, gearReqId);
  if (refusal === 'notAuthorized') throw forbidden(REMOVAL_MESSAGES.saveForLaterNotAuthorized);
  if (refusal) throw removalError(refusal);
  const moved = order.requisitions.find((requisition) => requisition.id === gearReqId) as Requisition;
  const before = order.workflow.steps.filter((row) => row.gearReqId !== gearReqId);
  return {
    writes: [
      { kind: 'moveToNewOrder', gearReqId, createdByUserId: userId, steps: newOrderSteps(order, moved) },
    ],
    steps: withShipping(before, others(order, gearReqId)),
  };
}

export async function saveRequisitionForLater(
  db: Db,
  user: UserInfo,
  userId: number | null,
  orderId: number,
  gearReqId: number,
  basedOn: number | undefined,
): Promise<SavedForLater> {
  const saved = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.saveForLater,
    plan: ({ order }) => planSaveForLater(order, user, userId, gearReqId),
  });
  return { order: saved.order, newOrderId: saved.newOrderId as number };
}

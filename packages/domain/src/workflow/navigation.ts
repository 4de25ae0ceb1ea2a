import { type GearOrder, type OrderFacts, STEP_STATUS, type WorkflowStep } from '../contract/order.ts';
import { STEP_IDS, STEPS, type StepDefinition, stepById } from './steps.ts';
import { isStepValid, type NavigationUser } from './validity.ts';
import { findWorkflowRow, requisitionOfStep } from './workflow-rows.ts';

/** A step the wizard can show: its definition, the requisition it is for (requisition steps only) and its row. */
export interface StepPosition {
  step: StepDefinition;
  gearReqId: number | null;
  row: WorkflowStep | undefined;
}

/**
 * Where Next or Back leads: a step; home ('/', spec 1 §4.1 'Back from the first step goes to /'); or end, when no
 * valid step follows (e.g. Next from shipping for a practitioner), where the caller submits or shows confirmation.
 */
export type NavigationTarget =
  | { kind: 'home' }
  | { kind: 'end' }
  | { kind: 'step'; step: StepDefinition; gearReqId: number | null };

export interface NavigationOptions {
  /**
   * spec 1 §4.1 'A practitioner editing a client order goes to confirm unless the step is patient_confirmation'.
   * The caller sets this when a practitioner came from the review of a client order to edit one section: Next and
   * Back then return to the review (confirm, 8) instead of walking the wizard. Patient confirmation is the summary
   * step here (spec/README.md resolution 5), so from summary the ordinary order applies.
   */
  practitionerEditingClientOrder?: boolean;
}

const STEPS_IN_ORDER: readonly StepDefinition[] = [...STEPS].sort((a, b) => a.id - b.id);

/**
 * The requisition whose steps the wizard walks: the one given, else the order's last requisition (the one most
 * recently added, which the user is working on), else none (an order without requisitions yet).
 */
export function requisitionContext(
  order: Pick<OrderFacts, 'requisitions'>,
  gearReqId?: number | null,
): number | null {
  return gearReqId ?? order.requisitions.at(-1)?.id ?? null;
}

/** spec 1 §4.1: the valid, routed steps in id order, with requisition steps taken for one requisition. */
export function validStepPositions(
  order: OrderFacts,
  user: NavigationUser,
  gearReqId?: number | null,
): StepPosition[] {
  const context = requisitionContext(order, gearReqId);
  return STEPS_IN_ORDER.filter((step) => step.route !== null)
    .map((step) => ({
      step,
      gearReqId: requisitionOfStep(step, context),
      row: findWorkflowRow(order, step, context),
    }))
    .filter(({ step, gearReqId: owner, row }) =>
      isStepValid({ id: step.id, gearReqId: owner, notApplicable: row?.notApplicable ?? false }, order, user),
    );
}

const toTarget = ({ step, gearReqId }: StepPosition): NavigationTarget => ({ kind: 'step', step, gearReqId });

function reviewTarget(
  order: OrderFacts,
  user: NavigationUser,
  currentStepId: number,
): NavigationTarget | null {
  const fromReviewOrPatientConfirmation =
    currentStepId === STEP_IDS.confirm || currentStepId === STEP_IDS.summary;
  const review = stepById(STEP_IDS.confirm);
  if (fromReviewOrPatientConfirmation || review === undefined || !isStepValid(review, order, user))
    return null;
  return { kind: 'step', step: review, gearReqId: null };
}

/** spec 1 §4.1: 'Next goes to the next valid step after the current one.' */
export function nextStep(
  order: OrderFacts,
  user: NavigationUser,
  currentStepId: number,
  gearReqId?: number | null,
  options: NavigationOptions = {},
): NavigationTarget {
  const review = options.practitionerEditingClientOrder ? reviewTarget(order, user, currentStepId) : null;
  if (review) return review;
  const next = validStepPositions(order, user, gearReqId).find(({ step }) => step.id > currentStepId);
  return next ? toTarget(next) : { kind: 'end' };
}

/** spec 1 §4.1: 'Back goes to the previous valid one. Back from the first step goes to /.' */
export function previousStep(
  order: OrderFacts,
  user: NavigationUser,
  currentStepId: number,
  gearReqId?: number | null,
  options: NavigationOptions = {},
): NavigationTarget {
  const review = options.practitionerEditingClientOrder ? reviewTarget(order, user, currentStepId) : null;
  if (review) return review;
  const previous = validStepPositions(order, user, gearReqId).findLast(({ step }) => step.id < currentStepId);
  return previous ? toTarget(previous) : { kind: 'home' };
}

/**
 * spec 1 §2.1: /order/{id or new}/{step route}[/{gearReqId}], keeping the query string; a step without a route goes
 * to the fallback /patient/{orderId}[/{reqId}]. search is the current query string with its '?', or ''.
 */
export function stepPath(
  orderId: GearOrder['id'],
  step: StepDefinition,
  gearReqId: number | null = null,
  search = '',
): string {
  const requisitionSegment = gearReqId === null ? '' : `/${gearReqId}`;
  const base = step.route === null ? `/patient/${orderId}` : `/order/${orderId}/${step.route}`;
  return `${base}${requisitionSegment}${search}`;
}

/**
 * spec 1 §4.1 'Next-step eligibility: the order contains a ship-to-office requisition, or the step status id is 1,
 * or the step id exceeds 7, or (prc users) the status id is 2.'
 */
export function isNextStepEligible(
  step: Pick<WorkflowStep, 'id' | 'status'>,
  order: Pick<OrderFacts, 'containsShipToOfficeRequisition'>,
  user: NavigationUser,
): boolean {
  return (
    order.containsShipToOfficeRequisition ||
    step.status.id === STEP_STATUS.notStarted.id ||
    step.id > STEP_IDS.insurance ||
    (user.type === 'prc' && step.status.id === STEP_STATUS.inProgress.id)
  );
}

import { BILLING_METHODS, type OrderFacts, type UserInfo, type WorkflowStep } from '../contract/order.ts';
import { insuranceStepApplies, isPatientStepOfOfficePacks } from './payer-steps.ts';
import { STEP_IDS, type StepDefinition, stepById } from './steps.ts';
import { findWorkflowRow, isPractitionerConfirmed } from './workflow-rows.ts';

export type NavigationUser = Pick<UserInfo, 'type'>;

/**
 * A step as the rules see it: a workflow row, or a step definition (with the requisition it is for).
 * When notApplicable is absent, the order's own row for that step decides.
 */
export interface StepRef {
  id: number;
  gearReqId?: number | null;
  notApplicable?: boolean;
}

/** spec 1 §4.1: payment and handoff are never valid; resolution 5: step 11 has no route. */
export const NEVER_VALID: ReadonlySet<number> = new Set([
  STEP_IDS.payment,
  STEP_IDS.handoff,
  STEP_IDS.practitionerConfirmation,
]);

/**
 * spec 1 §4.1: billing (3) is skipped for a government-payor order, or when every requisition is Physician Account
 * and the practitioner's only billing method is Client. An order with no requisitions is not the client case.
 */
export function isBillingSkipped(
  order: Pick<OrderFacts, 'governmentPayor' | 'requisitions' | 'practitioner'>,
): boolean {
  if (order.governmentPayor) return true;
  const methods = order.practitioner?.billingMethods ?? [];
  const billsClientOnly = methods.length > 0 && methods.every((method) => method === 'Client');
  const allPhysicianAccount =
    order.requisitions.length > 0 &&
    order.requisitions.every((requisition) => requisition.billingMethod === BILLING_METHODS.physicianAccount);
  return billsClientOnly && allPhysicianAccount;
}

function isMarkedNotApplicable(step: StepRef, definition: StepDefinition, order: OrderFacts): boolean {
  if (step.notApplicable !== undefined) return step.notApplicable;
  return findWorkflowRow(order, definition, step.gearReqId ?? null)?.notApplicable ?? false;
}

/** The rules of spec 1 §4.1 that depend on how far the order has come, and decision 0325's (bulk orders, insurance). */
function appliesAtThisPoint(definition: StepDefinition, order: OrderFacts, user: NavigationUser): boolean {
  if (isPatientStepOfOfficePacks(definition.id, order, user)) return false;
  switch (definition.id) {
    case STEP_IDS.panels:
      return !isPractitionerConfirmed(order);
    case STEP_IDS.billing:
      return !isBillingSkipped(order);
    case STEP_IDS.insurance:
      return insuranceStepApplies(order);
    case STEP_IDS.registration:
      return (
        isPractitionerConfirmed(order) && incompleteStepsBefore(STEP_IDS.registration, order, user).length > 0
      );
    default:
      return true;
  }
}

/** spec 1 §4.1: whether the user may be on this step of this order now. */
export function isStepValid(step: StepRef, order: OrderFacts, user: NavigationUser): boolean {
  const definition = stepById(step.id);
  if (definition === undefined || NEVER_VALID.has(definition.id)) return false;
  if (definition.skippedFor.includes(user.type)) return false;
  if (isMarkedNotApplicable(step, definition, order)) return false;
  return appliesAtThisPoint(definition, order, user);
}

const concernsRequisition = (row: WorkflowStep, gearReqId: number | undefined): boolean =>
  gearReqId === undefined || row.gearReqId === null || row.gearReqId === gearReqId;

/** Payment is listed although it is never a valid step to navigate to (spec 1 §4.1). */
const countsForUser = (row: WorkflowStep, order: OrderFacts, user: NavigationUser): boolean =>
  row.id === STEP_IDS.payment ? !row.notApplicable : isStepValid(row, order, user);

function incompleteStepsBefore(
  limitStepId: number,
  order: OrderFacts,
  user: NavigationUser,
  gearReqId?: number,
): WorkflowStep[] {
  return order.workflow.steps
    .filter((row) => row.id < limitStepId && row.id !== STEP_IDS.summary && !row.completed)
    .filter((row) => concernsRequisition(row, gearReqId) && countsForUser(row, order, user))
    .sort((a, b) => a.id - b.id);
}

/**
 * spec 1 §4.1: the steps this user still has to complete, ordered by step id. 'The incomplete-steps list excludes
 * summary and includes payment.' With a gearReqId, the rows of other requisitions are left out.
 */
export const incompleteSteps = (
  order: OrderFacts,
  user: NavigationUser,
  gearReqId?: number,
): WorkflowStep[] => incompleteStepsBefore(Number.POSITIVE_INFINITY, order, user, gearReqId);

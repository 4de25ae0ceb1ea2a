import type { OrderFacts, WorkflowStep } from '../contract/order.ts';
import { STEP_STATUS } from '../contract/order.ts';
import { STEP_IDS, type StepDefinition } from './steps.ts';

type WorkflowFacts = Pick<OrderFacts, 'workflow'>;

/** The requisition a step row belongs to: the given one for a requisition step, none for an order step. */
export const requisitionOfStep = (step: StepDefinition, gearReqId: number | null): number | null =>
  step.scope === 'requisition' ? gearReqId : null;

/** The workflow row of a step; for a requisition step, the row of the given requisition. */
export function findWorkflowRow(
  order: WorkflowFacts,
  step: StepDefinition,
  gearReqId: number | null,
): WorkflowStep | undefined {
  const owner = requisitionOfStep(step, gearReqId);
  return order.workflow.steps.find((row) => row.id === step.id && (row.gearReqId ?? null) === owner);
}

/** spec 1 §4.1/§4.2 'the practitioner has confirmed': the workflow flag, or the workflow-only step 11 completed. */
export const isPractitionerConfirmed = (order: WorkflowFacts): boolean =>
  order.workflow.practitionerConfirmed ||
  order.workflow.steps.some((row) => row.id === STEP_IDS.practitionerConfirmation && row.completed);

/** A step with no row yet (an unsaved order) has not started either. */
export const isNotStarted = (row: WorkflowStep | undefined): boolean =>
  row === undefined || row.status.id === STEP_STATUS.notStarted.id;

/** A row of a requisition other than the given one (order-scope rows belong to every requisition). */
export const belongsToOtherRequisition = (row: WorkflowStep, gearReqId: number): boolean =>
  row.gearReqId !== null && row.gearReqId !== gearReqId;

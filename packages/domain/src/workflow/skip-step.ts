import type { FieldError } from '../contract/errors.ts';
import { type OrderFacts, STEP_STATUS, type UserInfo, type WorkflowStep } from '../contract/order.ts';
import type { StepCompletion } from './initial-steps.ts';
import { stepById } from './steps.ts';
import { isStepValid } from './validity.ts';
import { findWorkflowRow } from './workflow-rows.ts';

/** The refusals of PUT /gear/order/{id}/skip-step/{stepId}[/{reqId}] (the spec gives no words; ours). */
export const SKIP_STEP_MESSAGES = {
  practitionersOnly: 'Only practitioners and their office staff may skip a step.',
  alreadyComplete: 'This step is already complete.',
  notSkippable: 'This step cannot be skipped.',
  requisitionRequired: 'Please choose the test whose step to skip.',
  requisitionNotOnOrder: 'That test is not on this order.',
} as const;

type SkipUser = Pick<UserInfo, 'type'>;

/**
 * Why a step of an order may not be skipped now, as errors[{field, defaultMessage}] (spec 2 §7); none when it may.
 * spec 2 §4: 'Skip step: available to myGDX only while the step is not complete.' The step must also be one the
 * user may be on (spec 1 §4.1) with a row of its own; a requisition step names its requisition, an order step none.
 */
export function skipStepErrors(
  order: OrderFacts,
  user: SkipUser,
  stepId: number,
  gearReqId: number | null,
): FieldError[] {
  if (user.type !== 'myGDX')
    return [{ field: 'stepId', defaultMessage: SKIP_STEP_MESSAGES.practitionersOnly }];
  const step = stepById(stepId);
  if (step === undefined || step.route === null)
    return [{ field: 'stepId', defaultMessage: SKIP_STEP_MESSAGES.notSkippable }];
  if (step.scope === 'requisition' && gearReqId === null)
    return [{ field: 'reqId', defaultMessage: SKIP_STEP_MESSAGES.requisitionRequired }];
  if (step.scope === 'order' && gearReqId !== null)
    return [{ field: 'reqId', defaultMessage: SKIP_STEP_MESSAGES.notSkippable }];
  if (gearReqId !== null && !order.requisitions.some((requisition) => requisition.id === gearReqId))
    return [{ field: 'reqId', defaultMessage: SKIP_STEP_MESSAGES.requisitionNotOnOrder }];
  const row = findWorkflowRow(order, step, gearReqId);
  if (
    row === undefined ||
    !isStepValid({ id: step.id, gearReqId, notApplicable: row.notApplicable }, order, user)
  )
    return [{ field: 'stepId', defaultMessage: SKIP_STEP_MESSAGES.notSkippable }];
  if (row.completed) return [{ field: 'stepId', defaultMessage: SKIP_STEP_MESSAGES.alreadyComplete }];
  return [];
}

/**
 * spec 2 §2, §4: the wizard shows the skip-step alert to myGDX users on a step they may skip that is not yet
 * skipped (a skipped step stays incomplete, and is left for later).
 */
export function offersSkipStep(
  order: OrderFacts,
  user: SkipUser,
  stepId: number,
  gearReqId: number | null,
): boolean {
  if (skipStepErrors(order, user, stepId, gearReqId).length > 0) return false;
  const step = stepById(stepId);
  const row = step && findWorkflowRow(order, step, gearReqId);
  return row !== undefined && !row.skipped;
}

/**
 * The rows with one step marked In Progress (status id 2) by a user at a time: answered in part, to be finished
 * later (a sample not collected yet, or the practitioner's drop-ship instructions before the patient collects;
 * decision 0031). Other rows are returned unchanged.
 */
export function markStepInProgress(steps: readonly WorkflowStep[], mark: StepCompletion): WorkflowStep[] {
  const owner = mark.gearReqId ?? null;
  return steps.map((row) =>
    row.id === mark.id && row.gearReqId === owner
      ? {
          ...row,
          completed: false,
          notStarted: false,
          skipped: false,
          userType: mark.userType,
          stepDate: mark.stepDate,
          status: { ...STEP_STATUS.inProgress },
        }
      : row,
  );
}

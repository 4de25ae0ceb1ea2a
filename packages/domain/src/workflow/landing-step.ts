import { type OrderFacts, STEP_STATUS } from '../contract/order.ts';
import { validStepPositions } from './navigation.ts';
import { STEP_IDS, type StepDefinition, stepById } from './steps.ts';
import type { NavigationUser } from './validity.ts';

/** A step to open: the step and, for a requisition step, its requisition. */
export interface LandingStep {
  step: StepDefinition;
  gearReqId: number | null;
}

/**
 * spec 3 §2 'After activation or validation the user goes to the first incomplete step valid for that user,
 * otherwise to confirm.' Incomplete is a step with no row or a row neither Completed (3) nor Skipped (4).
 */
export function landingStepAfterActivation(order: OrderFacts, user: NavigationUser): LandingStep {
  const positions = validStepPositions(order, user);
  const incomplete = positions.find(
    ({ row }) =>
      row === undefined ||
      (row.status.id !== STEP_STATUS.completed.id && row.status.id !== STEP_STATUS.skipped.id),
  );
  if (incomplete) return { step: incomplete.step, gearReqId: incomplete.gearReqId };
  const confirm = stepById(STEP_IDS.confirm) as StepDefinition;
  return { step: confirm, gearReqId: null };
}

/**
 * spec 3 §2 'Default step', for /order/{id} without a step: a PITL order opens at the route of its first workflow
 * step; a patient at the first incomplete step valid for them, otherwise confirm (as after activation); a
 * practitioner's order without PITL goes straight to confirm. A new order opens at the first step valid for the user.
 */
export function defaultStep(order: OrderFacts, user: NavigationUser): LandingStep {
  const positions = validStepPositions(order, user);
  if (order.id === 'new') {
    const first = positions[0];
    return first ? { step: first.step, gearReqId: first.gearReqId } : confirmStep();
  }
  if (order.physicianInTheLoop) {
    const first = positions.find(({ row }) => row !== undefined) ?? positions[0];
    return first ? { step: first.step, gearReqId: first.gearReqId } : confirmStep();
  }
  if (user.type === 'prc') return landingStepAfterActivation(order, user);
  return confirmStep();
}

const confirmStep = (): LandingStep => ({
  step: stepById(STEP_IDS.confirm) as StepDefinition,
  gearReqId: null,
});

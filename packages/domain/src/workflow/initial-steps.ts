import { type GearOrder, type Requisition, STEP_STATUS, type UserType, type WorkflowStep } from '../model.ts';
import { STEP_IDS, STEPS, type StepId } from './steps.ts';

/** A fresh row: not started, not yet touched by anyone. */
export const newWorkflowStep = (
  id: StepId,
  gearReqId: number | null,
  notApplicable = false,
): WorkflowStep => ({
  id,
  completed: false,
  notApplicable,
  notStarted: true,
  skipped: false,
  gearReqId,
  userType: null,
  stepDate: null,
  status: { ...STEP_STATUS.notStarted },
});

const stepsOfScope = (scope: 'order' | 'requisition') => STEPS.filter((step) => step.scope === scope);

/** The rows a requisition brings to its order: one per requisition step (panels, billing, dxCodes, collection, customize). */
export const stepsForRequisition = (requisition: Pick<Requisition, 'id'>): WorkflowStep[] =>
  stepsOfScope('requisition').map((step) => newWorkflowStep(step.id, requisition.id));

type ShippingFacts = Pick<GearOrder, 'containsDropShipRequisition' | 'containsShipToOfficeRequisition'> & {
  requisitions: readonly Pick<Requisition, 'id' | 'dropShip' | 'shipToOffice'>[];
};

/** Packs are shipped only for drop-ship and ship-to-office requisitions; otherwise the shipping step does not apply. */
export const shipsPacks = (order: ShippingFacts): boolean =>
  order.containsDropShipRequisition ||
  order.containsShipToOfficeRequisition ||
  order.requisitions.some((requisition) => requisition.dropShip || requisition.shipToOffice);

/**
 * docs/decisions/0081: the customize step (13) applies to a ship-to-office requisition only: the practitioner
 * customizes each pack sent to the office. Every other requisition has nothing to customize.
 */
export const customizeApplies = (requisition: Pick<Requisition, 'shipToOffice'>): boolean =>
  requisition.shipToOffice;

/**
 * The rows with the steps that depend on the requisitions marked not applicable where they do not apply: shipping
 * (14) exactly when the order ships no packs, customize (13) for each requisition not sent to the office. The server
 * calls this whenever requisitions are added, changed or removed, since an order is created (practitioner step)
 * before it has any requisition.
 */
export const updateStepApplicability = (
  steps: readonly WorkflowStep[],
  order: ShippingFacts,
): WorkflowStep[] =>
  steps.map((row) => {
    if (row.id === STEP_IDS.shipping) return { ...row, notApplicable: !shipsPacks(order) };
    if (row.id !== STEP_IDS.customize) return row;
    const requisition = order.requisitions.find((candidate) => candidate.id === row.gearReqId);
    return requisition ? { ...row, notApplicable: !customizeApplies(requisition) } : row;
  });

/**
 * The rows of a new order: each order step once, each requisition step once per requisition (append
 * stepsForRequisition for a requisition added later), in step-id order. Only shipping and customize are decided here (see
 * updateStepApplicability); every other rule (user type, billing, confirmation) is evaluated when navigating,
 * because it can change while the order is edited.
 */
export function initialWorkflowSteps(order: ShippingFacts): WorkflowStep[] {
  const orderRows = stepsOfScope('order').map((step) => newWorkflowStep(step.id, null));
  const requisitionRows = order.requisitions.flatMap(stepsForRequisition);
  return updateStepApplicability([...orderRows, ...requisitionRows], order).sort((a, b) => a.id - b.id);
}

export interface StepCompletion {
  id: number;
  gearReqId?: number | null;
  userType: UserType;
  /** ISO timestamp (UTC). */
  stepDate: string;
}

/**
 * The rows with one step marked Completed (status id 3) by a user at a time, e.g. step 1 once the practitioner is
 * set (spec 3 §4 Activation). Other rows are returned unchanged.
 */
export function completeStep(steps: readonly WorkflowStep[], completion: StepCompletion): WorkflowStep[] {
  const owner = completion.gearReqId ?? null;
  return steps.map((row) =>
    row.id === completion.id && row.gearReqId === owner
      ? {
          ...row,
          completed: true,
          notStarted: false,
          skipped: false,
          userType: completion.userType,
          stepDate: completion.stepDate,
          status: { ...STEP_STATUS.completed },
        }
      : row,
  );
}

/**
 * The rows with one step marked Skipped (status id 4) by a user at a time: left for someone else to complete, e.g.
 * billing when the practitioner lets the patient select the billing option (spec 1 §4.3). Other rows are unchanged.
 */
export function skipStep(steps: readonly WorkflowStep[], completion: StepCompletion): WorkflowStep[] {
  const owner = completion.gearReqId ?? null;
  return steps.map((row) =>
    row.id === completion.id && row.gearReqId === owner
      ? {
          ...row,
          completed: false,
          notStarted: false,
          skipped: true,
          userType: completion.userType,
          stepDate: completion.stepDate,
          status: { ...STEP_STATUS.skipped },
        }
      : row,
  );
}

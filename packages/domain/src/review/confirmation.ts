import { BILLING_METHODS, type GearOrder, type UserInfo, type WorkflowStep } from '../contract/order.ts';
import { completeStep, updateStepApplicability } from '../workflow/initial-steps.ts';
import { insuranceStepApplies, PATIENT_STEPS_OF_OFFICE_PACKS } from '../workflow/payer-steps.ts';
import { STEP_IDS } from '../workflow/steps.ts';
import { isShipToOfficeOrder, liveRequisitions } from './submit-rules.ts';

type ConfirmationOrder = Pick<GearOrder, 'requisitions' | 'workflow'>;

/**
 * Nobody pays for the order online: every test is billed to the practitioner's account (Physician Account). For
 * any other billing the patient pays when confirming, which the payment issue builds (decision 0080).
 */
export const isPaidByPractitionerAccount = (order: Pick<GearOrder, 'requisitions'>): boolean => {
  const live = liveRequisitions(order);
  return (
    live.length > 0 &&
    live.every((requisition) => requisition.billingMethod === BILLING_METHODS.physicianAccount)
  );
};

/** The patient's own steps, left for the patient only while the patient has something to confirm or pay. */
const PATIENT_CONFIRMATION_STEPS: ReadonlySet<number> = new Set([
  STEP_IDS.summary,
  STEP_IDS.payment,
  STEP_IDS.registration,
]);

/**
 * Decision 0180: what only a payer needs (diagnosis codes 4, insurance 7), not applicable once nothing is billed to
 * insurance or the patient: spec 3 §5 asks for a diagnosis code only when billing is insurance or Medicare.
 */
const PAYER_STEPS: ReadonlySet<number> = new Set([STEP_IDS.dxCodes, STEP_IDS.insurance]);

const markNotApplicable = (steps: readonly WorkflowStep[], applies: (row: WorkflowStep) => boolean) =>
  steps.map((row) => (!row.completed && applies(row) ? { ...row, notApplicable: true } : row));

/**
 * decisions 0080/0081: the workflow rows after a submit with nothing to pay (PUT /gear/order/{id}/confirm-and-pay).
 * A practitioner's submit completes the review (8) and practitioner confirmation (11), marks the customize rows of
 * packs not sent to the office not applicable, the handoff (12) not applicable until an email is sent, and the
 * patient's confirmation steps (9, 10, 15) not applicable when the patient has nothing to confirm or pay (every
 * test on the practitioner's account, or packs sent to the office, whose patients register them later). A
 * patient's submit completes the summary (9, patient confirmation) and payment (10), there being nothing to pay.
 * Either submit marks insurance (7) not applicable when no test bills an insurer (decision 0325).
 */
export function confirmationSteps(
  order: ConfirmationOrder,
  user: Pick<UserInfo, 'type'>,
  stepDate: string,
): WorkflowStep[] {
  const live = liveRequisitions(order);
  const applicable = markNotApplicable(
    updateStepApplicability(order.workflow.steps, {
      requisitions: live,
      containsDropShipRequisition: false,
      containsShipToOfficeRequisition: false,
    }),
    (row) => row.id === STEP_IDS.insurance && !insuranceStepApplies(order),
  );
  if (user.type === 'prc') {
    const confirmed = completeStep(applicable, { id: STEP_IDS.summary, userType: 'prc', stepDate });
    return completeStep(confirmed, { id: STEP_IDS.payment, userType: 'prc', stepDate });
  }
  const officePacks = isShipToOfficeOrder(order);
  const patientHasNothingToDo = officePacks || isPaidByPractitionerAccount(order);
  const confirmed = [STEP_IDS.confirm, STEP_IDS.practitionerConfirmation].reduce(
    (rows, id) => completeStep(rows, { id, userType: 'myGDX', stepDate }),
    applicable,
  );
  return markNotApplicable(
    confirmed,
    (row) =>
      row.id === STEP_IDS.handoff ||
      (patientHasNothingToDo && PATIENT_CONFIRMATION_STEPS.has(row.id)) ||
      (isPaidByPractitionerAccount(order) && PAYER_STEPS.has(row.id)) ||
      (officePacks && PATIENT_STEPS_OF_OFFICE_PACKS.has(row.id)),
  );
}

/** spec 3 §4 Review step: 'Confirmed when the workflow step is completed' (8 for practitioners, 9 for patients). */
export const isReviewConfirmed = (order: ConfirmationOrder, user: Pick<UserInfo, 'type'>): boolean =>
  user.type === 'prc' ? order.workflow.patientConfirmed : order.workflow.practitionerConfirmed;

/** spec 1 §3: workflow.complete, derived: every row completed or not applicable. */
export const isWorkflowComplete = (steps: readonly WorkflowStep[]): boolean =>
  steps.length > 0 && steps.every((row) => row.completed || row.notApplicable);

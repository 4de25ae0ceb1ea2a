import { BILLING_METHODS, type GearOrder, type UserInfo } from '../contract/order.ts';
import { isShipToOfficeOrder, liveRequisitions } from '../review/submit-rules.ts';
import { STEP_IDS } from './steps.ts';

/** Billing methods under which nobody bills insurance: the practice pays, or the patient pays the full amount. */
const BILLED_TO_NO_INSURER: ReadonlySet<string> = new Set([
  BILLING_METHODS.physicianAccount,
  BILLING_METHODS.patientPay,
]);

/**
 * Decision 0325: the insurance step (7) applies unless every live test's billing is known and bills no insurer
 * (Physician Account, or 'No Insurance Billing: Pay Full Amount'). The spec names no rule; a test whose billing is
 * still open may yet be billed to insurance, so the step stays.
 */
export const insuranceStepApplies = (order: Pick<GearOrder, 'requisitions'>): boolean => {
  const live = liveRequisitions(order);
  return (
    live.length === 0 ||
    live.some(
      (requisition) =>
        requisition.billingMethod === null || !BILLED_TO_NO_INSURER.has(requisition.billingMethod),
    )
  );
};

/** The steps each patient completes when registering a pack of a ship-to-office order (decision 0081). */
export const PATIENT_STEPS_OF_OFFICE_PACKS: ReadonlySet<number> = new Set([
  STEP_IDS.billing,
  STEP_IDS.dxCodes,
  STEP_IDS.collection,
  STEP_IDS.patient,
  STEP_IDS.insurance,
]);

/**
 * Decisions 0081 and 0325: on a ship-to-office (bulk) order the practitioner is not asked for one patient's data:
 * billing, diagnosis codes, collection, patient and insurance are each patient's, when they register their pack.
 */
export const isPatientStepOfOfficePacks = (
  stepId: number,
  order: Pick<GearOrder, 'requisitions'>,
  user: Pick<UserInfo, 'type'>,
): boolean =>
  user.type === 'myGDX' && PATIENT_STEPS_OF_OFFICE_PACKS.has(stepId) && isShipToOfficeOrder(order);

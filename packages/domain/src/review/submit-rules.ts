import { isAdmin } from '../access/admin.ts';
import { requiresAuthorizationAgreement } from '../access/practitioner-rules.ts';
import type { FieldError } from '../contract/errors.ts';
import { BILLING_METHODS, type GearOrder, type Requisition, type UserInfo } from '../contract/order.ts';
import { type PatientFacts, patientFactsOfOrder, validatePatient } from '../patient/validate-patient.ts';
import { STEP_IDS } from '../workflow/steps.ts';
import { REVIEW_MESSAGES } from './review-messages.ts';

/** What the review's rules read of an order. */
export type ReviewOrder = Pick<
  GearOrder,
  | 'requisitions'
  | 'workflow'
  | 'patientInfo'
  | 'practitioner'
  | 'authorizingPractitioner'
  | 'practAgreement'
  | 'containsDropShipRequisition'
  | 'containsShipToOfficeRequisition'
  | 'containsCovidRegistration'
  | 'covidRegistration'
  | 'physicianInTheLoop'
  | 'dataConfirmed'
  | 'governmentPayor'
  | 'dateMedicalNecessityAcknowledged'
  | 'patientAgreement'
  | 'patientRegistration'
>;

type ReviewUser = Pick<UserInfo, 'type' | 'gsdlNo' | 'onBehalfOf' | 'adminUser'>;

/** The requisitions still on the order (a canceled test no longer counts). */
export const liveRequisitions = (order: Pick<GearOrder, 'requisitions'>): Requisition[] =>
  order.requisitions.filter((requisition) => !requisition.canceled);

export const NUTRITIONAL_CATEGORY = 'Nutritional';

/** spec 2 §5 facts of the patient rules as the review applies them: the age dialog was answered on the patient step. */
export function reviewPatientFacts(
  order: ReviewOrder,
  user: Pick<UserInfo, 'type'>,
  today: string,
): PatientFacts {
  return {
    today,
    userType: user.type,
    ...patientFactsOfOrder(order),
    nutritional: liveRequisitions(order).some(
      (requisition) => requisition.omsOrderableItemCategory === NUTRITIONAL_CATEGORY,
    ),
    ageConfirmed: true,
  };
}

/** A ship-to-office order: the packs go to the office and each patient registers their own pack later. */
export const isShipToOfficeOrder = (order: Pick<GearOrder, 'requisitions'>): boolean => {
  const live = liveRequisitions(order);
  return live.length > 0 && live.every((requisition) => requisition.shipToOffice);
};

const rowOf = (order: Pick<GearOrder, 'workflow'>, id: number, gearReqId: number | null = null) =>
  order.workflow.steps.find((row) => row.id === id && (row.gearReqId ?? null) === gearReqId);

const isSkipped = (order: Pick<GearOrder, 'workflow'>, id: number, gearReqId: number | null = null) =>
  rowOf(order, id, gearReqId)?.skipped === true;

/**
 * spec 3 §5 'Test selections are required for requisitions with panel '0' and no components' (the hormone-related
 * half of the rule reads catalogue input fields and is checked where those are loaded).
 */
export const lacksTestSelection = (requisition: Pick<Requisition, 'panel' | 'components'>): boolean =>
  (requisition.panel === null || requisition.panel === 0) && requisition.components.length === 0;

export interface SubmitFacts {
  order: ReviewOrder;
  user: ReviewUser;
  /** The lab's calendar date, YYYY-MM-DD (the patient rules read ages). */
  today: string;
  /** spec 3 §5 'on non-summary steps': the summary (9) and practitioner summary (15) views check less. */
  view?: 'review' | 'summary';
}

const error = (field: string, defaultMessage: string): FieldError => ({ field, defaultMessage });

function patientErrors({ order, user, today }: SubmitFacts): FieldError[] {
  const practitioner = user.type === 'myGDX';
  const dropShip = order.containsDropShipRequisition || liveRequisitions(order).some((r) => r.dropShip);
  // Decision 0080: a ship-to-office order has no patient; each patient registers their own pack later.
  if (practitioner && isShipToOfficeOrder(order)) return [];
  const errors: FieldError[] = [];
  if (practitioner && isSkipped(order, STEP_IDS.patient))
    errors.push(error('patientInfo', REVIEW_MESSAGES.patientStepSkipped));
  if (practitioner && isSkipped(order, STEP_IDS.insurance))
    errors.push(error('insurance', REVIEW_MESSAGES.insuranceStepSkipped));
  if (order.patientInfo === null) {
    if (practitioner || dropShip) errors.push(error('patientInfo', REVIEW_MESSAGES.noPatientInfo));
    return errors;
  }
  if (
    (practitioner || dropShip) &&
    validatePatient(order.patientInfo, reviewPatientFacts(order, user, today)).length > 0
  )
    errors.push(error('patientInfo', REVIEW_MESSAGES.patientInfoInvalid));
  return errors;
}

function requisitionErrors({ order, user }: SubmitFacts): FieldError[] {
  return liveRequisitions(order).flatMap((requisition, index) => {
    const field = (name: string) => `requisitions.${index}.${name}`;
    const name = requisition.omsOrderableItemName;
    const errors: FieldError[] = [];
    const practitionerDropShip = user.type === 'myGDX' && requisition.dropShip;
    const shipToOffice = user.type === 'myGDX' && requisition.shipToOffice;
    if (requisition.billingMethod === null && !practitionerDropShip && !shipToOffice)
      errors.push(error(field('billingMethod'), REVIEW_MESSAGES.billingMissing(name)));
    const billingRow = rowOf(order, STEP_IDS.billing, requisition.id);
    if (billingRow?.skipped && billingRow.userType === null)
      errors.push(error(field('billingMethod'), REVIEW_MESSAGES.billingStepSkipped(name)));
    const insuranceOrMedicare =
      requisition.billingMethod === BILLING_METHODS.insurance ||
      requisition.billingMethod === BILLING_METHODS.medicare;
    if (user.type === 'prc' && insuranceOrMedicare && requisition.icdCodes.length === 0)
      errors.push(error(field('icdCodes'), REVIEW_MESSAGES.diagnosisCodesMissing(name)));
    if (user.type === 'prc' && lacksTestSelection(requisition))
      errors.push(error(field('components'), REVIEW_MESSAGES.testSelectionsMissing(name)));
    return errors;
  });
}

/**
 * spec 3 §5 'Submit is disabled … when any of these hold' (the save-in-progress conditions are the browser's): the
 * reasons, as the field errors the server answers with (errors[{field, defaultMessage}]). Empty when Submit may go.
 * The summary views check only that requisitions remain.
 */
export function submitBlockers(facts: SubmitFacts): FieldError[] {
  if (liveRequisitions(facts.order).length === 0)
    return [error('requisitions', REVIEW_MESSAGES.noRequisitions)];
  if (facts.view === 'summary') return [];
  return [...patientErrors(facts), ...requisitionErrors(facts)];
}

/**
 * spec 3 §5 'Medical necessity (patients, when required) must be acknowledged … The requirement is off when
 * mixed-pricing requisitions exist'; §6 'Only patients see and must tick the medical-necessity acknowledgement';
 * §8 alerts 'Medicare or Tricare without confirmed medical necessity': required on a Medicare or Tricare order.
 */
export const requiresReviewMedicalNecessity = (facts: {
  order: Pick<GearOrder, 'governmentPayor'>;
  user: Pick<UserInfo, 'type'>;
  mixedPricing: boolean;
}): boolean => facts.user.type === 'prc' && facts.order.governmentPayor && !facts.mixedPricing;

/**
 * spec 3 §5: the order has a separate authorizing practitioner (the practitioner's authorizing doctor is someone
 * else) whose agreement is not yet given.
 */
export const awaitsAuthorization = (order: Pick<GearOrder, 'practitioner' | 'practAgreement'>): boolean => {
  const practitioner = order.practitioner;
  if (!practitioner?.authorizingDoctorGsdlNo) return false;
  return practitioner.authorizingDoctorGsdlNo !== practitioner.gsdlNo && order.practAgreement !== true;
};

/** spec 3 §5: 'Authorizing-practitioner agreement required for patients when … not yet agreed.' */
export const requiresAuthorizationForSubmit = (
  order: Pick<GearOrder, 'practitioner' | 'practAgreement'>,
  user: Pick<UserInfo, 'type'>,
): boolean => user.type === 'prc' && awaitsAuthorization(order);

/**
 * spec 3 §6 'Authorizing an order returns 403 if the user lacks permission': admins, and the authorizing doctor or
 * a user acting on their behalf (spec 1 §6 authorizing rule).
 */
export const mayAuthorizeOrder = (user: ReviewUser, order: Pick<GearOrder, 'practitioner'>): boolean =>
  user.type === 'myGDX' &&
  order.practitioner !== null &&
  (isAdmin(user) || requiresAuthorizationAgreement(user, order.practitioner));

/** spec 3 §5 submit checks that depend on the body: agreement, medical necessity and authorization. */
export function submitAcknowledgementErrors(facts: {
  order: ReviewOrder;
  user: ReviewUser;
  mixedPricing: boolean;
  patientAgreement: boolean;
}): FieldError[] {
  const { order, user } = facts;
  const errors: FieldError[] = [];
  if (user.type === 'prc' && !facts.patientAgreement && !order.patientAgreement)
    errors.push(error('patientAgreement', REVIEW_MESSAGES.patientAgreementRequired));
  if (requiresReviewMedicalNecessity({ ...facts }) && !order.dateMedicalNecessityAcknowledged)
    errors.push(error('dateMedicalNecessityAcknowledged', REVIEW_MESSAGES.medicalNecessityRequired));
  if (requiresAuthorizationForSubmit(order, user))
    errors.push(error('practAgreement', REVIEW_MESSAGES.authorizationRequired));
  return errors;
}

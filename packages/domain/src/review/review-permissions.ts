import { isAdmin } from '../access/admin.ts';
import { maySaveStep } from '../access/step-access.ts';
import {
  BILLING_METHODS,
  type GearOrder,
  type Practitioner,
  type Requisition,
  type UserInfo,
} from '../contract/order.ts';
import {
  isRemovableRequisition,
  mayRemoveRequisitions,
  maySaveForLater,
  reviewLockOf,
} from '../removal/removal.ts';
import { STEP_IDS } from '../workflow/steps.ts';

/** The review's sections that have an Edit (spec 3 §2 Review and confirmation). */
export type ReviewSection =
  | 'patient'
  | 'insurance'
  | 'pract'
  | 'dxCodes'
  | 'billing'
  | 'collection'
  | 'panels'
  | 'shipping';

type PermissionOrder = Pick<GearOrder, 'requisitions' | 'workflow' | 'physicianInTheLoop'>;
type PermissionUser = Pick<UserInfo, 'type' | 'adminUser'>;

export interface ReviewPermissions {
  edit: boolean;
  delete: boolean;
  saveForLater: boolean;
}

const hasAccession = (requisition: Pick<Requisition, 'accessionNo' | 'accessionDetails'>) =>
  requisition.accessionNo !== null || requisition.accessionDetails.length > 0;

const NOTHING: ReviewPermissions = { edit: false, delete: false, saveForLater: false };

/**
 * spec 3 §4 Review step and §6: what the user may do with one requisition on the review. Admins edit anything
 * (§6). Otherwise: no editing of a PITL order; none of a requisition the lab has received (accession number);
 * practitioners lose edit and delete once practitioner and patient have both confirmed, or when paperless applies
 * (spec/README.md resolution 1: the rule written for 'practitioner-office users' is the practitioners'). Delete and
 * save for later follow the removal rules the server enforces with the same locks (removal.ts, decisions 0034, 0035
 * and 0185).
 */
export function requisitionPermissions(
  order: PermissionOrder,
  requisition: Requisition,
  user: PermissionUser,
): ReviewPermissions {
  const removable = isRemovableRequisition(requisition) && mayRemoveRequisitions(user, order);
  const saveForLater = isRemovableRequisition(requisition) && maySaveForLater(user, order);
  if (isAdmin(user)) return { edit: true, delete: removable, saveForLater };
  if (hasAccession(requisition) || requisition.canceled) return NOTHING;
  const lock = reviewLockOf(order, requisition, user);
  if (lock === 'pitl') return NOTHING;
  if (lock === 'practitionerLost') return { edit: false, delete: false, saveForLater };
  return { edit: true, delete: removable, saveForLater };
}

/**
 * spec 3 §4 'Patients edit diagnosis only when the user is not prc and the order is complete': in that area's
 * labelling prc is the practitioner's office (spec/README.md resolution 1), so a patient edits diagnosis codes once
 * the order is complete (workflow.complete), and not before (decision 0185). Practitioners and admins always may.
 */
export const mayEditDiagnosis = (order: Pick<GearOrder, 'workflow'>, user: PermissionUser): boolean =>
  isAdmin(user) || user.type === 'myGDX' || order.workflow.complete;

/** The steps whose choices set the price: the tests (panel, components, add-ons) and the billing method. */
const PRICED_STEPS: ReadonlySet<number> = new Set([STEP_IDS.panels, STEP_IDS.billing]);

/**
 * spec 3 §6 Patients: 'Price edit is limited once patient confirmation is complete.' Once the patient has confirmed
 * (and paid or chosen to pay later), the patient no longer changes what sets the price: the tests and the billing
 * method (decision 0190). The practitioner and admins still may, and the payment follows their change (decision 0161).
 */
export const isPriceEditLimited = (order: Pick<GearOrder, 'workflow'>, user: PermissionUser): boolean =>
  user.type === 'prc' && !isAdmin(user) && order.workflow.patientConfirmed;

/**
 * spec 3 §4/§6: whether a section's Edit shows. The order sections follow the order's rules (PITL, accession,
 * confirmation); the requisition sections the requisition's. Patients edit diagnosis codes only on a complete order
 * (mayEditDiagnosis), and never a billing option that is a Physician Account the practitioner selected (§6 Other
 * rules).
 */
export function maySectionBeEdited(
  order: PermissionOrder,
  user: PermissionUser,
  section: ReviewSection,
  requisition?: Requisition,
): boolean {
  if (requisition) {
    if (!requisitionPermissions(order, requisition, user).edit) return false;
    if (section === 'dxCodes' && !mayEditDiagnosis(order, user)) return false;
    if (user.type === 'prc' && !isAdmin(user)) {
      if (section === 'billing' && isPhysicianAccountByPractitioner(order, requisition)) return false;
      if ((section === 'billing' || section === 'panels') && isPriceEditLimited(order, user)) return false;
    }
    return true;
  }
  if (isAdmin(user)) return true;
  if (reviewLockOf(order, { paperless: false }, user) === 'pitl' || order.requisitions.some(hasAccession))
    return false;
  return !(user.type === 'myGDX' && order.workflow.practitionerConfirmed && order.workflow.patientConfirmed);
}

/**
 * The step guard of every change to an order (the server's order-change core): the step table's user types
 * (maySaveStep), and the one step the review opens beyond them, a patient's diagnosis codes on a complete order
 * (spec 3 §4 Review step; decision 0185).
 */
export function mayChangeStep(
  user: PermissionUser,
  stepId: number,
  order: PermissionOrder,
  requisition: Requisition | null,
): boolean {
  if (isPriceEditLimited(order, user) && PRICED_STEPS.has(stepId)) return false;
  if (maySaveStep(user, stepId)) return true;
  return (
    stepId === STEP_IDS.dxCodes &&
    requisition !== null &&
    maySectionBeEdited(order, user, 'dxCodes', requisition)
  );
}

function isPhysicianAccountByPractitioner(order: PermissionOrder, requisition: Requisition): boolean {
  if (requisition.billingMethod !== BILLING_METHODS.physicianAccount) return false;
  const row = order.workflow.steps.find(
    (candidate) => candidate.id === STEP_IDS.billing && candidate.gearReqId === requisition.id,
  );
  return row?.userType === 'myGDX';
}

/**
 * spec 3 §4 Practitioner change: 'Allowed when more than one option exists (admins always) and a patient
 * registration exists without practitioner agreement'; §6 'Admins … can always change practitioner'.
 */
export const mayChangePractitioner = (facts: {
  user: PermissionUser;
  order: Pick<GearOrder, 'patientRegistration' | 'practAgreement'>;
  optionCount: number;
}): boolean =>
  isAdmin(facts.user) ||
  (facts.optionCount > 1 && facts.order.patientRegistration && facts.order.practAgreement !== true);

/**
 * The practice a patient may move an order within (decision 0111): spec 3 §4 allows a patient's practitioner change
 * 'when more than one option exists' without saying which options a patient has. A patient's options are the
 * practitioners of the order's practice: its authorizing doctor and everyone that doctor authorizes (the same set a
 * practitioner's own options are drawn from, spec 1 §6 authorizing rule). This is the GSDL number naming the practice.
 */
export const practiceOf = (practitioner: Pick<Practitioner, 'gsdlNo' | 'authorizingDoctorGsdlNo'>): string =>
  practitioner.authorizingDoctorGsdlNo ?? practitioner.gsdlNo;

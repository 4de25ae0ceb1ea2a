import { isAdmin } from '../access/admin.ts';
import type { GearOrder, OrderFacts, UserInfo } from '../contract/order.ts';
import { isOrderLocked } from '../workflow/locking.ts';
import { isPractitionerConfirmed } from '../workflow/workflow-rows.ts';

type LockUser = Pick<UserInfo, 'type' | 'adminUser'>;

/**
 * spec 2 §4: 'for non-admins, if any requisition has an accessionNo, the patient and insurance pages are
 * disabled and Next only advances. Admins bypass the lock.'
 */
export const isPatientPageLocked = (order: Pick<OrderFacts, 'requisitions'>, user: LockUser): boolean =>
  isOrderLocked(order, user);

export const isInsurancePageLocked = isPatientPageLocked;

/**
 * spec 2 §4: 'The page counts as confirmed after the confirmation steps are complete': the practitioner's
 * (step 11) or the patient's (workflow.patientConfirmed); either fixes the name the lab matches specimens by.
 */
export const isPatientPageConfirmed = (order: Pick<OrderFacts, 'workflow'>): boolean =>
  isPractitionerConfirmed(order) || order.workflow.patientConfirmed;

/** spec 2 §4: 'The patient's last name is disabled once the page is confirmed' (admins bypass). */
export const isPatientLastNameLocked = (
  order: Pick<OrderFacts, 'workflow' | 'requisitions'>,
  user: LockUser,
): boolean => !isAdmin(user) && (isPatientPageConfirmed(order) || isPatientPageLocked(order, user));

/**
 * spec 2 §4: 'For myGDX users on drop-ship orders the address is locked once practitioner confirmation is
 * done.'
 */
export const isPatientAddressLocked = (
  order: Pick<OrderFacts, 'workflow' | 'requisitions'> & Pick<GearOrder, 'containsDropShipRequisition'>,
  user: LockUser,
): boolean =>
  !isAdmin(user) &&
  (isPatientPageLocked(order, user) ||
    (user.type === 'myGDX' && order.containsDropShipRequisition && isPractitionerConfirmed(order)));

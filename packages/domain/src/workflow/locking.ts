import type { OrderFacts, UserInfo } from '../model.ts';
import { isPractitionerConfirmed } from './workflow-rows.ts';

type AdminFacts = Pick<UserInfo, 'adminUser'>;

/** spec 1 §1: an admin's user info carries adminUser equal to the string 'true'. */
export const isAdmin = (user: AdminFacts): boolean => user.adminUser === 'true';

const hasAccession = (order: Pick<OrderFacts, 'requisitions'>): boolean =>
  order.requisitions.some((requisition) => Boolean(requisition.accessionNo));

/** spec 1 §4.2: 'Once any requisition has an accessionNo (received by the lab), non-admins cannot edit the order.' */
export const isOrderLocked = (order: Pick<OrderFacts, 'requisitions'>, user: AdminFacts): boolean =>
  !isAdmin(user) && hasAccession(order);

/**
 * spec 1 §4.2: the practitioner step is locked like the order, and also for a ship-to-office order once practitioner
 * confirmation is complete and practAgreement is non-null. Admins bypass both (spec 1 §6).
 */
export function isPractitionerStepLocked(
  order: Pick<OrderFacts, 'requisitions' | 'workflow' | 'containsShipToOfficeRequisition' | 'practAgreement'>,
  user: AdminFacts,
): boolean {
  if (isAdmin(user)) return false;
  const agreedShipToOffice =
    order.containsShipToOfficeRequisition && isPractitionerConfirmed(order) && order.practAgreement !== null;
  return hasAccession(order) || agreedShipToOffice;
}

/**
 * spec 1 §4.2: panel selection inputs are disabled once practitioner confirmation is complete or an accession number
 * exists. Admins may still edit after lab receipt or confirmation (spec 1 §6), so they are never locked.
 */
export const isPanelSelectionLocked = (
  order: Pick<OrderFacts, 'requisitions' | 'workflow'>,
  user: AdminFacts,
): boolean => !isAdmin(user) && (isPractitionerConfirmed(order) || hasAccession(order));

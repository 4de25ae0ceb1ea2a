import { type AdminFacts, isAdmin } from '../access/admin.ts';
import type { GearOrder, OrderFacts } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { isPractitionerConfirmed } from './workflow-rows.ts';

const hasAccession = (order: Pick<OrderFacts, 'requisitions'>): boolean =>
  order.requisitions.some((requisition) => Boolean(requisition.accessionNo));

/** The facts the order locks read: the requisitions, and the order's own canceled flag when it was read. */
type LockFacts = Pick<OrderFacts, 'requisitions'> & Pick<GearOrder, 'canceled'>;

/**
 * spec 3 §4 'Canceled: all requisitions are canceled' (DELETE /gear/order/cancel/{id} cancels the order and every
 * requisition), or the order itself canceled. A canceled order is closed to every change, an admin's too
 * (docs/decisions/0050).
 */
export const isOrderCanceled = (order: LockFacts): boolean =>
  order.canceled === true ||
  (order.requisitions.length > 0 && order.requisitions.every((requisition) => requisition.canceled));

/**
 * spec 1 §4.2: 'Once any requisition has an accessionNo (received by the lab), non-admins cannot edit the order.'
 * A canceled order is locked for everyone (docs/decisions/0050).
 */
export const isOrderLocked = (order: LockFacts, user: AdminFacts): boolean =>
  isOrderCanceled(order) || (!isAdmin(user) && hasAccession(order));

/** Why an order is closed to changes, for the notice the steps show and the server's 409. */
export type OrderLock = 'canceled' | 'receivedByLab';

/** The lock that applies to this user, canceled first; null when the order may change. */
export function orderLockOf(order: LockFacts, user: AdminFacts): OrderLock | null {
  if (isOrderCanceled(order)) return 'canceled';
  return isOrderLocked(order, user) ? 'receivedByLab' : null;
}

/** The notice of each lock: its title in the browser and the message (also the server's 409 message). */
export const ORDER_LOCK_NOTICES: Readonly<Record<OrderLock, { title: string; message: string }>> = {
  canceled: { title: 'Order canceled', message: MESSAGES.orderCanceled },
  receivedByLab: { title: 'Order received', message: MESSAGES.orderReceivedByLab },
};

/** The message of the lock that applies, or null (spec 1 §4.2, spec 2 §8; docs/decisions/0050). */
export function orderLockMessage(order: LockFacts, user: AdminFacts): string | null {
  const lock = orderLockOf(order, user);
  return lock === null ? null : ORDER_LOCK_NOTICES[lock].message;
}

/**
 * spec 1 §4.2: the practitioner step is locked like the order, and also for a ship-to-office order once practitioner
 * confirmation is complete and practAgreement is non-null. Admins bypass both (spec 1 §6).
 */
export function isPractitionerStepLocked(
  order: Pick<
    OrderFacts,
    'requisitions' | 'workflow' | 'containsShipToOfficeRequisition' | 'practAgreement'
  > &
    Pick<GearOrder, 'canceled'>,
  user: AdminFacts,
): boolean {
  if (isOrderCanceled(order)) return true;
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
  order: Pick<OrderFacts, 'requisitions' | 'workflow'> & Pick<GearOrder, 'canceled'>,
  user: AdminFacts,
): boolean =>
  isOrderCanceled(order) || (!isAdmin(user) && (isPractitionerConfirmed(order) || hasAccession(order)));

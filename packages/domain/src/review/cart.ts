import { isAdmin } from '../access/admin.ts';
import type { GearOrder, Requisition, UserInfo } from '../contract/order.ts';
import { isRemovableRequisition, mayRemoveRequisitions } from '../removal/removal.ts';
import { liveRequisitions } from './submit-rules.ts';

type CartOrder = Pick<GearOrder, 'requisitions' | 'workflow' | 'physicianInTheLoop'>;
type CartUser = Pick<UserInfo, 'type' | 'adminUser'>;

export interface CartActions {
  edit: boolean;
  remove: boolean;
}

const isPitl = (order: CartOrder) =>
  order.physicianInTheLoop || order.requisitions.some((requisition) => requisition.physicianInTheLoop);

/** The order is confirmed for the caller: the caller's kind of user has submitted it (decision 0086). */
const isConfirmedFor = (order: CartOrder, user: CartUser) =>
  user.type === 'prc' ? order.workflow.patientConfirmed : order.workflow.practitionerConfirmed;

/**
 * spec 3 §2 Cart dropdown: 'Edit and remove show when the order is not confirmed, or for admins. Edit is hidden for
 * PITL orders.' Remove also follows the removal rules the server enforces (decision 0034: a requisition the lab
 * has not received; a patient only with a single requisition).
 */
export function cartActions(order: CartOrder, requisition: Requisition, user: CartUser): CartActions {
  const open = isAdmin(user) || !isConfirmedFor(order, user);
  return {
    edit: open && !isPitl(order) && !requisition.canceled,
    remove: open && isRemovableRequisition(requisition) && mayRemoveRequisitions(user, order),
  };
}

/**
 * spec 3 §2 Cart dropdown: 'the quantity or requisition count': the packs of an order shipped to the office (each
 * line has a quantity), otherwise the number of requisitions (decision 0086).
 */
export function cartCount(order: Pick<GearOrder, 'requisitions'>): {
  count: number;
  unit: 'pack' | 'requisition';
} {
  const live = liveRequisitions(order);
  if (live.length > 0 && live.every((requisition) => requisition.shipToOffice))
    return { count: live.reduce((total, requisition) => total + requisition.quantity, 0), unit: 'pack' };
  return { count: live.length, unit: 'requisition' };
}

import { BILLING_METHODS, type GearOrder, type Requisition, type UserInfo } from '../contract/order.ts';
import { sumDueToday } from '../pricing/price-summary.ts';
import { isRemovableRequisition, mayRemoveRequisitions } from '../removal/removal.ts';
import { isAdmin } from '../workflow/locking.ts';
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

/** A requisition's price line in the cart: its price under its billing method, in cents (null: not priced yet). */
export interface CartPriceLine {
  billingMethod: Requisition['billingMethod'];
  price: number | null;
}

/**
 * spec 3 §2 Cart dropdown 'Payment Due Today' (decision 0086): what the person looking at the cart pays on submitting.
 * A practitioner pays nothing at submit (the Physician Account is invoiced; the patient pays the rest when they
 * confirm). A patient pays the prices of their requisitions not on the Physician Account; null while one of them
 * is not priced yet.
 */
export function paymentDueToday(
  lines: readonly CartPriceLine[],
  user: Pick<UserInfo, 'type'>,
): number | null {
  return sumDueToday(
    lines.map((line) => ({
      payable: line.billingMethod !== BILLING_METHODS.physicianAccount,
      total: line.price,
    })),
    user.type === 'prc',
  );
}

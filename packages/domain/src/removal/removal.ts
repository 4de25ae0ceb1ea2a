import { isAdmin } from '../access/admin.ts';
import type { GearOrder, Requisition, UserInfo } from '../contract/order.ts';

/**
 * spec 2 §8 Removal, verbatim: '400 'Sorry, this requisition cannot be removed'; 403 'Sorry, you are not authorized
 * to remove this requisition'; 404 'Sorry, this requisition cannot be found'; otherwise a generic apology asking the
 * user to contact support.' The texts the spec leaves out (save for later, the notice) are ours (decision 0034).
 */
export const REMOVAL_MESSAGES = {
  cannotBeRemoved: 'Sorry, this requisition cannot be removed',
  notAuthorized: 'Sorry, you are not authorized to remove this requisition',
  notFound: 'Sorry, this requisition cannot be found',
  // Ours: 'Save-for-later failure messages: not shown' (spec 2 §8).
  saveForLaterNotAuthorized: 'Sorry, you are not authorized to save this requisition for later',
  saveForLaterOnlyRequisition: 'Sorry, the only requisition on an order cannot be saved for later',
  // Ours: spec 2 §4 'An order with no requisitions left shows a notice with a link to add one.'
  noRequisitionsLeft: 'This order has no tests left.',
  addRequisitionLink: 'Add a test',
  /** spec 3 §8 Requisition removal 'Other', verbatim, its spelling included (supersedes decision 0034's words). */
  unexpected:
    'Sorry, an unexpected error has occcured. If you continue to receive this message, please contact us.',
} as const;

/** spec 3 §7 DELETE /gear/order/cancel/{id}: 'Returns text cancelPass, cancelAlreadyRefunded or other'. */
export const CANCEL_ORDER_RESULTS = {
  pass: 'cancelPass',
  alreadyRefunded: 'cancelAlreadyRefunded',
  other: 'other',
} as const;
export type CancelOrderResult = (typeof CANCEL_ORDER_RESULTS)[keyof typeof CANCEL_ORDER_RESULTS];

/** spec 3 §8 Cancel order, verbatim. */
export const CANCEL_ORDER_MESSAGES = {
  alreadyRefunded: 'This order has already been refunded. Please refresh the page.',
  failed: 'Order cancellation failed. Please contact support.',
} as const;

/** spec 3 §8 'Cancel test failure', verbatim; and the server's reason for a test no longer cancelable (decision 0260). */
export const CANCEL_TEST_MESSAGES = {
  failed: 'An unexpected error occurred. Please try again.',
  notCancelable:
    'This test can no longer be canceled: it has been received by the lab, canceled or recollected.',
} as const;

type RemovalUser = Pick<UserInfo, 'type' | 'adminUser'>;
type RemovalOrder = Pick<GearOrder, 'requisitions'>;
type RemovalRequisition = Pick<Requisition, 'id' | 'accessionNo' | 'accessionDetails' | 'canceled'>;
/** The order facts the review's rules read (spec 3 §4 Review step). */
export type ReviewLockOrder = Pick<GearOrder, 'requisitions' | 'workflow' | 'physicianInTheLoop'>;

/** Why the review takes a requisition's edit away from a non-admin (spec 3 §4 Review step), or null. */
export type ReviewLock = 'pitl' | 'practitionerLost';

export const isPitlOrder = (order: Pick<GearOrder, 'requisitions' | 'physicianInTheLoop'>): boolean =>
  order.physicianInTheLoop || order.requisitions.some((requisition) => requisition.physicianInTheLoop);

/**
 * spec 3 §4 Review step: 'Editing is allowed unless the order is PITL'; practitioners ('practitioner-office users',
 * spec/README.md resolution 1) 'lose edit and delete once practitioner and patient have both confirmed, or when
 * paperless applies'. Admins edit anything (spec 3 §6). Decision 0185.
 */
export function reviewLockOf(
  order: ReviewLockOrder,
  requisition: Pick<Requisition, 'paperless'>,
  user: RemovalUser,
): ReviewLock | null {
  if (isAdmin(user)) return null;
  if (isPitlOrder(order)) return 'pitl';
  const bothConfirmed = order.workflow.practitionerConfirmed && order.workflow.patientConfirmed;
  if (user.type === 'myGDX' && (bothConfirmed || requisition.paperless)) return 'practitionerLost';
  return null;
}

/** The requisitions still on an order (a canceled test no longer counts). */
const liveRequisitions = (order: RemovalOrder) =>
  order.requisitions.filter((requisition) => !requisition.canceled);

/**
 * spec 2 §4 'Deletion is allowed for prc only when the order has a single requisition'; practitioners 'can delete
 * requisitions without an accession number' (spec 3 §6); admins edit anything (spec 3 §6).
 */
export const mayRemoveRequisitions = (user: RemovalUser, order: RemovalOrder): boolean =>
  isAdmin(user) || user.type === 'myGDX' || liveRequisitions(order).length === 1;

/** spec 2 §4 'Save for later is for prc or admin users with more than one requisition'. */
export const maySaveForLater = (user: RemovalUser, order: RemovalOrder): boolean =>
  (user.type === 'prc' || isAdmin(user)) && liveRequisitions(order).length > 1;

/**
 * A requisition the lab has not received and that is not canceled: only such a one can leave its order (spec 3 §6
 * 'requisitions without an accession number'; spec 3 §4 'A test is cancelable when it is not canceled, has no
 * accession details').
 */
export const isRemovableRequisition = (requisition: RemovalRequisition): boolean =>
  !requisition.canceled && !requisition.accessionNo && requisition.accessionDetails.length === 0;

/** Why a requisition may not be removed or saved for later, by the status the API answers with. */
export type RemovalRefusal = 'notFound' | 'notAuthorized' | 'cannotBeRemoved' | 'onlyRequisition';

function refusalFor(
  order: ReviewLockOrder,
  user: RemovalUser,
  gearReqId: number,
  allowed: boolean,
): { requisition: Requisition | null; refusal: RemovalRefusal | null } {
  const requisition = order.requisitions.find((candidate) => candidate.id === gearReqId) ?? null;
  if (requisition === null) return { requisition, refusal: 'notFound' };
  if (!allowed) return { requisition, refusal: 'notAuthorized' };
  if (!isRemovableRequisition(requisition)) return { requisition, refusal: 'cannotBeRemoved' };
  // spec 3 §4 Review step: the review's locks (PITL; a practitioner after both confirmations or on paperless).
  if (reviewLockOf(order, requisition, user) !== null) return { requisition, refusal: 'notAuthorized' };
  return { requisition, refusal: null };
}

/** DELETE /gear/order/{id}/requisition/{reqId}: null when the user may remove that requisition. */
export const removalRefusal = (
  user: RemovalUser,
  order: ReviewLockOrder,
  gearReqId: number,
): RemovalRefusal | null => refusalFor(order, user, gearReqId, mayRemoveRequisitions(user, order)).refusal;

/** Save for later: null when the user may move that requisition to a new order. */
export function saveForLaterRefusal(
  user: RemovalUser,
  order: ReviewLockOrder,
  gearReqId: number,
): RemovalRefusal | null {
  const roleAllows = user.type === 'prc' || isAdmin(user);
  const { refusal } = refusalFor(order, user, gearReqId, roleAllows);
  if (refusal) return refusal;
  return maySaveForLater(user, order) ? null : 'onlyRequisition';
}

/**
 * spec 3 §4 'cancel order (only if all requisitions are cancelable)': none received by the lab. A canceled test
 * does not stand in the way.
 */
export const isOrderCancelable = (order: Pick<GearOrder, 'requisitions'>): boolean =>
  order.requisitions.every(
    (requisition) =>
      requisition.canceled || (!requisition.accessionNo && requisition.accessionDetails.length === 0),
  );

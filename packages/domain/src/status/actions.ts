import { addCalendarDays } from '../identifiers/calendar-days.ts';
import {
  type AccessionFacts,
  allRequisitionsCancelable,
  CANCEL_WINDOW_DAYS,
  isResultReady,
  type OrderStatusFacts,
} from './facts.ts';
import type { OrderPageStatus } from './order-page-status.ts';

export const ORDER_ACTIONS = ['download', 'cancelOrder', 'track', 'consult', 'returnToOrder'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** spec 3 §4 'Actions by status'. Incomplete is not in the table: its receipt can be downloaded (decision 0250). */
const ACTIONS_BY_STATUS: Record<OrderPageStatus, readonly OrderAction[]> = {
  OrderPlaced: ['download', 'cancelOrder'],
  Shipped: ['download', 'track'],
  SpecimenMissing: ['download'],
  ActivationComplete: ['download'],
  ReceivedByLab: ['download'],
  ResultsReady: ['download', 'consult'],
  RecollectionOrdered: ['download'],
  RecollectionPending: ['returnToOrder'],
  Canceled: [],
  DiscardedSpecimens: [],
  Incomplete: ['download'],
};

/** spec 3 §4 and §9: Cancel Order is hidden when delivery was more than 45 days ago. */
export const isPastCancelWindow = (deliveryDate: string | null, today: string): boolean =>
  deliveryDate !== null && addCalendarDays(deliveryDate, CANCEL_WINDOW_DAYS) < today;

/**
 * spec 3 §4 'Actions by status': cancel order only if all requisitions are cancelable, and never more than 45 days
 * after delivery. today is the calendar date (YYYY-MM-DD) the actions are shown on.
 */
export function actionsForStatus(
  status: OrderPageStatus,
  facts: OrderStatusFacts,
  today: string,
): OrderAction[] {
  return ACTIONS_BY_STATUS[status].filter(
    (action) =>
      action !== 'cancelOrder' ||
      (allRequisitionsCancelable(facts) && !isPastCancelWindow(facts.tracking?.deliveryDate ?? null, today)),
  );
}

export type TestOffering =
  | { kind: 'awaitingSpecimen' }
  | { kind: 'testingInProgress' }
  | { kind: 'results'; interactiveReport: true }
  | { kind: 'discarded'; results: true; requestNewPack: boolean; newPackWillBeMailed: boolean };

/** The text shown when a discarded specimen came with issues (spec 3 §4 per-test rules). */
export const NEW_PACK_WILL_BE_MAILED = 'A new pack will be mailed.';
export const TESTING_IN_PROGRESS = 'Testing in Progress';

/**
 * spec 3 §4 per test: a discarded specimen gives results and a request-new-pack option, unless issues exist, in which
 * case a new pack will be mailed; accessioned but not status 3, 4 or 9 shows 'Testing in Progress'; otherwise results
 * and the interactive report. A test with no accession yet awaits its specimen.
 */
export function testOffering(accession: AccessionFacts | undefined): TestOffering {
  if (!accession) return { kind: 'awaitingSpecimen' };
  if (accession.discarded) {
    const issues = accession.issues.length > 0;
    return { kind: 'discarded', results: true, requestNewPack: !issues, newPackWillBeMailed: issues };
  }
  if (!isResultReady(accession.requisitionStatusId)) return { kind: 'testingInProgress' };
  return { kind: 'results', interactiveReport: true };
}

import { BILLING_METHODS, type WorkflowStep } from '../contract/order.ts';
import { completeStep, initialWorkflowSteps } from '../workflow/initial-steps.ts';
import { STEP_IDS } from '../workflow/steps.ts';
import { NEW_PACK_WILL_BE_MAILED } from './actions.ts';
import type { AccessionFacts, RequisitionStatusFacts } from './facts.ts';

/**
 * Recollection: a new collection pack for a test whose specimen the lab could not use (spec 3 §4 per-test rules,
 * §7 `GET /gear/order/{id}/request-recollect`, §8 'Re-collect', §9; decision 0252). The facts are rows of
 * `recollections` (decision 0251); these rules are shared by the request, the re-collect page and the PITL variant.
 */

/** spec 3 §9: 'Additional $40 charge for a recollection pack when payment is required.' */
export const RECOLLECTION_PACK_CENTS = 4000;

/** Why a recollection cannot be requested for a test (spec 3 §4 per test; decision 0252). */
export const RECOLLECT_REFUSALS = [
  'notOnOrder',
  'canceled',
  'notDiscarded',
  'issuesPresent',
  'alreadyRequested',
] as const;
export type RecollectRefusal = (typeof RECOLLECT_REFUSALS)[number];

/** What the request answers for each refusal (ours, but 'A new pack will be mailed.' is spec 3 §4's). */
export const RECOLLECT_MESSAGES: Record<RecollectRefusal, string> = {
  notOnOrder: 'We could not find that test on this order.',
  canceled: 'This test is canceled: a new pack cannot be requested for it.',
  notDiscarded: 'A new pack can be requested only for a specimen the lab was unable to test.',
  issuesPresent: `${NEW_PACK_WILL_BE_MAILED} There is nothing to request.`,
  alreadyRequested: 'A new pack was already requested for this test.',
};

/**
 * The discarded specimen a recollection is for: the requisition's last discarded accession (the lab's latest word on
 * it), or undefined when none is discarded.
 */
export const discardedAccessionOf = (
  requisition: Pick<RequisitionStatusFacts, 'accessions'>,
): AccessionFacts | undefined => requisition.accessions.findLast((accession) => accession.discarded);

/**
 * spec 3 §4 per test: 'A discarded specimen gives results and a request-new-pack option, unless issues exist, in
 * which case a new pack will be mailed.' A canceled test, a test whose specimen was not discarded and a test already
 * re-collected (one recollection per test: `recollections` is unique by requisition) are refused. null: allowed.
 */
export function recollectRefusal(
  requisition: RequisitionStatusFacts | undefined,
  requested: ReadonlySet<number>,
): RecollectRefusal | null {
  if (!requisition) return 'notOnOrder';
  if (requisition.canceled) return 'canceled';
  const discarded = discardedAccessionOf(requisition);
  if (!discarded) return 'notDiscarded';
  if (discarded.issues.length > 0) return 'issuesPresent';
  if (requested.has(requisition.id)) return 'alreadyRequested';
  return null;
}

/**
 * spec 3 §9 '$40 … when payment is required' (decision 0252): the patient pays the pack when the test is billed to
 * them in any way; a test billed to the practitioner's account is not charged through the portal (the lab bills the
 * account as for the first pack).
 */
export const recollectionPaymentRequired = (billingMethod: string | null): boolean =>
  billingMethod !== BILLING_METHODS.physicianAccount;

/** What the pack costs the patient, in cents (spec 3 §9). */
export const recollectionChargeCents = (paymentRequired: boolean): number =>
  paymentRequired ? RECOLLECTION_PACK_CENTS : 0;

/** spec 3 §4 'Re-collect status values'. */
export const RE_COLLECT_STATUSES = ['SUCCESS', 'UNAUTHORIZED', 'ORDER_NOT_FOUND', 'ERROR'] as const;
export type ReCollectStatus = (typeof RE_COLLECT_STATUSES)[number];

/** spec 3 §2 'Re-collect page' and §8 'Re-collect', verbatim. */
export const RE_COLLECT_MESSAGES = {
  creating: 'Creating order',
  unauthorized: (n: string | number) => `You are not authorized to re-collect for order ${n}`,
  orderNotFound: (n: string | number) => `We were not able to locate details for order ${n}`,
  error: 'An unexpected error has occurred.',
} as const;

/** The re-collect page's message for an answer other than SUCCESS (spec 3 §8 'Re-collect'). */
export function reCollectMessage(status: Exclude<ReCollectStatus, 'SUCCESS'>, n: string | number): string {
  if (status === 'UNAUTHORIZED') return RE_COLLECT_MESSAGES.unauthorized(n);
  if (status === 'ORDER_NOT_FOUND') return RE_COLLECT_MESSAGES.orderNotFound(n);
  return RE_COLLECT_MESSAGES.error;
}

/** Where a recollection order is followed: its status page (spec 3 §2 'Order status page'). */
export const recollectionRedirectUrl = (recollectionOrderId: number) =>
  `/order-status/${recollectionOrderId}`;

/**
 * The recollection an order takes part in, as the status page shows it (spec 3 §3 pitlRecollectionOrderSummary's
 * recollectionPending and paymentRequired, for the order that re-collects; decision 0252).
 */
export interface RecollectionOrderSummary {
  /** The order whose specimen is re-collected (spec 3 §3 recollectionFor). */
  recollectionFor: number;
  pending: boolean;
  paymentRequired: boolean;
  /** What the pack costs the patient, in cents. */
  chargeCents: number;
}

/**
 * The workflow of a recollection order (decision 0252): the steps of its tests shipped to the patient (spec 1 §4.4
 * 'a recollection gives dropShip'), each done already on the original order, except the sample collection, which
 * the patient records again for the new specimen.
 */
export function recollectionOrderSteps(gearReqIds: readonly number[], stepDate: string): WorkflowStep[] {
  const rows = initialWorkflowSteps({
    requisitions: gearReqIds.map((id) => ({ id, dropShip: true, shipToOffice: false })),
    containsDropShipRequisition: true,
    containsShipToOfficeRequisition: false,
  });
  return rows
    .filter((row) => !row.notApplicable && row.id !== STEP_IDS.collection)
    .reduce(
      (steps, row) =>
        completeStep(steps, { id: row.id, gearReqId: row.gearReqId, userType: 'myGDX', stepDate }),
      rows,
    );
}

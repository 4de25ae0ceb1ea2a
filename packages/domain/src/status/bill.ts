import { testOffering } from './actions.ts';
import type { AccessionFacts } from './facts.ts';

/** The facts a test's Pay Bill is decided from: the order, the test and what the test still owes. */
export interface BillFacts {
  orderCanceled: boolean;
  testCanceled: boolean;
  accessions: readonly AccessionFacts[];
  /** What the test still owes under its billing method (GET /amount-due's computation), in cents. */
  amountDueCents: number;
}

/**
 * Pay Bill (spec 3 §2 'Per-requisition blocks … Pay Bill', 'Other links used' /pay/ereq/{gearReqId}; spec 3 §7
 * 'GET /amount-due … used for practitioner accessioned, results-ready orders'; decision 0300): offered for a test of
 * an order not canceled, itself not canceled, with an accession whose results are ready (spec 3 §4 per test:
 * 'Otherwise results and interactive report are offered' — neither discarded nor still in testing), that still
 * owes something.
 */
export function mayPayBill(facts: BillFacts): boolean {
  if (facts.orderCanceled || facts.testCanceled || facts.amountDueCents <= 0) return false;
  return facts.accessions.some((accession) => testOffering(accession).kind === 'results');
}

/** The Pay Bill page's and call's answers (ours, decision 0300; the spec gives no words). */
export const BILL_MESSAGES = {
  alreadyPaid: 'This bill has already been paid.',
  notPayable: 'There is no bill to pay for this test yet.',
  declined: 'The card was declined. Please check the details or use another card.',
  linkMismatch:
    'This payment link does not match the order. Please open it again from the order status page.',
} as const;

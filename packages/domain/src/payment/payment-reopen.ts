import { BILLING_METHODS, type BillingMethod } from '../contract/order.ts';

/** A requisition's payment as recorded, with what it costs now (integer cents). */
export interface PaidRequisitionFacts {
  gearReqId: number;
  billingMethod: BillingMethod | null;
  /** What the requisition costs now under its billing method (the server's price engine). */
  priceCents: number;
  /** What its settled payments authorized or paid, in total (a discount they carried counts as paid). */
  paidCents: number;
  /** The part of paidCents paid with a stored card-on-file token. */
  cardOnFileCents: number;
}

export interface ReopenFacts {
  userType: string;
  pitl: boolean;
}

export type ReopenReason = 'amountExceedsPaid' | 'cardOnFileWithMedicare';

export interface Reopened {
  gearReqId: number;
  reason: ReopenReason;
  /** What is due now: the price less what was paid (less the card-on-file part when that cannot stand). */
  dueCents: number;
}

/** The modal's title (spec 3 §4 'Payment page'). */
export const UPDATED_PAYMENT_TITLE = 'Updated Payment Information Required';

/**
 * spec 3 §4 'Payment page': a locked (paid) payment page returns to unlocked with payRequired when, for a patient
 * user on a non-PITL order, the amount due exceeds what was authorized or paid, or a stored card-on-file token was
 * used with Medicare or Tricare billing (decision 0160). Returns the paid requisitions that reopen and what each owes.
 */
export function reopenedPayments(facts: ReopenFacts, paid: readonly PaidRequisitionFacts[]): Reopened[] {
  if (facts.userType !== 'prc' || facts.pitl) return [];
  const reopened: Reopened[] = [];
  for (const requisition of paid) {
    // A card-on-file payment does not stand for Medicare or Tricare billing: what else was paid must cover the price.
    const standing = requisition.paidCents - requisition.cardOnFileCents;
    if (
      requisition.cardOnFileCents > 0 &&
      requisition.billingMethod === BILLING_METHODS.medicare &&
      requisition.priceCents > standing
    ) {
      reopened.push({
        gearReqId: requisition.gearReqId,
        reason: 'cardOnFileWithMedicare',
        dueCents: requisition.priceCents - standing,
      });
    } else if (requisition.priceCents > requisition.paidCents) {
      reopened.push({
        gearReqId: requisition.gearReqId,
        reason: 'amountExceedsPaid',
        dueCents: requisition.priceCents - requisition.paidCents,
      });
    }
  }
  return reopened;
}

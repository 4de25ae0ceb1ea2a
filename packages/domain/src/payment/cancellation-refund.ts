import { NON_REFUNDABLE_FEE_CENTS } from '../pricing/discounts.ts';

/** A charge the gateway took for an order (a captured payment or a charged instalment), not yet refunded. */
export interface RefundableCharge {
  transactionId: string;
  amountCents: number;
}

export interface CancellationRefundInput {
  /** The charges to give back (the whole order's, or the canceled test's), oldest first. */
  charges: readonly RefundableCharge[];
  /** The collection pack has shipped (a shipment is recorded for the order): the fee applies (decision 0260). */
  packShipped: boolean;
  /** The part of the fee already kept on this order by an earlier cancellation (a test canceled before). */
  feeAlreadyKeptCents: number;
}

export interface PlannedRefund {
  transactionId: string;
  /** What goes back to the card (may be 0 when the fee took all of this charge). */
  refundCents: number;
  /** What of this charge is kept as the non-refundable fee. */
  feeKeptCents: number;
}

/**
 * spec 3 §9 'Non-refundable cancellation fee $40' (decision 0260): cancelling gives back every charge, less the $40
 * fee once per order when the pack has shipped. The fee is taken from the oldest charges first and never exceeds what
 * was paid; a fee already kept by an earlier cancellation of one test is not kept again.
 */
export function cancellationRefunds(input: CancellationRefundInput): PlannedRefund[] {
  let feeLeft = input.packShipped ? Math.max(0, NON_REFUNDABLE_FEE_CENTS - input.feeAlreadyKeptCents) : 0;
  return input.charges.map((charge) => {
    const feeKeptCents = Math.min(feeLeft, charge.amountCents);
    feeLeft -= feeKeptCents;
    return {
      transactionId: charge.transactionId,
      refundCents: charge.amountCents - feeKeptCents,
      feeKeptCents,
    };
  });
}

export const totalRefundCents = (refunds: readonly Pick<PlannedRefund, 'refundCents'>[]): number =>
  refunds.reduce((sum, refund) => sum + refund.refundCents, 0);

/**
 * spec 3 §3 gearOrder.pitlRecollectionOrderSummary (recollectionPending, paymentRequired, gearReqRecollectionMap) and
 * spec 3 §9 'Non-refundable cancellation fee $40', which is what a PITL replacement pack costs (decision 0291).
 */
export const PITL_REPLACEMENT_FEE_CENTS = 4000;

/** One recollection of a requisition (the recollections rows; the facts the generic recollection also reads). */
export interface RecollectionRow {
  gearReqId: number;
  pending: boolean;
  paymentRequired: boolean;
  recollectionOrderId: number | null;
}

export interface PitlRecollectionOrderSummary {
  recollectionPending: boolean;
  paymentRequired: boolean;
  /** gearReqId → the recollection (replacement) order made for it. */
  gearReqRecollectionMap: Record<number, number>;
}

/**
 * spec 3 §3 pitlRecollectionOrderSummary from the order's recollections: pending while any is pending; payment
 * required while a pending one awaits its replacement fee; the map of those that have their replacement order.
 */
export function pitlRecollectionOrderSummaryOf(
  rows: readonly RecollectionRow[],
): PitlRecollectionOrderSummary {
  const gearReqRecollectionMap: Record<number, number> = {};
  for (const row of rows)
    if (row.recollectionOrderId !== null) gearReqRecollectionMap[row.gearReqId] = row.recollectionOrderId;
  return {
    recollectionPending: rows.some((row) => row.pending),
    paymentRequired: rows.some((row) => row.pending && row.paymentRequired),
    gearReqRecollectionMap,
  };
}

/** The requisitions whose replacement fee is due now (pending, payment required), in the order given. */
export const replacementFeesDue = (rows: readonly RecollectionRow[]): number[] =>
  rows.filter((row) => row.pending && row.paymentRequired).map((row) => row.gearReqId);

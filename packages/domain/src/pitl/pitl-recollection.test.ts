import { describe, expect, it } from 'vitest';
import {
  PITL_REPLACEMENT_FEE_CENTS,
  pitlRecollectionOrderSummaryOf,
  replacementFeesDue,
} from './pitl-recollection.ts';

const row = (
  gearReqId: number,
  pending: boolean,
  paymentRequired: boolean,
  recollectionOrderId: number | null,
) => ({
  gearReqId,
  pending,
  paymentRequired,
  recollectionOrderId,
});

describe('pitlRecollectionOrderSummaryOf (spec 3 §3 pitlRecollectionOrderSummary)', () => {
  it.each([
    [
      'no recollection',
      [],
      { recollectionPending: false, paymentRequired: false, gearReqRecollectionMap: {} },
    ],
    [
      'spec 3 §3: pending, payment required (the $40 replacement fee)',
      [row(1, true, true, null)],
      { recollectionPending: true, paymentRequired: true, gearReqRecollectionMap: {} },
    ],
    [
      'pending without payment',
      [row(1, true, false, null)],
      { recollectionPending: true, paymentRequired: false, gearReqRecollectionMap: {} },
    ],
    [
      'spec 3 §3 gearReqRecollectionMap: made, no longer pending',
      [row(1, false, true, 100200)],
      { recollectionPending: false, paymentRequired: false, gearReqRecollectionMap: { 1: 100200 } },
    ],
  ] as const)('%s', (_name, rows, expected) => {
    expect(pitlRecollectionOrderSummaryOf(rows)).toEqual(expected);
  });
  it('spec 3 §9: the replacement fee is the $40 fee', () => expect(PITL_REPLACEMENT_FEE_CENTS).toBe(4000));
  it('the fees due now are the pending ones requiring payment', () =>
    expect(
      replacementFeesDue([row(1, true, true, null), row(2, true, false, null), row(3, false, true, 9)]),
    ).toEqual([1]));
});

import { describe, expect, it } from 'vitest';
import { cancellationRefunds, totalRefundCents } from './cancellation-refund.ts';

const charge = (transactionId: string, amountCents: number) => ({ transactionId, amountCents });

describe('cancellationRefunds (spec 3 §9 non-refundable cancellation fee $40; decision 0260)', () => {
  it.each([
    {
      name: 'not shipped: everything back',
      charges: [charge('a', 19900)],
      packShipped: false,
      kept: 0,
      expected: [{ transactionId: 'a', refundCents: 19900, feeKeptCents: 0 }],
    },
    {
      name: 'shipped: $40 kept',
      charges: [charge('a', 19900)],
      packShipped: true,
      kept: 0,
      expected: [{ transactionId: 'a', refundCents: 15900, feeKeptCents: 4000 }],
    },
    {
      name: 'shipped, two charges: the fee from the oldest first, then the next',
      charges: [charge('a', 2500), charge('b', 10000)],
      packShipped: true,
      kept: 0,
      expected: [
        { transactionId: 'a', refundCents: 0, feeKeptCents: 2500 },
        { transactionId: 'b', refundCents: 8500, feeKeptCents: 1500 },
      ],
    },
    {
      name: 'shipped, paid less than the fee: nothing back, never more kept than paid',
      charges: [charge('a', 3000)],
      packShipped: true,
      kept: 0,
      expected: [{ transactionId: 'a', refundCents: 0, feeKeptCents: 3000 }],
    },
    {
      name: 'the fee was kept by an earlier test cancellation: not kept twice',
      charges: [charge('a', 10000)],
      packShipped: true,
      kept: 4000,
      expected: [{ transactionId: 'a', refundCents: 10000, feeKeptCents: 0 }],
    },
    {
      name: 'part of the fee kept before: the rest now',
      charges: [charge('a', 10000)],
      packShipped: true,
      kept: 1000,
      expected: [{ transactionId: 'a', refundCents: 7000, feeKeptCents: 3000 }],
    },
    { name: 'nothing paid: nothing to refund', charges: [], packShipped: true, kept: 0, expected: [] },
  ])('$name', ({ charges, packShipped, kept, expected }) => {
    const refunds = cancellationRefunds({ charges, packShipped, feeAlreadyKeptCents: kept });
    expect(refunds).toEqual(expected);
    const paid = charges.reduce((sum, c) => sum + c.amountCents, 0);
    expect(totalRefundCents(refunds) + refunds.reduce((sum, r) => sum + r.feeKeptCents, 0)).toBe(paid);
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { practitioner, requisition } from '../test-support/fixtures.ts';
import { reviewQuantityErrors } from './review-quantity.ts';
import { type FittedReviewQuantity, fitReviewQuantity } from './review-quantity-fit.ts';

const canada = practitioner({ gsdlNo: 'P1005', office: { ...practitioner().office, reqLayoutId: 3 } });
const orderOf = (quantities: number[], who = canada) => ({
  practitioner: who,
  requisitions: quantities.map((quantity, i) => requisition({ id: 101 + i, quantity })),
});

describe('fitReviewQuantity (spec 3 §5 quantity on the review; decision 0085)', () => {
  it.each<[string, ReturnType<typeof orderOf>, string, FittedReviewQuantity]>([
    [
      'spec 3 §5: a domestic order keeps 1 to 99',
      orderOf([1, 60], practitioner()),
      '99',
      { quantity: 99, overLimit: false },
    ],
    [
      'spec 3 §5: a non-numeric value becomes 1',
      orderOf([1], practitioner()),
      'abc',
      { quantity: 1, overLimit: false },
    ],
    ['spec 3 §5: minimum 1', orderOf([4], practitioner()), '0', { quantity: 1, overLimit: false }],
    ['spec 3 §5: maximum 99', orderOf([4], practitioner()), '120', { quantity: 99, overLimit: false }],
    ['spec 3 §5: Canada within 25 is kept', orderOf([1, 10]), '15', { quantity: 15, overLimit: false }],
    [
      'spec 3 §5: Canada capped at 25 across requisitions',
      orderOf([1, 10]),
      '20',
      { quantity: 15, overLimit: true },
    ],
    [
      'spec 3 §5: Canada with no packs left saves nothing',
      orderOf([1, 25]),
      '2',
      { quantity: null, overLimit: true },
    ],
  ])('%s', (_spec, order, typed, expected) => {
    expect(fitReviewQuantity(order, 101, typed)).toEqual(expected);
  });

  it('what it saves is always accepted by the server check', () => {
    const order = orderOf([3, 7, 9]);
    for (const typed of ['1', '5', '6', '40', '99', 'x']) {
      const { quantity } = fitReviewQuantity(order, 101, typed);
      if (quantity !== null)
        expect(reviewQuantityErrors(order, 101, quantity, messages('800-522-4762'))).toEqual([]);
    }
  });
});

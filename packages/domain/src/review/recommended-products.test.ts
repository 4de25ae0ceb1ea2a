import { describe, expect, it } from 'vitest';
import { type RecommendationFacts, recommendProducts } from './recommended-products.ts';

const facts = (overrides: Partial<RecommendationFacts> = {}): RecommendationFacts => ({
  onOrder: [540],
  coOrdered: [],
  popular: [],
  orderable: () => true,
  limit: 3,
  ...overrides,
});

describe('recommendProducts (spec 3 §2 Recommended products, §9; decision 0110)', () => {
  it.each<[string, Partial<RecommendationFacts>, number[]]>([
    [
      'spec 3 §2: most often ordered together first, ties by product id',
      {
        coOrdered: [
          { orderableItemId: 215, orders: 2 },
          { orderableItemId: 617, orders: 5 },
          { orderableItemId: 100, orders: 2 },
        ],
      },
      [617, 100, 215],
    ],
    [
      "spec 3 §2 'Limited to 3': never more than 3, whatever the limit asked",
      { coOrdered: [1, 2, 3, 4, 5].map((id) => ({ orderableItemId: id, orders: 10 - id })), limit: 10 },
      [1, 2, 3],
    ],
    ['spec 3 §7 ?limit: a smaller limit is kept', { popular: [1, 2, 3], limit: 2 }, [1, 2]],
    ['spec 3 §7 ?limit: zero or less answers none', { popular: [1, 2, 3], limit: -4 }, []],
    [
      'decision 0110: the catalogue’s popular products fill in when orders say too little',
      { coOrdered: [{ orderableItemId: 617, orders: 1 }], popular: [617, 215, 100] },
      [617, 215, 100],
    ],
    [
      'decision 0110: never a product already on the order',
      { onOrder: [540, 215], coOrdered: [{ orderableItemId: 215, orders: 9 }], popular: [540, 100] },
      [100],
    ],
    [
      'decision 0110: never a product the practitioner cannot order',
      { popular: [1, 2, 3, 4], orderable: (id) => id % 2 === 0 },
      [2, 4],
    ],
    ['decision 0110: a count of zero is no evidence', { coOrdered: [{ orderableItemId: 9, orders: 0 }] }, []],
  ])('%s', (_spec, overrides, expected) => {
    expect(recommendProducts(facts(overrides))).toEqual(expected);
  });
});

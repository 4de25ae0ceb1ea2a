/** spec 3 §2 'Limited to 3', §9 'Recommended products: 3'. */
export const RECOMMENDED_PRODUCTS_LIMIT = 3;

/** How many other orders held a product together with one of this order's products. */
export interface CoOrdered {
  orderableItemId: number;
  orders: number;
}

export interface RecommendationFacts {
  /** The products on the order (canceled requisitions left out). */
  onOrder: readonly number[];
  /** Products ordered together with those, from past orders (any order, any practitioner). */
  coOrdered: readonly CoOrdered[];
  /** The catalogue's most popular products, most popular first: the fallback when orders say too little. */
  popular: readonly number[];
  /** Whether the order's practitioner may order a product from the review (listed for the office, not drop-ship only
   * when the order ships to the office…): the caller's catalogue rules. */
  orderable(orderableItemId: number): boolean;
  /** The ?limit asked for; at most RECOMMENDED_PRODUCTS_LIMIT, at least 0. */
  limit: number;
}

/**
 * spec 3 §2 Recommended products, decision 0110: products often ordered together with this order's products, most
 * orders first (ties by product id, so the answer is stable), then the catalogue's most popular products; never a
 * product already on the order or one the practitioner cannot order; at most 3.
 */
export function recommendProducts(facts: RecommendationFacts): number[] {
  const limit = Math.max(0, Math.min(RECOMMENDED_PRODUCTS_LIMIT, Math.trunc(facts.limit)));
  const onOrder = new Set(facts.onOrder);
  const together = [...facts.coOrdered]
    .filter((row) => row.orders > 0)
    .sort((a, b) => b.orders - a.orders || a.orderableItemId - b.orderableItemId)
    .map((row) => row.orderableItemId);
  const chosen: number[] = [];
  for (const id of [...together, ...facts.popular]) {
    if (chosen.length >= limit) break;
    if (onOrder.has(id) || chosen.includes(id) || !facts.orderable(id)) continue;
    chosen.push(id);
  }
  return chosen;
}

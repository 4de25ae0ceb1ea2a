import {
  isNewYorkOffice,
  MESSAGES,
  type RecommendedProduct,
  recommendProducts,
  type UserInfo,
} from '@gear/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { requisitions } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/http-error.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { orderForCaller } from '../order/order.service.ts';

const other = alias(requisitions, 'other');

/**
 * For each product, how many other orders held it together with one of these products (canceled requisitions left
 * out): one grouped statement over the requisitions.
 */
async function coOrderedWith(db: Db, orderId: number, products: readonly number[]) {
  if (products.length === 0) return [];
  const rows = await db
    .select({
      orderableItemId: other.orderableItemId,
      orders: sql<number>`count(distinct ${other.orderId})::int`,
    })
    .from(requisitions)
    .innerJoin(
      other,
      and(eq(other.orderId, requisitions.orderId), ne(other.orderableItemId, requisitions.orderableItemId)),
    )
    .where(
      and(
        inArray(requisitions.orderableItemId, [...products]),
        ne(requisitions.orderId, orderId),
        eq(requisitions.canceled, false),
        eq(other.canceled, false),
      ),
    )
    .groupBy(other.orderableItemId);
  return rows.map((row) => ({ orderableItemId: row.orderableItemId, orders: Number(row.orders) }));
}

/**
 * GET /gear/recommended-products/order/{id}?limit (spec 3 §2, §6, §7; decision 0110): for practitioners (403 for
 * patients), on an order they may see (404/403 otherwise): at most 3 products often ordered with this order's
 * (recommendProducts), that the order's practitioner can order.
 */
export async function recommendedProductsFor(
  db: Db,
  user: UserInfo,
  orderId: number,
  limit: number,
): Promise<RecommendedProduct[]> {
  if (user.type !== 'myGDX') throw forbidden(MESSAGES.forbidden);
  const order = await orderForCaller(db, user, orderId);
  const live = order.requisitions.filter((requisition) => !requisition.canceled);
  const onOrder = [...new Set(live.map((requisition) => requisition.omsOrderableItemId))];
  const [catalogue, coOrdered] = await Promise.all([catalogueOf(db), coOrderedWith(db, orderId, onOrder)]);
  const newYork = order.practitioner ? isNewYorkOffice(order.practitioner) : false;
  const lists = catalogue.lists(newYork);
  const officeOnly = live.length > 0 && live.every((requisition) => requisition.shipToOffice);
  const ids = recommendProducts({
    onOrder,
    coOrdered,
    popular: lists.topProducts.map((item) => item.id),
    orderable: (id) => {
      const item = catalogue.listedSummary(id, newYork);
      return item !== undefined && !(officeOnly && item.dropShipOnly) && !item.covid;
    },
    limit,
  });
  return ids.flatMap((id) => {
    const item = catalogue.listedSummary(id, newYork);
    return item
      ? [
          {
            omsOrderableItemId: item.id,
            title: item.name,
            description: item.description,
            imageUrl: null,
            productPage: null,
          },
        ]
      : [];
  });
}

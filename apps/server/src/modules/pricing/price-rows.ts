import type { PriceListRow, PriceType, SpecialFee, SpecialFeeRow } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prices, specialFees } from '../../db/schema/index.ts';
import { keptPerDb, perDb } from '../../lib/per-db.ts';
import { preparedPerDb } from '../../lib/prepared-per-db.ts';

const itemRowsQuery = preparedPerDb((db) =>
  db
    .select({
      type: prices.priceType,
      itemId: prices.orderableItemId,
      inputFieldId: prices.inputFieldId,
      gsdlNo: prices.gsdlNo,
      priceCents: prices.priceCents,
      maxOutOfPocketCents: prices.maxOutOfPocketCents,
    })
    .from(prices)
    .where(eq(prices.orderableItemId, sql.placeholder('itemId')))
    .prepare('item_price_rows'),
);

/** Price lists change only by the seed or a catalogue import; a process sees a change within this time. */
const REFRESH_MS = 5 * 60_000;

interface Cached {
  rows: Promise<readonly PriceListRow[]>;
  loadedAt: number;
}

const cacheOf = perDb((_db: Db) => new Map<number, Cached>());

/**
 * The price-list rows of one item (every list, every practitioner's override), read with one prepared query and
 * kept in memory per database for 5 minutes (docs/decisions/0012): a price needs no database round trip.
 */
export function priceRowsOf(db: Db, itemId: number): Promise<readonly PriceListRow[]> {
  const cache = cacheOf(db);
  const cached = cache.get(itemId);
  if (cached && Date.now() - cached.loadedAt < REFRESH_MS) return cached.rows;
  const rows = itemRowsQuery(db)
    .execute({ itemId })
    .then((found) => found.map((row) => ({ ...row, type: row.type as PriceType })));
  cache.set(itemId, { rows, loadedAt: Date.now() });
  rows.catch(() => cache.delete(itemId));
  return rows;
}

const feeRowsQuery = preparedPerDb((db) =>
  db
    .select({
      fee: specialFees.fee,
      priceType: specialFees.priceType,
      gsdlNo: specialFees.gsdlNo,
      amountCents: specialFees.amountCents,
    })
    .from(specialFees)
    .prepare('special_fee_rows'),
);

/**
 * The special fee table (decision 0051: a few rows per price list and override), read with one prepared query and
 * kept per database for 5 minutes like the price rows.
 */
export const specialFeeRowsOf = keptPerDb(
  REFRESH_MS,
  async (db): Promise<readonly SpecialFeeRow[]> =>
    (await feeRowsQuery(db).execute()).map((row) => ({
      ...row,
      fee: row.fee as SpecialFee,
      priceType: row.priceType as PriceType,
    })),
);

/** Drops the cached price rows and special fees of a database (tests that change prices). */
export const forgetPriceRows = (db: Db) => {
  cacheOf(db).clear();
  specialFeeRowsOf.forget(db);
};

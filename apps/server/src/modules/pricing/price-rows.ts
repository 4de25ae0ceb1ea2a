import type { PriceListRow, PriceType, SpecialFee, SpecialFeeRow } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Elsewhere, keptUntilChanged, preparedStatement } from '../../db/kept.ts';
import { prices, specialFees } from '../../db/schema/index.ts';

const itemRowsQuery = preparedStatement((db) =>
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

/**
 * Price lists change only by the seed or a catalogue import: kept until then on the embedded database; on PostgreSQL a
 * process sees a change within 5 minutes (docs/decisions/0012).
 */
const PRICE_LISTS_ELSEWHERE: Elsewhere = { maxAgeMs: 5 * 60_000 };

/**
 * The price-list rows of one item (every list, every practitioner's override), read with one prepared query and
 * kept in memory: a price needs no database round trip.
 */
export const priceRowsOf = keptUntilChanged({
  from: ['prices'],
  read: (db: Db, itemId: number): Promise<readonly PriceListRow[]> =>
    itemRowsQuery(db)
      .execute({ itemId })
      .then((found) => found.map((row) => ({ ...row, type: row.type as PriceType }))),
  elsewhere: PRICE_LISTS_ELSEWHERE,
  maxKeys: 5000,
});

const feeRowsQuery = preparedStatement((db) =>
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

/** The special fee table (decision 0051: a few rows per price list and override), kept like the price rows. */
export const specialFeeRowsOf = keptUntilChanged<void, Promise<readonly SpecialFeeRow[]>>({
  from: ['prices'],
  read: async (db: Db): Promise<readonly SpecialFeeRow[]> =>
    (await feeRowsQuery(db).execute()).map((row) => ({
      ...row,
      fee: row.fee as SpecialFee,
      priceType: row.priceType as PriceType,
    })),
  elsewhere: PRICE_LISTS_ELSEWHERE,
});

/** Drops the kept price rows and special fees of a database (tests that change prices behind the importer's back). */
export const forgetPriceRows = (db: Db) => {
  priceRowsOf.forget(db);
  specialFeeRowsOf.forget(db);
};

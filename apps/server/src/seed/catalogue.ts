import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  catalogueRequisitions,
  icd10Codes,
  inputFields,
  orderableItemDiagnosisCodes,
  orderableItemInputFields,
  orderableItems,
  prices,
} from '../db/schema/catalogue.ts';
import { practitioners } from '../db/schema/practitioners.ts';
import {
  CATALOGUE_ITEMS,
  CATALOGUE_PACKS,
  INPUT_FIELDS,
  ITEM_DIAGNOSIS_CODES,
  ITEM_INPUT_FIELDS,
  PRICES,
  REFERENCED_GSDL_NOS,
} from './catalogue-data.ts';
import { CURATED_ICD10_CODES } from './curated-icd10.ts';

/** The natural key of a price row (the table's own id is generated). */
export function priceKey(row: {
  orderableItemId: number;
  inputFieldId: number | null;
  priceType: string;
  gsdlNo: string | null;
}): string {
  return `${row.orderableItemId}|${row.inputFieldId ?? ''}|${row.priceType}|${row.gsdlNo ?? ''}`;
}

/**
 * Seeds the demo catalogue (catalogue-data.ts, curated-icd10.ts) in one transaction. Idempotent: rows whose key
 * already exists are left as they are (ON CONFLICT DO NOTHING; prices, which have a generated id, are matched on
 * item, input field, price type and gsdlNo). The practitioners seed must have run first (P1001, P1002).
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const present = await tx
      .select({ gsdlNo: practitioners.gsdlNo })
      .from(practitioners)
      .where(inArray(practitioners.gsdlNo, [...REFERENCED_GSDL_NOS]));
    const missing = REFERENCED_GSDL_NOS.filter((g) => !present.some((r) => r.gsdlNo === g));
    if (missing.length > 0) {
      throw new Error(`seedCatalogue: seed the practitioners first (missing ${missing.join(', ')})`);
    }

    await tx
      .insert(icd10Codes)
      .values([...CURATED_ICD10_CODES])
      .onConflictDoNothing();
    await tx
      .insert(orderableItems)
      .values([...CATALOGUE_ITEMS])
      .onConflictDoNothing();
    await tx
      .insert(inputFields)
      .values([...INPUT_FIELDS])
      .onConflictDoNothing();
    await tx
      .insert(orderableItemInputFields)
      .values([...ITEM_INPUT_FIELDS])
      .onConflictDoNothing();
    await tx
      .insert(orderableItemDiagnosisCodes)
      .values([...ITEM_DIAGNOSIS_CODES])
      .onConflictDoNothing();

    const existing = await tx
      .select({
        orderableItemId: prices.orderableItemId,
        inputFieldId: prices.inputFieldId,
        priceType: prices.priceType,
        gsdlNo: prices.gsdlNo,
      })
      .from(prices)
      .where(
        inArray(
          prices.orderableItemId,
          CATALOGUE_ITEMS.map((i) => i.id),
        ),
      );
    const seen = new Set(existing.map(priceKey));
    const newPrices = PRICES.filter((r) => !seen.has(priceKey(r)));
    if (newPrices.length > 0) await tx.insert(prices).values(newPrices);

    await tx
      .insert(catalogueRequisitions)
      .values(CATALOGUE_PACKS.map(({ situation: _situation, ...row }) => row))
      .onConflictDoNothing();
  });
}

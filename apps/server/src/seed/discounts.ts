import type { Db } from '../db/client.ts';
import { changing } from '../db/kept.ts';
import { discounts } from '../db/schema/commerce.ts';

/**
 * Demo discount codes (demo-data.md 'discount codes of each type … AFFILIATE with a maxDiscount … and a Practicum
 * Testing discount'; docs/decisions/0130). Amounts are integer cents, PERCENTAGE whole percent; codes upper case.
 */
export const DEMO_DISCOUNTS: readonly (typeof discounts.$inferInsert)[] = [
  { code: 'QA10', discountType: 'PERCENTAGE', discountAmount: 10 },
  { code: 'SAVE50', discountType: 'PRICE', discountAmount: 5000 },
  { code: 'AVERY30', discountType: 'CLIENT', discountAmount: 3000, gsdlNo: 'P1001' },
  { code: 'AFFILIATE100', discountType: 'AFFILIATE', discountAmount: 10000, maxDiscountCents: 200000 },
  { code: 'AFFILIATE-SMALL', discountType: 'AFFILIATE', discountAmount: 2500, maxDiscountCents: 10000 },
  { code: 'PRACTICUM', discountType: 'PERCENTAGE', discountAmount: 50, practicumTesting: true },
  { code: 'RETIRED20', discountType: 'PERCENTAGE', discountAmount: 20, active: false },
  {
    code: 'EXPIRED15',
    discountType: 'PERCENTAGE',
    discountAmount: 15,
    validUntil: new Date('2025-01-01T00:00:00Z'),
  },
];

/** Seeds the demo codes; idempotent (an existing code is left as it is). Codes are kept with the price lists. */
export async function seedDiscounts(db: Db): Promise<void> {
  await changing(['prices'], () =>
    db
      .insert(discounts)
      .values([...DEMO_DISCOUNTS])
      .onConflictDoNothing({ target: discounts.code }),
  );
}

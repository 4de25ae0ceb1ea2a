import type { SpecialFeeRow } from '@gear/domain';
import type { Db } from '../db/client.ts';
import { specialFees } from '../db/schema/catalogue.ts';

/**
 * The demo amounts of the special fees of PITL orders (spec 3 §9; decision 0051): the same on every price list a
 * patient pays from (patient pay, insurance initial payment, Medicare, Tricare), none on the physician account list;
 * P1001 has a negotiated Shipping & Handling Fee.
 */
const PATIENT_LISTS = ['PTPAY', 'IIP', 'MEDICARE', 'TRICARE'] as const;

export const SPECIAL_FEE_ROWS: readonly SpecialFeeRow[] = [
  ...PATIENT_LISTS.flatMap((priceType): SpecialFeeRow[] => [
    { fee: 'physicianFee', priceType, gsdlNo: null, amountCents: 2500 },
    { fee: 'shippingAndHandling', priceType, gsdlNo: null, amountCents: 1495 },
    { fee: 'multipleProductDiscount', priceType, gsdlNo: null, amountCents: 2000 },
  ]),
  ...PATIENT_LISTS.map(
    (priceType): SpecialFeeRow => ({
      fee: 'shippingAndHandling',
      priceType,
      gsdlNo: 'P1001',
      amountCents: 995,
    }),
  ),
];

const keyOf = (row: { fee: string; priceType: string; gsdlNo: string | null }) =>
  `${row.fee}|${row.priceType}|${row.gsdlNo ?? ''}`;

/** Seeds the special fee amounts; idempotent (a row whose fee, list and practitioner exist is left as it is). */
export async function seedSpecialFees(db: Db): Promise<void> {
  const existing = await db
    .select({ fee: specialFees.fee, priceType: specialFees.priceType, gsdlNo: specialFees.gsdlNo })
    .from(specialFees);
  const seen = new Set(existing.map(keyOf));
  const missing = SPECIAL_FEE_ROWS.filter((row) => !seen.has(keyOf(row)));
  if (missing.length > 0) await db.insert(specialFees).values([...missing]);
}

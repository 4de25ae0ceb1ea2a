import { z } from 'zod';
import { billingMethodSchema } from './order.ts';

const cents = (description: string) => z.number().int().nullable().describe(`${description} (integer cents)`);

/** spec 3 §3 Price result 'items (name, price, feeItem)'; price in cents. */
export const priceLineSchema = z.object({ name: z.string(), price: z.number().int(), feeItem: z.boolean() });
export type PriceLine = z.infer<typeof priceLineSchema>;

/** Why a price result has no price; the display turns these into the spec's messages. */
export const PRICE_ERRORS = ['unableToDeterminePrice', 'billingOptionUnknown'] as const;
export type PriceError = (typeof PRICE_ERRORS)[number];

/** spec 3 §3 'Price result per requisition'. Amounts are integer cents; null when unknown. */
export const priceResultSchema = z.object({
  gearRequisitionId: z.number(),
  billingMethod: billingMethodSchema,
  price: cents('What the billing method costs: the initial payment for Bill Insurance'),
  maxOutOfPocket: cents('Bill Insurance only: the most the patient pays, initial payment included'),
  medicarePrice: cents('The price on the Medicare list'),
  tricarePrice: cents('The price on the Tricare list'),
  items: z
    .array(priceLineSchema)
    .describe(
      "The price's lines in integer cents: the tests, then the special fees of spec 3 §9 (feeItem true: Physician " +
        'Fee, Shipping & Handling Fee, a negative Multiple Product Discount on PITL orders; International Surcharge)',
    ),
  error: z.enum(PRICE_ERRORS).nullable(),
});
export type PriceResult = z.infer<typeof priceResultSchema>;

/**
 * spec 3 §3 'Price result per requisition' as GET /gear/api/applied-price answers it: the domain's result with the
 * insurance providers it was priced for. configError is true when the price lists cannot price the selection (no
 * row for a part of it); placeholder is always false (a fetched price).
 */
export const appliedPriceSchema = priceResultSchema
  .extend({
    insuranceProvider: z.string().nullable(),
    secondaryInsuranceProvider: z.string().nullable(),
    placeholder: z.literal(false),
    configError: z.boolean().describe('The price lists cannot price this selection'),
  })
  .meta({ id: 'AppliedPrice' });
export type AppliedPrice = z.infer<typeof appliedPriceSchema>;

const priceListSchema = z
  .record(z.string(), z.number().int())
  .describe("Integer cents by input field id; 'item' is the product's own price");

/** GET /gear/api/inputFieldPriceMap/{orderableItemId}?gsdlNo (spec 1 §7): prices by display type. */
export const priceMapSchema = z
  .object({ PTPAY: priceListSchema, IIP: priceListSchema })
  .meta({ id: 'InputFieldPriceMap' });
export type PriceMap = z.infer<typeof priceMapSchema>;

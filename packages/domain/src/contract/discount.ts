import { z } from 'zod';

/** spec 3 §9 'Discount types: PERCENTAGE, PRICE, CLIENT, AFFILIATE'. */
export const DISCOUNT_TYPES = ['PRICE', 'PERCENTAGE', 'CLIENT', 'AFFILIATE'] as const;
export const discountTypeSchema = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof discountTypeSchema>;

/** The refusals of a discount code (spec 3 §8 'DiscountInvalidException and DiscountNotFoundException'). */
export const DISCOUNT_ERRORS = [
  'DiscountNotFoundException',
  'DiscountInvalidException',
  'DiscountNotApplicableException',
] as const;
export const discountErrorSchema = z.enum(DISCOUNT_ERRORS);
export type DiscountError = z.infer<typeof discountErrorSchema>;

/** A code as typed: 1 to 40 printable characters (the box trims it; ours, docs/decisions/0130). */
export const DISCOUNT_CODE_MAX = 40;

/**
 * spec 3 §3 'Discount: discountCode, discountType (PRICE, PERCENTAGE, CLIENT, AFFILIATE), discountAmount, maxDiscount'.
 * discountAmount is integer cents, except PERCENTAGE where it is whole percent (docs/decisions/0130).
 */
export const discountSchema = z
  .object({
    discountCode: z.string(),
    discountType: discountTypeSchema,
    discountAmount: z
      .number()
      .int()
      .min(0)
      .describe('Integer cents off the order; for PERCENTAGE the whole percent (0 to 100)'),
    maxDiscount: z
      .number()
      .int()
      .nullable()
      .describe('AFFILIATE: the largest order total (integer cents) the affiliate covers; null: no cap'),
    practicumTesting: z
      .boolean()
      .describe('A Practicum Testing discount (spec 3 §5: lifts the $100 floor of payment plans)'),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof discountSchema>;

/** One requisition's share of an applied discount (spec 3 §3 Price result 'discount (… discountAmount …)'). */
export const requisitionDiscountSchema = z.object({
  gearRequisitionId: z.number(),
  discountAmount: z.number().int().min(0).describe('Integer cents off this requisition'),
});
export type RequisitionDiscount = z.infer<typeof requisitionDiscountSchema>;

/**
 * spec 3 §7 GET /gear/api/{orderId}/applyDiscount/{code}: 'Returns discount, or error (error, message), plus
 * discountCode.' A valid code carries the discount and each requisition's share; a refused one error and message.
 */
export const applyDiscountAnswerSchema = z
  .object({
    discountCode: z.string(),
    discount: discountSchema.nullable(),
    requisitions: z.array(requisitionDiscountSchema),
    totalDiscount: z.number().int().min(0).describe('Integer cents off the order'),
    error: discountErrorSchema.nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'ApplyDiscountAnswer' });
export type ApplyDiscountAnswer = z.infer<typeof applyDiscountAnswerSchema>;

/**
 * The {code} of GET /gear/api/{orderId}/applyDiscount/{code}: 1 to 40 printable ASCII characters after trimming
 * (no NUL, no broken Unicode, no spaces inside); anything else is 400 (docs/decisions/0130).
 */
export const discountCodeSchema = z
  .string()
  .trim()
  .min(1, 'A code is required.')
  .max(DISCOUNT_CODE_MAX)
  .regex(/^[\x21-\x7E]+$/, 'A code is letters, digits and punctuation.');

import { z } from 'zod';
import { orderReadQuerySchema } from './lookups.ts';
import { storableText } from './values.ts';

/**
 * GET /gear/gear-requisition/{gearReqId}/bill?requisitionNumber&orderNo&dateOfBirth: what the Pay Bill page
 * (/pay/ereq/{gearReqId}?requisitionNumber&orderNo&dateOfBirth, spec 3 §2 'Other links used') shows (decision 0300).
 * requisitionNumber and orderNo are the link's own and must match the test; dateOfBirth proves a patient's order.
 */
export const billQuerySchema = orderReadQuerySchema.extend({
  requisitionNumber: storableText.pipe(z.string().max(40)).optional(),
  orderNo: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type BillQuery = z.infer<typeof billQuerySchema>;

export const billSchema = z
  .object({
    gearReqId: z.number(),
    orderId: z.number(),
    /** The order's version: the payment names it in If-Match (decision 0100). */
    version: z.number(),
    requisitionNumber: z.string().nullable(),
    name: z.string(),
    /** What the test still owes (GET /amount-due's computation), in cents; 0 once paid. */
    amountDueCents: z.number(),
    /** mayPayBill: results ready, not canceled, something owed (decision 0300). */
    payable: z.boolean(),
    /** A patient answers the captcha before a card is charged (as the submit, decision 0120). */
    captchaRequired: z.boolean(),
    /** The bill's card payment, once made. */
    paid: z
      .object({
        amountCents: z.number(),
        cardBrand: z.string().nullable(),
        cardLast4: z.string().nullable(),
        at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'Bill' });
export type Bill = z.infer<typeof billSchema>;

/** POST /gear/gear-requisition/{gearReqId}/bill-payment: a gateway token (POST /gateway/tokens), never a card number. */
export const payBillBodySchema = z.object({
  tokenId: storableText.pipe(z.string().min(1, 'Please enter a card number.').max(64)),
  recaptcha: storableText.pipe(z.string().max(4096)).nullable().optional(),
});
export type PayBillBody = z.infer<typeof payBillBodySchema>;

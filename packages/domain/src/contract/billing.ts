import { z } from 'zod';
import { acknowledgementSchema, gearReqIdSchema, orderVersion, storableText } from './values.ts';

/**
 * Body of PUT /gear/billingMethod/ (spec 1 §7: 'billingMethod, gearReqId'). The choice is checked against the options
 * offered (validateBillingChoice) with the order's facts, so any text is accepted here. version is the order's
 * version as read (or If-Match; none answers 428, docs/decisions/0065); dateMedicalNecessityAcknowledged is needed
 * from a practitioner whose choice makes the order a Medicare order (docs/decisions/0012).
 */
export const billingMethodBodySchema = z.object({
  billingMethod: storableText.max(100).nullable().default(null),
  gearReqId: gearReqIdSchema,
  version: orderVersion.optional(),
  dateMedicalNecessityAcknowledged: acknowledgementSchema.optional(),
  /** spec 1 §4.3 'Yes' to the price-increase confirmation (docs/decisions/0066). */
  priceIncreaseConfirmed: z.boolean().optional(),
});
export type BillingMethodBody = z.infer<typeof billingMethodBodySchema>;

/** PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source}: source names the screen, e.g. BillingOptions. */
export const priceIncreaseSourceSchema = z.string().regex(/^[A-Za-z]{1,40}$/);
export type BillingMethodRequest = z.input<typeof billingMethodBodySchema>;

import { z } from 'zod';
import { findRegion } from '../identifiers/regions.ts';
import {
  DEFAULT_SHIPPING_METHOD,
  SHIPPING_METHOD_VALUES,
  shippingMethodSchema,
} from '../shipping/shipping-methods.ts';
import { SHIPPING_ERROR_CODES } from '../shipping/shipping-step.ts';
import { errorEnvelopeSchema, fieldErrorSchema } from './errors.ts';
import type { ShippingInformation } from './order.ts';
import { optionalText } from './patient.ts';
import { orderVersion } from './values.ts';

/**
 * ShippingInformation of PUT /gear/order/{id}/shippingInfo/ (spec 2 §3, §7): trimmed, the state as its code.
 */
export const shippingInformationSchema = z.object({
  shippingMethod: shippingMethodSchema.default(DEFAULT_SHIPPING_METHOD),
  company: optionalText,
  attention: optionalText,
  address1: optionalText,
  address2: optionalText,
  city: optionalText,
  state: optionalText.transform((text) => (text === null ? null : (findRegion(text)?.code ?? text))),
  zipCode: optionalText,
  country: optionalText,
  instructions: optionalText,
}) satisfies z.ZodType<ShippingInformation, unknown>;

/** Body of PUT /gear/order/{id}/shippingInfo/: 'shipping fields and gearOrderId' (spec 2 §7). */
export const shippingStepSchema = shippingInformationSchema.extend({
  gearOrderId: z.number().int().positive(),
});

export type ShippingStepBody = z.infer<typeof shippingStepSchema>;

/** No text of the body may hold NUL (PostgreSQL's jsonb cannot store it). */
const noNul = (value: unknown) => !JSON.stringify(value).includes('\\u0000');

/**
 * Body of PUT /gear/order/{id}/shippingInfo/ as the route takes it: with the order's version as read (or If-Match;
 * none answers 428, docs/decisions/0065).
 */
export const shippingInfoBodySchema = shippingStepSchema
  .extend({ version: orderVersion.optional() })
  .refine(noNul, { error: 'Some of the information entered is not valid.' });
export type ShippingInfoRequest = z.input<typeof shippingInfoBodySchema>;

/** The envelope of a refused shipping save: a field error may carry the spec's error key (spec 2 §8). */
export const shippingRefusalSchema = errorEnvelopeSchema
  .extend({
    errors: z
      .array(fieldErrorSchema.extend({ code: z.enum(Object.values(SHIPPING_ERROR_CODES)).optional() }))
      .optional(),
  })
  .meta({ id: 'ShippingRefusal' });

/** GET /gear/order/{id}/available-shipping-charges: a method and its charge. */
export const shippingChargeSchema = z
  .object({
    shippingMethod: z.enum(SHIPPING_METHOD_VALUES),
    price: z.number().int().describe('cents'),
  })
  .meta({ id: 'ShippingCharge' });

import { orderVersion, SHIPPING_METHOD_VALUES, shippingStepSchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asOrderResponse, errorEnvelopeSchema, idParam, orderSchema } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import { type Carrier, rateTableCarrier } from './carrier.ts';
import { availableShippingCharges, saveShippingInfo } from './shipping.service.ts';

const tags = ['Shipping'];

/** The envelope of a refused shipping save: a field error may carry the spec's error key (spec 2 §8). */
const shippingRefusalSchema = errorEnvelopeSchema
  .extend({
    errors: z
      .array(
        z.object({
          field: z.string(),
          defaultMessage: z.string(),
          code: z.enum(['shipping.practitioner.country.mismatch', 'ordering.restricted.found']).optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'ShippingRefusal' });

const refusals = { 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

const shippingChargeSchema = z
  .object({
    shippingMethod: z.enum(SHIPPING_METHOD_VALUES),
    price: z.number().int().describe('cents'),
  })
  .meta({ id: 'ShippingCharge' });

/** No text of the body may hold NUL (PostgreSQL's jsonb cannot store it). */
const noNul = (value: unknown) => !JSON.stringify(value).includes('\\u0000');

const shippingInfoBodySchema = shippingStepSchema
  .extend({ version: orderVersion.optional() })
  .refine(noNul, { error: 'Some of the information entered is not valid.' });

export function shippingRoutes(carrier: Carrier = rateTableCarrier()) {
  return async function routes(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/gear/order/:id/available-shipping-charges',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          summary: "The shipping methods and their charges for where the order's packs go (spec 2 §7)",
          description:
            'Price in cents. The destination is the saved shipping information, else the patient address of a ' +
            "drop-ship order, else the practitioner's office; Canada gets FedEx Ground only, a PO box Smart Post only.",
          params: z.object({ id: idParam }),
          response: { 200: z.array(shippingChargeSchema), ...refusals },
        },
      },
      (request) => availableShippingCharges(app.db, carrier, callerOf(request).userInfo, request.params.id),
    );

    api.put(
      '/gear/order/:id/shippingInfo/',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          summary: 'Save the shipping method and address of an order (spec 2 §5, §7)',
          description:
            'Completes step 14. A PO box only warns (in the browser); refusals carry the spec keys ' +
            'shipping.practitioner.country.mismatch and ordering.restricted.found as errors[].code.',
          params: z.object({ id: idParam }),
          body: shippingInfoBodySchema,
          response: { 200: orderSchema, 400: shippingRefusalSchema, ...refusals, 409: errorEnvelopeSchema },
        },
      },
      (request) =>
        asOrderResponse(
          saveShippingInfo(
            app.db,
            callerOf(request).userInfo,
            request.params.id,
            request.body,
            versionNamed(request, request.body.version),
          ),
        ),
    );
  };
}

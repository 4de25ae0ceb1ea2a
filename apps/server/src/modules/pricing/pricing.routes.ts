import { BILLING_METHODS, databaseId, gsdlNoSchema, MESSAGES } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, idParam } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { appliedPriceFor, priceMapFor } from './pricing.service.ts';

const tags = ['Pricing'];
const refusals = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

const cents = (description: string) => z.number().int().nullable().describe(`${description} (integer cents)`);

export const appliedPriceSchema = z
  .object({
    gearRequisitionId: z.number(),
    billingMethod: z.string(),
    insuranceProvider: z.string().nullable(),
    secondaryInsuranceProvider: z.string().nullable(),
    price: cents('What the billing method costs: the initial payment for Bill Insurance'),
    maxOutOfPocket: cents('Bill Insurance only: the most the patient pays, initial payment included'),
    medicarePrice: cents('The price on the Medicare list'),
    tricarePrice: cents('The price on the Tricare list'),
    items: z
      .array(z.object({ name: z.string(), price: z.number().int(), feeItem: z.boolean() }))
      .describe(
        "The price's lines in integer cents: the tests, then the special fees of spec 3 §9 (feeItem true: Physician " +
          'Fee, Shipping & Handling Fee, a negative Multiple Product Discount on PITL orders; International Surcharge)',
      ),
    error: z.enum(['unableToDeterminePrice', 'billingOptionUnknown']).nullable(),
    placeholder: z.literal(false),
    configError: z.boolean().describe('The price lists cannot price this selection'),
  })
  .meta({ id: 'AppliedPrice' });

const priceListSchema = z
  .record(z.string(), z.number().int())
  .describe("Integer cents by input field id; 'item' is the product's own price");

export const priceMapSchema = z
  .object({ PTPAY: priceListSchema, IIP: priceListSchema })
  .meta({ id: 'InputFieldPriceMap' });

const billingMethod = z.enum(BILLING_METHODS, { error: MESSAGES.billingOptionRequired });

export async function pricingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/api/applied-price',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The price of a requisition under a billing method (spec 1 §7, spec 3 §3)',
        querystring: z.object({
          gearReqId: z.coerce.number().pipe(databaseId),
          billingMethod,
        }),
        response: { 200: appliedPriceSchema, ...refusals },
      },
    },
    (request) =>
      appliedPriceFor(
        app.db,
        callerOf(request).userInfo,
        request.query.gearReqId,
        request.query.billingMethod,
      ),
  );

  api.get(
    '/gear/api/inputFieldPriceMap/:orderableItemId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "A product's component and add-on prices by display type, PTPAY and IIP (spec 1 §7, §9)",
        params: z.object({ orderableItemId: idParam }),
        querystring: z.object({ gsdlNo: gsdlNoSchema }),
        response: { 200: priceMapSchema, ...refusals },
      },
    },
    (request) =>
      priceMapFor(app.db, callerOf(request).userInfo, request.params.orderableItemId, request.query.gsdlNo),
  );
}

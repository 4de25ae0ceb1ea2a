import {
  appliedPriceSchema,
  BILLING_METHODS,
  databaseId,
  errorEnvelopeSchema,
  gsdlNoSchema,
  MESSAGES,
  priceMapSchema,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { appliedPriceFor, priceMapFor } from './pricing.service.ts';

const tags = ['Pricing'];
const refusals = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

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

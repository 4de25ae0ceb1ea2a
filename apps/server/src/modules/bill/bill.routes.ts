import { billQuerySchema, billSchema, errorEnvelopeSchema, payBillBodySchema } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { PaymentDeps } from '../payment/payment.service.ts';
import { billFor, payBill } from './bill.service.ts';

const tags = ['Pay Bill'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const params = z.object({ gearReqId: idParam });

/**
 * The Pay Bill page's calls (spec 3 §2 'Other links used' /pay/ereq/{gearReqId}?requisitionNumber&orderNo&dateOfBirth;
 * decision 0300): the test's bill, and its payment by card through the payment gateway adapter. Every answer is
 * no-store; card numbers never come here (the browser tokenizes at POST /gateway/tokens).
 */
export const billRoutes = (deps: PaymentDeps) =>
  async function billRoutesPlugin(app: FastifyInstance) {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/gear/gear-requisition/:gearReqId/bill',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          operationId: 'bill',
          summary: 'What a test still owes, for the Pay Bill page (spec 3 §2; decision 0300)',
          description:
            'For whoever may see the order; a patient sends the order’s dateOfBirth (400 without, 404 when wrong). ' +
            'requisitionNumber and orderNo are the link’s: 404 when they do not match the test. The amount is GET ' +
            '/amount-due’s; payable when results are ready and something is owed.',
          params,
          querystring: billQuerySchema,
          response: { 200: billSchema, ...refusals },
        },
      },
      (request) => billFor(app.db, deps, callerOf(request), request.params.gearReqId, request.query),
    );

    api.post(
      '/gear/gear-requisition/:gearReqId/bill-payment',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          operationId: 'payBill',
          summary: 'Pay a test’s bill by card, once (spec 3 §2 Pay Bill; decision 0300)',
          description:
            'The order’s version in If-Match (428 without, 409 when stale). Charges the amount due now (GET ' +
            '/amount-due’s) to the gateway token, once: of identical concurrent calls one pays, the others answer ' +
            '409; 409 ‘This bill has already been paid.’ once paid; 402 RequisitionPaymentException when the card is ' +
            'declined (nothing changes); 422 for an unknown token or, for a patient, the captcha ' +
            '(RecaptchaInvalidException). Answers the bill as paid.',
          params,
          querystring: billQuerySchema,
          body: payBillBodySchema,
          response: { 200: billSchema, ...refusals, 402: errorEnvelopeSchema, 428: errorEnvelopeSchema },
        },
      },
      (request) =>
        payBill(
          app.db,
          deps,
          callerOf(request),
          request.params.gearReqId,
          request.query,
          request.body,
          versionNamed(request, undefined),
        ),
    );
  };

import {
  cardTokenSchema,
  discountCodeSchema,
  errorEnvelopeSchema,
  expeditedShippingWaiverBodySchema,
  gearOrderSchema,
  orderReadQuerySchema,
  PAYMENT_MESSAGES,
  paymentSummarySchema,
  recordedPaymentSchema,
  tokenizeCardBodySchema,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { unprocessable } from '../../lib/http-error.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import { orderForDocument } from '../documents/documents.service.ts';
import { orderForCaller } from '../order/order.service.ts';
import { paymentsOfOrder } from './payment.repository.ts';
import { declineMessage, type PaymentDeps, paymentSummaryFor } from './payment.service.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { saveShippingWaiver } from './shipping-waiver.ts';

const tags = ['Payment'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

/**
 * The refund policy (spec 3 §7 'Returns the refund policy text'; ours, decision 0120), with the non-refundable $40
 * cancellation fee of spec 3 §9.
 */
const REFUND_POLICY_HTML = [
  '<h2>Refund policy</h2>',
  '<p>You may cancel an order for a refund until the laboratory receives your specimen.</p>',
  '<p>A non-refundable fee of $40.00 is kept when an order is canceled after its collection pack has shipped.</p>',
  '<p>Once the laboratory has received a specimen, testing has begun and the order cannot be refunded.</p>',
  '<p>Refunds go back to the card or account that paid, within 5 to 10 business days.</p>',
  '<p>For a payment plan, instalments not yet charged are canceled with the order.</p>',
].join('');

/** Tokenization is the card-testing target of a payment form: a few a minute per client. */
const TOKENIZE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/**
 * The payment routes (decision 0120): the local gateway's tokenization endpoint (what hosted fields post to), the
 * payment step's summary, an order's payments and the receipt. Every answer is no-store.
 */
export const paymentRoutes = (deps: PaymentDeps) => async (app: FastifyInstance) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/gateway/tokens',
    {
      config: { access: 'public', rateLimit: TOKENIZE_RATE_LIMIT },
      schema: {
        tags,
        operationId: 'tokenizeCard',
        summary: 'The local gateway: a card as typed → a token (decision 0120)',
        description:
          'Stands where a processor’s hosted fields are: the only place a card number is sent. Answers the token, ' +
          'the brand and the last four digits; the number and the CVV are never stored or logged.',
        body: tokenizeCardBodySchema,
        response: { 200: cardTokenSchema, ...refusals, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const result = await deps.gateway.tokenize(request.body);
      if (!result.ok) {
        const message = declineMessage(result.code);
        const field =
          result.code === 'invalid_expiry'
            ? 'cardExpDate'
            : result.code === 'incorrect_cvc'
              ? 'cardCvv'
              : 'cardNo';
        throw unprocessable(message, [{ field, defaultMessage: message }]);
      }
      return { token: result.token, brand: result.brand, last4: result.last4 };
    },
  );

  api.get(
    '/html/connect/refund-policy/index.html',
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'refundPolicy',
        summary: 'The refund policy text (spec 3 §7), HTML',
        response: { 200: z.any().describe('An HTML fragment (text/html)') },
      },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(REFUND_POLICY_HTML),
  );

  api.get(
    '/gear/order/:id/payment-summary',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'paymentSummary',
        summary:
          'What the payment step shows: amounts due, choices, acknowledgements, payments (spec 3 §4, §5)',
        description:
          'With discountCode (an applied code, decision 0132) the amounts and Payment Due Today are less its ' +
          'discount, as the submit charges them; a code that no longer applies leaves them whole with discountMessage.',
        params: z.object({ id: idParam }),
        querystring: z.object({ discountCode: discountCodeSchema.optional() }),
        response: { 200: paymentSummarySchema, ...refusals, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      // Amounts of a patient's tests and the discount on them: never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return paymentSummaryFor(
        app.db,
        deps,
        callerOf(request),
        request.params.id,
        request.query.discountCode ?? null,
      );
    },
  );

  api.put(
    '/gear/order/:id/expedited-shipping-waiver',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'waiveExpeditedShipping',
        summary:
          'An admin waives the expedited shipping fee, or takes the waiver back (spec 2 §6; decision 0187)',
        description:
          'Only an admin acting for the practitioner (onBehalfOf includes the practitioner’s GSDL number) on an ' +
          'order with no orderFormId; anyone else 403. The version read in the body or If-Match (428 without, 409 ' +
          'when stale). The payment summary then owes no expedited shipping.',
        params: z.object({ id: idParam }),
        body: expeditedShippingWaiverBodySchema,
        response: { 200: gearOrderSchema, ...refusals, 409: errorEnvelopeSchema, 428: errorEnvelopeSchema },
      },
    },
    (request) =>
      saveShippingWaiver(
        app.db,
        callerOf(request).userInfo,
        request.params.id,
        request.body.waived,
        versionNamed(request, request.body.version),
      ),
  );

  api.get(
    '/gear/order/:id/payments',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'orderPayments',
        summary: "An order's payments with their instalments (spec 3 §3 allPayments)",
        params: z.object({ id: idParam }),
        response: { 200: z.array(recordedPaymentSchema), ...refusals },
      },
    },
    async (request) => {
      await orderForCaller(app.db, callerOf(request).userInfo, request.params.id);
      return paymentsOfOrder(app.db, request.params.id);
    },
  );

  api.get(
    '/gear/order/:id/receipt/pdf',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'paymentReceipt',
        summary: 'The receipt of an order’s payments, a PDF (spec 3 §2 Download Receipt)',
        description:
          'A patient (prc) opens it with the date of birth of the order’s patient, as every patient-side download ' +
          '(spec 3 §6); 422 before any payment.',
        params: z.object({ id: idParam }),
        querystring: orderReadQuerySchema,
        response: { 200: z.any().describe('The receipt (application/pdf)'), ...refusals },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const order = await orderForDocument(app.db, callerOf(request).userInfo, id, request.query.dateOfBirth);
      const payments = await paymentsOfOrder(app.db, id);
      if (payments.length === 0) throw unprocessable(PAYMENT_MESSAGES.noReceipt);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${id}.pdf"`)
        .send(await receiptPdf(order, payments));
    },
  );
};

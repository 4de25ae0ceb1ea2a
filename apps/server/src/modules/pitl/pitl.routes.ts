import {
  errorEnvelopeSchema,
  pitlRecollectionOrderSummarySchema,
  pitlTransferRequestSchema,
  pitlTransferResponseSchema,
  storableText,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { PaymentGateway } from '../payment/gateway/gateway.ts';
import { payReplacementFees, pitlOrderView, transferPacks } from './pitl.service.ts';

const refusals = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const dateOfBirthQuery = z.object({
  dateOfBirth: z
    .string()
    .max(10)
    .optional()
    .describe(
      "The patient's date of birth: required of the patient side (spec 3 §6), ignored for practitioners",
    ),
});

const pitlOrderViewSchema = z
  .object({
    physicianInTheLoop: z.boolean(),
    pitlRecollectionOrderSummary: pitlRecollectionOrderSummarySchema,
    replacementFeesDue: z.array(z.object({ gearReqId: z.number(), amountCents: z.number() })),
    transfer: z.object({
      eligibleGearReqIds: z.array(z.number()),
      preselectedGearReqIds: z.array(z.number()),
      feeCents: z.number(),
    }),
  })
  .meta({ id: 'PitlOrderView' });

const cardText = (max: number) => storableText.max(max).nullable().optional();
const replacementFeeBodySchema = z.object({
  tokenId: cardText(64),
  cardNo: cardText(40),
  cardExpDate: cardText(10),
  cardCvv: cardText(10),
  cardholderName: cardText(100),
  cardZipCode: cardText(12),
});

/** spec 3 §1, §3, §4, §7: the PITL variant's own calls (decisions 0290, 0291). */
export const pitlRoutes = (gateway: PaymentGateway) =>
  async function pitlRoutesPlugin(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/gear/order/:id/pitl',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['PITL'],
          operationId: 'pitlOrderView',
          summary:
            'The PITL facts of an order: recollection summary, replacement fees due, transferable packs',
          description:
            'spec 3 §3 pitlRecollectionOrderSummary {recollectionPending, paymentRequired, gearReqRecollectionMap}, the ' +
            '$40 replacement fees due, and the packs the transfer may take (a single one preselected). Decision 0291.',
          params: z.object({ id: idParam }),
          response: { 200: pitlOrderViewSchema, ...refusals },
        },
      },
      (request) => pitlOrderView(app.db, callerOf(request).userInfo, request.params.id),
    );

    api.post(
      '/gear/order/:id/pitl-transfer',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['PITL'],
          operationId: 'pitlTransfer',
          summary: 'Transfer unused collection packs to a new patient (spec 3 §4 Transfer, §7)',
          description:
            'Body gearOrderId, gearReqIds, newPatient, physicianFeePayment (the $15 physician transfer fee by card); ' +
            'answers gearOrder (the order the packs left), error and transferredOrderId (the new patient opens it at ' +
            '/connect/{transferredOrderId}). 400: no pack, a pack not transferable (received, collected, canceled, ' +
            'recollected), the patient form or the card form; 402: the card declined (generic, nothing moved). ' +
            'Identical concurrent transfers move the packs once. Decision 0290.',
          params: z.object({ id: idParam }),
          querystring: dateOfBirthQuery,
          body: pitlTransferRequestSchema,
          response: { 200: pitlTransferResponseSchema, ...refusals },
        },
      },
      (request) =>
        transferPacks(
          app.db,
          gateway,
          callerOf(request),
          request.params.id,
          request.query.dateOfBirth ?? null,
          request.body,
        ),
    );

    api.post(
      '/gear/order/:id/pitl-replacement-fee',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['PITL'],
          operationId: 'pitlReplacementFee',
          summary: 'Pay the $40 replacement fee of the pending recollections that require payment',
          description:
            'spec 3 §3 pitlRecollectionOrderSummary.paymentRequired, §9 the $40 fee. Each fee is charged once however ' +
            'many calls are made; a declined card (402) changes nothing. Answers the PITL facts after payment. Decision 0291.',
          params: z.object({ id: idParam }),
          querystring: dateOfBirthQuery,
          body: replacementFeeBodySchema,
          response: { 200: pitlOrderViewSchema, ...refusals },
        },
      },
      (request) =>
        payReplacementFees(
          app.db,
          gateway,
          callerOf(request),
          request.params.id,
          request.query.dateOfBirth ?? null,
          request.body,
        ),
    );
  };

import {
  cardFieldErrors,
  databaseId,
  errorEnvelopeSchema,
  gearOrderSchema,
  MESSAGES,
  reCollectResponseSchema,
  storableText,
} from '@gear/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { badRequest, namedRefusal } from '../../lib/http-error.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { PaymentGateway } from '../payment/gateway/gateway.ts';
import { versionQuery } from '../removal/removal.routes.ts';
import {
  packCardOf,
  payRecollectionPacks,
  RECOLLECTION_PACK_MESSAGES,
  RECOLLECTION_PACK_PAYMENT_ERROR,
  reCollect,
  recollectionPackOrder,
  requestRecollection,
} from './recollect.service.ts';

const cardText = (max: number) => storableText.max(max).nullable().optional();

/** The pack's payment: which recollection (all due when absent) and the card (a gateway token or its fields). */
const recollectionPackBodySchema = z
  .object({
    recollectionOrderId: databaseId.nullable().optional(),
    tokenId: cardText(64),
    cardNo: cardText(40),
    cardExpDate: cardText(10),
    cardCvv: cardText(10),
    cardholderName: cardText(100),
    cardZipCode: cardText(12),
  })
  .meta({ id: 'RecollectionPackPayment' });

const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  428: errorEnvelopeSchema,
};

/** An accession number as the lab writes it (letters, digits, dashes; decision 0251). */
const accessionNoParam = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9-]+$/);

/** A patient who re-collects may follow the recollection order: it joins their session (decision 0040's proof). */
async function grantRecollection(app: FastifyInstance, request: FastifyRequest, recollectionOrderId: number) {
  const caller = callerOf(request);
  if (caller.userInfo.type === 'prc')
    await app.sessions.addOrderToPatientSession(caller.sessionId, recollectionOrderId);
}

/** spec 3 §7: request a recollection, the re-collect page's call; the $40 pack's payment (decision 0252). */
export const recollectRoutes = (gateway: PaymentGateway) =>
  async function recollectRoutesPlugin(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/gear/order/:id/request-recollect',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Recollect'],
          operationId: 'requestRecollect',
          summary: 'Request a new collection pack for discarded specimens (spec 3 §7 "Returns the order")',
          description:
            'Each test named (gearReqIds, repeated) must be on the order, not canceled, with a discarded specimen ' +
            'that came without issues (spec 3 §4; with issues a new pack will be mailed: 400) and not re-collected ' +
            'yet (409). Creates one recollection order linked by recollectionFor; the $40 pack is charged to the ' +
            "order's card when a test is billed to the patient (spec 3 §9), else the recollection stays pending until " +
            'paid. Once only: of identical concurrent calls one creates it, the others answer 409. Patients send the ' +
            "order's dateOfBirth (400 without); a wrong one is 404. Answers the order (decision 0252).",
          params: z.object({ id: idParam }),
          querystring: versionQuery.extend({
            dateOfBirth: z.string().max(10).optional(),
            gearReqIds: z.union([idParam, z.array(idParam).min(1).max(20)]),
          }),
          response: { 200: gearOrderSchema, ...refusals },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { gearReqIds, dateOfBirth, version } = request.query;
        const made = await requestRecollection(
          app.db,
          gateway,
          { user: caller.userInfo, userId: caller.userId },
          request.params.id,
          Array.isArray(gearReqIds) ? gearReqIds : [gearReqIds],
          dateOfBirth ?? null,
          versionNamed(request, version),
        );
        await grantRecollection(app, request, made.recollectionOrderId);
        reply.header('cache-control', 'no-store');
        reply.header('x-recollection-order-id', String(made.recollectionOrderId));
        return made.order;
      },
    );

    api.get(
      '/gear/re-collect/:accessionNo',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Recollect'],
          operationId: 'reCollect',
          summary: 'The re-collect page: create or find the recollection of an accession (spec 3 §2, §4, §7)',
          description:
            'status SUCCESS with redirectUrl (the recollection order, made now or before), UNAUTHORIZED when the ' +
            'caller may not see the order, ORDER_NOT_FOUND for an accession on no order, ERROR when the test cannot ' +
            'be re-collected (spec 3 §4 "Re-collect status values"; decision 0252). Making the recollection changes ' +
            "the accession's order: it names the order version read in If-Match (428 without, 409 when stale; the " +
            'order status page links here with it); a recollection made before needs none (decision 0294).',
          params: z.object({ accessionNo: accessionNoParam }),
          response: { 200: reCollectResponseSchema, ...refusals },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const answer = await reCollect(
          app.db,
          gateway,
          { user: caller.userInfo, userId: caller.userId },
          request.params.accessionNo,
          versionNamed(request, undefined),
        );
        if (answer.recollectionOrderId !== null)
          await grantRecollection(app, request, answer.recollectionOrderId);
        reply.header('cache-control', 'no-store');
        return { status: answer.status, redirectUrl: answer.redirectUrl };
      },
    );

    api.post(
      '/gear/order/:id/recollection-pack',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Recollect'],
          operationId: 'payRecollectionPack',
          summary:
            "Pay the $40 pack of the order's pending recollections by card (spec 3 §9; PITL's Replacement Fee)",
          description:
            '{id} is the order re-collected (the one whose pitlRecollectionOrderSummary says paymentRequired). ' +
            'Pays every pending recollection of it that requires payment, or only recollectionOrderId. The card: the ' +
            "browser's gateway token (tokenId) or the card fields of spec 3 §5 (their messages, 400). Names the " +
            'order version read in If-Match: 428 without, 409 when stale (nothing charged). 402 when the card is ' +
            'declined (nothing changed); 409 when nothing is due. Charged once per recollection order however many ' +
            "identical calls are made. Patients send the order's dateOfBirth. Answers the order as saved (decision 0293).",
          params: z.object({ id: idParam }),
          querystring: z.object({ dateOfBirth: z.string().max(10).optional() }),
          body: recollectionPackBodySchema,
          response: { 200: gearOrderSchema, ...refusals },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { tokenId, recollectionOrderId, ...fields } = request.body;
        const card = {
          cardNo: fields.cardNo ?? '',
          cardExpDate: fields.cardExpDate ?? '',
          cardCvv: fields.cardCvv ?? '',
          cardholderName: fields.cardholderName ?? '',
          cardZipCode: fields.cardZipCode ?? '',
        };
        reply.header('cache-control', 'no-store');
        const order = await recollectionPackOrder(
          app.db,
          caller.userInfo,
          request.params.id,
          request.query.dateOfBirth ?? null,
        );
        const version = versionNamed(request, undefined);
        if (!tokenId) {
          const errors = cardFieldErrors(card, { international: false });
          if (errors.length > 0) throw badRequest(MESSAGES.invalidInput, errors);
        }
        const stored = await packCardOf(gateway, { ...card, tokenId: tokenId ?? null });
        if (!stored)
          throw namedRefusal(402, RECOLLECTION_PACK_PAYMENT_ERROR, RECOLLECTION_PACK_MESSAGES.declined, [
            { field: 'payment', defaultMessage: RECOLLECTION_PACK_MESSAGES.declined },
          ]);
        return payRecollectionPacks(
          app.db,
          gateway,
          { user: caller.userInfo, userId: caller.userId },
          order.id,
          version,
          stored,
          recollectionOrderId ?? null,
        );
      },
    );
  };

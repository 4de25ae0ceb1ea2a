import {
  DISCARDED_SPECIMEN_MESSAGE,
  errorEnvelopeSchema,
  isResultReady,
  ORDER_NOT_FOUND_MESSAGE,
  type SavedOrder,
  type UserInfo,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { accessions } from '../../db/schema/index.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requisitionForCaller } from '../order/order.service.ts';
import type { PaymentDeps } from '../payment/payment.service.ts';
import { amountOwedCents } from './amount-owed.ts';
import { RESULTS_MESSAGES } from './order-status.service.ts';

/**
 * GET /amount-due?invoiceNo={accessionNo} (spec 3 §7 'Returns text of a number; used for practitioner accessioned,
 * results-ready orders'; decision 0263): what the accession's test still owes under its billing method (its price
 * less the payments recorded for it, the payment page's dues), as dollars with two decimals. A discarded specimen
 * answers 409 with spec 3 §8's 'Our lab was unable to complete your test...'; results not ready 409; an accession on
 * no order the caller may see 404 'The order was not found.' (another practitioner's 403).
 */
export async function amountDueOf(
  db: Db,
  deps: Pick<PaymentDeps, 'carrier'>,
  user: UserInfo,
  accessionNo: string,
): Promise<string> {
  const [accession] = await db.select().from(accessions).where(eq(accessions.accessionNo, accessionNo));
  if (!accession) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  let order: SavedOrder;
  try {
    order = (await requisitionForCaller(db, user, accession.gearReqId)).order;
  } catch (refusal) {
    if (refusal instanceof HttpError && refusal.statusCode === 404) throw notFound(ORDER_NOT_FOUND_MESSAGE);
    throw refusal;
  }
  if (accession.discardedSpecimen) throw conflict(DISCARDED_SPECIMEN_MESSAGE);
  if (!isResultReady(accession.requisitionStatusId)) throw conflict(RESULTS_MESSAGES.notReady);
  const owed = await amountOwedCents(db, deps, order, accession.gearReqId);
  await recordAudit(db, {
    action: 'amountDueRead',
    orderId: order.id,
    detail: { gearReqId: accession.gearReqId },
  });
  return (owed / 100).toFixed(2);
}

export const amountDueRoutes = (deps: Pick<PaymentDeps, 'carrier'>) =>
  async function amountDueRoutesPlugin(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/amount-due',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Order status'],
          operationId: 'amountDue',
          summary: 'What an accessioned, results-ready test still owes, as text (spec 3 §7; decision 0263)',
          description:
            'text/plain dollars with two decimals (0.00 when paid). 409 for a discarded specimen (spec 3 §8) or ' +
            "results not ready, 404 'The order was not found.', 403 for another practitioner's order.",
          querystring: z.object({ invoiceNo: z.string().min(1).max(32) }),
          response: {
            200: z.string().describe('The amount, for instance 459.00 (text/plain)'),
            400: errorEnvelopeSchema,
            401: errorEnvelopeSchema,
            403: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
            409: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const amount = await amountDueOf(app.db, deps, callerOf(request).userInfo, request.query.invoiceNo);
        return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(amount);
      },
    );
  };

import {
  errorEnvelopeSchema,
  interactiveReportSchema,
  orderStatusSchema,
  orderTimelineSchema,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import { idParam } from '../../lib/api-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { orderForCaller } from '../order/order.service.ts';
import type { PaymentDeps } from '../payment/payment.service.ts';
import type { CarrierTracking } from '../shipping/carrier.ts';
import { interactiveReportFor, orderStatusFor, resultsPdfFor } from './order-status.service.ts';
import { orderTimeline } from './timeline.repository.ts';

const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** The order status page's data (spec 3 §2 'Order status page'; issue 17). */
export const orderStatusRoutes = (
  storage: FileStorage,
  carrier: CarrierTracking,
  bills: Pick<PaymentDeps, 'carrier'>,
) =>
  async function orderStatusRoutesPlugin(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/gear/order/:id/status',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Order status'],
          operationId: 'orderStatus',
          summary: 'The derived status of an order, its actions and each test (spec 3 §2, §4; issue 17)',
          description:
            'Both status lists of spec 3 §4, the actions by status, and per test its offering, expected date and ' +
            'whether it may be canceled or its results opened. accessionNo is the choice among several accessions ' +
            "of one requisition ('Multiple orders').",
          params: z.object({ id: idParam }),
          querystring: z.object({ accessionNo: z.string().min(1).max(32).optional() }),
          response: { 200: orderStatusSchema, ...refusals },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return orderStatusFor(
          app.db,
          callerOf(request).userInfo,
          request.params.id,
          request.query.accessionNo ?? null,
          carrier,
          bills,
        );
      },
    );

    api.get(
      '/gear/gear-requisition/:reqId/viewResultsPDF',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Order status'],
          operationId: 'viewResultsPdf',
          summary: "The lab's result PDF of one accession (spec 3 §7)",
          description:
            'Practitioners, staff and admins when the patient is an adult or the order is PITL (spec 3 §6); the ' +
            'patient who proved the order, with its date of birth (400 without, 404 when wrong), when an adult or the order ' +
            "is PITL (decision 0292); a minor's results are otherwise refused on the patient side (403; decision 0261). " +
            '404 until the lab sent results. Audited.',
          params: z.object({ reqId: idParam }),
          querystring: z.object({
            dateOfBirth: z.string().max(10).optional(),
            accessionNo: z.string().min(1).max(32),
          }),
          response: { 200: z.any().describe('The result PDF (application/pdf)'), ...refusals },
        },
      },
      async (request, reply) => {
        const bytes = await resultsPdfFor(
          app.db,
          storage,
          callerOf(request).userInfo,
          request.params.reqId,
          request.query.accessionNo,
          request.query.dateOfBirth ?? null,
        );
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `inline; filename="results-${request.query.accessionNo}.pdf"`)
          .type('application/pdf')
          .send(bytes);
      },
    );

    api.get(
      '/gear/gear-requisition/:reqId/interactiveReport',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Order status'],
          operationId: 'interactiveReport',
          summary:
            "The interactive report of one accession: the lab's structured results (issue 17; decision 0265)",
          description:
            'Served to exactly whom viewResultsPDF serves (decision 0261: 400 without the date of birth on the ' +
            "patient side, 404 when wrong, 403 for a minor's results there), audited. Each analyte with its value, " +
            'unit, reference range and whether it is out of range; resultsPdf says whether the PDF can be opened ' +
            'instead. 404 until the accession is result-ready (not discarded) with results sent.',
          params: z.object({ reqId: idParam }),
          querystring: z.object({
            dateOfBirth: z.string().max(10).optional(),
            accessionNo: z.string().min(1).max(32),
          }),
          response: { 200: interactiveReportSchema, ...refusals },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return interactiveReportFor(
          app.db,
          callerOf(request).userInfo,
          request.params.reqId,
          request.query.accessionNo,
          request.query.dateOfBirth ?? null,
        );
      },
    );

    api.get(
      '/gear/order/:id/timeline',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['Order status'],
          operationId: 'orderTimeline',
          summary: 'Everything that happened to an order, dated, with who or what caused it (decision 0262)',
          description:
            'For a caller who may see the order (its practitioner, staff or admin, or the patient who proved it). ' +
            'Read from the stored facts; words only, never results.',
          params: z.object({ id: idParam }),
          response: { 200: orderTimelineSchema, ...refusals },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        await orderForCaller(app.db, callerOf(request).userInfo, id);
        reply.header('cache-control', 'no-store');
        return orderTimeline(app.db, id);
      },
    );
  };

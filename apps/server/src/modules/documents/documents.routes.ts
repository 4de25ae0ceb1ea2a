import {
  type AcknowledgementKind,
  CONSENT_PDF_FILE_NAME,
  CONSENT_PDF_PATH,
  errorEnvelopeSchema,
  labToday,
  orderReadQuerySchema,
  PRINT_FILE_NAME,
  packingSlipFormId,
  printDocumentSchema,
} from '@gear/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/api-schemas.ts';
import { notFound } from '../../lib/http-error.ts';
import { callerOf, practitionerCallerOf } from '../../plugins/auth.ts';
import { orderForCaller } from '../order/order.service.ts';
import { acknowledgementPdf } from './acknowledgement-pdf.ts';
import { acknowledgementHtml } from './acknowledgement-texts.ts';
import { consentPdf } from './consent-pdf.ts';
import { orderForDocument } from './documents.service.ts';
import { packingSlipPdf } from './packing-slip-pdf.ts';
import { testSelectionPdf } from './test-selection-pdf.ts';

const tags = ['Documents'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const pdfAnswer = z.any().describe('The document (application/pdf)');
const patientAccess =
  'A patient (prc) opens it only for an order proven in their session, with the date of birth of its patient ' +
  '(400 without one, 404 for another); practitioners, staff and admins who may see the order need none ' +
  '(docs/decisions/0092).';

/** PHI answers are never stored by a browser or a proxy. */
const sendPdf = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .type('application/pdf')
    .send(bytes);

const ACKNOWLEDGEMENTS: readonly { path: string; kind: AcknowledgementKind; name: string; file: string }[] = [
  {
    path: 'acknowledgement',
    kind: 'patient',
    name: 'Patient/Responsible Party Acknowledgement',
    file: 'patient-agreement',
  },
  {
    path: 'nsa-acknowledgement',
    kind: 'nsa',
    name: 'No Surprises Act (NSA) Acknowledgement',
    file: 'nsa-acknowledgement',
  },
];

/** spec 3 §7: the acknowledgement texts (HTML) and PDFs, and the packing slip PDFs. */
export async function documentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    CONSENT_PDF_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'consentPdf',
        summary: "The consent for laboratory testing as a PDF (spec 3 §2 'a consent PDF'; decision 0188)",
        description:
          'A blank form with no order or health data, linked where the patient agrees; open to anyone.',
        response: { 200: pdfAnswer },
      },
    },
    async (_request, reply) => sendPdf(reply, CONSENT_PDF_FILE_NAME, await consentPdf()),
  );

  for (const acknowledgement of ACKNOWLEDGEMENTS) {
    api.get(
      `/gear/${acknowledgement.path}`,
      {
        schema: {
          tags,
          operationId: `${acknowledgement.kind}AcknowledgementText`,
          summary: `The ${acknowledgement.name} text as HTML (spec 3 §7)`,
          description: 'An HTML fragment for the payment section, for a caller who may see the order.',
          querystring: z.object({ gearOrderId: idParam }),
          response: { 200: z.any().describe('An HTML fragment (text/html)'), ...refusals },
        },
      },
      async (request, reply) => {
        await orderForCaller(app.db, callerOf(request).userInfo, request.query.gearOrderId);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(acknowledgementHtml(acknowledgement.kind));
      },
    );

    api.get(
      `/gear/${acknowledgement.path}/order/:id/pdf`,
      {
        schema: {
          tags,
          operationId: `${acknowledgement.kind}AcknowledgementPdf`,
          summary: `The ${acknowledgement.name} of an order as a PDF, with who agreed and when (spec 3 §7)`,
          description: patientAccess,
          params: z.object({ id: idParam }),
          querystring: orderReadQuerySchema,
          response: { 200: pdfAnswer, ...refusals },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const order = await orderForDocument(
          app.db,
          callerOf(request).userInfo,
          id,
          request.query.dateOfBirth,
        );
        return sendPdf(
          reply,
          `${acknowledgement.file}-${id}.pdf`,
          await acknowledgementPdf(order, acknowledgement.kind),
        );
      },
    );
  }

  api.get(
    '/gear/order/:id/packingslip/:orderFormId',
    {
      schema: {
        tags,
        operationId: 'packingSlipOfOrderForm',
        summary:
          'The packing slip of an order as a PDF: its lines and a Code 128 barcode of the order number (spec 3 §7)',
        description:
          'For practitioners, staff and admins (a patient uses /gear/packing-slip/order/{id}?dateOfBirth). orderFormId ' +
          "is the order's order form, or its id when it has none yet; another answers 404 (docs/decisions/0092).",
        params: z.object({ id: idParam, orderFormId: z.string().max(64) }),
        response: { 200: pdfAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { id, orderFormId } = request.params;
      const order = await orderForDocument(app.db, practitionerCallerOf(request).userInfo, id, undefined);
      if (packingSlipFormId(order) !== orderFormId) throw notFound('We could not find that packing slip.');
      return sendPdf(reply, `packing-slip-${id}.pdf`, await packingSlipPdf(order, labToday()));
    },
  );

  api.get(
    '/gear/packing-slip/order/:id',
    {
      schema: {
        tags,
        operationId: 'packingSlipOfOrder',
        summary: 'The packing slip of an order as a PDF (spec 3 §7)',
        description: patientAccess,
        params: z.object({ id: idParam }),
        querystring: orderReadQuerySchema,
        response: { 200: pdfAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const order = await orderForDocument(app.db, callerOf(request).userInfo, id, request.query.dateOfBirth);
      return sendPdf(reply, `packing-slip-${id}.pdf`, await packingSlipPdf(order, labToday()));
    },
  );

  api.post(
    '/gear/print/test-selection',
    {
      schema: {
        tags,
        operationId: 'testSelectionPdf',
        summary: 'The test selections the browser shows, as test-selection.pdf (spec 1 §2.6, spec 3 §2)',
        description:
          'For any signed-in caller: the server writes the PDF of the title, subtitle and sections it is sent, on A3 or ' +
          'letter paper, so that no page of the portal carries a PDF library (docs/decisions/0231).',
        body: printDocumentSchema,
        response: { 200: pdfAnswer, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => sendPdf(reply, PRINT_FILE_NAME, await testSelectionPdf(request.body)),
  );
}

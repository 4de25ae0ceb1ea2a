import {
  errorEnvelopeSchema,
  INTAKE_MESSAGES,
  type IntakeEvent,
  intakeBatchSchema,
  intakeResultSchema,
  isAdmin,
  MESSAGES,
  unsupportedTextFields,
} from '@gear/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import { idParam } from '../../lib/api-schemas.ts';
import { badRequest, forbidden, HttpError, notFound, unprocessable } from '../../lib/http-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { loadOrder } from '../order/order.repository.ts';
import { ackOf, eventsOfOru, Hl7Rejected, ormOfOrder, rejectUnparsed } from './hl7.ts';
import { applyIntake } from './intake.service.ts';
import { SENDER_HEADER, SIGNATURE_HEADER, verifiedSender } from './intake-signature.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as sent, which the intake's signature covers. */
    rawBody?: string;
    /** The sender whose signature the request carries. */
    intakeSender?: string;
  }
}

const tags = ['Intake'];
/** A day's events of a lab with result PDFs: far beyond the 1 MiB of the other routes. */
const INTAKE_BODY_LIMIT = 64 * 1024 * 1024;
export const HL7_CONTENT_TYPES = ['x-application/hl7-v2+er7', 'application/hl7-v2'] as const;

const signatureHeaders = z.object({
  'gear-intake-sender': z.string().optional().describe('The sender, as configured in INTAKE_SENDERS'),
  'gear-signature': z
    .string()
    .optional()
    .describe('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the sender\'s secret>'),
});

export interface IntakeRouteOptions {
  storage: FileStorage;
  senders: Readonly<Record<string, string>>;
}

/**
 * The intake of laboratory and carrier events (spec/README.md resolution 8, decision 0251): signed machine senders,
 * never a user's session; JSON batches and HL7 v2 ORU^R01 results; the ORM^O01 export of an order for admins.
 */
export function intakeRoutes({ storage, senders }: IntakeRouteOptions) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: INTAKE_BODY_LIMIT },
      (request, body, done) => {
        request.rawBody = body as string;
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(badRequest(MESSAGES.invalidInput), undefined);
        }
      },
    );
    app.addContentTypeParser(
      [...HL7_CONTENT_TYPES],
      { parseAs: 'string', bodyLimit: INTAKE_BODY_LIMIT },
      (request, body, done) => {
        request.rawBody = body as string;
        done(null, body);
      },
    );

    const verify = async (request: FastifyRequest) => {
      try {
        request.intakeSender = verifiedSender(
          senders,
          request.headers[SENDER_HEADER] as string | undefined,
          request.headers[SIGNATURE_HEADER] as string | undefined,
          request.rawBody ?? '',
        );
      } catch (error) {
        await recordAudit(app.db, {
          action: 'intake:unauthenticated',
          outcome: 'refused',
          status: 401,
          actor: `intake:${String(request.headers[SENDER_HEADER] ?? 'unknown').slice(0, 40)}`,
          userId: null,
        });
        throw error;
      }
    };

    api.post(
      '/api/intake/events',
      {
        config: { access: 'public' },
        bodyLimit: INTAKE_BODY_LIMIT,
        preValidation: verify,
        schema: {
          tags,
          operationId: 'postIntakeEvents',
          summary: 'Laboratory and carrier events (signed machine senders)',
          description:
            'A batch of up to 10,000 events from one sender, signed like payment webhooks: Gear-Intake-Sender ' +
            'names the sender, Gear-Signature is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">, within ' +
            '5 minutes. Each event is applied once by its id (a repeat is a duplicate). An event naming an ' +
            'unknown order, tracking number, requisition or accession refuses the whole request (422, nothing ' +
            "applied). Each order's events are applied in the order they happened, all or none: when some " +
            "order's events cannot be applied the answer is 422 listing them, the other orders' events applied.",
          headers: signatureHeaders,
          body: intakeBatchSchema,
          response: {
            200: intakeResultSchema,
            400: errorEnvelopeSchema,
            401: errorEnvelopeSchema,
            413: errorEnvelopeSchema,
            422: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const sender = request.intakeSender as string;
        const events = request.body.events as IntakeEvent[];
        const pdfRefused = events.flatMap((event, index) =>
          event.type === 'lab.results' && event.resultPdfBase64 !== undefined && !isPdf(event.resultPdfBase64)
            ? [{ field: `events[${index}].resultPdfBase64`, defaultMessage: 'Not a PDF' }]
            : [],
        );
        if (pdfRefused.length) throw badRequest(MESSAGES.invalidInput, pdfRefused.slice(0, 100));
        const result = await applyIntake(app.db, sender, events, { storage });
        if (result.refused > 0)
          throw unprocessable(
            INTAKE_MESSAGES.someRefused,
            result.events
              .flatMap((row, index) =>
                row.outcome === 'refused'
                  ? [{ field: `events[${index}]`, defaultMessage: `${row.id}: ${row.reason ?? ''}` }]
                  : [],
              )
              .slice(0, 100),
          );
        return result;
      },
    );

    api.post(
      '/api/intake/hl7',
      {
        config: { access: 'public' },
        bodyLimit: INTAKE_BODY_LIMIT,
        preValidation: verify,
        schema: {
          tags,
          operationId: 'postIntakeHl7',
          summary: 'Laboratory results as an HL7 v2 ORU^R01 message (signed like the events)',
          description:
            'Content-Type x-application/hl7-v2+er7. The accession is OBR-18 or else ORC-3, the status OBR-25 ' +
            '(F final, C corrected: results ready with the PDF of an OBX of type ED, base64; X: specimen ' +
            'discarded, NTE its issues; otherwise testing in progress). Answered with an HL7 ACK: AA when stored, ' +
            'AE with the reason when an accession is unknown or an event came before its facts, AR when the ' +
            'message cannot be read. Unsigned or badly signed requests are 401 with the error envelope.',
          headers: signatureHeaders,
          body: z.string().describe('The HL7 v2 message (segments separated by carriage returns)'),
          response: {
            200: z.string().describe('The HL7 ACK (x-application/hl7-v2+er7)'),
            401: errorEnvelopeSchema,
            413: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        reply.type(HL7_CONTENT_TYPES[0]);
        const sender = request.intakeSender as string;
        let parsed: ReturnType<typeof eventsOfOru>;
        try {
          if (unsupportedTextFields(request.body).length > 0) throw new Hl7Rejected('Unsupported characters');
          parsed = eventsOfOru(request.body);
        } catch (error) {
          const reason = error instanceof Hl7Rejected ? error.message : 'The message could not be parsed';
          await recordAudit(app.db, {
            action: 'intake:hl7',
            outcome: 'refused',
            status: 200,
            actor: `intake:${sender}`,
            userId: null,
            detail: { ack: 'AR' },
          });
          return rejectUnparsed(reason);
        }
        try {
          for (const event of parsed.events)
            if (
              event.type === 'lab.results' &&
              event.resultPdfBase64 !== undefined &&
              !isPdf(event.resultPdfBase64)
            )
              return ackOf(parsed.message, 'AR', 'The OBX of type ED is not a base64 PDF');
          const result = await applyIntake(app.db, sender, parsed.events, { storage });
          if (result.refused > 0) return ackOf(parsed.message, 'AE', INTAKE_MESSAGES.outOfOrder);
          return ackOf(parsed.message, 'AA');
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 422)
            return ackOf(parsed.message, 'AE', error.errors?.[0]?.defaultMessage ?? error.message);
          throw error;
        }
      },
    );

    api.get(
      '/api/admin/orders/:id/hl7',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          operationId: 'getOrderHl7',
          summary: 'A placed order as an HL7 v2 ORM^O01 message for the lab (admins)',
          params: z.object({ id: idParam }),
          response: {
            200: z.string().describe('The ORM^O01 message (x-application/hl7-v2+er7)'),
            401: errorEnvelopeSchema,
            403: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        if (!isAdmin(callerOf(request).userInfo)) {
          await recordAudit(app.db, {
            action: 'intake:ormExport',
            outcome: 'refused',
            status: 403,
            orderId: request.params.id,
          });
          throw forbidden(MESSAGES.forbidden);
        }
        const order = await loadOrder(app.db, request.params.id);
        if (!order || typeof order.id !== 'number') throw notFound(MESSAGES.orderNotFound);
        await recordAudit(app.db, { action: 'intake:ormExport', orderId: order.id });
        reply
          .type(HL7_CONTENT_TYPES[0])
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="order-${order.id}.hl7"`);
        return ormOfOrder({ ...order, id: order.id });
      },
    );
  };
}

const isPdf = (base64: string) =>
  Buffer.from(base64.slice(0, 12), 'base64').subarray(0, 5).toString('latin1') === '%PDF-';

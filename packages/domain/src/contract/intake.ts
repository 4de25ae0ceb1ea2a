import { z } from 'zod';
import { analyteSchema, MAX_ANALYTES } from '../status/analytes.ts';

/**
 * The intake of laboratory and carrier events (spec/README.md resolution 8; decision 0251). Each event carries the
 * sender's own id (a repeat is answered as a duplicate and applied once) and when it happened.
 */
const eventBase = {
  id: z.string().min(1).max(100).describe("The sender's own id of the event; a repeat is applied once"),
  occurredAt: z.iso.datetime({ offset: true }).describe('When it happened (ISO 8601 with offset)'),
};
const calendarDate = z.iso.date().describe('YYYY-MM-DD');
const trackingNumber = z.string().min(1).max(64);
const accessionNo = z.string().min(1).max(32);

export const intakeEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...eventBase,
    type: z.literal('shipment.created'),
    orderId: z.number().int().positive(),
    trackingNumber,
  }),
  z.object({
    ...eventBase,
    type: z.literal('carrier.scan'),
    trackingNumber,
    status: z
      .string()
      .min(1)
      .max(40)
      .describe('The carrier status, for instance IN_TRANSIT or OUT_FOR_DELIVERY'),
    location: z.string().max(120).optional(),
    description: z.string().max(200).optional(),
  }),
  z.object({
    ...eventBase,
    type: z.literal('carrier.delivered'),
    trackingNumber,
    deliveryDate: calendarDate,
  }),
  z.object({ ...eventBase, type: z.literal('tracking.canceled'), trackingNumber }),
  z.object({
    ...eventBase,
    type: z.literal('lab.received'),
    requisitionNumber: z.string().min(1).max(20).optional(),
    gearReqId: z.number().int().positive().optional(),
    accessionNo,
    productName: z.string().min(1).max(200),
    dueDate: calendarDate.nullable().optional(),
  }),
  z.object({
    ...eventBase,
    type: z.literal('lab.status'),
    accessionNo,
    requisitionStatusId: z.number().int().min(0).max(99),
  }),
  z.object({
    ...eventBase,
    type: z.literal('lab.discarded'),
    accessionNo,
    issues: z
      .array(z.string().min(1).max(300))
      .max(20)
      .describe('Empty when the specimen was discarded without issues'),
  }),
  z
    .object({
      ...eventBase,
      type: z.literal('lab.results'),
      accessionNo,
      requisitionStatusId: z.number().int().min(0).max(99).default(3),
      resultPdfBase64: z.base64().max(34_000_000).optional().describe('The result report, a PDF, base64'),
      analytes: z
        .array(analyteSchema)
        .min(1)
        .max(MAX_ANALYTES)
        .optional()
        .describe(
          'The structured results, each analyte with value, unit and reference range (decision 0265)',
        ),
    })
    .refine((event) => event.resultPdfBase64 !== undefined || event.analytes !== undefined, {
      message: 'Send the result PDF, the analytes, or both',
      path: ['resultPdfBase64'],
    }),
]);
export type IntakeEvent = z.infer<typeof intakeEventSchema>;
export type IntakeEventInput = z.input<typeof intakeEventSchema>;
export type IntakeEventType = IntakeEvent['type'];

export const MAX_INTAKE_BATCH = 10_000;

export const intakeBatchSchema = z
  .object({ events: z.array(intakeEventSchema).min(1).max(MAX_INTAKE_BATCH) })
  .meta({ id: 'IntakeBatch' });
export type IntakeBatch = z.infer<typeof intakeBatchSchema>;

export const INTAKE_OUTCOMES = ['applied', 'duplicate', 'refused'] as const;
export const intakeResultSchema = z
  .object({
    received: z.number(),
    applied: z.number(),
    duplicates: z.number(),
    refused: z.number(),
    events: z.array(
      z.object({
        id: z.string(),
        outcome: z.enum(INTAKE_OUTCOMES),
        orderId: z.number().nullable(),
        reason: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'IntakeResult' });
export type IntakeResult = z.infer<typeof intakeResultSchema>;

/** The intake's refusals (decision 0251). */
export const INTAKE_MESSAGES = {
  unsigned: 'The request is not signed: send Gear-Intake-Sender and Gear-Signature (t=…,v1=…).',
  unknownSender: 'The sender is not known to the portal.',
  badSignature: 'The signature does not match the request body.',
  stale: 'The signature timestamp is outside the 5-minute window.',
  unknownReference:
    'An event names a requisition, tracking number or accession the portal does not know; nothing was applied.',
  outOfOrder: 'An event came before the fact it depends on; none of this order\u2019s events were applied.',
  someRefused: 'Some orders\u2019 events were refused; the others were applied.',
} as const;

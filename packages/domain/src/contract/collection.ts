import { z } from 'zod';
import { databaseId, orderVersion, storableText } from './values.ts';

/**
 * A bound on any text of the collection forms, far above their limits: the body stays small, and the limits of
 * spec 2 §5 (512, 512, 15) are reported with their messages by validateSampleCollection and
 * validateDropShipInstructions.
 */
const TEXT_CAP = 2000;
const MAX_FIELDS = 100;
const VALUE_MAX_LENGTH = 1000;

/** A note: empty, blank, missing or null read as null; otherwise kept as typed (the limits count what was typed). */
const note = storableText
  .max(TEXT_CAP)
  .nullish()
  .transform((text) => (text === null || text === undefined || text.trim() === '' ? null : text));

/** spec 1 §3 / spec 2 §3 'sampleCollectionData (list of id and value)', 'profileSpecificFields (id, accessionKey, value)'. */
const specificFields = z
  .array(
    z.object({
      id: databaseId,
      accessionKey: z.string().max(64).nullish(),
      value: storableText.max(VALUE_MAX_LENGTH),
    }),
  )
  .max(MAX_FIELDS)
  .transform((fields) => fields.map(({ id, value }) => ({ id, value: value.trim() })));

/**
 * Body of PUT /gear/sampleCollection (spec 2 §7 'requisition with sampleCollectionData, dateLastSampleCollected,
 * routeNumber, patientInstructions'; docs/decisions/0031): the requisition (id is its gearReqId) with the order it
 * is on and the order's version as read, the Yes/No answer to 'whether the last sample has been collected', the
 * collection answers, the profile-specific answers (left as they are when absent) and the notes.
 */
export const sampleCollectionBodySchema = z.object({
  id: databaseId,
  gearOrderId: databaseId,
  version: orderVersion,
  lastSampleCollected: z.boolean().nullable(),
  dateLastSampleCollected: storableText
    .max(32)
    .nullish()
    .transform((text) => text?.trim() || null),
  sampleCollectionData: specificFields.default([]),
  profileSpecificFields: specificFields.optional(),
  patientInstructions: note,
  clinicalFindings: note,
  routeNumber: note,
});

export type SampleCollectionBody = z.infer<typeof sampleCollectionBodySchema>;

/**
 * Body of PUT (or POST) /gear/dropShipInstructions (spec 2 §7 'gearOrderId, gearReqId, patientInstructions,
 * clinicalFindings, routeNumber'), with the order's version as read.
 */
export const dropShipInstructionsBodySchema = z.object({
  gearOrderId: databaseId,
  gearReqId: databaseId,
  version: orderVersion,
  patientInstructions: note,
  clinicalFindings: note,
  routeNumber: note,
});

export type DropShipInstructionsBody = z.infer<typeof dropShipInstructionsBodySchema>;

/** Refusals of PUT /gear/dropShipInstructions the spec gives no words for (ours). */
export const DROP_SHIP_INSTRUCTION_MESSAGES = {
  notDropShip:
    'Drop-ship instructions are for a test shipped to the patient that has no requisition number yet.',
} as const;
export type SampleCollectionRequest = z.input<typeof sampleCollectionBodySchema>;
export type DropShipInstructionsRequest = z.input<typeof dropShipInstructionsBodySchema>;

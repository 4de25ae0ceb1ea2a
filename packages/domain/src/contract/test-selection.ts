import { z } from 'zod';
import { LINE_QUANTITY } from '../catalogue/bulk-quantities.ts';
import {
  normaliseResubmittalId,
  RESUBMITTAL_ID_FIELD_ID,
  RESUBMITTAL_ID_MAX_LENGTH,
} from '../catalogue/profile-specific-fields.ts';
import { isValidActivationNumber } from '../identifiers/activation-number.ts';
import { MESSAGES, textTooLong } from '../messages.ts';
import { acknowledgementSchema, databaseId, orderVersion, storableText } from './values.ts';

/** spec 1 §5/§9: 'Patient instructions max 512'. */
export const PATIENT_INSTRUCTIONS_MAX_LENGTH = 512;
/** Limits that keep a body small; no form comes near them. */
const MAX_COMPONENTS = 200;
const MAX_ADD_ONS = 50;
const MAX_SPECIFIC_FIELDS = 100;
const MAX_BULK_LINES = 100;
const SPECIFIC_VALUE_MAX_LENGTH = 1000;

/** The order's id. The browser names an unsaved order 'new': it cannot take a selection yet (400). */
const savedOrderId = z.union([databaseId, z.literal('new')]).pipe(databaseId);

/** A requisition's id: null (or 0, as the browser sends for an unsaved one) for a new requisition. */
const requisitionId = z
  .union([databaseId, z.literal(0), z.null()])
  .default(null)
  .transform((id) => (id === 0 ? null : id));

/** spec 1 §5: a panel that is empty or '0' means no panel. */
const panel = z
  .union([databaseId, z.literal(0), z.literal('0'), z.literal(''), z.null()])
  .default(null)
  .transform((id) => (typeof id === 'number' && id > 0 ? id : null));

const patientInstructions = storableText
  .max(PATIENT_INSTRUCTIONS_MAX_LENGTH, {
    error: textTooLong('Patient instructions', PATIENT_INSTRUCTIONS_MAX_LENGTH),
  })
  .nullable()
  .default(null)
  .transform((text) => (text?.trim() ? text : null));

/** spec 1 §3 'Add-on / option selection: omsInputFieldID, cptQuantity'. */
export const addOnSelectionSchema = z.object({
  omsInputFieldID: databaseId,
  cptQuantity: z.number().int().min(1).max(999).nullable().default(null),
});

const selection = {
  omsOrderableItemId: databaseId,
  panel,
  components: z.array(databaseId).max(MAX_COMPONENTS).default([]),
  addons: z.array(addOnSelectionSchema).max(MAX_ADD_ONS).default([]),
  patientInstructions,
};

/** spec 1 §3 'Bulk line' as PUT /gear/testSelection/ sends it: 'dropShip false, shipToOffice true'. */
export const bulkLineSchema = z.object({
  id: requisitionId,
  omsOrderableItemName: z.string().max(200).optional(),
  dropShip: z.literal(false),
  shipToOffice: z.literal(true),
  quantity: z
    .number({ error: MESSAGES.quantityOutOfRange })
    .int({ error: MESSAGES.quantityOutOfRange })
    .min(LINE_QUANTITY.min, { error: MESSAGES.quantityOutOfRange })
    .max(LINE_QUANTITY.max, { error: MESSAGES.quantityOutOfRange }),
  ...selection,
});

/**
 * Body of PUT /gear/testSelection/ (spec 1 §7, bulk, ship to office): the order with its bulk lines. The order must
 * be saved (the practitioner step creates it); version is the one read. Other fields of the order pass untouched.
 */
export const bulkTestSelectionSchema = z.looseObject({
  id: savedOrderId,
  version: orderVersion,
  requisitions: z.array(bulkLineSchema).max(MAX_BULK_LINES),
});

export type BulkTestSelectionBody = z.infer<typeof bulkTestSelectionSchema>;
export type BulkLineInput = z.infer<typeof bulkLineSchema>;

/** spec 1 §3 'Specific sample fields: each is an id plus a string value'; the resubmittal id (66) is one of them. */
const profileSpecificFields = z
  .array(z.object({ id: databaseId, value: storableText.max(SPECIFIC_VALUE_MAX_LENGTH) }))
  .max(MAX_SPECIFIC_FIELDS)
  .default([])
  .superRefine((fields, context) => {
    fields.forEach((field, index) => {
      if (field.id === RESUBMITTAL_ID_FIELD_ID && field.value.trim().length > RESUBMITTAL_ID_MAX_LENGTH) {
        context.addIssue({
          code: 'custom',
          path: [index, 'value'],
          message: textTooLong('Resubmittal ID', RESUBMITTAL_ID_MAX_LENGTH),
        });
      }
    });
  })
  .transform((fields) =>
    fields.map((field) =>
      field.id === RESUBMITTAL_ID_FIELD_ID ? { ...field, value: normaliseResubmittalId(field.value) } : field,
    ),
  );

const emptyToNull = (text: string | null) => (text?.trim() ? text.trim().toUpperCase() : null);

/** A pack's numbers when the requisition comes from one (spec 1 §4.4 search flow). */
const packNumbers = {
  reqNumber: z
    .string()
    .max(20)
    .nullable()
    .default(null)
    .transform(emptyToNull)
    .refine((value) => value === null || /^\d+$/.test(value), { error: MESSAGES.requisitionNotFound }),
  activationCode: z
    .string()
    .max(10)
    .nullable()
    .default(null)
    .transform(emptyToNull)
    .refine((value) => value === null || isValidActivationNumber(value), {
      error: MESSAGES.activationNumberNotFound,
    }),
};

/** One requisition as PUT /gear/testSelection sends it (spec 1 §3 Requisition, the fields panel selection sets). */
export const singleRequisitionSchema = z.object({
  id: requisitionId,
  ...selection,
  profileSpecificFields,
  dropShip: z.boolean().default(false),
  covidRegistration: z.boolean().default(false),
  noCardActivation: z.boolean().default(false),
  ...packNumbers,
  /** Sent by the browser as the requisition reads; the server keeps its own (a single line never ships to an office). */
  shipToOffice: z
    .literal(false)
    .optional()
    .describe('Ignored: a single requisition never ships to the office'),
  /** Sent by the browser as the requisition reads; the server decides the billing method (decision 0012). */
  billingMethod: storableText.max(100).nullable().optional().describe('Ignored: the billing step saves it'),
});

/**
 * Body of PUT /gear/testSelection (spec 1 §7, single requisition): the order with exactly one requisition.
 * governmentPayor is the Medicare/Tricare answer (absent: unchanged); dateMedicalNecessityAcknowledged is required
 * from practitioners on a Medicare order (checked with the order's facts, not here).
 */
export const singleTestSelectionSchema = z.looseObject({
  id: savedOrderId,
  version: orderVersion,
  governmentPayor: z.boolean().optional(),
  dateMedicalNecessityAcknowledged: acknowledgementSchema.optional(),
  /** spec 1 §4.4: 'Yes resubmits as confirmed' after the price-increase confirmation (docs/decisions/0045). */
  priceIncreaseConfirmed: z.boolean().optional(),
  requisitions: z.array(singleRequisitionSchema).length(1),
});

export type SingleTestSelectionBody = z.infer<typeof singleTestSelectionSchema>;
export type SingleRequisitionInput = z.infer<typeof singleRequisitionSchema>;
export type BulkTestSelectionRequest = z.input<typeof bulkTestSelectionSchema>;
export type SingleTestSelectionRequest = z.input<typeof singleTestSelectionSchema>;
export type BulkLineRequest = z.input<typeof bulkLineSchema>;
export type SingleRequisitionRequest = z.input<typeof singleRequisitionSchema>;

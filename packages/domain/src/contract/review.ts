import { z } from 'zod';
import { textTooLong } from '../messages.ts';
import type { GearOrder } from './order.ts';
import { submitPaymentSchema } from './payment.ts';
import { addOnSelectionSchema, PATIENT_INSTRUCTIONS_MAX_LENGTH } from './test-selection.ts';
import { databaseId, orderVersion, storableText } from './values.ts';

/**
 * Body of PUT /gear/order/{id}/confirm-and-pay (spec 3 §7 'patientAgreement, nsaAcknowledged, recaptcha and
 * payments[]'). The order's version as read goes in If-Match (or here, optional on the wire: docs/decisions/0100;
 * none answers 428).
 */
export const confirmAndPayBodySchema = z.object({
  patientAgreement: z.boolean().default(false),
  nsaAcknowledged: z.boolean().default(false),
  recaptcha: storableText.max(4000).nullable().default(null),
  payments: z.array(submitPaymentSchema).max(20).default([]),
  version: orderVersion.optional(),
});
export type ConfirmAndPayBody = z.infer<typeof confirmAndPayBodySchema>;

/** spec 3 §7: the submit call 'returns {gearOrder, error, message}'. */
export interface ConfirmAndPayResult {
  gearOrder: GearOrder;
  error: string | null;
  message: string | null;
}

/** The Idempotency-Key header: a client-made unique text (a UUID in the browser). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, { error: 'Idempotency-Key must be 8 to 100 letters, digits or -_.:' });

/**
 * Body of POST /gear/order/{id}/update-medical-necessity (spec 3 §7 'JSON date or null'): the date the user
 * acknowledged (an ISO timestamp or calendar date), or null to withdraw it. The server stores its own time.
 */
export const medicalNecessityBodySchema = z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.null()]);

/**
 * Query of PUT /gear/gear-requisition/{id}/quantity (spec 3 §7 '?quantity={n}'); the order's version as read in
 * If-Match, or `version` here (docs/decisions/0100).
 */
export const quantityQuerySchema = z.object({
  quantity: z.coerce.number().int().min(-1_000_000).max(1_000_000),
  version: z.coerce.number().int().nonnegative().max(2_147_483_647).optional(),
});

/**
 * Body of PUT /gear/customizeTestSelections/ (spec 3 §7 'Requisition (addons, components, panel,
 * patientInstructions)'), with the pack's default billing option (spec 1 §4.3 'default billing option in the
 * customize flow'; decision 0081).
 */
export const customizeTestSelectionsBodySchema = z.object({
  id: databaseId,
  panel: z
    .union([databaseId, z.literal(0), z.literal('0'), z.literal(''), z.null()])
    .default(null)
    .transform((id) => (typeof id === 'number' && id > 0 ? id : null)),
  components: z.array(databaseId).max(200).default([]),
  addons: z.array(addOnSelectionSchema).max(50).default([]),
  patientInstructions: storableText
    .max(PATIENT_INSTRUCTIONS_MAX_LENGTH, {
      error: textTooLong('Patient instructions', PATIENT_INSTRUCTIONS_MAX_LENGTH),
    })
    .nullable()
    .default(null)
    .transform((text) => (text?.trim() ? text : null)),
  billingMethod: storableText.max(100).nullable().default(null),
  version: orderVersion.optional(),
});
export type CustomizeTestSelectionsBody = z.infer<typeof customizeTestSelectionsBodySchema>;

/**
 * Body of PUT /gear/updateWorkflow/ (spec 3 §7 'Body is the order'): the order's id, version and the workflow rows
 * the caller marks completed (decision 0080: only the read-only Practitioner Summary, 15).
 */
export const updateWorkflowBodySchema = z.looseObject({
  id: databaseId,
  version: orderVersion.optional(),
  workflow: z.looseObject({
    steps: z
      .array(
        z.looseObject({
          id: z.number().int().min(1).max(15),
          gearReqId: databaseId.nullable().default(null),
          completed: z.boolean(),
        }),
      )
      .max(500),
  }),
});
export type UpdateWorkflowBody = z.infer<typeof updateWorkflowBodySchema>;

/** GET /gear/recommended-products/order/{id}?limit (spec 3 §7): the limit, 3 when not given (at most 3 answered). */
export const recommendedProductsQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(99).default(3),
});

/** spec 3 §3 Recommended product. The portal holds no product images or pages: those are null (decision 0110). */
export const recommendedProductSchema = z
  .object({
    omsOrderableItemId: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    productPage: z.string().nullable(),
  })
  .meta({ id: 'RecommendedProduct' });
export type RecommendedProduct = z.infer<typeof recommendedProductSchema>;

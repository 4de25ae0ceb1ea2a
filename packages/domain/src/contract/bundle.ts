import { z } from 'zod';
import { bundleSummarySchema } from './catalogue.ts';
import { fieldErrorSchema } from './errors.ts';
import { addOnSelectionAnswerSchema, BILLING_METHODS, billingMethodSchema } from './order.ts';
import { gsdlNoSchema } from './practitioner.ts';
import { addOnSelectionSchema } from './test-selection.ts';
import { databaseId, orderVersion, storableText } from './values.ts';

/** 'new', 0 or null: the bundle starts a new order. */
const newOrderId = z.union([z.literal('new'), z.literal(0), z.null()]).transform(() => null);

/**
 * Body of PUT /gear/bundle/{gearBundleId}/order (spec 1 §7: gearBundleId, gearOrderId, practAgreement). gearOrderId
 * names an order of the bundle's practitioner to add the products to (its version optional), or none for a new order,
 * which then needs the practitioner step's agreement.
 */
export const bundleOrderBodySchema = z.object({
  gearBundleId: databaseId,
  gearOrderId: z.union([databaseId, newOrderId]).default(null),
  practAgreement: z.boolean().nullable().default(null),
  version: orderVersion.optional(),
});

export type BundleOrderBody = z.infer<typeof bundleOrderBodySchema>;
export type BundleOrderRequest = z.input<typeof bundleOrderBodySchema>;

/** spec 3 §4 'Bundle save result values'. */
export const BUNDLE_SAVE_RESULTS = ['SUCCESS', 'ERROR', 'DELETED'] as const;
export type BundleSaveResult = (typeof BUNDLE_SAVE_RESULTS)[number];

/** A product of a custom profile as the editor sends it (spec 3 §3 products[]). */
export const bundleProductSchema = z.object({
  omsOrderableItemId: databaseId,
  panel: z
    .union([databaseId, z.literal(0), z.null()])
    .default(null)
    .transform((id) => (id === 0 ? null : id)),
  components: z.array(databaseId).max(200).default([]),
  addons: z.array(addOnSelectionSchema).max(50).default([]),
  billingMethod: billingMethodSchema.nullable().default(null),
});

/**
 * Body of POST /gear/bundle/save (spec 3 §3, §7): gearBundleId null (or 0) for a new profile. The name's rules are
 * the domain's (bundleFormErrors), so that the editor and the server answer with the same messages.
 */
export const bundleSaveBodySchema = z
  .object({
    gearBundleId: z
      .union([databaseId, z.literal(0), z.null()])
      .default(null)
      .transform((id) => (id === 0 ? null : id)),
    gsdlNo: gsdlNoSchema,
    name: storableText.max(1000),
    billingMethod: billingMethodSchema.default(BILLING_METHODS.patientSelects),
    products: z.array(bundleProductSchema).max(50),
  })
  .meta({ id: 'BundleSaveBody' });
export type BundleSaveBody = z.infer<typeof bundleSaveBodySchema>;
export type BundleSaveRequest = z.input<typeof bundleSaveBodySchema>;

/** A saved custom profile as GET /gear/bundle/{id} answers it (spec 3 §3 Bundle). */
export const bundleSchema = z
  .object({
    gearBundleId: z.number(),
    name: z.string(),
    gsdlNo: z.string(),
    practitioner: z.object({
      gsdlNo: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      degree: z.string(),
    }),
    billingMethod: billingMethodSchema,
    products: z.array(
      z.object({
        omsOrderableItemId: z.number(),
        omsOrderableItemName: z.string(),
        panel: z.number().nullable(),
        components: z.array(z.number()),
        addons: z.array(addOnSelectionAnswerSchema),
        billingMethod: billingMethodSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'CustomProfile' });
export type BundleAnswer = z.infer<typeof bundleSchema>;

/** The answer of POST /gear/bundle/save and DELETE /gear/bundle/{id}: a result value of spec 3 §4. */
export const bundleSaveResultSchema = z
  .object({
    status: z.enum(BUNDLE_SAVE_RESULTS),
    gearBundleId: z.number().nullable(),
    message: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'BundleSaveResult' });
export type BundleSaveAnswer = z.infer<typeof bundleSaveResultSchema>;

/** GET /gear/bundle?gsdlNo: the practitioner's custom profiles for the /custom-profile list (docs/decisions/0280). */
export const bundleListQuerySchema = z.object({ gsdlNo: gsdlNoSchema });
export const bundleListSchema = z
  .object({ bundles: z.array(bundleSummarySchema) })
  .meta({ id: 'CustomProfileList' });

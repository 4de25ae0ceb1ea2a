import type {
  BundleSummary,
  CatalogueRequisition,
  InputField,
  OrderableItem,
  OrderableItemLists,
  OrderableItemSummary,
  Profile,
} from '@gear/domain';
import { z } from 'zod';

/** Response schemas of the catalogue (packages/domain/src/catalogue/types.ts is the contract they describe). */
export const inputFieldSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    inputType: z
      .string()
      .describe('Panel, Analyte, Collection, ProfileSpecific, Patient Instruction, Resubmittal'),
    cptCode: z.string().nullable(),
    cptQuantity: z.string().nullable(),
    displayOnly: z.boolean(),
    gdxItemId: z.string().nullable(),
    parentId: z.number().nullable(),
    accessionKey: z.string().nullable(),
    disclaimer: z.string().nullable(),
    inputFieldParams: z
      .array(z.object({ name: z.string(), value: z.string() }))
      .describe("{name: 'Add-On', value: 'true'} marks an add-on; see INPUT_FIELD_PARAM in packages/domain"),
  })
  .meta({ id: 'InputField' }) satisfies z.ZodType<InputField>;

export const profileSchema = inputFieldSchema
  .extend({ profileComponents: z.array(inputFieldSchema), addOnList: z.array(inputFieldSchema) })
  .meta({ id: 'Profile' }) satisfies z.ZodType<Profile>;

const summaryShape = {
  id: z.number(),
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  specimenType: z.string().nullable(),
  dropShipOnly: z.boolean(),
  mcrEligible: z.boolean(),
  paperless: z.boolean(),
  nutritional: z.boolean(),
  covid: z.boolean(),
  gbfName: z.string().nullable(),
};

export const orderableItemSummarySchema = z
  .object(summaryShape)
  .meta({ id: 'OrderableItemSummary' }) satisfies z.ZodType<OrderableItemSummary>;

export const orderableItemSchema = z
  .object({
    ...summaryShape,
    mixedComponentPricing: z.boolean(),
    containsCptCodeQuantity: z.boolean(),
    notice: z.string().nullable(),
    diagnosisCodes: z.array(z.object({ code: z.string(), name: z.string() })),
    profileList: z.array(profileSchema),
    inputFields: z.array(inputFieldSchema),
  })
  .meta({ id: 'OrderableItem' }) satisfies z.ZodType<OrderableItem>;

export const catalogueRequisitionSchema = z
  .object({
    id: z.number().nullable().describe('The collection pack; null for a product ordered without one'),
    reqNumber: z.string().nullable(),
    activationCode: z.string().nullable(),
    paperless: z.boolean(),
    preselection: z
      .object({ panel: z.number().nullable(), components: z.array(z.number()), addons: z.array(z.number()) })
      .nullable()
      .describe("A paperless pack's tests as the provider ordered them (spec 1 §4.4); null when not ordered"),
    orderableItem: orderableItemSchema,
  })
  .meta({ id: 'CatalogueRequisition' }) satisfies z.ZodType<CatalogueRequisition>;

export const bundleSummarySchema = z
  .object({
    gearBundleId: z.number(),
    gearOrderId: z.number().nullable(),
    name: z.string(),
    billingMethod: z.string(),
    productNamesString: z.string(),
    practAgreement: z.boolean().nullable(),
  })
  .meta({ id: 'BundleSummary' }) satisfies z.ZodType<BundleSummary>;

export const orderableItemListsSchema = z
  .object({
    recentlyOrderedItems: z
      .array(orderableItemSummarySchema)
      .describe("From the practitioner's orders, newest first"),
    topProducts: z.array(orderableItemSummarySchema).describe('By popularity, at most 8'),
    categoryMap: z.record(z.string(), z.array(orderableItemSummarySchema)),
    otherOrderableItems: z.array(orderableItemSummarySchema).describe('Complete alphabetical listing'),
    productHighlights: z.array(orderableItemSummarySchema).describe('Drop-ship products'),
    savedBundles: z.array(bundleSummarySchema),
    gbfSharedKitsMap: z.record(z.string(), z.array(orderableItemSummarySchema)),
  })
  .meta({ id: 'OrderableItemLists' }) satisfies z.ZodType<OrderableItemLists>;

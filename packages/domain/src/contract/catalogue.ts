/**
 * The catalogue as the API serves it (spec 1 §3 Orderable item, Profile / input field component, Catalogue
 * requisition, Orderable item lists). Field names are the spec's; types are inferred from the schemas.
 */
import { z } from 'zod';

export const inputFieldParamSchema = z.object({ name: z.string(), value: z.string() });
export type InputFieldParam = z.infer<typeof inputFieldParamSchema>;

/** spec 1 §3 'Profile / input field component'. inputType: Panel, Analyte, Patient Instruction, Collection, … */
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
      .array(inputFieldParamSchema)
      .describe("{name: 'Add-On', value: 'true'} marks an add-on; see INPUT_FIELD_PARAM in packages/domain"),
  })
  .meta({ id: 'InputField' });
export type InputField = z.infer<typeof inputFieldSchema>;

/** A panel with its components and the add-ons offered with it. */
export const profileSchema = inputFieldSchema
  .extend({ profileComponents: z.array(inputFieldSchema), addOnList: z.array(inputFieldSchema) })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

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

/** The list entry of a product (catalogue answer rows). */
export const orderableItemSummarySchema = z.object(summaryShape).meta({ id: 'OrderableItemSummary' });
export type OrderableItemSummary = z.infer<typeof orderableItemSummarySchema>;

/** spec 1 §3 Orderable item, in full: what requisition details and the info modal need. */
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
  .meta({ id: 'OrderableItem' });
export type OrderableItem = z.infer<typeof orderableItemSchema>;

/** The tests a provider ordered on a paperless pack (spec 1 §4.4 'the tests are preselected and locked'). */
export const testPreselectionSchema = z.object({
  panel: z.number().nullable(),
  components: z.array(z.number()),
  addons: z.array(z.number()),
});
export type TestPreselection = z.infer<typeof testPreselectionSchema>;

/** spec 1 §3 Catalogue requisition (lab side). id is null for a product ordered without a pack. */
export const catalogueRequisitionSchema = z
  .object({
    id: z.number().nullable().describe('The collection pack; null for a product ordered without one'),
    reqNumber: z.string().nullable(),
    activationCode: z.string().nullable(),
    paperless: z.boolean(),
    preselection: testPreselectionSchema
      .nullable()
      .describe("A paperless pack's tests as the provider ordered them (spec 1 §4.4); null when not ordered"),
    orderableItem: orderableItemSchema,
  })
  .meta({ id: 'CatalogueRequisition' });
export type CatalogueRequisition = z.infer<typeof catalogueRequisitionSchema>;

/** spec 1 §3 Bundle (a saved custom profile) as listed with the catalogue. */
export const bundleSummarySchema = z
  .object({
    gearBundleId: z.number(),
    gearOrderId: z.number().nullable(),
    name: z.string(),
    billingMethod: z.string(),
    productNamesString: z.string(),
    practAgreement: z.boolean().nullable(),
  })
  .meta({ id: 'BundleSummary' });
export type BundleSummary = z.infer<typeof bundleSummarySchema>;

/** spec 1 §3 'Orderable item lists (catalogue answer)': GET /gear/practitioner/{gsdl}/orderableItems. */
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
  .meta({ id: 'OrderableItemLists' });
export type OrderableItemLists = z.infer<typeof orderableItemListsSchema>;

/** GET /gear/requisitions?gearReqIds: the product behind each requisition of an order. */
export const requisitionDefinitionSchema = z
  .object({ id: z.number().describe('gearReqId'), orderableItem: orderableItemSchema })
  .meta({ id: 'RequisitionDefinition' });
export type RequisitionDefinition = z.infer<typeof requisitionDefinitionSchema>;

/** GET /gear/requisitionById?gearReqId: the pack and product of a requisition on an order the caller may see. */
export const omsRequisitionSchema = z
  .object({ omsRequisition: catalogueRequisitionSchema })
  .meta({ id: 'OmsRequisition' });
export type OmsRequisition = z.infer<typeof omsRequisitionSchema>;

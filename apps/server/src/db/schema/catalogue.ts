import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { practitioners } from './practitioners.ts';

/** spec 1 §3 orderable item (a product of the lab's catalogue). */
export const orderableItems = pgTable('orderable_items', {
  id: integer().primaryKey(),
  name: text().notNull(),
  category: text().notNull(),
  description: text(),
  specimenType: text(),
  notice: text(),
  gbfName: text(),
  dropShipOnly: boolean().notNull().default(false),
  mcrEligible: boolean().notNull().default(false),
  paperless: boolean().notNull().default(false),
  mixedComponentPricing: boolean().notNull().default(false),
  containsCptCodeQuantity: boolean().notNull().default(false),
  nutritional: boolean().notNull().default(false),
  covid: boolean().notNull().default(false),
  popularity: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

/**
 * spec 1 §3 profile / input field component: panels, analytes (components), add-ons, patient instructions,
 * collection fields and profile-specific fields. One row per field; a field may serve several items.
 */
export const inputFields = pgTable('input_fields', {
  id: integer().primaryKey(),
  name: text().notNull(),
  inputType: text().notNull(),
  parentId: integer(),
  cptCode: text(),
  cptQuantity: text(),
  displayOnly: boolean().notNull().default(false),
  gdxItemId: text(),
  accessionKey: text(),
  disclaimer: text(),
  isAddOn: boolean().notNull().default(false),
  /** inputFieldParams {name, value} of spec 1 §3, e.g. Add-On, options of a select. */
  params: jsonb().$type<{ name: string; value: string }[]>().notNull().default([]),
});

export const orderableItemInputFields = pgTable(
  'orderable_item_input_fields',
  {
    orderableItemId: integer()
      .notNull()
      .references(() => orderableItems.id),
    inputFieldId: integer()
      .notNull()
      .references(() => inputFields.id),
    sortOrder: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderableItemId, t.inputFieldId] })],
);

/**
 * Price lists: one row per item (or per input field of it: component or add-on) and price type.
 * priceType: PTPAY (patient pay), IIP (insurance initial payment, with maxOutOfPocket), MEDICARE, TRICARE, CLIENT.
 * A null gsdlNo is the list price; a row with a gsdlNo overrides it for that practitioner's office.
 */
export const prices = pgTable(
  'prices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderableItemId: integer()
      .notNull()
      .references(() => orderableItems.id),
    inputFieldId: integer().references(() => inputFields.id),
    priceType: text().notNull(),
    gsdlNo: text().references(() => practitioners.gsdlNo),
    priceCents: integer().notNull(),
    maxOutOfPocketCents: integer(),
  },
  (t) => [index().on(t.orderableItemId, t.priceType)],
);

/**
 * spec 3 §9 special fees whose amounts the spec leaves to the lab (decision 0051): the Physician Fee, the Shipping &
 * Handling Fee and the Multiple Product Discount of PITL orders, per price list (gsdlNo null) and per practitioner as
 * an override. Amounts are cents, zero or more (the discount is subtracted; zero waives a fee).
 */
export const specialFees = pgTable(
  'special_fees',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fee: text({ enum: ['physicianFee', 'shippingAndHandling', 'multipleProductDiscount'] }).notNull(),
    priceType: text().notNull(),
    gsdlNo: text().references(() => practitioners.gsdlNo),
    amountCents: integer().notNull(),
  },
  (t) => [index().on(t.fee, t.priceType)],
);

/** The product's diagnosis-code checklist, in catalogue order (spec 1 §2.7, §4.5). */
export const orderableItemDiagnosisCodes = pgTable(
  'orderable_item_diagnosis_codes',
  {
    orderableItemId: integer()
      .notNull()
      .references(() => orderableItems.id),
    code: text().notNull(),
    sortOrder: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderableItemId, t.code] })],
);

/** The CMS ICD-10-CM code set (imported from a release; the demo seed carries a curated subset). */
export const icd10Codes = pgTable('icd10_codes', {
  code: text().primaryKey(),
  description: text().notNull(),
  shortDescription: text(),
  billable: boolean().notNull(),
  active: boolean().notNull().default(true),
  version: integer().notNull().default(10),
  release: text().notNull(),
});

/**
 * spec 1 §5: an activation code is also found by its first 4 and last 3 characters. Indexed on both tables that
 * hold activation codes; queries must use this same expression for the index to serve them.
 */
export const shortActivationCodeOf = (column: AnyPgColumn): SQL =>
  sql`(left(${column}, 4) || right(${column}, 3))`;

/**
 * Catalogue requisitions (lab side): collection packs with an activation code and/or a requisition number.
 * removedNotice set means the pack was withdrawn (the order lookup answers 410 with it).
 */
export const catalogueRequisitions = pgTable(
  'catalogue_requisitions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reqNumber: text().unique(),
    activationCode: text().unique(),
    orderableItemId: integer()
      .notNull()
      .references(() => orderableItems.id),
    paperless: boolean().notNull().default(false),
    gsdlNo: text().references(() => practitioners.gsdlNo),
    removed: boolean().notNull().default(false),
    removedNotice: text(),
    /** Tests preselected on a paperless requisition (panel, components, add-ons). */
    preselection: jsonb().$type<{ panel: number | null; components: number[]; addons: number[] }>(),
  },
  (t) => [index('catalogue_requisitions_short_code_index').on(shortActivationCodeOf(t.activationCode))],
);

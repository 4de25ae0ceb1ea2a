import type {
  AddOnSelection,
  IcdCode,
  Insurance,
  PatientInfo,
  ShippingInformation,
  SpecificField,
} from '@gear/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, json, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { catalogueRequisitions, orderableItems, shortActivationCodeOf } from './catalogue.ts';
import { practitioners } from './practitioners.ts';

/** spec 1 §3 gearOrder. version is the optimistic-concurrency counter every write checks and bumps. */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    version: integer().notNull().default(1),
    orderFormId: text(),
    practitionerGsdlNo: text().references(() => practitioners.gsdlNo),
    onBehalfOf: text(),
    practAgreement: boolean(),
    practAgreementDate: timestamp({ withTimezone: true }),
    dataConfirmed: boolean().notNull().default(false),
    dateMedicalNecessityAcknowledged: timestamp({ withTimezone: true }),
    simplifiedClientBilling: boolean().notNull().default(false),
    patientRegistration: boolean().notNull().default(false),
    governmentPayor: boolean().notNull().default(false),
    bundleTemplate: boolean().notNull().default(false),
    myGDXKitOrder: boolean().notNull().default(false),
    covidRegistration: boolean().notNull().default(false),
    physicianInTheLoop: boolean().notNull().default(false),
    recollectionFor: integer(),
    patientInfo: jsonb().$type<PatientInfo>(),
    /** The patient's names as the order searches find them (decision 0337): lower case, kept by the database. */
    nameLastKey: text().generatedAlwaysAs(sql`lower(patient_info->>'nameLast')`),
    nameFirstKey: text().generatedAlwaysAs(sql`lower(patient_info->>'nameFirst')`),
    insurance: jsonb().$type<Insurance>(),
    secondaryInsurance: jsonb().$type<Insurance>(),
    shippingMethod: text().notNull().default('FedEx Ground'),
    /** An admin waived the expedited shipping fee (spec 2 §6; decision 0187): who (GSDL number) and when. */
    expeditedShippingWaivedBy: text(),
    expeditedShippingWaivedAt: timestamp({ withTimezone: true }),
    shippingInformation: jsonb().$type<ShippingInformation>(),
    patientAgreement: boolean().notNull().default(false),
    nsaAcknowledged: boolean().notNull().default(false),
    canceled: boolean().notNull().default(false),
    createdByUserId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One practitioner's orders newest first (decision 0343).
    index().on(t.practitionerGsdlNo, t.id),
    // The order history (docs/decisions/0281): a date range, and a patient's name searched from its start. The name
    // indexes also INCLUDE what the lists filter on (migration 0024, decision 0337), so that a name search finds its
    // ids by an index-only scan; drizzle's index builder cannot say INCLUDE.
    index('orders_created_at_index').on(t.createdAt),
    index('orders_patient_last_name_index').using('btree', sql`${t.nameLastKey} text_pattern_ops`),
    index('orders_patient_first_name_index').using('btree', sql`${t.nameFirstKey} text_pattern_ops`),
  ],
);

/** spec 1 §3 requisition on an order; its id is the gearReqId. */
export const requisitions = pgTable(
  'requisitions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity({ startWith: 700001 }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    catalogueRequisitionId: integer().references(() => catalogueRequisitions.id),
    reqNumber: text(),
    activationCode: text(),
    billingMethod: text(),
    orderableItemId: integer()
      .notNull()
      .references(() => orderableItems.id),
    quantity: integer().notNull().default(1),
    panel: integer(),
    components: integer().array().notNull().default([]),
    addons: jsonb().$type<AddOnSelection[]>().notNull().default([]),
    componentOptions: jsonb().$type<AddOnSelection[]>().notNull().default([]),
    addOnOptions: jsonb().$type<AddOnSelection[]>().notNull().default([]),
    sampleCollectionData: jsonb().$type<SpecificField[]>().notNull().default([]),
    profileSpecificFields: jsonb().$type<SpecificField[]>().notNull().default([]),
    dateLastSampleCollected: text(),
    dropShip: boolean().notNull().default(false),
    shipToOffice: boolean().notNull().default(false),
    covidRegistration: boolean().notNull().default(false),
    paperless: boolean().notNull().default(false),
    physicianInTheLoop: boolean().notNull().default(false),
    patientInstructions: text(),
    clinicalFindings: text(),
    routeNumber: text(),
    xComId: text(),
    noCardActivation: boolean().notNull().default(false),
    repurposedCollectionPack: jsonb().$type<{
      reqNumber: string | null;
      activationCode: string | null;
      gearReqId: number | null;
    }>(),
    icdCodes: jsonb().$type<IcdCode[]>().notNull().default([]),
    canceled: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.reqNumber),
    index().on(t.activationCode),
    index('requisitions_short_code_index').on(shortActivationCodeOf(t.activationCode)),
  ],
);

/** spec 1 §3 workflow step; gearReqId set for the steps that exist once per requisition. */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stepId: integer().notNull(),
    gearReqId: integer().references(() => requisitions.id, { onDelete: 'cascade' }),
    statusId: integer().notNull().default(1),
    completed: boolean().notNull().default(false),
    notApplicable: boolean().notNull().default(false),
    skipped: boolean().notNull().default(false),
    userType: text({ enum: ['myGDX', 'prc'] }),
    stepDate: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.orderId), unique().on(t.orderId, t.stepId, t.gearReqId).nullsNotDistinct()],
);

/**
 * Each order's listed status (spec 3 §4, `listedOrderStatus`; docs/decisions/0313), kept so that a list filtered by
 * status reads an index instead of deriving every order. Never written by the portal's changes: the database's
 * triggers (migration 0019) make the row stale (status null, version + 1) in the same transaction as any write to
 * what the status is derived from; a list that reads a stale row derives the status from the facts it read and
 * stores it only if the version is still the one it read.
 */
export const orderStatuses = pgTable(
  'order_statuses',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A ListedOrderStatus; null while stale. */
    status: text(),
    version: integer().notNull().default(0),
    /** The facts of the order's list row from its other tables (decision 0342); null while stale, as the status. */
    facts: json(),
  },
  // The stale rows have an index of their own: a list's read of them is then an index walk whatever the planner's
  // statistics say (right after a bulk change every row is stale; a while later almost none).
  (t) => [
    index().on(t.status, t.orderId),
    index('order_statuses_stale_index').on(t.orderId).where(sql`${t.status} is null`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orderableItems } from './catalogue.ts';
import { orders, requisitions } from './orders.ts';
import { practitioners } from './practitioners.ts';

/**
 * spec 3 §3 paymentInfo / Payment: one row per payment taken or promised. Card numbers are never stored: only the
 * gateway's token, the last four digits and the brand. idempotencyKey makes a resubmitted payment a no-op.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gearReqId: integer().references(() => requisitions.id, { onDelete: 'set null' }),
    paymentType: text().notNull(),
    paymentFrom: text({ enum: ['myGDX', 'prc'] }).notNull(),
    amountCents: integer().notNull(),
    fullPaymentAmountCents: integer(),
    cardAuthAmountCents: integer(),
    cardLast4: text(),
    cardBrand: text(),
    checkNo: text(),
    prepayCode: text(),
    tokenId: text(),
    transactionId: text(),
    installmentIntervalType: text({ enum: ['full', 'month'] }),
    installmentCount: integer(),
    installmentInterval: integer(),
    discountCode: text(),
    discountCents: integer(),
    status: text().notNull(),
    idempotencyKey: text().unique(),
    createdByUserId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderId)],
);

/** spec 3 §3 Discount: PRICE, PERCENTAGE, CLIENT or AFFILIATE, with an optional cap. */
export const discounts = pgTable('discounts', {
  code: text().primaryKey(),
  discountType: text({ enum: ['PRICE', 'PERCENTAGE', 'CLIENT', 'AFFILIATE'] }).notNull(),
  discountAmount: integer().notNull(),
  maxDiscountCents: integer(),
  gsdlNo: text().references(() => practitioners.gsdlNo),
  practicumTesting: boolean().notNull().default(false),
  active: boolean().notNull().default(true),
  validUntil: timestamp({ withTimezone: true }),
});

/** Prepay codes (6 characters) a patient redeems as payment. */
export const prepayCodes = pgTable('prepay_codes', {
  code: text().primaryKey(),
  orderableItemId: integer().references(() => orderableItems.id),
  redeemedByPaymentId: integer().references(() => payments.id),
  redeemedAt: timestamp({ withTimezone: true }),
});

/** A practitioner's saved card on file: a gateway token, never the number. */
export const cardsOnFile = pgTable('cards_on_file', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  gsdlNo: text()
    .notNull()
    .references(() => practitioners.gsdlNo),
  purpose: text({ enum: ['practitioner', 'shipping'] }).notNull(),
  gatewayToken: text().notNull(),
  brand: text().notNull(),
  last4: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** spec 3 §3 Bundle (custom profile) of a practitioner, and its products. */
export const bundles = pgTable('bundles', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  gsdlNo: text()
    .notNull()
    .references(() => practitioners.gsdlNo),
  name: text().notNull(),
  billingMethod: text().notNull(),
  deleted: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const bundleProducts = pgTable('bundle_products', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  bundleId: integer()
    .notNull()
    .references(() => bundles.id, { onDelete: 'cascade' }),
  position: integer().notNull(),
  orderableItemId: integer()
    .notNull()
    .references(() => orderableItems.id),
  panel: integer(),
  components: integer().array().notNull().default([]),
  addons: jsonb().$type<{ omsInputFieldID: number; cptQuantity: number | null }[]>().notNull().default([]),
  billingMethod: text(),
});

/** spec 3 §3 Patient (management): a practitioner's patient list (uploaded by CSV or kept from orders). */
export const patients = pgTable(
  'patients',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gsdlNo: text()
      .notNull()
      .references(() => practitioners.gsdlNo),
    nameFirst: text().notNull(),
    nameLast: text().notNull(),
    dateOfBirth: text().notNull(),
    gender: text({ enum: ['M', 'F'] }),
    chartNumber: text(),
    source: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.gsdlNo, t.nameLast, t.nameFirst),
    index().on(t.gsdlNo, t.dateOfBirth),
    // Patient search (decision 0020): name keys in byte order (collation "C"), so that a prefix is a range and the
    // matches come out of the index already in name order. Both also INCLUDE the names (migration 0021, decision
    // 0334: drizzle's builder cannot say so), so that ids in name order are read by an index-only scan.
    index('patients_last_name_search_index').on(
      t.gsdlNo,
      sql`(lower(${t.nameLast}) collate "C")`,
      sql`(lower(${t.nameFirst}) collate "C")`,
      t.dateOfBirth,
      t.id,
    ),
    index('patients_first_name_search_index').on(
      t.gsdlNo,
      sql`(lower(${t.nameFirst}) collate "C")`,
      sql`(lower(${t.nameLast}) collate "C")`,
      t.dateOfBirth,
      t.id,
    ),
    index('patients_chart_number_index').on(t.gsdlNo, t.chartNumber),
  ],
);

/**
 * A number per practitioner that every change of their patient list's name order raises (migration 0023's triggers:
 * a patient added or removed, a name, date of birth or practitioner changed), so that a process may keep positions
 * in the list while the number stays (decision 0336). Written by the triggers only.
 */
export const patientListVersions = pgTable('patient_list_versions', {
  gsdlNo: text().primaryKey(),
  version: integer().notNull().default(0),
});

/** Insurance ID-card images: the file lives in storage; the row says whose it is. */
export const attachments = pgTable(
  'attachments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.orderId, t.type)],
);

/**
 * The audit trail (issue 14 item 4, docs/decisions/0214): who (user or patient session, role, the account acted for),
 * which record, which action, the outcome, when, from which address and user agent. No patient's data in the detail.
 * Append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE (migration 0008), so the order id is kept as a
 * plain number that outlives the order.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer(),
    actor: text().notNull(),
    action: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The signed-in user; null for a patient or an anonymous caller. */
    userId: integer(),
    /** The caller's user type ('myGDX', 'prc', …), 'admin' for an administrator, 'anonymous' without a caller. */
    role: text().notNull().default('anonymous'),
    /** The practitioner account the caller acts as (its GSDL number), when there is one. */
    onBehalfOf: text(),
    outcome: text().notNull().default('success'),
    status: integer(),
    requestId: text(),
    address: text(),
    userAgent: text(),
  },
  (t) => [index().on(t.orderId), index().on(t.userId)],
);

/**
 * The instalments of a monthly payment plan (spec 3 §4, §5): the first charged at submit, the others charged on their
 * due date by the job queue (decision 0121); a failed charge is kept with its message, visible on the order.
 */
export const paymentInstalments = pgTable(
  'payment_instalments',
  {
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    dueDate: text().notNull(),
    amountCents: integer().notNull(),
    /** scheduled, charged, failed */
    status: text().notNull(),
    transactionId: text(),
    failureMessage: text(),
    attempts: integer().notNull().default(0),
    chargedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.paymentId, t.number)],
);

import type { Analyte } from '@gear/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { orders, requisitions } from './orders.ts';

/**
 * Facts from the laboratory and the carrier (spec/README.md resolution 8), stored with who and when.
 * Order statuses of spec 3 §4 are derived from these, never stored.
 */
export const accessions = pgTable(
  'accessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gearReqId: integer()
      .notNull()
      .references(() => requisitions.id, { onDelete: 'cascade' }),
    accessionNo: text().notNull().unique(),
    productName: text().notNull(),
    requisitionStatusId: integer(),
    dueDate: text(),
    discardedSpecimen: boolean().notNull().default(false),
    issues: jsonb().$type<string[]>().notNull().default([]),
    /** The lab's result PDF in the configured file storage (decision 0201); null until results are ready. */
    resultFileKey: text(),
    /** The lab's structured results (decision 0265), as the intake received them; null when it sent none. */
    analytes: jsonb().$type<Analyte[]>(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the lab last changed this accession (status, discard, results). */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedBy: text().notNull(),
  },
  (t) => [index().on(t.gearReqId)],
);

/** One tracking number of an order (spec 3 §3 trackingInformation): its latest status and delivery date. */
export const shipments = pgTable(
  'shipments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    trackingNumber: text().notNull().unique(),
    status: text().notNull(),
    deliveryDate: text(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedBy: text().notNull(),
  },
  (t) => [index().on(t.orderId)],
);

/** Every scan the carrier reported for a shipment, for the tracking page and the order's timeline. */
export const carrierScans = pgTable(
  'carrier_scans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    location: text(),
    description: text(),
    scannedAt: timestamp({ withTimezone: true }).notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedBy: text().notNull(),
  },
  (t) => [index().on(t.shipmentId, t.scannedAt)],
);

/**
 * spec 3 §3 pitlRecollectionOrderSummary as rows: a recollection requested for a requisition. While pending (for
 * instance waiting for the $40 pack charge) the order is RecollectionPending; once recollectionOrderId is set the
 * requisition is in the gearReqRecollectionMap.
 */
export const recollections = pgTable(
  'recollections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gearReqId: integer()
      .notNull()
      .references(() => requisitions.id, { onDelete: 'cascade' }),
    accessionNo: text(),
    recollectionOrderId: integer().references(() => orders.id),
    paymentRequired: boolean().notNull().default(false),
    pending: boolean().notNull().default(true),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    requestedBy: text().notNull(),
  },
  (t) => [index().on(t.orderId), unique().on(t.gearReqId)],
);

/**
 * Every event the intake applied (spec/README.md resolution 8): who sent it, its own id (a replay is refused), when
 * it happened and when it arrived. The timeline of an order reads these.
 */
export const intakeEvents = pgTable(
  'intake_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sender: text().notNull(),
    senderEventId: text().notNull(),
    type: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    gearReqId: integer().references(() => requisitions.id, { onDelete: 'cascade' }),
    /** The event's facts as applied (a result PDF is referenced by its stored-file key, never inlined). */
    facts: jsonb().$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.sender, t.senderEventId), index().on(t.orderId, t.occurredAt)],
);

/**
 * The patient's status emails (issue 17, beyond the spec; decision 0301): one row per fact worth telling (the pack
 * shipped, a specimen to collect again, results ready), written in the intake's transaction with the fact, sent by
 * the status-email job and retried until sent. Unique by order, kind and subject (the tracking or accession number),
 * so a replayed or repeated event never sends twice. The address is read from the order when sending; no health
 * data is kept here.
 */
export const statusEmails = pgTable(
  'status_emails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    subject: text().notNull(),
    /** pending, sending, sent, failed (no address, or given up after the last attempt). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The mail server's refusal code of the last attempt, never its text. */
    lastErrorCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.orderId, t.kind, t.subject), index().on(t.status, t.nextAttemptAt)],
);

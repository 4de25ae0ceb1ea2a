import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedBy: text().notNull(),
  },
  (t) => [index().on(t.gearReqId)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    trackingNumber: text().notNull(),
    status: text().notNull(),
    deliveryDate: text(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedBy: text().notNull(),
  },
  (t) => [index().on(t.orderId)],
);

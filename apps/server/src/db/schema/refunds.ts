import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders, requisitions } from './orders.ts';

/**
 * The portal's record of what a cancellation gave back (decision 0260): one row per gateway charge, so a charge is
 * refunded once whatever the number of cancel calls (the gateway call itself is keyed by the same transaction). The
 * non-refundable fee kept from the charge is recorded beside what went back. A fact for the order's timeline.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The canceled test the refund is for; null when the whole order was canceled. */
    gearReqId: integer().references(() => requisitions.id, { onDelete: 'set null' }),
    transactionId: text().notNull().unique(),
    refundId: text(),
    refundCents: integer().notNull(),
    feeKeptCents: integer().notNull(),
    /** Who asked for the cancellation: 'practitioner', 'patient' or 'admin'. */
    requestedBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderId)],
);

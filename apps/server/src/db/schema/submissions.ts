import { integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * The first answer of each submit (PUT /gear/order/{id}/confirm-and-pay) by its Idempotency-Key (decision 0080): a
 * repeat with the same key replays it; the same key with another body is refused. Kept with the order.
 */
export const submissions = pgTable(
  'submissions',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    /** SHA-256 of the canonical body: tells a repeat from another submission under the same key. */
    bodyHash: text().notNull(),
    statusCode: smallint().notNull(),
    answer: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.idempotencyKey] })],
);

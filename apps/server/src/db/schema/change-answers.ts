import type { GearOrder } from '@gear/domain';
import { integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * The answer of each change of an order saved under an Idempotency-Key (docs/decisions/0200): a repeat of the same
 * save (same key, same request) replays it instead of answering 409 about the person's own change. `call` numbers
 * the changes one request makes (most make one). Kept with the order; swept after a day.
 */
export const changeAnswers = pgTable(
  'change_answers',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    call: smallint().notNull(),
    /** SHA-256 of the request (method, route, parameters, query, body): tells a repeat from another save. */
    requestHash: text().notNull(),
    order: jsonb().$type<GearOrder>().notNull(),
    newOrderId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.idempotencyKey, t.call] })],
);

import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * The local default of the marketing subscription adapter (spec 2 §7 POST /subscribe): an outbox of opt-ins, one
 * row per list and email (the latest answer wins), for a job that hands them to the list provider (sentAt).
 */
export const subscriptionOutbox = pgTable(
  'subscription_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    listId: text().notNull(),
    email: text().notNull(),
    firstName: text(),
    gender: text(),
    age: integer(),
    /** The signed-in user who opted in (no foreign key: a patient's proof of an order may carry no account). */
    userId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.listId, t.email)],
);

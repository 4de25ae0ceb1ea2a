import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local payment gateway's own tables (decision 0120): what a processor keeps on its side. They are the gateway's,
 * not the portal's: a real processor replaces them. No card number and no CVV is ever kept, here or anywhere: a token
 * holds the brand, the last four digits, the expiry and what the card will do when charged (the sandbox's outcome,
 * from the published test-card conventions).
 */
export const gatewayTokens = pgTable('gateway_tokens', {
  token: text().primaryKey(),
  brand: text().notNull(),
  last4: text().notNull(),
  expMonth: smallint().notNull(),
  expYear: smallint().notNull(),
  /** approved, card_declined, insufficient_funds, lost_card, stolen_card, expired_card, incorrect_cvc, … */
  outcome: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** An authorization (approved or declined) with its amount and transaction id; captured, voided as it goes on. */
export const gatewayAuthorizations = pgTable(
  'gateway_authorizations',
  {
    transactionId: text().primaryKey(),
    idempotencyKey: text().notNull().unique(),
    token: text().notNull(),
    amountCents: integer().notNull(),
    /** authorized, declined, captured, voided */
    status: text().notNull(),
    declineCode: text(),
    capturedCents: integer().notNull().default(0),
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.token)],
);

/** A refund of a captured authorization, by its own idempotency key. */
export const gatewayRefunds = pgTable('gateway_refunds', {
  refundId: text().primaryKey(),
  idempotencyKey: text().notNull().unique(),
  transactionId: text()
    .notNull()
    .references(() => gatewayAuthorizations.transactionId),
  amountCents: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

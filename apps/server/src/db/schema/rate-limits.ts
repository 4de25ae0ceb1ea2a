import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests counted against a per-address limit (docs/decisions/0233): one row per route and address, shared by every
 * API process, so a limit holds however many processes serve. Rows are purged once their window has ended.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.resetsAt)],
);

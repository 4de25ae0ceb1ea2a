import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each accepted captcha solution, by its challenge's signature (docs/decisions/0150): a solution is accepted once.
 * Rows are purged once their challenge has expired (an expired challenge is refused before this table is asked).
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    signature: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

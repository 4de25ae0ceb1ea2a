import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Sign-in accounts (demo-data.md Users). type myGDX = practitioner or office staff; prc = patient. */
export const users = pgTable('users', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  loginName: text().notNull().unique(),
  passwordHash: text().notNull(),
  type: text({ enum: ['myGDX', 'prc'] }).notNull(),
  gsdlNo: text(),
  onBehalfOf: text().array().notNull().default([]),
  admin: boolean().notNull().default(false),
  email: text(),
  /**
   * The person's own name as the header shows it (issue 15; docs/decisions/0312) for office staff and admins; a
   * practitioner's name comes from their practitioner record.
   */
  displayName: text(),
  /** An administrator's TOTP secret (base32), set by `npm run admin:totp` (docs/decisions/0226); null when not enrolled. */
  totpSecret: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions behind the HttpOnly cookie; idle expiry is sliding (lastSeenAt). */
export const sessions = pgTable('sessions', {
  id: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-ins per key ('login:<name>' or 'ip:<address>'), shared by every API process. */
export const signInFailures = pgTable('sign_in_failures', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp({ withTimezone: true }),
});

/**
 * Sessions of patients (prc) who proved orders with a requisition or activation number and date of birth
 * (docs/decisions/0040): the cookie's hash and the orders proven; idle expiry slides like a practitioner's.
 */
export const patientSessions = pgTable('patient_sessions', {
  id: text().primaryKey(),
  orderIds: integer().array().notNull().default([]),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

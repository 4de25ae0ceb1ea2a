import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Files kept in the database (docs/decisions/0201): ID-card images (and any document the portal stores), sealed with
 * AES-256-GCM, so every process on every host serves the same files. The key is the storage's, never a client's.
 */
export const storedFiles = pgTable('stored_files', {
  key: text().primaryKey(),
  /** The sealed bytes (file-cipher.ts). */
  sealed: bytea().notNull(),
  /** The size of the file as stored, before sealing. */
  sizeBytes: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

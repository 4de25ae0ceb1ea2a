import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import type { FileCipher } from './file-cipher.ts';
import type { FileStorage } from './file-storage.ts';

/** The largest file the database keeps (docs/decisions/0201): 25 MiB, twice the ID-card limit of spec 2 §8. */
export const MAX_STORED_FILE_BYTES = 25 * 1024 * 1024;

const KEY = /^[0-9a-f]{32}$/;

/** A storage that can also take a file under a key it was given (moving files in from another storage). */
export interface AdoptingStorage extends FileStorage {
  /** Stores the bytes under this key unless a file is there already; true when stored. */
  adopt(key: string, bytes: Uint8Array): Promise<boolean>;
}

/**
 * Files in the database, sealed (docs/decisions/0201): one row per file, on PGlite and PostgreSQL alike, so a file
 * written through one process is served by every other. Keys are 128 random bits in hex, as on disk.
 */
export function databaseFileStorage(db: Db, cipher: FileCipher): AdoptingStorage {
  const insert = async (key: string, bytes: Uint8Array) => {
    if (bytes.length > MAX_STORED_FILE_BYTES) throw new Error('file too large to store');
    const rows = await db
      .insert(storedFiles)
      .values({ key, sealed: cipher.seal(bytes), sizeBytes: bytes.length })
      .onConflictDoNothing()
      .returning({ key: storedFiles.key });
    return rows.length === 1;
  };
  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      await insert(key, bytes);
      return key;
    },
    async adopt(key, bytes) {
      if (!KEY.test(key)) throw new Error('not a storage key');
      return insert(key, bytes);
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      const [row] = await db
        .select({ sealed: storedFiles.sealed })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ? cipher.open(row.sealed) : null;
    },
    async delete(key) {
      if (!KEY.test(key)) return;
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}

/**
 * Removes stored files no attachment or result points at, once older than `olderThanMinutes` (a file is stored just before the
 * change that points at it commits; a process that died between the two leaves one behind). Answers how many.
 */
export async function sweepUnreferencedFiles(db: Db, olderThanMinutes = 60): Promise<number> {
  const removed = await db.execute(sql`
    DELETE FROM stored_files f
    WHERE f.created_at < now() - make_interval(mins => ${olderThanMinutes})
      AND NOT EXISTS (SELECT 1 FROM attachments a WHERE a.storage_key = f.key)
      AND NOT EXISTS (SELECT 1 FROM accessions r WHERE r.result_file_key = f.key)
    RETURNING f.key`);
  return ((removed as unknown as { rows?: unknown[] }).rows ?? []).length;
}

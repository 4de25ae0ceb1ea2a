import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { databaseFileStorage } from './database-storage.ts';
import { type FileCipher, type FileKey, fileCipher, isSealed } from './file-cipher.ts';
import { type FileStorage, localFileStorage } from './file-storage.ts';

export interface StorageSettings {
  /** FILE_STORAGE: 'database' (default: every process and host shares the files) or 'disk' (one machine). */
  fileStorage: 'database' | 'disk';
  /** FILE_ENCRYPTION_KEYS, the sealing key first; null outside production when unset (a key file in dataDir). */
  fileKeys: FileKey[] | null;
  dataDir: string;
}

/** The key kept in DATA_DIR/file-key outside production when FILE_ENCRYPTION_KEYS is unset: made once, kept. */
function localKey(dataDir: string): FileKey {
  const file = path.join(dataDir, 'file-key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { id: 'local', key: Buffer.from(readFileSync(file, 'utf8').trim(), 'base64') };
}

/** Files on disk, sealed; a file written before sealing came in is read as it was stored. */
export function sealedStorage(inner: FileStorage, cipher: FileCipher): FileStorage {
  return {
    put: (bytes) => inner.put(cipher.seal(bytes)),
    async get(key) {
      const stored = await inner.get(key);
      return stored && isSealed(stored) ? cipher.open(stored) : stored;
    },
    delete: (key) => inner.delete(key),
  };
}

const KEY_NAME = /^[0-9a-f]{32}$/;

/**
 * Moves the files of the disk folder into the database storage, under their own keys (the rows pointing at them stay
 * as they are), and removes each from disk once stored. Two processes starting together move each file once.
 */
export async function moveDiskFilesIn(
  folder: string,
  cipher: FileCipher,
  adopt: (key: string, bytes: Uint8Array) => Promise<boolean>,
): Promise<number> {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => KEY_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let moved = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    let stored: Buffer;
    try {
      stored = readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (await adopt(name, isSealed(stored) ? cipher.open(stored) : stored)) moved += 1;
    rmSync(file, { force: true });
  }
  return moved;
}

/**
 * The storage the settings name (docs/decisions/0201), sealed with AES-256-GCM; with the database, the files left in
 * DATA_DIR/attachments by earlier versions are moved in first.
 */
export async function configuredFileStorage(
  settings: StorageSettings,
  db: Db,
): Promise<{ storage: FileStorage; moved: number }> {
  const cipher = fileCipher(settings.fileKeys ?? [localKey(settings.dataDir)]);
  const folder = path.join(settings.dataDir, 'attachments');
  if (settings.fileStorage === 'disk')
    return { storage: sealedStorage(localFileStorage(folder), cipher), moved: 0 };
  const storage = databaseFileStorage(db, cipher);
  return { storage, moved: await moveDiskFilesIn(folder, cipher, storage.adopt) };
}

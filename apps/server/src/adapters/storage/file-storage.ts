import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, outside the database rows (ARCHITECTURE 'Adapters'). A key is chosen by the storage,
 * never by the client: the client's file name is not kept anywhere.
 */
export interface FileStorage {
  /** Stores the bytes under a new random key and returns it. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes stored under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes stored under the key; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{32}$/;

const isKey = (key: string): boolean => KEY.test(key);

/**
 * The local default: one file per key in a folder (DATA_DIR/attachments), readable by the server's user only.
 * A file is written under a temporary name and renamed, so a reader never sees half a file. Keys are 128 random
 * bits in hex; anything else is refused before it can name a path.
 */
export function localFileStorage(folder: string): FileStorage {
  let ready: Promise<unknown> | null = null;
  const ensureFolder = () => {
    ready ??= mkdir(folder, { recursive: true, mode: 0o700 });
    return ready;
  };
  const fileOf = (key: string) => {
    if (!isKey(key)) throw new Error('not a storage key');
    return path.join(folder, key);
  };

  return {
    async put(bytes) {
      await ensureFolder();
      const key = randomBytes(16).toString('hex');
      const target = fileOf(key);
      const temporary = `${target}.${randomBytes(4).toString('hex')}.part`;
      try {
        await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return key;
    },
    async get(key) {
      if (!isKey(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}

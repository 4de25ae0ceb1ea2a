import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** One AES-256 key of FILE_ENCRYPTION_KEYS, named so a stored file says which key sealed it. */
export interface FileKey {
  id: string;
  key: Buffer;
}

/** Seals stored files with AES-256-GCM (docs/decisions/0201); opens what any of its keys sealed. */
export interface FileCipher {
  seal(bytes: Uint8Array): Buffer;
  /** The bytes, or an Error when the file was altered or no key of the cipher sealed it. */
  open(sealed: Uint8Array): Buffer;
}

const MAGIC = Buffer.from('GF1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A sealed file: 'GF1', the key id's length (one byte) and the id, a random 96-bit IV, the GCM tag, the ciphertext.
 * The header is authenticated data, so a changed key id fails as a changed byte does. The first key seals; every key
 * opens (rotation: add the new key first, re-seal, then drop the old one).
 */
export function fileCipher(keys: readonly FileKey[]): FileCipher {
  const [current] = keys;
  if (!current) throw new Error('FILE_ENCRYPTION_KEYS names no key.');
  for (const { id, key } of keys)
    if (key.length !== 32 || !/^[A-Za-z0-9_-]{1,32}$/.test(id))
      throw new Error('A file key is 32 bytes with a short id.');
  const byId = new Map(keys.map((entry) => [entry.id, entry.key]));
  return {
    seal(bytes) {
      const id = Buffer.from(current.id);
      const header = Buffer.concat([MAGIC, Buffer.from([id.length]), id]);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(header);
      const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
      return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (!isSealed(data)) throw new Error('not a sealed file');
      const idLength = data[MAGIC.length] as number;
      const headerEnd = MAGIC.length + 1 + idLength;
      const key = byId.get(data.subarray(MAGIC.length + 1, headerEnd).toString());
      if (!key) throw new Error('sealed with a key no longer configured');
      const iv = data.subarray(headerEnd, headerEnd + IV_BYTES);
      const tag = data.subarray(headerEnd + IV_BYTES, headerEnd + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(data.subarray(0, headerEnd));
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(data.subarray(headerEnd + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
    },
  };
}

/** Whether the bytes start as a sealed file does (files stored before encryption do not). */
export const isSealed = (bytes: Uint8Array): boolean =>
  bytes.length > MAGIC.length && Buffer.from(bytes.subarray(0, MAGIC.length)).equals(MAGIC);

/** FILE_ENCRYPTION_KEYS: 'id:base64-of-32-bytes' separated by commas, the sealing key first. */
export function fileKeysOf(value: string): FileKey[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(':');
      const key = Buffer.from(part.slice(at + 1), 'base64');
      if (at < 1 || key.length !== 32)
        throw new Error('FILE_ENCRYPTION_KEYS must be id:base64 pairs of 32-byte keys, separated by commas.');
      return { id: part.slice(0, at), key };
    });
}

// Decision 0201: stored files sealed with AES-256-GCM, keys from configuration, rotation by adding a key first.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileCipher, fileKeysOf, isSealed } from './file-cipher.ts';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('file cipher (decision 0201)', () => {
  const old = key('2025');
  const current = key('2026');
  const image = Buffer.from('\xff\xd8\xff\xe0 an image with Exif GPS 35.59N 82.55W', 'latin1');

  it('seals with a random IV (two seals differ), opens to the same bytes, never keeps the plain text', () => {
    const cipher = fileCipher([current]);
    const a = cipher.seal(image);
    const b = cipher.seal(image);
    expect(a.equals(b)).toBe(false);
    expect(isSealed(a)).toBe(true);
    expect(a.includes(Buffer.from('GPS'))).toBe(false);
    expect(cipher.open(a)).toEqual(image);
  });

  it('refuses a changed byte anywhere, the key id included', () => {
    const cipher = fileCipher([current]);
    const sealed = cipher.seal(image);
    for (const at of [4, 10, 30, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = (changed[at] as number) ^ 1;
      expect(() => cipher.open(changed)).toThrow();
    }
  });

  it('rotation: the new key seals, the old one still opens; a key dropped no longer opens', () => {
    const before = fileCipher([old]).seal(image);
    const rotating = fileCipher([current, old]);
    expect(rotating.open(before)).toEqual(image);
    expect(rotating.seal(image).subarray(4, 8).toString()).toBe('2026');
    expect(() => fileCipher([current]).open(before)).toThrow('no longer configured');
  });

  it.each([
    ['', 'names no key'],
    ['nokey', 'FILE_ENCRYPTION_KEYS'],
    [`a:${randomBytes(16).toString('base64')}`, 'FILE_ENCRYPTION_KEYS'],
  ])('FILE_ENCRYPTION_KEYS %j is refused', (value, message) => {
    expect(() => fileCipher(fileKeysOf(value))).toThrow(message);
  });

  it('reads FILE_ENCRYPTION_KEYS as id:base64 pairs, the first sealing', () => {
    const value = `2026:${current.key.toString('base64')}, 2025:${old.key.toString('base64')}`;
    expect(fileKeysOf(value)).toEqual([current, old]);
  });
});

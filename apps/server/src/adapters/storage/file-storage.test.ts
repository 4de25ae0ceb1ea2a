import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localFileStorage } from './file-storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'gear-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local file storage (ARCHITECTURE adapters: files on disk)', () => {
  it('stores bytes under a new random key, reads them back, deletes them', async () => {
    const folder = path.join(root, 'attachments');
    const storage = localFileStorage(folder);
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    const key = await storage.put(bytes);
    const other = await storage.put(bytes);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(other).not.toBe(key);
    expect(readdirSync(folder).sort()).toEqual([key, other].sort());
    expect(statSync(path.join(folder, key)).mode & 0o777).toBe(0o600);
    expect(new Uint8Array((await storage.get(key)) ?? [])).toEqual(bytes);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    expect(readdirSync(folder)).toEqual([other]);
  });

  it('never reads or deletes a path that is not one of its keys', async () => {
    const folder = path.join(root, 'guarded');
    const storage = localFileStorage(folder);
    await storage.put(new Uint8Array([1]));
    writeFileSync(path.join(root, 'secret.txt'), 'do not serve');
    expect(await storage.get('../secret.txt')).toBeNull();
    expect(await storage.get('A'.repeat(32))).toBeNull();
    await storage.delete('../secret.txt');
    expect(readdirSync(root)).toContain('secret.txt');
  });
});

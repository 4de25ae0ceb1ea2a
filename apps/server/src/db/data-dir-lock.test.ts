import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'gear-lock-'));

describe('lockDataDir', () => {
  it('holds the folder with this process id and releases it', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'gear.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  it('refuses a folder held by another running process, with a clear message', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'gear.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/is in use by another Gear process/);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'gear.lock'), '2147483646');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'gear.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

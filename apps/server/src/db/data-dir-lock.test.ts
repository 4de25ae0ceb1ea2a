import { mkdtempSync, readFileSync, readlinkSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DataDirInUseError, LOCK_HEARTBEAT_MS, LOCK_STALE_MS, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'gear-lock-'));
const lockFileOf = (dir: string) => path.join(dir, 'gear.lock');

/** A lock another process wrote: a PID that looks alive here (this test's parent) but belongs to another namespace. */
const foreignLock = (dir: string, ageMs: number) => {
  writeFileSync(
    lockFileOf(dir),
    JSON.stringify({ token: 'foreign', pid: process.ppid, host: 'other-container' }),
  );
  const at = new Date(Date.now() - ageMs);
  utimesSync(lockFileOf(dir), at, at);
};

// Issue 14 item 13 (docs/decisions/0225): the lock holds across PID namespaces by its heartbeat, not by process ids.
describe('lockDataDir', () => {
  it('holds the folder and releases it', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  it('refuses a folder whose lock is fresh, even when its process id means nothing here', () => {
    const dir = freshDir();
    writeFileSync(
      lockFileOf(dir),
      JSON.stringify({ token: 'foreign', pid: 2147483646, host: 'other-container' }),
    );
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(
      /is in use by another Gear process \(pid 2147483646 on other-container\)/,
    );
  });

  it('takes over at once a fresh lock whose holder died on this host, in this PID namespace (a killed worker)', () => {
    const dir = freshDir();
    const pidNamespace = readlinkSync('/proc/self/ns/pid');
    const dead = 2147483646;
    writeFileSync(
      lockFileOf(dir),
      JSON.stringify({ token: 'dead', pid: dead, host: hostname(), pidNamespace }),
    );
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    // The same dead process id from another namespace proves nothing: refused while fresh.
    writeFileSync(
      lockFileOf(dir),
      JSON.stringify({ token: 'dead', pid: dead, host: hostname(), pidNamespace: 'pid:[1]' }),
    );
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });

  it('takes over a stale lock even when its process id looks alive here (another namespace)', () => {
    const dir = freshDir();
    foreignLock(dir, LOCK_STALE_MS + 1_000);
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('keeps its lock fresh with a heartbeat, so a second process never takes it over', () => {
    vi.useFakeTimers();
    try {
      const dir = freshDir();
      const release = lockDataDir(dir);
      const old = new Date(Date.now() - LOCK_STALE_MS - 5_000);
      utimesSync(lockFileOf(dir), old, old);
      vi.advanceTimersByTime(LOCK_HEARTBEAT_MS + 10);
      expect(Date.now() - statSync(lockFileOf(dir)).mtimeMs).toBeLessThan(LOCK_STALE_MS);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      release();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when another process took the lock from under it', () => {
    vi.useFakeTimers();
    try {
      const dir = freshDir();
      const lost = vi.fn();
      lockDataDir(dir, lost);
      foreignLock(dir, 0);
      vi.advanceTimersByTime(LOCK_HEARTBEAT_MS + 10);
      expect(lost).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});

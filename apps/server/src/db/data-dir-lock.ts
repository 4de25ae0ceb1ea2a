import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dir: string, holder: string) {
    super(
      `The data folder ${dir} is in use by another Gear process (${holder}). Stop that process, or set DATA_DIR to another folder.`,
    );
  }
}

/** How often the holder refreshes the lock file's modification time, and when a lock not refreshed is stale. */
export const LOCK_HEARTBEAT_MS = 2_000;
export const LOCK_STALE_MS = 15_000;

interface Holder {
  token: string;
  pid: number;
  host: string;
  /** The holder's PID namespace (Linux), within which its process id means something; null where unknown. */
  pidNamespace: string | null;
}

const ownPidNamespace = (): string | null => {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A lock whose holder is known dead: written on this host, in this PID namespace, by a process that no longer exists
 * (a worker killed by its supervisor is replaced at once, not after LOCK_STALE_MS). Anywhere else only the heartbeat
 * tells.
 */
const heldByTheDead = (holder: Partial<Holder>, own: Holder): boolean =>
  own.pidNamespace !== null &&
  holder.pidNamespace === own.pidNamespace &&
  holder.host === own.host &&
  typeof holder.pid === 'number' &&
  holder.pid !== own.pid &&
  !isAlive(holder.pid);

const readHolder = (lockFile: string): Partial<Holder> => {
  try {
    return JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<Holder>;
  } catch {
    return {};
  }
};

const describeHolder = (holder: Partial<Holder>) =>
  `pid ${holder.pid ?? 'unknown'} on ${holder.host ?? 'an unknown host'}`;

/**
 * PGlite takes no lock on its data folder and two processes on one folder lose writes silently, so the server holds a
 * lock file of its own (issue 14 item 13, docs/decisions/0225). Process ids mean nothing across PID namespaces (two
 * containers on one volume), so the lock relies on a heartbeat, as proper-lockfile does: the holder refreshes the
 * file's modification time every LOCK_HEARTBEAT_MS; a lock not refreshed for LOCK_STALE_MS is stale and taken over,
 * whatever process id it names. The file is created exclusively ('wx') and a stale one is moved aside atomically, so
 * two processes never both hold it. `onLost` is called if another process took the lock from under this one.
 */
export function lockDataDir(
  dir: string,
  onLost: () => void = () => {
    throw new Error(`The lock on the data folder ${dir} was lost.`);
  },
  now: () => number = Date.now,
): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'gear.lock');
  const holder: Holder = {
    token: randomBytes(16).toString('hex'),
    pid: process.pid,
    host: hostname(),
    pidNamespace: ownPidNamespace(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      return holdLock(lockFile, holder.token, onLost);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const seen = statSync(lockFile, { throwIfNoEntry: false });
      if (!seen) continue;
      const found = readHolder(lockFile);
      if (now() - seen.mtimeMs < LOCK_STALE_MS && !heldByTheDead(found, holder))
        throw new DataDirInUseError(dir, describeHolder(found));
      takeOverStale(lockFile, seen.ino);
    }
  }
  throw new Error(`Could not lock the data folder ${dir}.`);
}

/** Moves a stale lock file aside, unless another process replaced it in the meantime (then it is put back). */
function takeOverStale(lockFile: string, staleInode: number) {
  const aside = `${lockFile}.stale-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (statSync(aside).ino !== staleInode) {
    // Another process took over first and this moved its fresh lock: give it back.
    renameSync(aside, lockFile);
    return;
  }
  rmSync(aside, { force: true });
}

function holdLock(lockFile: string, token: string, onLost: () => void): () => void {
  const ours = () => readHolder(lockFile).token === token;
  const heartbeat = setInterval(() => {
    if (!ours()) {
      clearInterval(heartbeat);
      onLost();
      return;
    }
    const at = new Date();
    utimesSync(lockFile, at, at);
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    if (ours()) rmSync(lockFile, { force: true });
  };
}

import cluster, { type Worker } from 'node:cluster';

/**
 * The supervisor of `npm start` (issue 21 §5, docs/decisions/0157): WEB_CONCURRENCY worker processes through
 * node:cluster (one on the embedded database, whose folder one process owns), each restarted with back-off when it
 * dies. SIGTERM or SIGINT is passed to every worker, which drains (docs/decisions/0156); the supervisor exits when
 * they all have.
 */

/** A worker that could not start for a reason a restart will not mend (a setting, a data folder in use). */
export const EXIT_CONFIG = 78;

/** A worker that lived this long before dying starts the back-off afresh. */
const STABLE_MS = 30_000;

/** The wait before starting a worker again after `failures` quick deaths in a row: 0.5 s doubling, at most 30 s. */
export function restartDelayMs(failures: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, failures - 1));
}

const log = (msg: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: 'info', msg, pid: process.pid, ...fields }));

export function supervise(workers: number, shutdownTimeoutMs: number) {
  let stopping = false;
  let failures = 0;
  const startedAt = new Map<number, number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.once('online', () => log('worker started', { worker: worker.process.pid }));
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('supervisor stopped');
        process.exit(0);
      }
      return;
    }
    if (code === EXIT_CONFIG) {
      log('a worker cannot start (see its message); stopping', { code });
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = EXIT_CONFIG;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(EXIT_CONFIG);
      return;
    }
    failures = lived >= STABLE_MS ? 1 : failures + 1;
    const delay = restartDelayMs(failures);
    log('worker died; starting another', { worker: worker.process.pid, code, signal, inMs: delay });
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('supervisor draining workers', { signal });
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(0);
    for (const worker of running) worker?.process.kill('SIGTERM');
    // Workers bound their own drain; this only guards against one that hangs.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownTimeoutMs + 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // The first worker migrates (and seeds the demo data) alone; the others start once it listens.
  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < workers; i += 1) fork();
  });
  log('supervisor started', { workers });
}

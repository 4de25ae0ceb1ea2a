import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersSeen,
  fetchCounted,
  load,
  newServerStore,
  type ServerProcess,
  type ServerStore,
  signInOverHttp,
  startServerProcess,
  waitUntilReady,
} from './test/server-process.ts';

// Issue 21 §4 (docs/decisions/0156): a deploy's SIGTERM to a real server process under load: readiness turns 503
// first, the server stops accepting, in-flight requests finish, the pool and the embedded database's lock are
// released, and not one request the server had accepted fails. On PostgreSQL with TEST_DATABASE_URL, else embedded.
const DB_READ = '/gear/practitioner/P1001/previousInstructions/540';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('issue 21 §4: SIGTERM during a load', () => {
  let store: ServerStore;
  let server: ServerProcess;
  let headers: Record<string, string>;

  // Starting a process (migrating and seeding its database) is the heavy part: the hook's allowance, as useTestApp.
  beforeAll(async () => {
    store = await newServerStore();
    server = await startServerProcess({
      ...store.env,
      LOG_LEVEL: 'info',
      SHUTDOWN_READY_DELAY_MS: '500',
      SHUTDOWN_TIMEOUT_MS: '5000',
    });
    await waitUntilReady(server, 110_000);
    headers = await signInOverHttp(server.base, 'dr.avery', 'demo-Avery-2026');
  }, 120_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await store?.drop();
  });

  it('readiness 503 first, 0 accepted requests failed, exit 0 within the bound, the data folder unlocked', async () => {
    let stopped = false;
    const loading = load(
      () => `${server.base}${DB_READ}`,
      headers,
      10,
      () => stopped,
    );
    await sleep(1000);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    // Readiness turns 503 while the server still accepts (the ready delay), before connections are refused.
    let readiness: Response | null = null;
    while (!readiness || readiness.status === 200) {
      readiness = await fetchCounted(`${server.base}/readyz`).catch(() => null);
      if (!readiness) break;
      if (readiness.status === 200) await sleep(25);
    }
    expect(readiness?.status).toBe(503);
    expect(readiness?.headers.get('retry-after')).toBe('2');
    const exit = await server.exited;
    const exitMs = Math.round(performance.now() - signalled);
    await sleep(200);
    stopped = true;
    const tally = await loading;
    console.log(
      `SIGTERM→exit ${exitMs} ms (ready delay 500 ms); ok ${tally.ok}, 503 ${tally.retryLater}, not accepted ${tally.notAccepted}, failed ${tally.failed}`,
    );
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    // The server's own count: every request it read was answered.
    const stoppedLine = server
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"stopped"'));
    const counts = JSON.parse(stoppedLine ?? '{}') as { received?: number; answered?: number };
    console.log(
      `server: received ${counts.received}, answered ${counts.answered}; answers the clients got ${answersSeen.count}`,
    );
    // Every request the server read was answered, and every answer reached its client: so a connection reset the
    // clients saw was a connection the server never read a request from (the kernel's backlog as the listener
    // closed). Anything else (a 500, a wrong status) is a failure.
    expect(counts.answered).toBe(counts.received);
    expect(answersSeen.count).toBe(counts.answered);
    expect(tally.failures.filter((failure) => !/^(ECONNRESET|UND_ERR_SOCKET)$/.test(failure))).toEqual([]);
    expect(tally.ok).toBeGreaterThan(10);
    expect(tally.notAccepted).toBeGreaterThan(0);
    expect(exitMs).toBeLessThan(500 + 5000 + 2000);
    expect(existsSync(path.join(store.env.DATA_DIR ?? '', 'gear.lock'))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newServerStore,
  type ServerProcess,
  type ServerStore,
  startServerProcess,
  waitUntilReady,
} from './test/server-process.ts';

// Issue 21 §5 (docs/decisions/0157): `npm start`'s supervisor starts a worker again when one dies, and drains them all
// on SIGTERM. Two workers on PostgreSQL (TEST_DATABASE_URL), one on the embedded database (its folder lock of the
// dead worker is taken over).
const workers = process.env.TEST_DATABASE_URL ? 2 : 1;

const workerPids = (output: string): number[] =>
  output
    .split('\n')
    .filter((line) => line.includes('"msg":"worker started"'))
    .map((line) => (JSON.parse(line) as { worker: number }).worker);

describe('issue 21 §5: the supervisor', () => {
  let store: ServerStore;
  let supervisor: ServerProcess;

  beforeAll(async () => {
    store = await newServerStore();
    supervisor = await startServerProcess({ ...store.env, WEB_CONCURRENCY: String(workers) }, 'start');
    await waitUntilReady(supervisor, 110_000);
  }, 120_000);
  afterAll(async () => {
    if (supervisor?.child.exitCode === null) supervisor.child.kill('SIGKILL');
    await supervisor?.exited;
    await store?.drop();
  });

  // A worker's start (opening and migrating its database) is the slow part: the hook's allowance.
  it(`a killed worker is started again and serves; SIGTERM drains all ${workers} and exits 0`, async () => {
    const until = Date.now() + 60_000;
    while (workerPids(supervisor.output()).length < workers && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const [victim] = workerPids(supervisor.output());
    expect(victim).toBeDefined();
    process.kill(victim as number, 'SIGKILL');
    const killedAt = Date.now();
    while (workerPids(supervisor.output()).length < workers + 1 && Date.now() - killedAt < 90_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(workerPids(supervisor.output())).toHaveLength(workers + 1);
    await waitUntilReady(supervisor, 90_000);
    console.log(`worker back and ready ${Date.now() - killedAt} ms after SIGKILL (${workers} workers)`);
    expect(supervisor.child.exitCode).toBeNull();

    supervisor.child.kill('SIGTERM');
    expect(await supervisor.exited, supervisor.output()).toEqual({ code: 0, signal: null });
    expect(supervisor.output()).toContain('"msg":"supervisor stopped"');
  }, 120_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every answer the tests' requests to server processes received (to compare with the server's own count). */
export const answersSeen = { count: 0 };

/** fetch, counting the answers in answersSeen. */
export async function fetchCounted(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  answersSeen.count += 1;
  return response;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Where a server process keeps its data: a new database on TEST_DATABASE_URL's server, or an embedded one. */
export interface ServerStore {
  env: Record<string, string>;
  /** The PostgreSQL database's name (null on the embedded database). */
  database: string | null;
  drop(): Promise<void>;
}

export async function newServerStore(): Promise<ServerStore> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gear-process-'));
  if (!serverUrl) {
    return {
      env: { DATA_DIR: dataDir },
      database: null,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `gear_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    database: name,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process wrote (its log lines), for the test's messages. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the portal from its source through tsx, with the given settings: one process (main.ts, as
 * `node dist/main.js`), or the supervisor with its workers (start.ts, as `npm start`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  entry: 'main' | 'start' = 'main',
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', `src/${entry}.ts`], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until GET /readyz answers 200 (or throws after `ms`). */
export async function waitUntilReady(server: ServerProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    try {
      const response = await fetchCounted(`${server.base}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready within ${ms} ms: ${server.output()}`);
}

/** Signs a demo user in over HTTP and returns the bearer headers, as the browser does. */
export async function signInOverHttp(base: string, username: string, password: string) {
  const session = await fetchCounted(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (session.status !== 200) throw new Error(`sign-in answered ${session.status}`);
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const jwt = await fetchCounted(`${base}/mygdx/account/JWT/myGDX`, { headers: { cookie } });
  const { token } = (await jwt.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** What happened to the requests of a load. */
export interface LoadTally {
  ok: number;
  /** 503 with Retry-After and the envelope: refused, to be tried again. */
  retryLater: number;
  /** The connection was refused: the request never reached the server. */
  notAccepted: number;
  /** Accepted and then failed: any other status, a reset, a hang-up. Must stay 0. */
  failed: number;
  failures: string[];
}

/** `clients` loops of GET `url` until `stop()` resolves; the tally of their outcomes. */
export async function load(
  urls: () => string,
  headers: Record<string, string>,
  clients: number,
  stopped: () => boolean,
): Promise<LoadTally> {
  const tally: LoadTally = { ok: 0, retryLater: 0, notAccepted: 0, failed: 0, failures: [] };
  const client = async () => {
    while (!stopped()) {
      try {
        const response = await fetchCounted(urls(), { headers });
        const body = await response.text();
        if (response.status === 200) tally.ok += 1;
        else if (response.status === 503 && response.headers.get('retry-after') && body.includes('"message"'))
          tally.retryLater += 1;
        else {
          tally.failed += 1;
          tally.failures.push(`${response.status} ${body.slice(0, 120)}`);
        }
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code === 'ECONNREFUSED') {
          tally.notAccepted += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
        } else {
          tally.failed += 1;
          tally.failures.push(`${code ?? (error as Error).message}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return tally;
}

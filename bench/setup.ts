// What every load benchmark does first: the API with the bare route listening on a free port, and a practitioner
// signed in over HTTP as a browser is (session cookie, then the API token).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, type Db, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { DEMO_USERS } from '../apps/server/src/seed/people.ts';
import { addBareRoute, BENCH_CONFIG } from './config.ts';

/** Progress on standard error (the table goes to standard output). */
export const progress = (what: string) => console.error(`${new Date().toISOString().slice(11, 19)} ${what}`);

/** The API on the given database, with the bare route of every ratio, listening on a free local port. */
export async function listenForBench(db: Db): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp(BENCH_CONFIG(), db);
  addBareRoute(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, base: `http://127.0.0.1:${address.port}` };
}

export interface BenchClient {
  /** The headers of every benchmarked request: the bearer token and JSON. */
  auth: Record<string, string>;
  /** One call that must answer 200 (else the run stops): its JSON answer. */
  call<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

/** A demo user signed in over HTTP (POST /api/session, then GET /mygdx/account/JWT/myGDX). */
export async function signInOverHttp(base: string, loginName = 'dr.avery'): Promise<BenchClient> {
  const user = DEMO_USERS.find((demo) => demo.loginName === loginName);
  if (!user) throw new Error(`no demo user ${loginName}`);
  const login = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.loginName, password: user.password }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const jwt = await fetch(`${base}/mygdx/account/JWT/myGDX`, { headers: { cookie } });
  const { token } = (await jwt.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async <T>(method: string, path: string, body?: unknown, headers = {}): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { auth, call };
}

/** The database of a run: in memory, or a new database on the PostgreSQL server of DATABASE_URL, dropped after. */
export async function openBenchDatabase(): Promise<{
  database: Database;
  url: string | null;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite(null);
    return { database, url: null, drop: async () => {} };
  }
  const name = `gear_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  // BENCH_KEEP=1 leaves the database for a look afterwards (psql), and says its name.
  const drop = () =>
    process.env.BENCH_KEEP
      ? Promise.resolve(console.log(`kept database ${name}`))
      : admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return { database, url: url.toString(), drop };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
}

/**
 * One more API process on the same PostgreSQL database (bench/server.ts), as `npm start` runs WEB_CONCURRENCY workers
 * (decision 0157): its base URL, and the process to stop.
 */
export async function startServerProcess(databaseUrl: string): Promise<ServerProcess> {
  const script = new URL('./server.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  if (!child.stdout) throw new Error('no output from the server process');
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const port = /^listening (\d+)$/.exec(line)?.[1];
    if (port) return { base: `http://127.0.0.1:${port}`, child };
  }
  throw new Error('the server process stopped before it listened');
}

/** Stops a process of startServerProcess (it closes when its standard input ends). */
export async function stopServerProcess({ child }: ServerProcess): Promise<void> {
  child.stdin?.end();
  await once(child, 'exit');
}

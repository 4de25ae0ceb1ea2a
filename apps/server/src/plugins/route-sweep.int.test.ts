// Issue 14, re-run on every route the API has now (intake, cancel, results, patient management, bundles, order
// history, amount due among them): each operation of the OpenAPI document is called anonymously, as another
// practitioner on dr.avery's order, and with malformed input carrying canary values; nothing answers 2xx that should
// not, nothing answers 500, every API answer is no-store, and no canary reaches the log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../db/test-db.ts';
import { orderWithRequisition } from '../modules/patient/test-orders.ts';
import { seedDemoData } from '../seed/index.ts';
import { headersOf } from '../test/helper.ts';

const CANARY = { nameLast: 'Qzsweepcanary', ssn: '987-65-4311', email: 'qz.sweep@example.com' } as const;

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: FastifyInstance;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), 'gear-sweep-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    API_DOCS: 'true',
  });
  app = await buildApp(config, database.db, { logStream });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * What answers 2xx without credentials, on purpose (the documentation, served here with API_DOCS=true, aside): the
 * health checks, the configuration, the captcha's challenge and documents that name no one. Everything else, the
 * patients' front doors included (they ask for a proof), refuses an anonymous call with the body sent.
 */
const PUBLIC_2XX = new Set([
  'GET /livez',
  'GET /readyz',
  'GET /api/config',
  'GET /gear/captcha/challenge',
  // The support line's phone and hours, the refund policy page and the blank consent form (no order, no patient).
  'GET /api/contact',
  'GET /html/connect/refund-policy/index.html',
  'GET /gear/consent/pdf',
]);

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

async function operations(): Promise<{ method: Method; path: string }[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map((method) => ({ method: method.toUpperCase() as Method, path: route })),
  );
}

/** The route's address with dr.avery's order in every order-like place and plausible values elsewhere. */
const urlOf = (route: string, orderId: number, reqId: number) =>
  route.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (name === 'id' || name === 'orderId') return String(orderId);
    if (name === 'reqId') return String(reqId);
    if (name === 'type') return 'ins-primary-front';
    if (/Id$|^gsdl/.test(name)) return name.startsWith('gsdl') ? 'P1001' : '1';
    return 'x';
  });

const body = { id: 0, version: 1, nameLast: CANARY.nameLast, ssn: CANARY.ssn, email: CANARY.email };

describe('every route, tried from outside (issue 14 re-run, decision 0229)', () => {
  it('anonymous callers get 2xx only from the public routes; nothing answers 500; the API is no-store', async () => {
    const order = await orderWithRequisition(app, 'dr.avery', 'P1001');
    const reqId = order.requisitions[0]?.id as number;
    const opened: string[] = [];
    const failed: string[] = [];
    const cacheable: string[] = [];
    for (const { method, path: route } of await operations()) {
      const url = urlOf(route, order.id, reqId);
      const response = await app.inject({
        method,
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body }),
        remoteAddress: '10.201.0.1',
      });
      const key = `${method} ${route}`;
      if (response.statusCode < 300 && !PUBLIC_2XX.has(key) && !route.startsWith('/api/docs'))
        opened.push(key);
      if (response.statusCode >= 500) failed.push(`${key} ${response.statusCode}`);
      if (/^\/(gear|mygdx|api)\//.test(url) && !route.startsWith('/api/docs')) {
        const cache = String(response.headers['cache-control'] ?? '');
        if (!cache.includes('no-store')) cacheable.push(`${key} ${response.statusCode} '${cache}'`);
      }
    }
    expect(opened).toEqual([]);
    expect(failed).toEqual([]);
    expect(cacheable).toEqual([]);
  }, 600_000);

  it("another practitioner never gets a 2xx on dr.avery's order, its requisition or its cards", async () => {
    const order = await orderWithRequisition(app, 'dr.avery', 'P1001');
    const reqId = order.requisitions[0]?.id as number;
    const chen = await headersOf(app, 'dr.chen');
    const reached: string[] = [];
    let tried = 0;
    for (const { method, path: route } of await operations()) {
      if (!/\{(id|orderId|reqId)\}/.test(route) || route.startsWith('/api/docs')) continue;
      if (route.startsWith('/gear/bundle/')) continue; // {id} is a bundle there, not an order
      tried += 1;
      const response = await app.inject({
        method,
        url: urlOf(route, order.id, reqId),
        headers: chen,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { ...body, id: order.id } }),
        remoteAddress: '10.201.0.2',
      });
      if (response.statusCode < 300 || response.statusCode >= 500)
        reached.push(`${method} ${route} ${response.statusCode}`);
    }
    expect(reached).toEqual([]);
    expect(tried).toBeGreaterThan(30);
  }, 600_000);

  it('malformed input (NUL, a lone surrogate, broken JSON) never answers 500, and no canary reaches the log', async () => {
    const order = await orderWithRequisition(app, 'dr.avery', 'P1001');
    const reqId = order.requisitions[0]?.id as number;
    const avery = await headersOf(app, 'dr.avery');
    const failed: string[] = [];
    for (const { method, path: route } of await operations()) {
      if (route.startsWith('/api/docs')) continue;
      const url = urlOf(route, order.id, reqId);
      const tries = [
        { url: `${url}${url.includes('?') ? '&' : '?'}q=${CANARY.nameLast}%00&ssn=${CANARY.ssn}%ED%A0%80` },
        ...(method === 'GET' || method === 'DELETE'
          ? []
          : [
              {
                url,
                payload: JSON.stringify({ ...body, id: order.id, nameLast: `${CANARY.nameLast}\u0000` }),
              },
              { url, payload: `{"nameLast":"${CANARY.nameLast}\\ud800","ssn":"${CANARY.ssn}"}` },
              { url, payload: `{"email":"${CANARY.email}",` },
            ]),
      ];
      for (const attempt of tries) {
        const response = await app.inject({
          method,
          url: attempt.url,
          headers: { ...avery, ...(attempt.payload ? { 'content-type': 'application/json' } : {}) },
          ...(attempt.payload ? { payload: attempt.payload } : {}),
          remoteAddress: '10.201.0.3',
        });
        if (response.statusCode >= 500)
          failed.push(`${method} ${route} ${response.statusCode} ${response.body}`);
      }
    }
    expect(failed).toEqual([]);
    const log = lines.join('');
    for (const canary of Object.values(CANARY)) expect(log, canary).not.toContain(canary);
  }, 600_000);
});

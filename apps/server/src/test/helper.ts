import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed/index.ts';
import { DEMO_USERS } from '../db/seed/people.ts';
import { openTestDatabase } from '../db/test-db.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The app's DATA_DIR: a fresh temporary folder per test file (stored files go there). */
  dataDir: string;
}

/** One app on a fresh, seeded database for the test file (in-memory PGlite, or TEST_DATABASE_URL). */
export function useTestApp(): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await openTestDatabase();
    await seedDemoData(context.database.db);
    context.dataDir = mkdtempSync(path.join(tmpdir(), 'gear-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: context.dataDir,
    });
    context.app = await buildApp(config, context.database.db);
    // Creating, migrating and seeding a whole database (the full catalogue) is the heaviest step of a test file: a
    // few seconds alone, but over 30 s (the project's hookTimeout) when the server project shares two loaded cores
    // with other suites. Only this hook gets the longer allowance; tests keep theirs.
  }, 120_000);
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    if (context.dataDir) rmSync(context.dataDir, { recursive: true, force: true });
  });
  return context;
}

export type DemoLogin = (typeof DEMO_USERS)[number]['loginName'];

export interface SignedIn {
  cookie: string;
  token: string;
  headers: { authorization: string };
}

/** Signs a demo user in and fetches a bearer token, as the browser does. */
export async function signIn(app: FastifyInstance, loginName: DemoLogin): Promise<SignedIn> {
  const user = DEMO_USERS.find((u) => u.loginName === loginName);
  if (!user) throw new Error(`no demo user ${loginName}`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { username: user.loginName, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  const setCookie = response.cookies.find((c) => c.name === 'gear_session');
  if (!setCookie) throw new Error('no session cookie');
  const cookie = `gear_session=${setCookie.value}`;
  const jwt = await app.inject({ method: 'GET', url: '/mygdx/account/JWT/myGDX', headers: { cookie } });
  expect(jwt.statusCode).toBe(200);
  const token = jwt.json<{ token: string }>().token;
  return { cookie, token, headers: { authorization: `Bearer ${token}` } };
}

/** Asserts the error envelope of a refusal and returns it. */
export function expectEnvelope(
  response: Awaited<ReturnType<FastifyInstance['inject']>>,
  statusCode: number,
  message?: string,
) {
  expect(response.statusCode).toBe(statusCode);
  const body = response.json<{
    error: string;
    message: string;
    errors?: { field: string; defaultMessage: string }[];
  }>();
  expect(typeof body.error).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  return body;
}

export type Inject = InjectOptions;

export interface SavedOrderFacts {
  id: number;
  version: number;
  requisitions: { id: number; omsOrderableItemId: number }[];
}

/** Creates an order through the practitioner step, as the browser does before panel selection. */
export async function createOrder(
  app: FastifyInstance,
  headers: SignedIn['headers'],
  gsdlNo: string,
): Promise<SavedOrderFacts> {
  const response = await app.inject({
    method: 'PUT',
    url: '/gear/practitioner/',
    headers,
    payload: { id: 'new', practAgreement: true, practitioner: { gsdlNo } },
  });
  expect(response.statusCode).toBe(200);
  return response.json<SavedOrderFacts>();
}

export interface OrderWithRequisitions {
  id: number;
  version: number;
  governmentPayor: boolean;
  requisitions: {
    id: number;
    omsOrderableItemId: number;
    billingMethod: string | null;
    icdCodes: { code: string; name: string; rank: number; otherCode: boolean }[];
  }[];
  workflow: {
    steps: {
      id: number;
      gearReqId: number | null;
      completed: boolean;
      skipped: boolean;
      status: { id: number };
    }[];
  };
}

/** Adds a drop-ship requisition for a product (its first panel) through PUT /gear/testSelection. */
export async function addRequisition(
  app: FastifyInstance,
  headers: SignedIn['headers'],
  order: { id: number; version: number },
  requisition: Record<string, unknown>,
): Promise<OrderWithRequisitions> {
  const response = await app.inject({
    method: 'PUT',
    url: '/gear/testSelection',
    headers,
    payload: {
      id: order.id,
      version: order.version,
      requisitions: [{ id: null, dropShip: true, ...requisition }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderWithRequisitions>();
}

/** GI Effects 3-day (540, Medicare-eligible, eight diagnosis codes), the product of the journeys. */
export const GI_EFFECTS = { omsOrderableItemId: 540, panel: 5400 } as const;
/** Metabolomix+ (617, Medicare-eligible). */
export const METABOLOMIX = { omsOrderableItemId: 617, panel: 5860 } as const;

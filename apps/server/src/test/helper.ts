import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SavedOrder } from '@gear/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../db/test-db.ts';
import { seedDemoData } from '../seed/index.ts';
import { DEMO_USERS } from '../seed/people.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The app's DATA_DIR: a fresh temporary folder per test file (stored files go there). */
  dataDir: string;
}

/**
 * One app on a fresh, seeded database for the test file (in-memory PGlite, or TEST_DATABASE_URL). `env` adds settings
 * (read when the app is built, so a test may first start a server the setting names, such as SMTP_URL).
 */
export function useTestApp(env: () => Record<string, string> = () => ({})): TestContext {
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
      ...env(),
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

/** The bearer token of a signed-in browser session (its cookie), of the given kind, as the browser fetches it. */
export async function bearerOf(
  app: FastifyInstance,
  cookie: string,
  tokenKind: 'myGDX' | 'prc' = 'myGDX',
): Promise<SignedIn> {
  const jwt = await app.inject({
    method: 'GET',
    url: `/mygdx/account/JWT/${tokenKind}`,
    headers: { cookie },
  });
  expect(jwt.statusCode, jwt.body).toBe(200);
  const token = jwt.json<{ token: string }>().token;
  return { cookie, token, headers: { authorization: `Bearer ${token}` } };
}

/** Signs in with a login name and password and fetches a bearer token, as the browser does. */
export async function sessionOf(
  app: FastifyInstance,
  loginName: string,
  password: string,
): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { username: loginName, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = response.cookies.find((c) => c.name === 'gear_session');
  if (!setCookie) throw new Error('no session cookie');
  return bearerOf(app, `gear_session=${setCookie.value}`);
}

/** Signs a demo user in and fetches a bearer token, as the browser does. */
export async function signIn(app: FastifyInstance, loginName: DemoLogin): Promise<SignedIn> {
  const user = DEMO_USERS.find((u) => u.loginName === loginName);
  if (!user) throw new Error(`no demo user ${loginName}`);
  return sessionOf(app, user.loginName, user.password);
}

/**
 * Demo users signed in once for the whole test file, by the names the tests call them:
 * `const as = useSignIns(ctx, { avery: 'dr.avery' })`, then `as.avery.headers` inside the tests.
 */
export function useSignIns<const Names extends Record<string, DemoLogin>>(
  ctx: TestContext,
  logins: Names,
): { [Name in keyof Names]: SignedIn } {
  const signedIn = {} as { [Name in keyof Names]: SignedIn };
  beforeAll(async () => {
    for (const [name, login] of Object.entries(logins) as [keyof Names, DemoLogin][])
      signedIn[name] = await signIn(ctx.app, login);
  });
  return signedIn;
}

/** Someone calling the API: a demo user (signed in afresh, as a new browser would be) or a sign-in already made. */
export type Caller = DemoLogin | SignedIn;

export const headersOf = async (app: FastifyInstance, who: Caller) =>
  typeof who === 'string' ? (await signIn(app, who)).headers : who.headers;

/** One call to the API as `who`, with a JSON body when one is given. */
export async function callAs(
  app: FastifyInstance,
  who: Caller,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
  extraHeaders: Record<string, string> = {},
) {
  const headers = { ...(await headersOf(app, who)), ...extraHeaders };
  return app.inject(payload === undefined ? { method, url, headers } : { method, url, headers, payload });
}

/**
 * The version an order holds now, by the order or one of its requisitions (undefined for none): what a browser that
 * has just read the order sends with its change (docs/decisions/0065).
 */
export async function currentVersion(
  db: Database['db'],
  of: { orderId: number } | { gearReqId: number },
): Promise<number | undefined> {
  const result = await db.execute<{ version: number }>(
    'orderId' in of
      ? sql`select version from orders where id = ${of.orderId}`
      : sql`select o.version from orders o join requisitions r on r.order_id = o.id where r.id = ${of.gearReqId}`,
  );
  return (result as unknown as { rows: { version: number }[] }).rows[0]?.version;
}

/**
 * The If-Match header a browser that has just read the order sends with a change whose body names no version: the
 * order's current version (docs/decisions/0100). None for an unknown order or requisition.
 */
export async function ifMatchNow(
  db: Database['db'],
  of: { orderId: number } | { gearReqId: number },
): Promise<Record<string, string>> {
  const version = await currentVersion(db, of);
  return version === undefined ? {} : { 'if-match': `"${version}"` };
}

/** An order as the API answers it. */
export type { SavedOrder };

/** The answer's body (an order unless told), after checking it is a 200. */
export const ok = <T = SavedOrder>(response: Awaited<ReturnType<FastifyInstance['inject']>>): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

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
  return ok<SavedOrderFacts>(
    await app.inject({
      method: 'PUT',
      url: '/gear/practitioner/',
      headers,
      payload: { id: 'new', practAgreement: true, practitioner: { gsdlNo } },
    }),
  );
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
export async function addRequisition<T extends { id: number; version: number } = OrderWithRequisitions>(
  app: FastifyInstance,
  headers: SignedIn['headers'],
  order: { id: number; version: number },
  requisition: Record<string, unknown>,
): Promise<T> {
  return ok<T>(
    await app.inject({
      method: 'PUT',
      url: '/gear/testSelection',
      headers,
      payload: {
        id: order.id,
        version: order.version,
        requisitions: [{ id: null, dropShip: true, ...requisition }],
      },
    }),
  );
}

/** GI Effects 3-day (540, Medicare-eligible, eight diagnosis codes), the product of the journeys. */
export const GI_EFFECTS = { omsOrderableItemId: 540, panel: 5400 } as const;
/** Metabolomix+ (617, Medicare-eligible). */
export const METABOLOMIX = { omsOrderableItemId: 617, panel: 5860 } as const;

/** Adds drop-ship requisitions one save at a time (PUT /gear/testSelection), as the browser does; the last answer. */
export async function addRequisitions<T extends { id: number; version: number } = OrderWithRequisitions>(
  app: FastifyInstance,
  headers: SignedIn['headers'],
  order: { id: number; version: number },
  requisitions: readonly Record<string, unknown>[],
): Promise<T> {
  let saved: T | null = null;
  let current = order;
  for (const requisition of requisitions) {
    saved = await addRequisition<T>(app, headers, current, requisition);
    current = saved;
  }
  if (!saved) throw new Error('no requisitions');
  return saved;
}

/** A new order of the practitioner `gsdlNo` with drop-ship requisitions, made as the practitioner and panel steps do. */
export async function newOrderWith<T extends { id: number; version: number } = OrderWithRequisitions>(
  app: FastifyInstance,
  headers: SignedIn['headers'],
  gsdlNo: string,
  requisitions: readonly Record<string, unknown>[],
): Promise<T> {
  return addRequisitions<T>(app, headers, await createOrder(app, headers, gsdlNo), requisitions);
}

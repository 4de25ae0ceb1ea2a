import { PGlite } from '@electric-sql/pglite';
import { MESSAGES } from '@gear/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';

// Issue 21 §2 and §3 (docs/decisions/0154, 0155): health endpoints, and "try again" (503 + Retry-After) while the
// database cannot serve.
const SESSION_SECRET = 'resilience-test-secret-of-at-least-32-characters';
const ctx = useTestApp(() => ({ SESSION_SECRET }));
const serverUrl = process.env.TEST_DATABASE_URL;
/** A read that goes to the database on every call (no kept cache in front of it). */
const DB_READ = '/gear/practitioner/P1001/previousInstructions/540';

const expectNoStoreJson = (response: Awaited<ReturnType<FastifyInstance['inject']>>) => {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
};

describe('issue 21 §3: GET /livez and GET /readyz', () => {
  it('/livez: 200 JSON, no-store, public, no data', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/livez' });
    expect(response.statusCode).toBe(200);
    expectNoStoreJson(response);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz: 200 when the database answers and every migration is applied', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode, response.body).toBe(200);
    expectNoStoreJson(response);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, accepting: true },
    });
  });

  it('/readyz is never rate limited: 300 calls in a row all answer 200', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => ctx.app.inject({ method: 'GET', url: '/readyz' })),
    );
    expect(answers.map((a) => a.statusCode).filter((code) => code !== 200)).toEqual([]);
  });

  it('/readyz: 503 with Retry-After while the process drains (after SIGTERM), /livez still 200', async () => {
    ctx.app.lifecycle.draining = true;
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { accepting: false } });
      expect((await ctx.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.draining = false;
    }
  });

  it('/readyz: 503 when a migration of this build is missing from the database', async () => {
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: ctx.dataDir,
      }),
      ctx.database.db,
    );
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const [last] = rowsOf(
      await ctx.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      ),
    );
    if (!last) throw new Error('no migrations recorded');
    await ctx.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ checks: { database: true, migrations: false } });
    } finally {
      await ctx.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
      await app.close();
    }
  });

  it('the health endpoints are in the OpenAPI document and are not the web app', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/livez', '/readyz']));
    for (const url of ['/livez', '/readyz'])
      expect((await ctx.app.inject({ method: 'GET', url })).body).not.toMatch(/<html|<!doctype/i);
  });
});

describe('issue 21 §2: a database that cannot serve answers 503 with Retry-After, not 500 "call us"', () => {
  // A second embedded database, to close under an app (no schema needed: every query fails before it is read).
  // Starting one is heavy on loaded cores, so it gets the hook's allowance, as in useTestApp.
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  }, 120_000);

  it('embedded database closed under the app: the read and /readyz answer 503 with Retry-After, the envelope', async () => {
    const closed = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: ctx.dataDir,
        SESSION_SECRET,
      }),
      closed,
    );
    try {
      const avery = await signIn(ctx.app, 'dr.avery');
      await client.close();
      const read = await app.inject({ method: 'GET', url: DB_READ, headers: avery.headers });
      expectEnvelope(read, 503, MESSAGES.temporarilyUnavailable);
      expect(read.headers['retry-after']).toBe('2');
      expect(read.headers['cache-control']).toBe('no-store');
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: false } });
    } finally {
      await app.close();
    }
  });

  describe.skipIf(!serverUrl)('on PostgreSQL: connections refused, then allowed again', () => {
    let admin: pg.Client;
    let name = '';
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const rows = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      name = rows.rows[0]?.name ?? '';
    });
    afterAll(async () => {
      if (name) await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin?.end();
    });

    it('refused: 503 + Retry-After on reads and /readyz; allowed again: both answer 200 within 5 s', async () => {
      const avery = await signIn(ctx.app, 'dr.avery');
      expect((await ctx.app.inject({ method: 'GET', url: DB_READ, headers: avery.headers })).statusCode).toBe(
        200,
      );
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1', [
        name,
      ]);
      const read = await ctx.app.inject({ method: 'GET', url: DB_READ, headers: avery.headers });
      expectEnvelope(read, 503, MESSAGES.temporarilyUnavailable);
      expect(read.headers['retry-after']).toBe('2');
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: false } });

      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      const back = Date.now();
      let status = 0;
      while (status !== 200 && Date.now() - back < 5000) {
        status = (await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: DB_READ, headers: avery.headers })).statusCode).toBe(
        200,
      );
    });
  });
});

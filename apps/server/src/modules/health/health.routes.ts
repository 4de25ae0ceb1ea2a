import { readFileSync } from 'node:fs';
import path from 'node:path';
import { livenessSchema, RETRY_AFTER_SECONDS, type Readiness, readinessSchema } from '@gear/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { migrationsFolder } from '../../db/client.ts';
import type { Db } from '../../db/db.ts';

/** How many migrations this build carries (drizzle's journal beside the SQL files). */
export function migrationsInBuild(folder: string = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Resolves false when `work` has not answered within `ms` (its answer, or failure, is then ignored). */
function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([
    work.then(
      () => true,
      () => false,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * GET /livez and GET /readyz (issue 21 §3, docs/decisions/0155). JSON, never the web app, never cached, not rate
 * limited, public, no data. /readyz is 503 while the database does not answer SELECT 1 within READY_TIMEOUT_MS,
 * lacks a migration of this build, or the process is shutting down.
 */
export async function healthRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const expected = migrationsInBuild();
  let migrated = false;

  const databaseAnswers = (db: Db) => db.execute(sql`select 1`);
  const migrationsApplied = async (db: Db) => {
    if (migrated) return true;
    const rows = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
    );
    migrated = (rows[0]?.count ?? 0) >= expected;
    return migrated;
  };

  api.get(
    '/livez',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Health'],
        summary: 'Liveness: the process is up and answering (no database check)',
        security: [],
        response: { 200: livenessSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  api.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Health'],
        summary:
          'Readiness: the database answers, every migration is applied, the process is not shutting down',
        description:
          '503 (with Retry-After) when any check fails: take this process out of the load balancer.',
        security: [],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const timeout = app.config.database.readyTimeoutMs;
      const accepting = !app.lifecycle.draining;
      const database = accepting && (await within(timeout, databaseAnswers(app.db)));
      let migrations = false;
      if (database) {
        const check = migrationsApplied(app.db);
        migrations = (await within(timeout, check)) && (await check.catch(() => false));
      }
      const ready = accepting && database && migrations;
      const body: Readiness = {
        status: ready ? 'ready' : 'unavailable',
        checks: { database, migrations, accepting },
      };
      reply.header('cache-control', 'no-store');
      if (!ready) reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return body;
    },
  );
}

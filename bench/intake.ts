// Intake benchmark (spec/README.md resolution 8; decision 0251): one signed batch of 10,000 lab events
// (2,500 requisitions on 2,500 orders: receipt, two status changes, results ready as a status) through
// POST /api/intake/events, beside a bare route taking the same body in the same run.
//   npm run bench:intake -w apps/server                       (embedded database, in memory)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:intake -w apps/server
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { orders, requisitions } from '../apps/server/src/db/schema/index.ts';
import { signatureHeader } from '../apps/server/src/modules/intake/intake-signature.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { openBenchDatabase, progress } from './setup.ts';

const REQUISITIONS = 2_500;
const SECRET = 'bench-lab-intake-secret-0123456789abcdef';

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void>; kind: string }> {
  const { database, url, drop } = await openBenchDatabase();
  return { database, drop, kind: url ? 'PostgreSQL' : 'PGlite (in memory)' };
}

async function main() {
  const { database, drop, kind } = await openDatabase();
  try {
    progress('seeding');
    await seedDemoData(database.db);
    const made = await database.db
      .insert(orders)
      .values(
        Array.from({ length: REQUISITIONS }, () => ({ practitionerGsdlNo: 'P1001', dataConfirmed: true })),
      )
      .returning({ id: orders.id });
    const lines = await database.db
      .insert(requisitions)
      .values(made.map((order) => ({ orderId: order.id, position: 0, orderableItemId: 540, dropShip: true })))
      .returning({ id: requisitions.id });
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute)).toISOString();
    const events = lines.flatMap((line) => {
      const accessionNo = `B${line.id}`;
      return [
        {
          type: 'lab.received',
          id: `${accessionNo}-r`,
          occurredAt: at(0),
          gearReqId: line.id,
          accessionNo,
          productName: 'GI Effects',
          dueDate: '2026-12-01',
        },
        {
          type: 'lab.status',
          id: `${accessionNo}-1`,
          occurredAt: at(1),
          accessionNo,
          requisitionStatusId: 1,
        },
        {
          type: 'lab.status',
          id: `${accessionNo}-2`,
          occurredAt: at(2),
          accessionNo,
          requisitionStatusId: 2,
        },
        {
          type: 'lab.status',
          id: `${accessionNo}-3`,
          occurredAt: at(3),
          accessionNo,
          requisitionStatusId: 3,
        },
      ];
    });
    const body = JSON.stringify({ events });
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-Q7r2Lk9vX4mP8tW1zN6cY3hJ5sD0fGaB',
      CAPTCHA_HMAC_KEY: 'c'.repeat(40),
      FILE_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/none',
      INTAKE_SENDERS: `lab:${SECRET}`,
    });
    const app = await buildApp(config, database.db);
    // The bare route: the same body read and parsed, nothing stored.
    await app.register(async (scope) => {
      scope.post(
        '/bench/bare-intake',
        { config: { access: 'public' }, bodyLimit: 64 * 1024 * 1024 },
        async (request) => ({
          received: (request.body as { events: unknown[] }).events.length,
        }),
      );
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const timed = async (path: string, headers: Record<string, string>) => {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (!response.ok)
        throw new Error(`${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
      return { ms: performance.now() - started, answer };
    };
    progress('bare route');
    const bare = await timed('/bench/bare-intake', {});
    progress('intake');
    const intake = await timed('/api/intake/events', {
      'gear-intake-sender': 'lab',
      'gear-signature': signatureHeader(SECRET, body),
    });
    progress('the same batch again (every event a duplicate)');
    const repeat = await timed('/api/intake/events', {
      'gear-intake-sender': 'lab',
      'gear-signature': signatureHeader(SECRET, body),
    });
    await app.close();
    const perSecond = (ms: number) => Math.round((events.length / ms) * 1000);
    console.log(
      `Intake of ${events.length} events on ${REQUISITIONS} orders, ${kind}, body ${(body.length / 1e6).toFixed(1)} MB`,
    );
    console.log('| run | ms | events/s | ratio to bare |');
    console.log('|---|---|---|---|');
    console.log(`| bare route (parse only) | ${bare.ms.toFixed(0)} | ${perSecond(bare.ms)} | 1 |`);
    console.log(
      `| intake, applied (${intake.answer.applied}) | ${intake.ms.toFixed(0)} | ${perSecond(intake.ms)} | ${(bare.ms / intake.ms).toFixed(3)} |`,
    );
    console.log(
      `| intake, all duplicates (${repeat.answer.duplicates}) | ${repeat.ms.toFixed(0)} | ${perSecond(repeat.ms)} | ${(bare.ms / repeat.ms).toFixed(3)} |`,
    );
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

// Discount benchmark (spec 3 §7 applyDiscount; decision 0130): GET /gear/api/{orderId}/applyDiscount/{code} at 10
// concurrent clients with the demo data, beside the bare route in the same run: on an in-memory embedded database, or
// with DATABASE_URL on a new database of that PostgreSQL server (created for the run and dropped after it).
//   npm run bench:discount -w apps/server            (BENCH_SECONDS=5)
// The order: P1001's drop-ship order of GI Effects 3-day and the SIBO breath test, both paid by the patient; the code
// QA10 (10%). Each call reads the order for the caller, checks the guessing budget, looks the code up and prices
// both requisitions on the server (the price lists are kept in memory, decision 0070), and writes one audit event.
import { BILLING_METHODS } from '@gear/domain';
import autocannon from 'autocannon';
import { statementsRun } from '../apps/server/src/db/kept.ts';
import { INPUT_FIELDS } from '../apps/server/src/seed/catalogue-data.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { listenForBench, openBenchDatabase, progress, signInOverHttp } from './setup.ts';

const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const requisitionOf = (omsOrderableItemId: number, panel: number) => ({
  id: null,
  omsOrderableItemId,
  panel,
  components: INPUT_FIELDS.filter((field) => field.parentId === panel && !field.isAddOn).map(
    (field) => field.id,
  ),
  addons: [],
  profileSpecificFields: [],
  patientInstructions: null,
  dropShip: true,
});

async function main() {
  const { database, drop } = await openBenchDatabase();
  progress(`database: ${database.kind}`);
  await seedDemoData(database.db);
  const { app, base } = await listenForBench(database.db);
  const { auth, call } = await signInOverHttp(base);
  type Saved = { id: number; version: number; requisitions: { id: number }[] };

  const created = await call<Saved>('PUT', '/gear/practitioner/', {
    id: 'new',
    practAgreement: true,
    practitioner: { gsdlNo: 'P1001' },
  });
  // Drop-ship requisitions are added one per call, as the browser does.
  let order: Saved = created;
  for (const [itemId, panel] of [
    [540, 5400],
    [215, 4700],
  ] as const) {
    order = await call<Saved>('PUT', '/gear/testSelection', {
      id: order.id,
      version: order.version,
      requisitions: [requisitionOf(itemId, panel)],
    });
  }
  for (const requisition of order.requisitions) {
    order = await call<Saved>(
      'PUT',
      '/gear/billingMethod/',
      { billingMethod: BILLING_METHODS.patientPay, gearReqId: requisition.id, version: order.version },
      { 'if-match': String(order.version) },
    );
  }
  const check = await fetch(`${base}/gear/api/${order.id}/applyDiscount/QA10`, { headers: auth });
  const answer = (await check.json()) as { totalDiscount: number; error: string | null };
  if (check.status !== 200 || answer.error !== null)
    throw new Error(`applyDiscount: ${JSON.stringify(answer)}`);
  const before = statementsRun(database.db);
  const timed = performance.now();
  for (let i = 0; i < 20; i += 1)
    await fetch(`${base}/gear/api/${order.id}/applyDiscount/QA10`, { headers: auth }).then((r) => r.text());
  const statementsPerCall = (statementsRun(database.db) - before) / 20;
  const msPerCall = (performance.now() - timed) / 20;
  progress(
    `order ${order.id}: QA10 takes ${answer.totalDiscount} cents off; one call alone: ${statementsPerCall} statements, ${msPerCall.toFixed(1)} ms`,
  );

  const run = (url: string) =>
    autocannon({ url, headers: auth, connections: CONNECTIONS, duration: DURATION_SECONDS });
  const rows: { name: string; requests: number; rps: number; p50: number; p99: number; errors: number }[] =
    [];
  const record = (name: string, result: autocannon.Result) =>
    rows.push({
      name,
      requests: result.requests.total,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
    });

  progress('bare route');
  record('bare route (baseline)', await run(`${base}/bench/bare`));
  progress('applyDiscount QA10');
  record('applyDiscount (valid code)', await run(`${base}/gear/api/${order.id}/applyDiscount/QA10`));
  progress('applied price (one requisition)');
  record(
    'applied-price (for scale)',
    await run(
      `${base}/gear/api/applied-price?gearReqId=${order.requisitions[0]?.id}&billingMethod=${encodeURIComponent(BILLING_METHODS.patientPay)}`,
    ),
  );
  progress('bare route again');
  record('bare route (again, at end)', await run(`${base}/bench/bare`));

  const bare = rows.filter((row) => row.name.startsWith('bare route'));
  const bareP99 = bare.reduce((sum, row) => sum + row.p99, 0) / bare.length || 1;
  const bareRps = bare.reduce((sum, row) => sum + row.rps, 0) / bare.length || 1;
  console.log(
    `\n${CONNECTIONS} connections, ${database.kind === 'pglite' ? 'embedded database in memory' : 'PostgreSQL'}; ratios against the mean of the bare-route runs\n`,
  );
  console.log(
    'scenario'.padEnd(30),
    'requests'.padStart(9),
    'req/s'.padStart(8),
    'rps ratio'.padStart(10),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'p99 ratio'.padStart(10),
    'non-2xx'.padStart(8),
  );
  for (const row of rows)
    console.log(
      row.name.padEnd(30),
      String(row.requests).padStart(9),
      row.rps.toFixed(0).padStart(8),
      (row.rps / bareRps).toFixed(3).padStart(10),
      String(row.p50).padStart(7),
      String(row.p99).padStart(7),
      (row.p99 / bareP99).toFixed(1).padStart(10),
      String(row.errors).padStart(8),
    );
  await app.close();
  await database.close();
  await drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

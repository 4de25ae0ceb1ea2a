// Order status page benchmark (issue 17; decision 0262): the page's two data calls, GET /gear/order/{id}/status and
// GET /gear/order/{id}/timeline, at 10 concurrent clients, each figure a ratio against the bare route of the same run.
//   npm run bench:order-status -w apps/server                     (embedded database in memory)
//   DATABASE_URL=postgres://… npm run bench:order-status -w apps/server   (a new database, dropped after)
// The orders are the demo seed's orders of every status (dr.avery's): a results-ready order (shipment, scans,
// delivery, accession, results) and a shipped one.
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { requisitions } from '../apps/server/src/db/schema/index.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { listenForBench, openBenchDatabase, progress, signInOverHttp } from './setup.ts';

const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function main() {
  const { database, url, drop } = await openBenchDatabase();
  const kind = url ? 'PostgreSQL' : 'embedded, in memory';
  try {
    await seedDemoData(database.db);
    const orderOf = async (reqNumber: string) => {
      const [row] = await database.db
        .select({ orderId: requisitions.orderId })
        .from(requisitions)
        .where(eq(requisitions.reqNumber, reqNumber));
      if (!row) throw new Error(`no demo order with requisition ${reqNumber}`);
      return row.orderId;
    };
    const resultsReady = await orderOf('50030007');
    const shipped = await orderOf('50030003');
    const { app, base } = await listenForBench(database.db);
    const { auth, call } = await signInOverHttp(base, 'dr.avery');
    const status = await call<{ orderPageStatus: string }>('GET', `/gear/order/${resultsReady}/status`);
    if (status.orderPageStatus !== 'ResultsReady')
      throw new Error(`order ${resultsReady}: ${status.orderPageStatus}`);
    const scenarios: [string, string][] = [
      ['bare route (baseline)', '/bench/bare'],
      ['status, results ready', `/gear/order/${resultsReady}/status`],
      ['timeline, results ready', `/gear/order/${resultsReady}/timeline`],
      ['status, shipped', `/gear/order/${shipped}/status`],
      ['timeline, shipped', `/gear/order/${shipped}/timeline`],
      ['bare route (again, at end)', '/bench/bare'],
    ];
    const rows: { name: string; rps: number; p50: number; p99: number; errors: number }[] = [];
    for (const [name, path] of scenarios) {
      progress(name);
      const result = await autocannon({
        url: `${base}${path}`,
        headers: auth,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
      });
      rows.push({
        name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.non2xx + result.errors,
      });
    }
    const bare = rows.filter((row) => row.name.startsWith('bare route'));
    const bareRps = bare.reduce((sum, row) => sum + row.rps, 0) / bare.length || 1;
    const bareP99 = bare.reduce((sum, row) => sum + row.p99, 0) / bare.length || 1;
    console.log(
      `\nOrder status page data, ${CONNECTIONS} connections, ${kind}; ratios against the bare route\n`,
    );
    console.log(
      'scenario'.padEnd(28),
      'req/s'.padStart(8),
      'rps ratio'.padStart(10),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'p99 ratio'.padStart(10),
      'non-2xx'.padStart(8),
    );
    for (const row of rows)
      console.log(
        row.name.padEnd(28),
        row.rps.toFixed(0).padStart(8),
        (row.rps / bareRps).toFixed(3).padStart(10),
        String(row.p50).padStart(7),
        String(row.p99).padStart(7),
        (row.p99 / bareP99).toFixed(1).padStart(10),
        String(row.errors).padStart(8),
      );
    await app.close();
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// Order history benchmark (decision 0281): GET /api/admin/orders over ORDERS generated orders (default 100,000) at 10
// concurrent clients, each figure a ratio against the bare route measured in the same run.
//   npm run bench:order-history -w apps/server                     (embedded database in memory)
//   DATABASE_URL=postgres://… npm run bench:order-history -w apps/server   (a new database, dropped after)
//   BENCH_EXPLAIN=1 …   prints each page statement's plan (EXPLAIN ANALYZE) instead of measuring
//   BENCH_COLD=1   measures with every kept status stale (decision 0313), as right after migration 0019
//   BENCH_PROCESSES=2 (with DATABASE_URL)   served by this process and one more (bench/server.ts), as `npm start` with
//     WEB_CONCURRENCY=2: the connections split over both (decision 0344)
//   BENCH_ONLY=word,word  runs the bare route and the scenarios whose names contain one of the words
//     (BENCH_ONLY=orders: the orders page of issue 15, GET /api/orders as dr.avery; decision 0310)
// Generated orders: six practitioners, a patient name from a small list, one requisition each with a requisition
// and an activation number, every tenth with an accession number, every other with a payment; every third was
// confirmed by the practitioner (placed), the rest are drafts.

import { orderHistoryQuerySchema, orderListQuerySchema, STEP_IDS } from '@gear/domain';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  type OrderListFilter,
  type OrderListPosition,
  orderIdStatements,
  orderListPage,
  orderRowsStatement,
} from '../apps/server/src/modules/order-history/order-history.repository.ts';
import { tidyOrderStatuses } from '../apps/server/src/modules/order-history/status-tidy-queue.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import {
  listenForBench,
  openBenchDatabase,
  progress,
  type ServerProcess,
  signInOverHttp,
  startServerProcess,
  stopServerProcess,
} from './setup.ts';

const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);

async function openDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url: string | null;
  kind: string;
}> {
  const { database, url, drop } = await openBenchDatabase();
  const processes = `${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''}`;
  return { database, drop, url, kind: url ? `PostgreSQL, ${processes}` : 'embedded, in memory' };
}

async function generateOrders(database: Database, count: number) {
  const { db } = database;
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into orders (practitioner_gsdl_no, patient_info, created_at, updated_at)
    select (array['P1001','P1002','P1003','P1004','P1005','P1006'])[1 + (i % 6)],
      jsonb_build_object(
        'nameFirst', (array['Mary','Maria','Mark','James','Jane','Smita'])[1 + floor(random() * 6)::int],
        'nameLast', (array['Smith','Garcia','Garcon','Lee','Jones','Smithers'])[1 + floor(random() * 6)::int] || (i % 97),
        'dateOfBirth', '1980-01-01'),
      now() - make_interval(mins => ${count} - i), now() - make_interval(mins => ${count} - i)
    from generate_series(1, ${count}) as i`);
  // Statistics after each bulk insert, as autovacuum gathers them: the status triggers' plans, cached per connection
  // from when the tables were small, are made again for their size (else a scan of every kept row per accession).
  await db.execute(sql`analyze orders, order_statuses`);
  await db.execute(sql`
    insert into requisitions (order_id, position, req_number, activation_code, orderable_item_id, drop_ship)
    select o.id, 0, (60000000 + row_number() over (order by o.id))::text,
      'G' || lpad((row_number() over (order by o.id))::text, 9, '0'), 540, true
    from orders o where o.patient_info->>'dateOfBirth' = '1980-01-01'`);
  await db.execute(sql`analyze requisitions, order_statuses`);
  await db.execute(sql`
    insert into accessions (gear_req_id, accession_no, product_name, recorded_by)
    select r.id, 'B' || r.req_number, 'GI Effects', 'bench' from requisitions r
    where r.activation_code like 'G%' and r.id % 10 = 0`);
  await db.execute(sql`
    insert into payments (order_id, payment_type, payment_from, amount_cents, status)
    select o.id, 'check', 'myGDX', 12500, 'recorded' from orders o
    where o.patient_info->>'dateOfBirth' = '1980-01-01' and o.id % 2 = 0`);
  await db.execute(sql`
    insert into workflow_steps (order_id, step_id, completed, step_date)
    select o.id, ${STEP_IDS.practitionerConfirmation}, true, o.created_at from orders o
    where o.patient_info->>'dateOfBirth' = '1980-01-01' and o.id % 3 = 0`);
  // As autovacuum leaves a table this size (it visits after inserts): statistics, and a visibility map that lets
  // the name searches' index-only scans skip the table (decision 0337).
  await db.execute(sql`vacuum analyze`);
}

async function main() {
  if (PROCESSES > 1 && !process.env.DATABASE_URL)
    throw new Error('BENCH_PROCESSES > 1 needs DATABASE_URL (an embedded database has one process)');
  const { database, drop, url, kind } = await openDatabase();
  const others: ServerProcess[] = [];
  try {
    await seedDemoData(database.db);
    progress(`generating ${ORDERS} orders`);
    await generateOrders(database, ORDERS);
    const { app, base } = await listenForBench(database.db);
    for (let i = 1; i < PROCESSES; i += 1) others.push(await startServerProcess(url as string));
    const bases = [base, ...others.map((other) => other.base)];
    const { auth, call } = await signInOverHttp(base, 'admin.ops');
    const avery = await signInOverHttp(base, 'dr.avery');
    const middle = await call<{ orders: { gearOrderId: number }[] }>('GET', '/api/admin/orders?limit=1');
    const newest = middle.orders[0]?.gearOrderId ?? 0;
    const reqNumber = String(60000000 + Math.floor(ORDERS / 2));
    const accession = `B${60000000 + Math.floor(ORDERS / 3 / 10) * 10}`;
    const found = await call<{ orders: unknown[] }>('GET', `/api/admin/orders?q=${reqNumber}`);
    if (found.orders.length !== 1)
      throw new Error(`requisition ${reqNumber} found ${found.orders.length} times`);
    // The kept statuses (decision 0313) start stale and are derived by the status-filtered lists that read them: one
    // walk of the history filtered by a status derives them all, as the lists would over time; the scenarios then
    // measure the steady state (BENCH_COLD=1 skips the walk).
    if (!process.env.BENCH_COLD) {
      const started = performance.now();
      let before: number | null = null;
      let pages = 0;
      do {
        const page: { nextBefore: number | null } = await call(
          'GET',
          `/api/admin/orders?status=ResultsReady${before ? `&before=${before}` : ''}`,
        );
        before = page.nextBefore;
        pages += 1;
      } while (before !== null);
      // The clean-up job the lists asked for on the way (decision 0333) has run before the measures start.
      await tidyOrderStatuses(database.db);
      progress(`derived every kept status: ${pages} pages, ${Math.round(performance.now() - started)} ms`);
    }
    const today = new Date().toISOString().slice(0, 10);
    const randomInt = (below: number) => Math.floor(Math.random() * below);
    // Each scenario: a fixed path (answered again and again: on the embedded database the kept page serves it after
    // the first call, decision 0272), or a path made anew for every request (nothing kept serves it: the query runs).
    type Scenario = [name: string, path: string | (() => string), who?: 'avery'];
    const scenarios: Scenario[] = [
      ['bare route (baseline)', '/bench/bare'],
      ['first page, no filter', '/api/admin/orders'],
      ['by requisition number', `/api/admin/orders?q=${reqNumber}`],
      ['by activation number', `/api/admin/orders?q=g${String(Math.floor(ORDERS / 4)).padStart(9, '0')}`],
      ['by accession number', `/api/admin/orders?q=${accession}`],
      ['by order id', `/api/admin/orders?q=${newest - 1234}`],
      ['by patient last name', '/api/admin/orders?q=smithers4'],
      ['by patient first last', '/api/admin/orders?q=mary%20garc'],
      ['practitioner + dates', `/api/admin/orders?gsdlNo=P1003&from=${today}&to=${today}`],
      ['a page deep in the list', `/api/admin/orders?before=${newest - Math.floor(ORDERS / 2)}`],
      ['status ResultsReady', '/api/admin/orders?status=ResultsReady'],
      ['varied: any page', () => `/api/admin/orders?before=${newest - randomInt(ORDERS)}`],
      ['varied: requisition number', () => `/api/admin/orders?q=${60000001 + randomInt(ORDERS)}`],
      [
        'varied: last name',
        () => `/api/admin/orders?q=${['smith', 'garc', 'lee', 'jones'][randomInt(4)]}${randomInt(97)}`,
      ],
      [
        'varied: status + page',
        () => `/api/admin/orders?status=ReceivedByLab&before=${newest - randomInt(ORDERS)}`,
      ],
      // The orders page (issue 15; decision 0310): dr.avery's orders (P1001, P1002, P1006: half of them), drafts
      // first; read every time (no kept page).
      ['orders: first page', '/api/orders', 'avery'],
      [
        'orders: varied draft page',
        () => `/api/orders?section=drafts&before=${newest - randomInt(ORDERS)}`,
        'avery',
      ],
      [
        'orders: varied placed page',
        () => `/api/orders?section=placed&before=${newest - randomInt(ORDERS)}`,
        'avery',
      ],
      [
        'orders: varied patient name',
        () => `/api/orders?q=${['smith', 'garc', 'lee', 'jones'][randomInt(4)]}${randomInt(97)}`,
        'avery',
      ],
      ['orders: varied order number', () => `/api/orders?q=${newest - randomInt(ORDERS)}`, 'avery'],
      [
        'orders: status NotPlaced',
        () => `/api/orders?status=NotPlaced&before=${newest - randomInt(ORDERS)}`,
        'avery',
      ],
      ['bare route (again, at end)', '/bench/bare'],
    ];
    const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
    const chosen = scenarios.filter(
      ([name]) =>
        only.length === 0 || name.startsWith('bare route') || only.some((word) => name.includes(word)),
    );
    if (process.env.BENCH_PROFILE) {
      // One client, in process: the statement alone against the whole page (statement, statuses, rows), per scenario.
      const time = async (run: () => Promise<unknown>, times = 100) => {
        const started = performance.now();
        for (let i = 0; i < times; i += 1) await run();
        return (performance.now() - started) / times;
      };
      for (const [name, made, who] of chosen) {
        if (!who) continue;
        const paths = Array.from({ length: 100 }, () => (typeof made === 'string' ? made : made()));
        const queries = paths.map((path) =>
          orderListQuerySchema.parse(Object.fromEntries(new URL(path, base).searchParams)),
        );
        const practitioners = ['P1001', 'P1002', 'P1006'];
        let i = 0;
        const statementMs = await time(async () => {
          const query = queries[i++ % queries.length] ?? queries[0];
          if (!query) return;
          const filter = { q: query.q, practitioners };
          const position = { section: query.section, before: query.before };
          const ways = orderIdStatements(filter, position, query.limit + 1);
          const ids: number[] = [];
          for (const way of ways?.flat() ?? [])
            ids.push(
              ...((await database.db.execute(way)) as unknown as { rows: { id: number }[] }).rows.map(
                (row) => row.id,
              ),
            );
          await database.db.execute(
            orderRowsStatement(
              filter,
              position,
              query.limit + 1,
              ways ? ids.sort((a, b) => b - a).slice(0, query.limit + 1) : undefined,
            ),
          );
        });
        i = 0;
        const pageMs = await time(async () => {
          const query = queries[i++ % queries.length];
          if (query) await orderListPage(database.db, practitioners, query);
        });
        console.log(
          `${name.padEnd(30)} statement ${statementMs.toFixed(2)} ms, page ${pageMs.toFixed(2)} ms`,
        );
      }
      await app.close();
      return;
    }
    if (process.env.BENCH_EXPLAIN) {
      // The plans of the page statements (with a status filter: its first statement, as the page reads it in batches).
      for (const [name, made, who] of chosen) {
        const path = typeof made === 'string' ? made : made();
        if (!path.startsWith('/api/')) continue;
        const params = Object.fromEntries(new URL(path, base).searchParams);
        const [filter, position, limit]: [OrderListFilter, OrderListPosition, number] = who
          ? (() => {
              const query = orderListQuerySchema.parse(params);
              return [
                { q: query.q, practitioners: ['P1001', 'P1002', 'P1006'], status: query.status },
                { section: query.section, before: query.before },
                query.limit + 1,
              ] as [OrderListFilter, OrderListPosition, number];
            })()
          : (() => {
              const query = orderHistoryQuerySchema.parse(params);
              return [
                { ...query, practitioners: null },
                { section: 'all', before: query.before },
                query.limit + 1,
              ] as [OrderListFilter, OrderListPosition, number];
            })();
        console.log(`\n## ${name}: ${path}`);
        // Each way's statement (a search or a status: one per way of finding an order), then the rows' statement.
        const explain = async (statement: SQL) => {
          const plan = await database.db.execute(sql`explain (analyze, costs off) ${statement}`);
          for (const line of (plan as unknown as { rows: Record<string, string>[] }).rows)
            console.log(Object.values(line)[0]);
        };
        const ids = new Set<number>();
        for (const way of orderIdStatements(filter, position, limit)?.flat() ?? []) {
          console.log('# way');
          await explain(way);
          const found = (await database.db.execute(way)) as unknown as { rows: { id: number }[] };
          for (const row of found.rows) ids.add(row.id);
        }
        console.log('# rows');
        const ways = orderIdStatements(filter, position, limit);
        await explain(
          orderRowsStatement(
            filter,
            position,
            limit,
            ways ? [...ids].sort((a, b) => b - a).slice(0, limit) : undefined,
          ),
        );
      }
      await app.close();
      return;
    }
    const rows: { name: string; rps: number; p50: number; p99: number; errors: number }[] = [];
    for (const [name, path, who] of chosen) {
      progress(name);
      // The connections split over the processes, each process's share run at the same time.
      const results = await Promise.all(
        bases.map((serverBase, index) =>
          autocannon({
            url: `${serverBase}${typeof path === 'string' ? path : path()}`,
            ...(typeof path === 'string'
              ? {}
              : { requests: [{ setupRequest: (request: object) => ({ ...request, path: path() }) }] }),
            headers: who === 'avery' ? avery.auth : auth,
            connections:
              Math.floor(CONNECTIONS / bases.length) + (index < CONNECTIONS % bases.length ? 1 : 0),
            duration: DURATION_SECONDS,
          }),
        ),
      );
      rows.push({
        name,
        rps: results.reduce((sum, result) => sum + result.requests.average, 0),
        p50: Math.max(...results.map((result) => result.latency.p50)),
        p99: Math.max(...results.map((result) => result.latency.p99)),
        errors: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
      });
    }
    const bare = rows.filter((row) => row.name.startsWith('bare route'));
    const bareRps = bare.reduce((sum, row) => sum + row.rps, 0) / bare.length || 1;
    console.log(
      `\n${ORDERS} generated orders, ${CONNECTIONS} connections, ${kind}; ratios against the bare route\n`,
    );
    console.log(
      'scenario'.padEnd(28),
      'req/s'.padStart(8),
      'rps ratio'.padStart(10),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'non-2xx'.padStart(8),
    );
    for (const row of rows)
      console.log(
        row.name.padEnd(28),
        row.rps.toFixed(0).padStart(8),
        (row.rps / bareRps).toFixed(3).padStart(10),
        String(row.p50).padStart(7),
        String(row.p99).padStart(7),
        String(row.errors).padStart(8),
      );
    await app.close();
  } finally {
    for (const other of others) await stopServerProcess(other);
    await database.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

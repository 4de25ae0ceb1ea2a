// Load benchmark: the API with the demo data, every figure printed as a ratio against a bare Fastify route measured
// in the same run (ARCHITECTURE.md budgets). By default in process on an in-memory embedded database; with
// DATABASE_URL on a new database of that PostgreSQL server (created for the run and dropped after it), with
// BENCH_PROCESSES=2 served by this process and one more (bench/server.ts), the connections split over both. Each save
// is followed by its limit: the statements it issued, run directly by the driver (bench/limits.ts).
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { importRelease } from '../apps/server/src/modules/dx-codes/dx-codes.repository.ts';
import { readRelease } from '../apps/server/src/modules/dx-codes/icd10-release.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { captureStatements, type Replay, runLimit, versionSlots } from './limits.ts';
import {
  listenForBench,
  openBenchDatabase,
  progress,
  type ServerProcess,
  signInOverHttp,
  startServerProcess,
  stopServerProcess,
} from './setup.ts';

const CMS_RELEASE = new URL('../../shared/data/icd10cm/cms_2026_dx.zip', import.meta.url).pathname;

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Scenario {
  name: string;
  method: 'GET' | 'PUT';
  path: string;
  body?: string;
  /** For writes that must carry the order's current version: autocannon's per-request hooks. */
  requests?: autocannon.Request[];
  /** A save's limit: the statements it issues, for each connection's worker (captured after the scenario ran). */
  limit?: () => Promise<Replay[]>;
}

interface SavedOrder {
  id: number;
  version: number;
  requisitions: { id: number }[];
}

/** The requisition a test-selection save sends: the order's first requisition, changed (add-on, instructions). */
const testSelectionBody = (order: SavedOrder, save: number) => ({
  id: order.requisitions[0]?.id ?? null,
  omsOrderableItemId: 617,
  panel: 5860,
  components: [5861, 5862, 5863, 5864, 5865],
  addons: [{ omsInputFieldID: save % 2 === 0 ? 5877 : 5887, cptQuantity: null }],
  patientInstructions: `Save ${save}: first morning urine.`,
  dropShip: true,
});

/**
 * Single test-selection saves, each on an order no other connection is saving: a save must carry the version it
 * read (a stale one answers 409), so every order in the pool is used by one request at a time and its version is
 * taken from the answer.
 */
function testSelectionRequests(pool: SavedOrder[]): autocannon.Request[] {
  const free = [...pool];
  let saves = 0;
  return [
    {
      method: 'PUT',
      path: '/gear/testSelection',
      setupRequest: (request, context) => {
        const order = free.shift();
        if (!order) throw new Error('the order pool is smaller than the number of connections');
        Object.assign(context, { order });
        saves += 1;
        return {
          ...request,
          body: JSON.stringify({
            id: order.id,
            version: order.version,
            requisitions: [testSelectionBody(order, saves)],
          }),
        };
      },
      onResponse: (status, body, context) => {
        const { order } = context as { order: SavedOrder };
        if (status === 200) order.version = (JSON.parse(body) as SavedOrder).version;
        free.push(order);
      },
    },
  ];
}

const GENERATED_PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Donald',
  'Margaret',
  'Steven',
  'Ashley',
  'Andrew',
  'Kimberly',
  'Paul',
  'Emily',
  'Joshua',
  'Donna',
  'Kenneth',
  'Michelle',
  'Kevin',
  'Carol',
  'Brian',
  'Amanda',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Maria',
  'Jane',
  'Wei',
  'Priya',
  'Mateo',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Patel',
  'Zhang',
  'Kowalski',
  'Okafor',
  'Cohen',
];

/**
 * Patient search over many patients (ARCHITECTURE budgets): GENERATED_PATIENTS more patients of P1001, every one of
 * them the practitioner's (the worst case for one search), common names and birthdays spread over 90 years.
 */
async function generatePatients(db: Db, count: number) {
  const first = sql.raw(`array[${FIRST_NAMES.map((name) => `'${name}'`).join(',')}]`);
  const last = sql.raw(`array[${LAST_NAMES.map((name) => `'${name}'`).join(',')}]`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into patients (gsdl_no, name_first, name_last, date_of_birth, gender, chart_number, source)
    select 'P1001',
           (${first})[1 + floor(random() * ${FIRST_NAMES.length})::int],
           (${last})[1 + floor(random() * ${LAST_NAMES.length})::int],
           to_char(date '1930-01-01' + floor(random() * 33000)::int, 'YYYY-MM-DD'),
           case when i % 2 = 0 then 'F' else 'M' end,
           'B' || lpad(i::text, 6, '0'),
           case when i % 4 = 0 then 'EMR' else 'portal' end
    from generate_series(1, ${count}) as i`);
  // A practice's list grew over months, which autovacuum followed: its visibility map is set, as VACUUM sets it here
  // (an index-only scan of a table just filled would still visit every row; decision 0334).
  await db.execute(sql`vacuum analyze patients`);
}

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);

async function main() {
  if (PROCESSES > 1 && !process.env.DATABASE_URL)
    throw new Error('BENCH_PROCESSES > 1 needs DATABASE_URL (an embedded database has one process)');
  const { database, url, drop } = await openBenchDatabase();
  progress(`database: ${database.kind}`);
  await seedDemoData(database.db);
  await importRelease(database.db, readRelease(CMS_RELEASE));
  await generatePatients(database.db, GENERATED_PATIENTS);
  progress('seeded');
  const { app, base } = await listenForBench(database.db);
  const others: ServerProcess[] = [];
  for (let i = 1; i < PROCESSES; i += 1) others.push(await startServerProcess(url as string));
  const bases = [base, ...others.map((other) => other.base)];
  progress(`serving: ${bases.join(' ')}`);

  const { auth, call } = await signInOverHttp(base);
  const put = <T>(path: string, body: unknown) => call<T>('PUT', path, body);
  const practitionerStep = JSON.stringify({
    id: 'new',
    practAgreement: true,
    practitioner: { gsdlNo: 'P1002' },
  });
  const created = await put<{ id: number }>('/gear/practitioner/', JSON.parse(practitionerStep));

  const pool: SavedOrder[] = [];
  for (let i = 0; i < CONNECTIONS + 2; i += 1) {
    const order = await put<SavedOrder>('/gear/practitioner/', {
      id: 'new',
      practAgreement: true,
      practitioner: { gsdlNo: 'P1001' },
    });
    pool.push(
      await put<SavedOrder>('/gear/testSelection', {
        id: order.id,
        version: order.version,
        requisitions: [{ id: null, omsOrderableItemId: 617, panel: 5860, dropShip: true }],
      }),
    );
  }

  // A requisition of 540 with an add-on, priced by the applied-price scenarios (its price rows are then in memory).
  const priced = await put<SavedOrder>('/gear/practitioner/', {
    id: 'new',
    practAgreement: true,
    practitioner: { gsdlNo: 'P1001' },
  });
  const pricedRequisition = await put<SavedOrder>('/gear/testSelection', {
    id: priced.id,
    version: priced.version,
    requisitions: [
      {
        id: null,
        omsOrderableItemId: 540,
        panel: 5400,
        addons: [{ omsInputFieldID: 5413, cptQuantity: null }],
        dropShip: true,
      },
    ],
  });
  const appliedPrice = (billingMethod: string) =>
    `/gear/api/applied-price?gearReqId=${pricedRequisition.requisitions[0]?.id}&billingMethod=${encodeURIComponent(billingMethod)}`;
  // The pool's orders are P1001's: a search reads the order's practitioner's patients.
  const searchOrderId = String(pool[0]?.id);
  const managementList = (extra: Record<string, string>) =>
    `/gear/patient-management/list?${new URLSearchParams({ gsdlNo: 'P1001', ...extra })}`;
  const patientSearch = (query: string) =>
    `/gear/api/patient-lookup?${new URLSearchParams({ query, orderId: searchOrderId })}`;

  const { kind } = database;
  /** The statements of a new order (the practitioner step), the same for every worker. */
  const newOrderLimit = async (): Promise<Replay[]> => {
    const save = () => put('/gear/practitioner/', JSON.parse(practitionerStep));
    const statements = await captureStatements(database.db, kind, save);
    versionSlots(statements, await captureStatements(database.db, kind, save), -1); // the same statements twice
    return Array.from({ length: CONNECTIONS }, () => ({ statements, slots: [], version: 0 }));
  };
  /**
   * The statements of a test-selection save of each connection's order: two saves of the same change are captured
   * to find the parameters that carry the version, which each replay sets to the order's next version.
   */
  const testSelectionLimit = async (): Promise<Replay[]> => {
    const replays: Replay[] = [];
    for (const order of pool.slice(0, CONNECTIONS)) {
      // Saves the load generator sent as it stopped may have changed the order after its last answer.
      const current = await fetch(`${base}/gear/order/${order.id}`, { headers: auth });
      order.version = ((await current.json()) as SavedOrder).version;
      const save = () =>
        put<SavedOrder>('/gear/testSelection', {
          id: order.id,
          version: order.version,
          requisitions: [
            { ...testSelectionBody(order, 0), patientInstructions: 'Limit: first morning urine.' },
          ],
        }).then((saved) => {
          order.version = saved.version;
        });
      const version = order.version;
      const first = await captureStatements(database.db, kind, save);
      const second = await captureStatements(database.db, kind, save);
      replays.push({
        statements: second,
        slots: versionSlots(first, second, version),
        version: order.version,
      });
    }
    return replays;
  };

  const scenarios: Scenario[] = [
    { name: 'bare route (baseline)', method: 'GET', path: '/bench/bare' },
    { name: 'read an order', method: 'GET', path: `/gear/order/${created.id}` },
    {
      name: 'save the practitioner step',
      method: 'PUT',
      path: '/gear/practitioner/',
      body: practitionerStep,
      limit: newOrderLimit,
    },
    { name: 'practitioner options', method: 'GET', path: '/gear/practitioner-options' },
    {
      name: 'ICD-10 suggestions (full set)',
      method: 'GET',
      path: '/gear/getDxCodeSuggestions?searchTerm=fracture',
    },
    { name: 'ICD-10 code lookup', method: 'GET', path: '/api/dxcodes/K58.0' },
    {
      name: 'applied price (insurance)',
      method: 'GET',
      path: appliedPrice('Bill Insurance with Patient Payment'),
    },
    {
      name: 'applied price (patient pay)',
      method: 'GET',
      path: appliedPrice('No Insurance Billing: Pay Full Amount'),
    },
    { name: 'price map (540, P1001)', method: 'GET', path: '/gear/api/inputFieldPriceMap/540?gsdlNo=P1001' },
    { name: 'orderable items (P1001)', method: 'GET', path: '/gear/practitioner/P1001/orderableItems' },
    {
      name: 'patient search: name + DOB',
      method: 'GET',
      path: patientSearch('Jane Testpatient 04/12/1985'),
    },
    { name: 'patient search: one prefix', method: 'GET', path: patientSearch('smi') },
    { name: 'patient search: two prefixes', method: 'GET', path: patientSearch('mar garc') },
    // Patient management (decision 0270): the table's first page, a page deep in the list, a search's first page.
    { name: 'management list: page 1', method: 'GET', path: managementList({}) },
    { name: 'management list: offset 50000', method: 'GET', path: managementList({ offset: '50000' }) },
    { name: 'management list: search smi', method: 'GET', path: managementList({ query: 'smi' }) },
    {
      name: 'save a test selection (single)',
      method: 'PUT',
      path: '/gear/testSelection',
      requests: testSelectionRequests(pool),
      limit: testSelectionLimit,
    },
  ];

  const rows: { name: string; rps: number; p99: number; errors: number }[] = [];
  // BENCH_ONLY=word,word runs the baseline and the scenarios whose names contain one of the words (for profiling).
  const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
  const chosen = scenarios.filter(
    (scenario, index) =>
      index === 0 || only.length === 0 || only.some((word) => scenario.name.includes(word)),
  );
  // The bare route again at the end: on a shared machine the load drifts during a run; the baseline is the mean of
  // both runs (both are printed).
  const [bare] = scenarios;
  if (bare) chosen.push({ ...bare, name: 'bare route (again, at end)' });
  progress('orders made');
  for (const scenario of chosen) {
    progress(scenario.name);
    // The connections split over the processes, each process's share run at the same time.
    const results = await Promise.all(
      bases.map((serverBase, index) =>
        autocannon({
          url: `${serverBase}${scenario.path}`,
          method: scenario.method,
          headers: auth,
          body: scenario.body,
          requests: scenario.requests,
          connections: Math.floor(CONNECTIONS / bases.length) + (index < CONNECTIONS % bases.length ? 1 : 0),
          duration: DURATION_SECONDS,
        }),
      ),
    );
    rows.push({
      name: scenario.name,
      rps: results.reduce((sum, result) => sum + result.requests.average, 0),
      p99: Math.max(...results.map((result) => result.latency.p99)),
      errors: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
    });
    if (scenario.limit) {
      progress(`${scenario.name}: its limit`);
      // The servers first finish the requests the load generator sent before it stopped.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const replays = await scenario.limit();
      const limit = await runLimit(database.db, kind, replays, DURATION_SECONDS);
      rows.push({ name: `  limit: its ${replays[0]?.statements.length ?? 0} statements`, ...limit });
    }
  }
  const bareRows = rows.filter((row) => row.name.startsWith('bare route'));
  const baseline = bareRows.reduce((sum, row) => sum + row.rps, 0) / Math.max(bareRows.length, 1) || 1;
  const where =
    kind === 'pglite'
      ? 'embedded database in memory'
      : `PostgreSQL, ${bases.length} API process${bases.length > 1 ? 'es' : ''}`;
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${where}, ` +
      `${GENERATED_PATIENTS} generated patients of P1001; ratios against the mean of the bare-route runs; ` +
      `'of limit': a save's throughput over that of its statements run by the driver\n`,
  );
  console.log(
    'scenario'.padEnd(30),
    'req/s'.padStart(9),
    'ratio'.padStart(7),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
    'of limit'.padStart(9),
  );
  rows.forEach((row, index) => {
    const save = row.name.startsWith('  limit') ? rows[index - 1] : undefined;
    console.log(
      row.name.padEnd(30),
      row.rps.toFixed(0).padStart(9),
      (row.rps / baseline).toFixed(2).padStart(7),
      String(row.p99).padStart(8),
      String(row.errors).padStart(8),
      (save ? (save.rps / (row.rps || 1)).toFixed(2) : '').padStart(9),
    );
  });
  for (const other of others) await stopServerProcess(other);
  await app.close();
  await database.close();
  await drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

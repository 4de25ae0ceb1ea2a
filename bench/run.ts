// Load benchmark: the API in process on an in-memory embedded database with the demo data; every figure is printed
// as a ratio against a bare Fastify route measured in the same run (ARCHITECTURE.md budgets).
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { seedDemoData } from '../apps/server/src/db/seed/index.ts';
import { DEMO_USERS } from '../apps/server/src/db/seed/people.ts';
import { importRelease } from '../apps/server/src/modules/dx-codes/dx-codes.repository.ts';
import { readRelease } from '../apps/server/src/modules/dx-codes/icd10-release.ts';

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
}

interface SavedOrder {
  id: number;
  version: number;
  requisitions: { id: number }[];
}

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
            requisitions: [
              {
                id: order.requisitions[0]?.id ?? null,
                omsOrderableItemId: 617,
                panel: 5860,
                components: [5861, 5862, 5863, 5864, 5865],
                addons: [{ omsInputFieldID: saves % 2 === 0 ? 5877 : 5887, cptQuantity: null }],
                patientInstructions: `Save ${saves}: first morning urine.`,
                dropShip: true,
              },
            ],
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
  await db.execute(sql`analyze patients`);
}

async function main() {
  const database = await openPglite(null);
  await seedDemoData(database.db);
  await importRelease(database.db, readRelease(CMS_RELEASE));
  await generatePatients(database.db, GENERATED_PATIENTS);
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'b'.repeat(40),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/none',
    }),
    database.db,
  );
  app.get('/bench/bare', { config: { access: 'public' } }, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;

  const avery = DEMO_USERS.find((u) => u.loginName === 'dr.avery');
  const login = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: avery?.loginName, password: avery?.password }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const { token } = (await (
    await fetch(`${base}/mygdx/account/JWT/myGDX`, { headers: { cookie } })
  ).json()) as {
    token: string;
  };
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const practitionerStep = JSON.stringify({
    id: 'new',
    practAgreement: true,
    practitioner: { gsdlNo: 'P1002' },
  });
  const created = (await (
    await fetch(`${base}/gear/practitioner/`, { method: 'PUT', headers: auth, body: practitionerStep })
  ).json()) as { id: number };

  const pool: SavedOrder[] = [];
  for (let i = 0; i < CONNECTIONS + 2; i += 1) {
    const order = (await (
      await fetch(`${base}/gear/practitioner/`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ id: 'new', practAgreement: true, practitioner: { gsdlNo: 'P1001' } }),
      })
    ).json()) as SavedOrder;
    const withRequisition = await fetch(`${base}/gear/testSelection`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        id: order.id,
        version: order.version,
        requisitions: [{ id: null, omsOrderableItemId: 617, panel: 5860, dropShip: true }],
      }),
    });
    pool.push((await withRequisition.json()) as SavedOrder);
  }

  // A requisition of 540 with an add-on, priced by the applied-price scenarios (its price rows are then in memory).
  const priced = (await (
    await fetch(`${base}/gear/practitioner/`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ id: 'new', practAgreement: true, practitioner: { gsdlNo: 'P1001' } }),
    })
  ).json()) as SavedOrder;
  const pricedRequisition = (await (
    await fetch(`${base}/gear/testSelection`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
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
      }),
    })
  ).json()) as SavedOrder;
  const appliedPrice = (billingMethod: string) =>
    `/gear/api/applied-price?gearReqId=${pricedRequisition.requisitions[0]?.id}&billingMethod=${encodeURIComponent(billingMethod)}`;
  // The pool's orders are P1001's: a search reads the order's practitioner's patients.
  const searchOrderId = String(pool[0]?.id);
  const patientSearch = (query: string) =>
    `/gear/api/patient-lookup?${new URLSearchParams({ query, orderId: searchOrderId })}`;

  const scenarios: Scenario[] = [
    { name: 'bare route (baseline)', method: 'GET', path: '/bench/bare' },
    { name: 'read an order', method: 'GET', path: `/gear/order/${created.id}` },
    {
      name: 'save the practitioner step',
      method: 'PUT',
      path: '/gear/practitioner/',
      body: practitionerStep,
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
    {
      name: 'save a test selection (single)',
      method: 'PUT',
      path: '/gear/testSelection',
      requests: testSelectionRequests(pool),
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
  for (const scenario of chosen) {
    const result = await autocannon({
      url: `${base}${scenario.path}`,
      method: scenario.method,
      headers: auth,
      body: scenario.body,
      requests: scenario.requests,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    rows.push({
      name: scenario.name,
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
    });
  }
  const bareRows = rows.filter((row) => row.name.startsWith('bare route'));
  const baseline = bareRows.reduce((sum, row) => sum + row.rps, 0) / Math.max(bareRows.length, 1) || 1;
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, embedded database in memory, ` +
      `${GENERATED_PATIENTS} generated patients of P1001; ratios against the mean of the bare-route runs\n`,
  );
  console.log(
    'scenario'.padEnd(30),
    'req/s'.padStart(9),
    'ratio'.padStart(7),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
  );
  for (const row of rows) {
    console.log(
      row.name.padEnd(30),
      row.rps.toFixed(0).padStart(9),
      (row.rps / baseline).toFixed(2).padStart(7),
      String(row.p99).padStart(8),
      String(row.errors).padStart(8),
    );
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// Per-request cost of the budgeted calls, without HTTP or a load generator: each call is made N times in sequence
// through app.inject on an in-memory embedded database with the demo data, and the mean time and the number of
// database statements per call are printed (where a budget is spent, when profiling; `npm run bench` measures load).
//   node --import tsx bench/requests.ts            (BENCH_PATIENTS=100000, BENCH_CMS=1 for the full ICD-10 set)
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { statementsRun } from '../apps/server/src/db/kept.ts';
import { importRelease } from '../apps/server/src/modules/dx-codes/dx-codes.repository.ts';
import { readRelease } from '../apps/server/src/modules/dx-codes/icd10-release.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { DEMO_USERS } from '../apps/server/src/seed/people.ts';
import { BENCH_CONFIG } from './config.ts';

const CMS_RELEASE = new URL('../../shared/data/icd10cm/cms_2026_dx.zip', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 0);

async function main() {
  const database = await openPglite(null);
  const { db } = database;
  await seedDemoData(db);
  if (process.env.BENCH_CMS === '1') await importRelease(db, readRelease(CMS_RELEASE));
  if (PATIENTS > 0) {
    await db.execute(sql`select setseed(0.42)`);
    await db.execute(sql`
      insert into patients (gsdl_no, name_first, name_last, date_of_birth, gender, chart_number, source)
      select 'P1001', (array['Mary','Maria','Mark','James','Jane','Smita'])[1 + floor(random() * 6)::int],
             (array['Smith','Garcia','Garcon','Lee','Jones','Smithers'])[1 + floor(random() * 6)::int],
             to_char(date '1930-01-01' + floor(random() * 33000)::int, 'YYYY-MM-DD'), 'F',
             'B' || lpad(i::text, 6, '0'), 'portal'
      from generate_series(1, ${PATIENTS}) as i`);
    await db.execute(sql`analyze patients`);
  }
  const app = await buildApp(BENCH_CONFIG(), db);
  app.get('/bench/bare', { config: { access: 'public' } }, async () => ({ ok: true }));
  const avery = DEMO_USERS.find((u) => u.loginName === 'dr.avery');
  const login = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { username: avery?.loginName, password: avery?.password },
  });
  const cookie = `gear_session=${login.cookies.find((c) => c.name === 'gear_session')?.value}`;
  const { token } = (
    await app.inject({ method: 'GET', url: '/mygdx/account/JWT/myGDX', headers: { cookie } })
  ).json<{
    token: string;
  }>();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const put = async (url: string, payload: unknown) => {
    const response = await app.inject({ method: 'PUT', url, headers, payload: JSON.stringify(payload) });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number; version: number; requisitions: { id: number }[] }>();
  };
  const practitionerStep = { id: 'new', practAgreement: true, practitioner: { gsdlNo: 'P1001' } };
  let order = await put('/gear/practitioner/', practitionerStep);
  order = await put('/gear/testSelection', {
    id: order.id,
    version: order.version,
    requisitions: [{ id: null, omsOrderableItemId: 540, panel: 5400, dropShip: true }],
  });
  const gearReqId = order.requisitions[0]?.id;
  const search = (query: string) =>
    `/gear/api/patient-lookup?${new URLSearchParams({ query, orderId: String(order.id) })}`;

  const managementList = (extra: Record<string, string>) =>
    `/gear/patient-management/list?${new URLSearchParams({ gsdlNo: 'P1001', ...extra })}`;

  let saves = 0;
  const scenarios: [string, () => Promise<unknown>][] = [
    ['bare route', () => app.inject({ method: 'GET', url: '/bench/bare' })],
    ['read an order', () => app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers })],
    ['save the practitioner step (new)', () => put('/gear/practitioner/', practitionerStep)],
    ['practitioner options', () => app.inject({ method: 'GET', url: '/gear/practitioner-options', headers })],
    [
      'ICD-10 suggestions',
      () => app.inject({ method: 'GET', url: '/gear/getDxCodeSuggestions?searchTerm=fracture', headers }),
    ],
    ['ICD-10 code lookup', () => app.inject({ method: 'GET', url: '/api/dxcodes/K58.0', headers })],
    [
      'applied price',
      () =>
        app.inject({
          method: 'GET',
          url: `/gear/api/applied-price?gearReqId=${gearReqId}&billingMethod=${encodeURIComponent('Bill Insurance with Patient Payment')}`,
          headers,
        }),
    ],
    [
      'price map',
      () => app.inject({ method: 'GET', url: '/gear/api/inputFieldPriceMap/540?gsdlNo=P1001', headers }),
    ],
    [
      'orderable items',
      () => app.inject({ method: 'GET', url: '/gear/practitioner/P1001/orderableItems', headers }),
    ],
    [
      'patient search: name + DOB',
      () => app.inject({ method: 'GET', url: search('Jane Testpatient 04/12/1985'), headers }),
    ],
    ['patient search: one prefix', () => app.inject({ method: 'GET', url: search('smi'), headers })],
    ['patient search: two prefixes', () => app.inject({ method: 'GET', url: search('mar garc'), headers })],
    ['management list: page 1', () => app.inject({ method: 'GET', url: managementList({}), headers })],
    [
      'management list: offset 50000',
      () => app.inject({ method: 'GET', url: managementList({ offset: '50000' }), headers }),
    ],
    [
      'management list: search smi',
      () => app.inject({ method: 'GET', url: managementList({ query: 'smi' }), headers }),
    ],
    [
      'save a test selection',
      async () => {
        saves += 1;
        order = await put('/gear/testSelection', {
          id: order.id,
          version: order.version,
          requisitions: [
            {
              id: gearReqId,
              omsOrderableItemId: 540,
              panel: 5400,
              addons: saves % 2 === 0 ? [{ omsInputFieldID: 5413, cptQuantity: null }] : [],
              patientInstructions: `Save ${saves}`,
              dropShip: true,
            },
          ],
        });
      },
    ],
  ];
  const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
  console.log('call'.padEnd(34), 'ms/call'.padStart(8), 'statements'.padStart(11));
  for (const [name, call] of scenarios) {
    if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
    for (let i = 0; i < 20; i += 1) await call();
    const statements = statementsRun(db);
    const started = process.hrtime.bigint();
    for (let i = 0; i < RUNS; i += 1) await call();
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / RUNS;
    const perCall = (statementsRun(db) - statements) / RUNS;
    console.log(name.padEnd(34), ms.toFixed(3).padStart(8), perCall.toFixed(1).padStart(11));
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

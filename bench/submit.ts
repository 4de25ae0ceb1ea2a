// Submit benchmark (spec 3 §7, decision 0080): PUT /gear/order/{id}/confirm-and-pay at 10 concurrent clients with the
// demo data, beside the bare route measured in the same run: on an in-memory embedded database, or with DATABASE_URL
// on a new database of that PostgreSQL server (created for the run and dropped after it).
//   npm run bench:submit -w apps/server            (BENCH_SUBMITS=600 placeable orders, BENCH_SECONDS=5)
// Two scenarios: each request places a fresh order (the real cost of a submit: the order's row locked, the rules
// checked, the workflow rows written, the answer kept for replays), and the idempotent replay of one placed order
// with the same Idempotency-Key (what a browser retry after a lost answer costs).
import { randomUUID } from 'node:crypto';
import { BILLING_METHODS } from '@gear/domain';
import { patientInfo } from '@gear/domain/test-support';
import autocannon from 'autocannon';
import { INPUT_FIELDS } from '../apps/server/src/seed/catalogue-data.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { listenForBench, openBenchDatabase, progress, signInOverHttp } from './setup.ts';

const CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 600);
const SUBMIT_BODY = JSON.stringify({
  patientAgreement: false,
  nsaAcknowledged: false,
  recaptcha: null,
  payments: [],
});

/** GI Effects 3-day (540) with its default tests, drop-shipped. */
const GI_EFFECTS_REQUISITION = {
  id: null,
  omsOrderableItemId: 540,
  panel: 5400,
  components: INPUT_FIELDS.filter((field) => field.parentId === 5400 && !field.isAddOn).map(
    (field) => field.id,
  ),
  addons: [],
  profileSpecificFields: [],
  patientInstructions: null,
  dropShip: true,
};

async function main() {
  const { database, drop } = await openBenchDatabase();
  progress(`database: ${database.kind}`);
  await seedDemoData(database.db);
  const { app, base } = await listenForBench(database.db);
  // The API token lasts 5 minutes: making hundreds of orders on a loaded machine outlasts it, so a 401 signs in again.
  let client = await signInOverHttp(base);
  const call = async <T>(...args: Parameters<typeof client.call>): Promise<T> => {
    try {
      return await client.call<T>(...args);
    } catch (error) {
      if (!String(error).includes(': 401 ')) throw error;
      client = await signInOverHttp(base);
      return client.call<T>(...args);
    }
  };

  type Saved = { id: number; version: number; requisitions: { id: number }[] };
  /**
   * A drop-ship order of P1001 with the patient's details, billed to the practitioner's account: placeable. Its id
   * and version, which the submit names in If-Match (docs/decisions/0100).
   */
  const placeableOrder = async (): Promise<Saved> => {
    const created = await call<Saved>('PUT', '/gear/practitioner/', {
      id: 'new',
      practAgreement: true,
      practitioner: { gsdlNo: 'P1001' },
    });
    const selected = await call<Saved>('PUT', '/gear/testSelection', {
      id: created.id,
      version: created.version,
      requisitions: [GI_EFFECTS_REQUISITION],
    });
    const patient = patientInfo({
      email: 'ada.patient@example.com',
      voicePhone: '828-555-0100',
      addresses: [
        {
          type: 'shipping',
          address1: '200 Main Street',
          address2: null,
          city: 'Asheville',
          state: 'NC',
          zipCode: '28801',
          country: 'United States',
          county: null,
          voicePhone: '828-555-0100',
          alternatePhone: null,
          schoolDistrict: null,
        },
      ],
    });
    const withPatient = await call<Saved>('PUT', `/gear/order/${created.id}/patient/`, {
      id: created.id,
      version: selected.version,
      patientInfo: patient,
    });
    return call<Saved>('PUT', '/gear/billingMethod/', {
      billingMethod: BILLING_METHODS.physicianAccount,
      gearReqId: withPatient.requisitions[0]?.id,
      version: withPatient.version,
    });
  };
  const ifMatch = (order: Saved) => ({ 'if-match': `"${order.version}"` });

  /**
   * A ship-to-office order of P1001 sent Second Day (an expedited charge): dr.avery pays it with the saved shipping
   * card on file, so each submit authorizes and captures through the gateway (decision 0120).
   */
  const paidOrder = async (): Promise<Saved> => {
    const created = await call<Saved>('PUT', '/gear/practitioner/', {
      id: 'new',
      practAgreement: true,
      practitioner: { gsdlNo: 'P1001' },
    });
    const selected = await call<Saved>('PUT', '/gear/testSelection/', {
      id: created.id,
      version: created.version,
      requisitions: [
        {
          id: null,
          omsOrderableItemId: 540,
          dropShip: false,
          shipToOffice: true,
          quantity: 1,
          panel: null,
          components: [],
          addons: [],
          patientInstructions: null,
        },
      ],
    });
    const shipped = await call<Saved>('PUT', `/gear/order/${created.id}/shippingInfo/`, {
      gearOrderId: created.id,
      version: selected.version,
      shippingMethod: 'Second Day',
      company: 'Blue Ridge Integrative Medicine',
      attention: 'Dana Avery',
      address1: '63 Zillicoa Street',
      address2: null,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      country: 'United States',
      instructions: null,
    });
    return shipped;
  };
  const PAID_BODY = (orderId: number) =>
    JSON.stringify({
      patientAgreement: false,
      nsaAcknowledged: false,
      recaptcha: null,
      payments: [{ paymentType: 'shippingCardOnFile', paymentFrom: 'myGDX', gearOrderId: orderId }],
    });

  progress(`making ${SUBMITS + 1} placeable orders`);
  const fresh: Saved[] = [];
  for (let i = 0; i < SUBMITS; i += 1) fresh.push(await placeableOrder());
  const replayed = await placeableOrder();
  const replayKey = randomUUID();
  await call('PUT', `/gear/order/${replayed.id}/confirm-and-pay`, SUBMIT_BODY, {
    'idempotency-key': replayKey,
    ...ifMatch(replayed),
  });

  /** The first answer of each scenario that was not a 2xx, to say why beside its count. */
  const failures = new Map<string, string>();
  const noteFailure = (scenario: string) => (status: number, body: string) => {
    if (status >= 300 && !failures.has(scenario)) failures.set(scenario, `${status} ${body.slice(0, 300)}`);
  };
  // A slow submit is measured, not dropped: autocannon's default 10 s timeout would count it as an error.
  let auth = client.auth;
  const run = async (options: autocannon.Options) => {
    client = await signInOverHttp(base);
    auth = client.auth;
    return autocannon({ headers: auth, connections: CONNECTIONS, timeout: 60, ...options });
  };
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
  record('bare route (baseline)', await run({ url: `${base}/bench/bare`, duration: DURATION_SECONDS }));
  progress('submit, a fresh order each');
  const queue = [...fresh];
  record(
    'submit (fresh order each)',
    await run({
      url: base,
      amount: SUBMITS,
      requests: [
        {
          method: 'PUT',
          setupRequest: (request) => {
            const order = queue.shift();
            if (!order) throw new Error('more submits than placeable orders');
            return {
              ...request,
              path: `/gear/order/${order.id}/confirm-and-pay`,
              headers: { ...auth, 'idempotency-key': randomUUID(), ...ifMatch(order) },
              body: SUBMIT_BODY,
            };
          },
          onResponse: noteFailure('submit (fresh order each)'),
        },
      ],
    }),
  );
  progress(`making ${SUBMITS} orders with expedited shipping to pay`);
  const paid: Saved[] = [];
  for (let i = 0; i < SUBMITS; i += 1) paid.push(await paidOrder());
  progress('paid submit, a fresh order each');
  record(
    'paid submit (card on file)',
    await run({
      url: base,
      amount: SUBMITS,
      requests: [
        {
          method: 'PUT',
          setupRequest: (request) => {
            const order = paid.shift() as Saved;
            return {
              ...request,
              path: `/gear/order/${order.id}/confirm-and-pay`,
              headers: { ...auth, 'idempotency-key': randomUUID(), ...ifMatch(order) },
              body: PAID_BODY(order.id),
            };
          },
          onResponse: noteFailure('paid submit (card on file)'),
        },
      ],
    }),
  );
  progress('submit, idempotent replay');
  client = await signInOverHttp(base);
  auth = client.auth;
  record(
    'submit (idempotent replay)',
    await run({
      // The version named is stale once placed: the key replays the first answer all the same.
      url: `${base}/gear/order/${replayed.id}/confirm-and-pay`,
      requests: [
        {
          method: 'PUT',
          headers: { ...auth, 'idempotency-key': replayKey, ...ifMatch(replayed) },
          body: SUBMIT_BODY,
          onResponse: noteFailure('submit (idempotent replay)'),
        },
      ],
      duration: DURATION_SECONDS,
    }),
  );
  progress('bare route again');
  record('bare route (again, at end)', await run({ url: `${base}/bench/bare`, duration: DURATION_SECONDS }));

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
  for (const [scenario, answer] of failures) console.log(`first non-2xx of ${scenario}: ${answer}`);
  await app.close();
  await database.close();
  await drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

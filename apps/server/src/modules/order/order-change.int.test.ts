// Decision 0065: every route that changes an order goes through the one change core and its one version rule.
import { readFileSync } from 'node:fs';
import { BILLING_METHODS, type Insurance, MESSAGES, STEP_IDS } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessions, bundles, orders } from '../../db/schema/index.ts';
import { transaction } from '../../lib/transaction.ts';
import { DEMO_BUNDLE } from '../../seed/demo-panels.ts';
import {
  EVERY_STEP,
  insertPitlOrder,
  GI_EFFECTS as PITL_GI_EFFECTS,
  METABOLOMIX as PITL_METABOLOMIX,
} from '../../seed/demo-pitl-orders.ts';
import {
  createOrder,
  type DemoLogin,
  expectEnvelope,
  headersOf,
  METABOLOMIX,
  type SavedOrder,
  useTestApp,
} from '../../test/helper.ts';
import {
  componentsOf,
  dropShipOrder,
  ok,
  PRODUCTS,
  readyToSubmitOrder,
  receiveByLab,
  shippingBody,
  shipToOfficeOrder,
} from '../../test/order-builders.ts';
import { address, patientInfo } from '../patient/test-orders.ts';
import { cardToken, patientPaysOrder } from '../payment/test-payments.ts';
import { loadOrder } from './order.repository.ts';

const ctx = useTestApp();
type Response = Awaited<ReturnType<typeof ctx.app.inject>>;
type Body = Record<string, unknown>;

const FRONT = readFileSync(new URL('../../../../../e2e/fixtures/insurance-card-front.jpg', import.meta.url));

const insurance: Insurance = {
  insuranceProvider: 'aetna',
  subscriberId: 'W123-456-789',
  subscriberName: 'Ada Patient',
  subscriberDOB: '1980-02-03',
  groupNumber: 'G 100',
  subscriberRelation: 'Self',
  otherSubscriberRelation: null,
  otherProvider: null,
  phoneNumber: '800-555-0199',
  claimsAddress: {
    type: 'claims',
    address1: 'PO Box 981106',
    address2: null,
    city: 'El Paso',
    state: 'TX',
    zipCode: '79998',
    country: 'United States',
    county: null,
    voicePhone: null,
    alternatePhone: null,
    schoolDistrict: null,
  },
  insuranceRank: 0,
};

/** How a route names the version: in its JSON body, in its query, or in If-Match. */
type Carrier = 'body' | 'query' | 'if-match';

interface Call {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  body?: Body;
  raw?: { payload: Buffer; contentType: string };
  carrier: Carrier;
  login?: DemoLogin;
}

/**
 * One sign-in per login for the file: sign-in attempts are counted before the password is checked (decision 0211), so
 * 50 concurrent sign-ins of one user would be throttled like 50 guesses.
 */
const signedIn = new Map<DemoLogin, Promise<Record<string, string>>>();
const headersOnce = (login: DemoLogin) => {
  const known = signedIn.get(login) ?? headersOf(ctx.app, login);
  signedIn.set(login, known);
  return known;
};

async function send(call: Call, version: number | undefined): Promise<Response> {
  const headers: Record<string, string> = { ...(await headersOnce(call.login ?? 'dr.avery')) };
  let url = call.url;
  let payload: Body | Buffer | undefined = call.body;
  if (version !== undefined) {
    if (call.carrier === 'body') payload = { ...call.body, version };
    if (call.carrier === 'query') url += `${url.includes('?') ? '&' : '?'}version=${version}`;
    if (call.carrier === 'if-match') headers['if-match'] = `"${version}"`;
  }
  if (call.raw) {
    headers['content-type'] = call.raw.contentType;
    payload = call.raw.payload;
  }
  return ctx.app.inject(
    payload === undefined
      ? { method: call.method, url, headers }
      : { method: call.method, url, headers, payload },
  );
}

const reqId = (order: SavedOrder, index = 0) => order.requisitions[index]?.id as number;
const twoTests = () => dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects, PRODUCTS.sibo3Hour]);
const read = async (orderId: number) =>
  ok(
    await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${orderId}`,
      headers: await headersOf(ctx.app, 'admin.ops'),
    }),
  );

async function demoBundleId(): Promise<number> {
  const [row] = await ctx.database.db.select().from(bundles).where(eq(bundles.name, DEMO_BUNDLE.name));
  if (!row) throw new Error('the demo bundle is not seeded');
  return row.id;
}

const handoffPatient = {
  dateOfBirth: '04/12/1985',
  nameLast: 'Testpatient',
  email: 'jane.table@example.com',
};
const json = (value: unknown) => ({
  payload: Buffer.from(JSON.stringify(value)),
  contentType: 'application/json',
});

/** An order of P1002 (authorizing doctor P1001) awaiting that doctor's agreement, which staff.kim may give. */
async function awaitingAgreement(): Promise<SavedOrder> {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1002', [PRODUCTS.giEffects]);
  await ctx.database.db
    .update(orders)
    .set({ practAgreement: false, practAgreementDate: null, version: order.version + 1 })
    .where(eq(orders.id, order.id));
  return read(order.id);
}

let accessionSeq = 0;

/** The lab received the order's first test and discarded its specimen (decision 0252); the order then read. */
async function discarded(order: SavedOrder) {
  accessionSeq += 1;
  const accessionNo = `OC${process.pid % 1000}${accessionSeq}${order.id}`;
  await receiveByLab(ctx.database.db, reqId(order), accessionNo);
  await ctx.database.db
    .update(accessions)
    .set({ discardedSpecimen: true, issues: [] })
    .where(eq(accessions.accessionNo, accessionNo));
  await ctx.database.db
    .update(orders)
    .set({ dataConfirmed: true, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, order.id));
  return { accessionNo, order: await read(order.id) };
}

const packCard = {
  cardNo: '4242424242424242',
  cardExpDate: '12/30',
  cardCvv: '123',
  cardholderName: 'Ada Patient',
  cardZipCode: '28801',
};

let pitlSerial = 0;

/** A paid PITL order of P1008 (dr.harper) with two packs the lab has not received (decision 0290). */
async function pitlOrder(): Promise<SavedOrder> {
  pitlSerial += 1;
  const placed = await transaction(ctx.database.db, (tx) =>
    insertPitlOrder(
      tx,
      {
        key: 'transfer',
        packs: [
          { reqNumber: `5097${pitlSerial}01`, product: PITL_GI_EFFECTS },
          { reqNumber: `5097${pitlSerial}02`, product: PITL_METABOLOMIX },
        ],
        nameFirst: 'Tessa',
        nameLast: 'Transfer',
        dateOfBirth: '1979-02-21',
        gender: 'F',
        address1: '401 North Tryon Street',
        completed: EVERY_STEP,
        dataConfirmed: true,
        billed: true,
        collected: false,
        paidCents: 42_995,
      },
      '2026-11-20',
      null,
    ),
  );
  return read(placed.orderId);
}

/** Every route that changes an existing order: an order to change, and the call that changes it. */
const ROUTES: [string, () => Promise<{ order: SavedOrder; call: Call }>][] = [
  [
    'PUT /gear/practitioner/',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const body = { id: order.id, practAgreement: true, practitioner: { gsdlNo: 'P1002' } };
      return { order, call: { method: 'PUT', url: '/gear/practitioner/', body, carrier: 'body' } };
    },
  ],
  [
    'PUT /gear/testSelection (a requisition changed)',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const body = {
        id: order.id,
        requisitions: [
          {
            id: reqId(order),
            ...PRODUCTS.giEffects,
            components: componentsOf(PRODUCTS.giEffects.panel),
            addons: [],
            dropShip: true,
            patientInstructions: 'First morning sample.',
          },
        ],
      };
      return { order, call: { method: 'PUT', url: '/gear/testSelection', body, carrier: 'body' } };
    },
  ],
  [
    'PUT /gear/testSelection (a requisition added)',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const body = { id: order.id, requisitions: [{ id: null, ...METABOLOMIX, dropShip: true }] };
      return { order, call: { method: 'PUT', url: '/gear/testSelection', body, carrier: 'body' } };
    },
  ],
  [
    'PUT /gear/testSelection/ (bulk)',
    async () => {
      const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
      const line = {
        id: reqId(order),
        omsOrderableItemId: 540,
        dropShip: false,
        shipToOffice: true,
        quantity: 2,
        panel: null,
        components: [],
        addons: [],
        patientInstructions: null,
      };
      return {
        order,
        call: {
          method: 'PUT',
          url: '/gear/testSelection/',
          body: { id: order.id, requisitions: [line] },
          carrier: 'body',
        },
      };
    },
  ],
  [
    'PUT /gear/bundle/{gearBundleId}/order (an existing order)',
    async () => {
      const order = (await createOrder(ctx.app, await headersOf(ctx.app, 'dr.avery'), 'P1001')) as SavedOrder;
      const gearBundleId = await demoBundleId();
      const body = { gearBundleId, gearOrderId: order.id, practAgreement: true };
      return {
        order,
        call: { method: 'PUT', url: `/gear/bundle/${gearBundleId}/order`, body, carrier: 'body' },
      };
    },
  ],
  [
    'PUT /gear/billingMethod/',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const body = { gearReqId: reqId(order), billingMethod: BILLING_METHODS.patientPay };
      return { order, call: { method: 'PUT', url: '/gear/billingMethod/', body, carrier: 'body' } };
    },
  ],
  [
    'PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source}',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const url = `/gear/order/${order.id}/confirm-price-increase/${reqId(order)}/BillingOptions`;
      return { order, call: { method: 'PUT', url, carrier: 'if-match' } };
    },
  ],
  [
    'PUT /gear/diagnosisCodes/',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const body = { gearReqId: reqId(order), selectedCodes: [], otherCodes: ['1_E55.9'] };
      return { order, call: { method: 'PUT', url: '/gear/diagnosisCodes/', body, carrier: 'body' } };
    },
  ],
  [
    'PUT /gear/sampleCollection',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const body = {
        id: reqId(order),
        gearOrderId: order.id,
        lastSampleCollected: false,
        dateLastSampleCollected: null,
        sampleCollectionData: [],
        patientInstructions: 'Keep it cool.',
        clinicalFindings: null,
        routeNumber: null,
      };
      return { order, call: { method: 'PUT', url: '/gear/sampleCollection', body, carrier: 'body' } };
    },
  ],
  [
    'PUT /gear/dropShipInstructions',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const body = {
        gearOrderId: order.id,
        gearReqId: reqId(order),
        patientInstructions: 'Fast overnight.',
        clinicalFindings: null,
        routeNumber: null,
      };
      return { order, call: { method: 'PUT', url: '/gear/dropShipInstructions', body, carrier: 'body' } };
    },
  ],
  [
    'PUT /gear/order/{id}/patient/',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [METABOLOMIX]);
      const body = { id: order.id, patientInfo: patientInfo() };
      return {
        order,
        call: { method: 'PUT', url: `/gear/order/${order.id}/patient/`, body, carrier: 'body' },
      };
    },
  ],
  [
    'PUT /gear/order/{id}/insurance/',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [METABOLOMIX]);
      const body = { id: order.id, insurance, secondaryInsurance: null };
      return {
        order,
        call: { method: 'PUT', url: `/gear/order/${order.id}/insurance/`, body, carrier: 'body' },
      };
    },
  ],
  [
    'POST /gear/uploadInsuranceAttachment',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [METABOLOMIX]);
      const url = `/gear/uploadInsuranceAttachment?orderId=${order.id}&cardImgType=gov-id-front`;
      return {
        order,
        call: {
          method: 'POST',
          url,
          raw: { payload: FRONT, contentType: 'image/jpeg' },
          carrier: 'if-match',
        },
      };
    },
  ],
  [
    'DELETE /gear/deleteInsuranceAttachment',
    async () => {
      const created = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [METABOLOMIX]);
      const upload: Call = {
        method: 'POST',
        url: `/gear/uploadInsuranceAttachment?orderId=${created.id}&cardImgType=gov-id-front`,
        raw: { payload: FRONT, contentType: 'image/jpeg' },
        carrier: 'if-match',
      };
      expect((await send(upload, created.version)).statusCode).toBe(200);
      const order = await read(created.id);
      const url = `/gear/deleteInsuranceAttachment?orderId=${order.id}&cardImgType=gov-id-front`;
      return { order, call: { method: 'DELETE', url, carrier: 'if-match' } };
    },
  ],
  [
    'PUT /gear/order/{id}/shippingInfo/',
    async () => {
      const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
      const { version: _version, ...body } = shippingBody(order);
      return {
        order,
        call: { method: 'PUT', url: `/gear/order/${order.id}/shippingInfo/`, body, carrier: 'body' },
      };
    },
  ],
  [
    'PUT /gear/order/{id}/skip-step/{stepId}/{reqId}',
    async () => {
      const order = await twoTests();
      const url = `/gear/order/${order.id}/skip-step/${STEP_IDS.collection}/${reqId(order, 1)}`;
      return { order, call: { method: 'PUT', url, carrier: 'query' } };
    },
  ],
  [
    'DELETE /gear/order/{id}/requisition/{reqId}',
    async () => {
      const order = await twoTests();
      const url = `/gear/order/${order.id}/requisition/${reqId(order, 1)}`;
      return { order, call: { method: 'DELETE', url, carrier: 'query' } };
    },
  ],
  [
    'PUT /gear/order/{id}/requisition/{reqId}/save-for-later',
    async () => {
      const order = await twoTests();
      const url = `/gear/order/${order.id}/requisition/${reqId(order, 1)}/save-for-later`;
      return { order, call: { method: 'PUT', url, carrier: 'query', login: 'admin.ops' } };
    },
  ],
  [
    'DELETE /gear/order/cancel/{id}',
    async () => {
      const order = await twoTests();
      return { order, call: { method: 'DELETE', url: `/gear/order/cancel/${order.id}`, carrier: 'query' } };
    },
  ],
  [
    'GET /gear/order/{id}/requisition/{reqId}/cancel',
    async () => {
      const order = await twoTests();
      const url = `/gear/order/${order.id}/requisition/${reqId(order, 1)}/cancel`;
      return { order, call: { method: 'GET', url, carrier: 'query' } };
    },
  ],
  [
    'PUT /gear/order/{id}/confirm-and-pay',
    async () => {
      const order = await readyToSubmitOrder(ctx.app);
      const body = { patientAgreement: false, nsaAcknowledged: false, recaptcha: null, payments: [] };
      const url = `/gear/order/${order.id}/confirm-and-pay`;
      return { order, call: { method: 'PUT', url, body, carrier: 'if-match' } };
    },
  ],
  [
    'POST /gear/order/{id}/update-medical-necessity',
    async () => {
      const order = await readyToSubmitOrder(ctx.app);
      const url = `/gear/order/${order.id}/update-medical-necessity`;
      return { order, call: { method: 'POST', url, raw: json('2026-11-26'), carrier: 'if-match' } };
    },
  ],
  [
    'POST /gear/orders/{id}/authorize',
    async () => {
      const order = await awaitingAgreement();
      const url = `/gear/orders/${order.id}/authorize`;
      return { order, call: { method: 'POST', url, carrier: 'if-match', login: 'staff.kim' } };
    },
  ],
  [
    'PUT /gear/gear-requisition/{id}/quantity',
    async () => {
      const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
      const url = `/gear/gear-requisition/${reqId(order)}/quantity?quantity=3`;
      return { order, call: { method: 'PUT', url, carrier: 'if-match' } };
    },
  ],
  [
    'PUT /gear/customizeTestSelections/',
    async () => {
      const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
      const body = { id: reqId(order), panel: 5400, components: componentsOf(5400), addons: [] };
      return {
        order,
        call: { method: 'PUT', url: '/gear/customizeTestSelections/', body, carrier: 'if-match' },
      };
    },
  ],
  [
    'PUT /gear/updateWorkflow/',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const body = { id: order.id, workflow: { steps: [] } };
      return { order, call: { method: 'PUT', url: '/gear/updateWorkflow/', body, carrier: 'body' } };
    },
  ],
  [
    'PUT /gear/order/{id}/change-practitioner/{gsdlNo}',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const url = `/gear/order/${order.id}/change-practitioner/P1002`;
      return { order, call: { method: 'PUT', url, carrier: 'if-match', login: 'admin.ops' } };
    },
  ],
  [
    'POST /gear/order/{id}/handoff',
    async () => {
      const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
      const url = `/gear/order/${order.id}/handoff`;
      return { order, call: { method: 'POST', url, body: handoffPatient, carrier: 'if-match' } };
    },
  ],
  [
    'POST /gear/order/{id}/handoff/{x}',
    async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
      const url = `/gear/order/${order.id}/handoff/${encodeURIComponent('Overnight (Sat. Delivery)')}`;
      return { order, call: { method: 'POST', url, body: handoffPatient, carrier: 'if-match' } };
    },
  ],
  [
    'GET /gear/re-collect/{accessionNo} (making the recollection)',
    async () => {
      const { accessionNo, order } = await discarded(await readyToSubmitOrder(ctx.app));
      return { order, call: { method: 'GET', url: `/gear/re-collect/${accessionNo}`, carrier: 'if-match' } };
    },
  ],
  [
    'POST /gear/order/{id}/recollection-pack',
    async () => {
      const { order: original } = await discarded(await patientPaysOrder(ctx, 'dr.avery'));
      // The practitioner asks for the new pack: billed to the patient, no card on file, so its $40 is due.
      const asked: Call = {
        method: 'GET',
        url: `/gear/order/${original.id}/request-recollect?gearReqIds=${reqId(original)}`,
        carrier: 'if-match',
      };
      const made = await send(asked, original.version);
      expect(made.statusCode, made.body).toBe(200);
      const order = await read(original.id);
      expect(order.version).toBe(original.version + 1);
      const url = `/gear/order/${order.id}/recollection-pack`;
      return { order, call: { method: 'POST', url, body: packCard, carrier: 'if-match' } };
    },
  ],
  [
    'POST /gear/order/{id}/pitl-transfer',
    async () => {
      const order = await pitlOrder();
      const body = {
        gearOrderId: order.id,
        gearReqIds: [reqId(order, 1)],
        newPatient: patientInfo({
          nameFirst: 'Theo',
          nameLast: 'Newcomer',
          dateOfBirth: '1995-06-01',
          email: 'theo.newcomer@example.com',
          gender: 'M',
          addresses: [address({ zipCode: '28202', city: 'Charlotte' })],
        }),
        physicianFeePayment: {
          paymentType: 'card',
          tokenId: await cardToken(ctx, packCard.cardNo),
          cardAuthAmount: 15,
        },
      };
      const url = `/gear/order/${order.id}/pitl-transfer`;
      return { order, call: { method: 'POST', url, body, carrier: 'if-match', login: 'dr.harper' } };
    },
  ],
];

/** Routes that change an order whose version rule is tested in their own file (its setup is theirs). */
const VERSIONED_ELSEWHERE: Record<string, string> = {
  'PUT /gear/order/{}/expedited-shipping-waiver':
    'payment/shipping-waiver.int.test.ts (an admin acting for P1001)',
  'PUT /gear/order/{}/skip-step/{}':
    'the same skip as PUT …/skip-step/{stepId}/{reqId}, for the first requisition',
  'POST /gear/dropShipInstructions':
    'the same handler as PUT /gear/dropShipInstructions (spec 2 §7 names both)',
  'GET /gear/order/{}/request-recollect':
    'recollect/recollect.int.test.ts (a discarded specimen to re-collect)',
  'POST /gear/gear-requisition/{}/bill-payment':
    'bill/bill.int.test.ts (a results-ready test that owes, a card token and a captcha; decision 0300)',
};

/** Routes that can change data but change no existing order, and why (decision 0065: the list is kept whole). */
const NOT_ORDER_CHANGES: Record<string, string> = {
  'POST /api/session': 'sign-in',
  'DELETE /api/session': 'sign-out',
  'POST /api/contact/message': 'a message to the lab',
  'POST /api/intake/events': 'lab and carrier facts, recorded beside the order (decision 0250)',
  'POST /api/intake/hl7': 'lab results as HL7, mapped onto the same facts (decision 0251)',
  'POST /gateway/tokens': 'the local payment gateway tokenises a card',
  'POST /gear/bundle/save': 'a custom profile, not an order',
  'DELETE /gear/bundle/{}': 'a custom profile, not an order',
  'POST /gear/is-po-box-patient-address': 'a question about an address',
  'POST /gear/print/test-selection': 'a PDF of the selection sent',
  'POST /gear/register': 'creates a new order (registration); nothing existed to be stale',
  'POST /gear/patient-management/uploadCSV': 'patients of a practice',
  'DELETE /gear/patient-management/delete': 'patients of a practice',
  'POST /subscribe': 'a mailing-list subscription',
  'PUT /gear/log': 'a client log line',
  'PUT /gear/log/{}': 'a client log line',
  'PUT /gear/practitioner/{}/patient-status-emails':
    "a practitioner's choice of patient emails (decision 0301)",
};

/** A route as the OpenAPI document names it, its parameters' names dropped ('PUT /gear/order/{}/patient/'). */
const routeKey = (name: string) => name.replace(/ \(.*\)$/, '').replace(/\{[^}]*\}/g, '{}');

/** GET routes whose answer can change an order (a cancel, a recollection); every other GET only reads. */
const CHANGING_GET = /\/cancel$|recollect|re-collect|transfer/;

describe('decision 0065: the list of routes that change an order is whole', () => {
  it('every route that can change data is in ROUTES, versioned elsewhere, or said to change no order', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const listed = new Set([
      ...ROUTES.map(([name]) => routeKey(name)),
      ...Object.keys(VERSIONED_ELSEWHERE),
      ...Object.keys(NOT_ORDER_CHANGES),
    ]);
    const changing = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => method.toUpperCase())
        .filter((method) => method !== 'GET' || CHANGING_GET.test(path))
        .map((method) => routeKey(`${method} ${path}`)),
    );
    expect(changing.length).toBeGreaterThan(40);
    expect(changing.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !changing.includes(route))).toEqual([]);
  });
});

describe('decisions 0065 and 0100: every route that changes an order, one version rule', () => {
  it.each(ROUTES)(
    '%s refuses a stale version (409), none (428), and bumps the version once',
    async (_route, prepare) => {
      const { order, call } = await prepare();
      expectEnvelope(await send(call, order.version - 1), 409, MESSAGES.staleOrder);
      expectEnvelope(await send(call, undefined), 428, MESSAGES.orderVersionRequired);
      expect((await read(order.id)).version).toBe(order.version);
      const saved = await send(call, order.version);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await read(order.id)).version).toBe(order.version + 1);
      // An answer that is the order is the order as stored, whatever kept copies say.
      const answer = String(saved.headers['content-type']).startsWith('application/json')
        ? (JSON.parse(saved.body) as { id?: unknown; requisitions?: unknown })
        : {};
      if (answer.id === order.id && answer.requisitions !== undefined)
        expect(answer).toEqual(JSON.parse(JSON.stringify(await loadOrder(ctx.database.db, order.id))));
    },
  );

  it('takes If-Match where the body names no version, and refuses an If-Match that is not a version (400)', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const call: Call = {
      method: 'PUT',
      url: '/gear/billingMethod/',
      body: { gearReqId: reqId(order), billingMethod: BILLING_METHODS.patientPay },
      carrier: 'if-match',
    };
    const headers = await headersOf(ctx.app, 'dr.avery');
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: call.url,
      headers: { ...headers, 'if-match': '"v7"' },
      payload: call.body,
    });
    expectEnvelope(bad, 400, MESSAGES.invalidInput);
    expect((await send(call, order.version)).statusCode).toBe(200);
  });
});

describe('decisions 0065 and 0100: concurrent saves of one order', () => {
  /** 50 saves at once, half naming the version read and half naming none: the version moves once per 200. */
  it.each<[string, (order: SavedOrder) => Call]>([
    [
      'PUT /gear/billingMethod/ (version in the body)',
      (order) => ({
        method: 'PUT',
        url: '/gear/billingMethod/',
        body: { gearReqId: reqId(order), billingMethod: BILLING_METHODS.patientPay },
        carrier: 'body',
      }),
    ],
    [
      'PUT /gear/testSelection (version in the body, one statement)',
      (order) => ({
        method: 'PUT',
        url: '/gear/testSelection',
        body: {
          id: order.id,
          requisitions: [
            {
              id: reqId(order),
              ...PRODUCTS.giEffects,
              components: componentsOf(PRODUCTS.giEffects.panel),
              addons: [],
              dropShip: true,
              patientInstructions: 'Concurrent save.',
            },
          ],
        },
        carrier: 'body',
      }),
    ],
    [
      'PUT /gear/gear-requisition/{id}/quantity (If-Match)',
      (order) => ({
        method: 'PUT',
        url: `/gear/gear-requisition/${reqId(order)}/quantity?quantity=4`,
        carrier: 'if-match',
      }),
    ],
    [
      'PUT /gear/order/{id}/confirm-and-pay (If-Match, once only)',
      (order) => ({
        method: 'PUT',
        url: `/gear/order/${order.id}/confirm-and-pay`,
        body: { patientAgreement: false, nsaAcknowledged: false, recaptcha: null, payments: [] },
        carrier: 'if-match',
      }),
    ],
    [
      'POST /gear/uploadInsuranceAttachment (If-Match)',
      (order) => ({
        method: 'POST',
        url: `/gear/uploadInsuranceAttachment?orderId=${order.id}&cardImgType=gov-id-front`,
        raw: { payload: FRONT, contentType: 'image/jpeg' },
        carrier: 'if-match',
      }),
    ],
  ])('%s', async (route, callOf) => {
    const order = await readyToSubmitOrder(ctx.app);
    const call = callOf(order);
    const named = (index: number) => index % 2 === 0;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => send(call, named(index) ? order.version : undefined)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const succeeded = statuses.filter((status) => status === 200).length;
    expect(succeeded).toBe(1);
    expect(statuses.filter((status, index) => named(index) && status === 409)).toHaveLength(24);
    // A call naming no version is never made: 428, or (once only) the submit's own 409 once the order is placed.
    const unnamed = statuses.filter((_status, index) => !named(index));
    if (route.includes('once only')) for (const status of unnamed) expect([409, 428]).toContain(status);
    else expect(unnamed).toEqual(Array(25).fill(428));
    expect((await read(order.id)).version).toBe(order.version + succeeded);
  });
});

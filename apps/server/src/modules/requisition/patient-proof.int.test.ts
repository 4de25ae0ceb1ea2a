import { readFileSync } from 'node:fs';
import { type GearOrder, MESSAGES, PAPERLESS_LOCKED_MESSAGE, PATIENT_MESSAGES } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, practitioners } from '../../db/schema/index.ts';
import { REMOVED_PACK_NOTICE } from '../../seed/catalogue-data.ts';
import {
  addRequisition,
  expectEnvelope,
  METABOLOMIX,
  type SignedIn,
  signIn,
  useTestApp,
} from '../../test/helper.ts';
import { expectSameImage } from '../../test/images.ts';
import { patientInfo } from '../patient/test-orders.ts';
import { forgetPractitionerDirectory } from '../practitioner/practitioner.repository.ts';

/**
 * docs/decisions/0040, 0041: patients (prc) prove an order with its requisition or activation number and date of
 * birth through GET /gear/order (spec 1 §2.8, §7), and then reach that order and no other.
 */
const ctx = useTestApp();

type Response = Awaited<ReturnType<typeof ctx.app.inject>>;

/** Demo data: Jane Testpatient's pack (P1001), Alex Rivera's paperless pack (P1002), Robert Sample's (received). */
const JANE = { number: '50012345', dateOfBirth: '1985-04-12' };
const ALEX = { number: '50012347', dateOfBirth: '1990-07-21' };
const ROBERT = { number: '50012350', dateOfBirth: '1972-09-30' };

const lookupUrl = (number: string, dateOfBirth?: string, extra = '') =>
  `/gear/order?requisitionNumber=${encodeURIComponent(number)}${
    dateOfBirth ? `&dateOfBirth=${encodeURIComponent(dateOfBirth)}` : ''
  }${extra}`;

const lookup = (number: string, dateOfBirth?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: lookupUrl(number, dateOfBirth), headers });

const orderGovernmentPayor = async (orderId: number) => {
  const [row] = await ctx.database.db
    .select({ governmentPayor: orders.governmentPayor })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.governmentPayor;
};

const sessionCookieOf = (response: Response) => response.cookies.find((c) => c.name === 'gear_session');

/** Proves an order as a browser with no session does, then fetches the prc token with the cookie it was given. */
async function prove(who: { number: string; dateOfBirth: string }): Promise<SignedIn & { order: GearOrder }> {
  const response = await lookup(who.number, who.dateOfBirth);
  expect(response.statusCode, response.body).toBe(200);
  const set = sessionCookieOf(response);
  if (!set) throw new Error('no session cookie');
  const cookie = `gear_session=${set.value}`;
  const token = await tokenOf(cookie);
  return { cookie, token, headers: { authorization: `Bearer ${token}` }, order: response.json<GearOrder>() };
}

async function tokenOf(cookie: string): Promise<string> {
  const jwt = await ctx.app.inject({ method: 'GET', url: '/mygdx/account/JWT/prc', headers: { cookie } });
  expect(jwt.statusCode, jwt.body).toBe(200);
  return jwt.json<{ token: string }>().token;
}

const CARD = readFileSync(new URL('../../../../../e2e/fixtures/insurance-card-front.jpg', import.meta.url));

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

describe('GET /gear/order: a patient proves an order (decision 0040)', () => {
  it('spec 1 §2.8: the number and date of birth answer the order and a patient session (HttpOnly cookie)', async () => {
    const response = await lookup(JANE.number, JANE.dateOfBirth);
    expect(response.statusCode).toBe(200);
    const order = response.json<GearOrder>();
    expect(order.patientInfo?.nameLast).toBe('Testpatient');
    expect(order.requisitions[0]?.activationCode).toBe('C824591515');
    const cookie = sessionCookieOf(response);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const result = (await ctx.database.db.execute(sql`select id, order_ids from patient_sessions`)) as {
      rows: { id: string; order_ids: number[] }[];
    };
    const [row] = result.rows;
    expect(row?.order_ids).toEqual([order.id]);
    expect(row?.id).not.toBe(cookie?.value);
  });

  it.each([
    ['spec 1 §5: by activation number, dashed and lowercase', 'c824-591-515', '1985-04-12'],
    ['spec 1 §5: by the first 4 and last 3 characters', 'C824515', '1985-04-12'],
    ['spec 3 §5: a date of birth written MM/DD/YYYY', '50012345', '04/12/1985'],
  ])('%s', async (_spec, number, dateOfBirth) => {
    const response = await lookup(number, dateOfBirth);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<GearOrder>().patientInfo?.dateOfBirth).toBe('1985-04-12');
  });

  it('decision 0040: a wrong date of birth answers exactly as an unknown number, and grants nothing', async () => {
    const wrong = await lookup(JANE.number, '1985-04-13');
    const body = expectEnvelope(wrong, 404, MESSAGES.requisitionNotFound);
    expect(sessionCookieOf(wrong)).toBeUndefined();
    const unknown = await lookup('50019999', JANE.dateOfBirth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(body);
    expect(JSON.stringify(body)).not.toContain('Testpatient');
  });

  it('decision 0040: without a date of birth and without a session it asks for sign-in (401)', async () => {
    expectEnvelope(await lookup(JANE.number), 401, MESSAGES.signInRequired);
  });

  it('spec 1 §5: an empty number and a bad check digit are refused (400) before any proof', async () => {
    expectEnvelope(await lookup(' ', JANE.dateOfBirth), 400, MESSAGES.requisitionNumberRequired);
    expectEnvelope(await lookup('C824591516', JANE.dateOfBirth), 400, MESSAGES.activationNumberNotFound);
    expectEnvelope(await lookup(JANE.number, '1985-13-45'), 400);
  });

  it("spec 1 §8 'Order lookup 410': a removed pack gives its notice", async () => {
    const response = await lookup('C505860338', '1980-01-01');
    expect(response.statusCode).toBe(410);
    expect(response.body).toBe(REMOVED_PACK_NOTICE);
  });

  it('spec 1 §4.4: an activation number on no order is pending for a patient', async () => {
    const body = expectEnvelope(await lookup('C171521339', '1980-01-01'), 404, MESSAGES.activationPending);
    expect(body.error).toBe('ClientActivationMissingException');
  });

  it('spec 1 §4.4: a 7-digit number over 4,000,000 that no order holds is not found', async () => {
    expectEnvelope(await lookup('4500000', '1980-01-01'), 404, MESSAGES.requisitionNotFound);
  });

  it('decision 0040: failed proofs of one number are slowed, then refused (429) even with the right date', async () => {
    const started = Date.now();
    for (let i = 0; i < 5; i++)
      expect((await lookup(ROBERT.number, `1972-09-0${i + 1}`)).statusCode).toBe(404);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expectEnvelope(await lookup(ROBERT.number, ROBERT.dateOfBirth), 429, MESSAGES.orderProofThrottled);
    expectEnvelope(await lookup('C922499553', ROBERT.dateOfBirth), 429, MESSAGES.orderProofThrottled);
    // Another number is not held back by this one.
    expect((await lookup(ALEX.number, ALEX.dateOfBirth)).statusCode).toBe(200);
  }, 30_000);
});

describe('a proven patient reaches their order and no other (decision 0040)', () => {
  it('GET /mygdx/account/JWT/prc issues a prc token; myGDX is refused (403); getAccountType answers prc', async () => {
    const patient = await prove(JANE);
    expectEnvelope(
      await get('/mygdx/account/JWT/myGDX', { cookie: patient.cookie }),
      403,
      MESSAGES.forbidden,
    );
    const account = await get('/gear/api/getAccountType', patient.headers);
    expect(account.json()).toEqual({ type: 'prc', gsdlNo: null, onBehalfOf: '', adminUser: 'false' });
  });

  it("GET /mygdx/account/JWT/session answers a patient's prc token and names the type (decision 0330)", async () => {
    const patient = await prove(JANE);
    const response = await get('/mygdx/account/JWT/session', { cookie: patient.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; type: string }>();
    expect(body.type).toBe('prc');
    const order = await get(`/gear/order/${patient.order.id}`, { authorization: `Bearer ${body.token}` });
    expect(order.statusCode).toBe(200);
  });

  it('reads their order (bearer or cookie), and is refused another order (403) and an unknown one (404)', async () => {
    const patient = await prove(JANE);
    expect((await get(`/gear/order/${patient.order.id}`, patient.headers)).statusCode).toBe(200);
    expect((await get(`/gear/order/${patient.order.id}`, { cookie: patient.cookie })).statusCode).toBe(200);
    const avery = await signIn(ctx.app, 'dr.avery');
    const other = (await get(`/gear/order?requisitionNumber=C922499553`, avery.headers)).json<GearOrder>();
    expectEnvelope(await get(`/gear/order/${other.id}`, patient.headers), 403, MESSAGES.forbidden);
    expectEnvelope(await get('/gear/order/999999', patient.headers), 404);
    expectEnvelope(
      await lookup('C922499553', undefined, patient.headers),
      400,
      PATIENT_MESSAGES.dateOfBirthRequired,
    );
    expect((await lookup(JANE.number, undefined, patient.headers)).statusCode).toBe(200);
  });

  it("proves another patient's order: a session of its own; the first session keeps its own order only (decision 0223)", async () => {
    const patient = await prove(JANE);
    const second = await lookup(ALEX.number, ALEX.dateOfBirth, patient.headers);
    expect(second.statusCode).toBe(200);
    const alexCookie = sessionCookieOf(second);
    expect(alexCookie).toBeDefined();
    const alexOrder = second.json<GearOrder>();
    const janeHeaders = { authorization: `Bearer ${await tokenOf(patient.cookie)}` };
    expect((await get(`/gear/order/${alexOrder.id}`, janeHeaders)).statusCode).toBe(403);
    expect((await get(`/gear/order/${patient.order.id}`, janeHeaders)).statusCode).toBe(200);
    const alexHeaders = { authorization: `Bearer ${await tokenOf(`gear_session=${alexCookie?.value}`)}` };
    expect((await get(`/gear/order/${alexOrder.id}`, alexHeaders)).statusCode).toBe(200);
    expect((await get(`/gear/order/${patient.order.id}`, alexHeaders)).statusCode).toBe(403);
  });

  it('spec 2 §5: saves their patient step, where email and cell phone are required of a patient', async () => {
    const patient = await prove(JANE);
    const save = (info: ReturnType<typeof patientInfo>, version: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/gear/order/${patient.order.id}/patient/`,
        headers: patient.headers,
        payload: { id: patient.order.id, version, patientInfo: info },
      });
    const jane = patientInfo({ nameFirst: 'Jane', nameLast: 'Testpatient', dateOfBirth: '1985-04-12' });
    const refused = expectEnvelope(await save({ ...jane, email: null }, patient.order.version), 400);
    expect(refused.errors).toContainEqual({
      field: 'email',
      defaultMessage: 'Please provide an email address.',
    });
    const saved = await save({ ...jane, marketingOptIn: true }, patient.order.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GearOrder>().patientInfo?.marketingOptIn).toBe(true);
  });

  it('spec 2 §5: on an order that is not drop-ship, email and cell phone are required of the patient only', async () => {
    const patient = await prove(ALEX);
    const alex = patientInfo({
      nameFirst: 'Alex',
      nameLast: 'Rivera',
      dateOfBirth: '1990-07-21',
      email: null,
      voicePhone: null,
    });
    const save = (headers: Record<string, string>, version: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/gear/order/${patient.order.id}/patient/`,
        headers,
        payload: { id: patient.order.id, version, patientInfo: alex },
      });
    const refused = expectEnvelope(await save(patient.headers, patient.order.version), 400);
    expect(refused.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', defaultMessage: 'Please provide an email address.' },
        { field: 'voicePhone', defaultMessage: 'Please provide a phone number.' },
      ]),
    );
    const avery = await signIn(ctx.app, 'dr.avery');
    const byPractitioner = await save(avery.headers, patient.order.version);
    expect(byPractitioner.statusCode, byPractitioner.body).toBe(200);
  });

  it.each([
    ['GET', '/gear/practitioner-options'],
    ['GET', '/gear/practitioner/P1001'],
    ['GET', '/gear/practitioner/P1001/orderableItems'],
    ['GET', '/gear/practitioner/P1001/previousInstructions/540'],
    ['GET', '/gear/api/patient-lookup?query=jane&orderId=ORDER'],
    ['GET', '/gear/api/get-ellkay-patient?chartNumber=C10001&orderId=ORDER'],
    ['PUT', '/gear/practitioner/'],
    ['PUT', '/gear/testSelection/'],
    ['PUT', '/gear/order/ORDER/skip-step/6'],
    ['PUT', '/gear/order/ORDER/confirm-price-increase/REQ/billing'],
  ])('spec 1 §6, spec 2 §6: a patient is refused the practitioner-only %s %s (403)', async (method, url) => {
    const patient = await prove(JANE);
    const id = String(patient.order.id);
    const response = await ctx.app.inject({
      method: method as 'GET' | 'PUT',
      url: url.replace('ORDER', id).replace('REQ', String(patient.order.requisitions[0]?.id)),
      headers: patient.headers,
      ...(method === 'PUT'
        ? {
            payload: {
              id: patient.order.id,
              version: patient.order.version,
              practAgreement: true,
              practitioner: { gsdlNo: 'P1001' },
              requisitions: [],
            },
          }
        : {}),
    });
    expect(response.statusCode, response.body).toBe(403);
  });

  it('spec 1 §4.1: a patient skips diagnosis codes, so may not save them (403)', async () => {
    const patient = await prove(JANE);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/gear/diagnosisCodes/',
      headers: patient.headers,
      payload: { selectedCodes: [], otherCodes: [], gearReqId: patient.order.requisitions[0]?.id },
    });
    expectEnvelope(response, 403, MESSAGES.forbidden);
  });

  it('spec 1 §4.4: a patient may not change the locked tests of a paperless requisition', async () => {
    const patient = await prove(ALEX);
    const requisition = patient.order.requisitions[0];
    if (!requisition) throw new Error('no requisition');
    expect(requisition.paperless).toBe(true);
    const save = (components: number[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/gear/testSelection',
        headers: patient.headers,
        payload: {
          id: patient.order.id,
          version: patient.order.version,
          requisitions: [
            {
              id: requisition.id,
              omsOrderableItemId: requisition.omsOrderableItemId,
              panel: requisition.panel,
              components,
              addons: [],
              dropShip: false,
            },
          ],
        },
      });
    const body = expectEnvelope(await save([4711]), 400, PAPERLESS_LOCKED_MESSAGE);
    expect(body.errors?.[0]?.field).toBe('requisitions.0.panel');
    const kept = await save([...requisition.components]);
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('spec 1 §5: a patient turns Medicare on only when the practitioner is their own authorizing doctor', async () => {
    const patient = await prove(JANE);
    const requisition = patient.order.requisitions[0];
    const orderId = patient.order.id;
    if (!requisition || orderId === 'new') throw new Error('no saved requisition');
    expect(patient.order.governmentPayor).toBe(false);
    let version = patient.order.version;
    const save = (governmentPayor: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/gear/testSelection',
        headers: patient.headers,
        payload: {
          id: patient.order.id,
          version,
          governmentPayor,
          requisitions: [
            {
              id: requisition.id,
              omsOrderableItemId: requisition.omsOrderableItemId,
              panel: requisition.panel,
              components: requisition.components,
              addons: [],
              dropShip: requisition.dropShip,
            },
          ],
        },
      });
    // The practitioner changes under a saved order; its version moves so that no cached copy is served.
    const setAuthorizing = async (gsdlNo: string) => {
      await ctx.database.db
        .update(practitioners)
        .set({ authorizingDoctorGsdlNo: gsdlNo })
        .where(eq(practitioners.gsdlNo, 'P1001'));
      forgetPractitionerDirectory(ctx.database.db);
      version += 1;
      await ctx.database.db.update(orders).set({ version }).where(eq(orders.id, orderId));
    };
    await setAuthorizing('P1002');
    try {
      const body = expectEnvelope(await save(true), 400, MESSAGES.medicareNotOffered);
      expect(body.errors).toEqual([
        { field: 'governmentPayor', defaultMessage: MESSAGES.medicareNotOffered },
      ]);
      expect(await orderGovernmentPayor(orderId)).toBe(false);
    } finally {
      await setAuthorizing('P1001');
    }
    const saved = await save(true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GearOrder>().governmentPayor).toBe(true);
    // Back to No, as the other tests expect Jane's order.
    version = saved.json<GearOrder>().version;
    expect((await save(false)).statusCode).toBe(200);
  });

  it('spec 2 §4 (ID cards): a patient uploads a card to their order and it is served back to them only', async () => {
    const jane = await prove(JANE);
    const alex = await prove(ALEX);
    const boundary = '----gear-patient-card';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nins-primary-front\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="gearOrderId"\r\n\r\n${jane.order.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      CARD,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/gear/uploadInsuranceAttachment',
      headers: {
        ...jane.headers,
        'if-match': String(jane.order.version),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = `/gear/order/${jane.order.id}/attachments/ins-primary-front`;
    const own = await get(url, { cookie: jane.cookie });
    expect(own.statusCode).toBe(200);
    await expectSameImage(own.rawPayload, CARD);
    expectEnvelope(await get(url, alex.headers), 403);
    expect((await get(url, (await signIn(ctx.app, 'dr.avery')).headers)).statusCode).toBe(200);
  });

  it('signs out: the cookie no longer yields a token', async () => {
    const patient = await prove(JANE);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { ...patient.headers, cookie: patient.cookie },
    });
    expect(response.statusCode).toBe(204);
    expectEnvelope(await get('/mygdx/account/JWT/prc', { cookie: patient.cookie }), 401);
  });

  it('decision 0002: a patient session idle for 30 minutes is over', async () => {
    const patient = await prove(JANE);
    await ctx.database.db.execute(
      sql`update patient_sessions set last_seen_at = now() - interval '31 minutes'`,
    );
    expectEnvelope(
      await get('/mygdx/account/JWT/prc', { cookie: patient.cookie }),
      401,
      MESSAGES.signInRequired,
    );
    expectEnvelope(await get(`/gear/order/${patient.order.id}`, { cookie: patient.cookie }), 401);
  });

  it('a signed-in practitioner still finds orders without a date of birth, and is never given a patient session', async () => {
    const avery = await signIn(ctx.app, 'dr.avery');
    const response = await lookup(JANE.number, '1901-01-01', avery.headers);
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)).toBeUndefined();
  });
});

describe('save for later by a patient (spec 2 §4, decision 0040)', () => {
  it('keeps the new order in the patient session: a fresh token reaches it', async () => {
    const avery = await signIn(ctx.app, 'dr.avery');
    const jane = await prove(JANE);
    const two = await addRequisition(
      ctx.app,
      avery.headers,
      jane.order as { id: number; version: number },
      METABOLOMIX,
    );
    const moved = two.requisitions.find((r) => r.omsOrderableItemId === METABOLOMIX.omsOrderableItemId);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${two.id}/requisition/${moved?.id}/save-for-later?version=${two.version}`,
      headers: jane.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { newOrderId } = response.json<{ newOrderId: number }>();
    expectEnvelope(await get(`/gear/order/${newOrderId}`, jane.headers), 403);
    const fresh = { authorization: `Bearer ${await tokenOf(jane.cookie)}` };
    expect((await get(`/gear/order/${newOrderId}`, fresh)).statusCode).toBe(200);
  });
});

describe('GET /gear/order/{id}?dateOfBirth: a patient proves an order by its id (spec 3 §7, decision 0040)', () => {
  const read = (id: number, query = '', headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/gear/order/${id}${query}`, headers });

  it('grants the order with the patient session cookie; a wrong date answers as an unknown id', async () => {
    const jane = await prove(JANE);
    const id = jane.order.id as number;
    expectEnvelope(await read(id), 401, MESSAGES.signInRequired);
    const wrong = await read(id, '?dateOfBirth=1985-04-11');
    const refused = expectEnvelope(wrong, 404, MESSAGES.orderNotFound);
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect((await read(999_999, '?dateOfBirth=1985-04-12')).json()).toEqual(refused);
    const proven = await read(id, '?dateOfBirth=04/12/1985');
    expect(proven.statusCode).toBe(200);
    const set = sessionCookieOf(proven);
    if (!set) throw new Error('no session cookie');
    const headers = { authorization: `Bearer ${await tokenOf(`gear_session=${set.value}`)}` };
    expect((await read(id, '', headers)).statusCode).toBe(200);
    expectEnvelope(await read(id, '?dateOfBirth=not-a-date'), 400);
  });

  it("a proven patient proving another patient's order by its id gets a session of its own; practitioners are unaffected by a date of birth", async () => {
    const jane = await prove(JANE);
    const alex = await prove(ALEX);
    const alexId = alex.order.id as number;
    expectEnvelope(await read(alexId, '', jane.headers), 403);
    const proven = await read(alexId, '?dateOfBirth=1990-07-21', jane.headers);
    expect(proven.statusCode).toBe(200);
    // Another patient's order starts a session of its own (decision 0223); Jane's session does not gain it.
    expect(sessionCookieOf(proven)).toBeDefined();
    const fresh = { authorization: `Bearer ${await tokenOf(jane.cookie)}` };
    expectEnvelope(await read(alexId, '', fresh), 403);
    const avery = await signIn(ctx.app, 'dr.avery');
    expect((await read(jane.order.id as number, '?dateOfBirth=1901-01-01', avery.headers)).statusCode).toBe(
      200,
    );
  });
});

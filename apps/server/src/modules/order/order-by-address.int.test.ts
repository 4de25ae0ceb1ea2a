import { type GearOrder, MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { REMOVED_PACK_NOTICE } from '../../seed/catalogue-data.ts';
import { expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';

/**
 * spec 3 §7 GET /gear/order/{id|new|connect}?dateOfBirth&requisitionNumber&gdxId&merge (decision 0171): at 'new' and
 * 'connect' the order lookup of GET /gear/order; merge=false starts a patient session of its own.
 */
const ctx = useTestApp();

type Response = Awaited<ReturnType<typeof ctx.app.inject>>;

let lastAddress = 0;
const nextAddress = () => `10.9.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

const get = (url: string, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: nextAddress(),
    headers: options.headers ?? {},
    ...(options.cookie ? { cookies: { gear_session: options.cookie } } : {}),
  });

const sessionOf = (response: Response) => response.cookies.find((c) => c.name === 'gear_session')?.value;

const JANE = 'requisitionNumber=50012345&dateOfBirth=1985-04-12';
const ALEX = 'requisitionNumber=50012347&dateOfBirth=1990-07-21';

describe('GET /gear/order/{new|connect} (spec 3 §7; decision 0171)', () => {
  it.each(['new', 'connect'])(
    '%s: a patient proves the order with its number and date of birth',
    async (address) => {
      const response = await get(`/gear/order/${address}?${JANE}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GearOrder>().patientInfo?.nameLast).toBe('Testpatient');
      expect(sessionOf(response)).toBeTruthy();
    },
  );

  it.each<[string, string, number, string | undefined]>([
    [
      'a wrong date of birth answers as an unknown number',
      'requisitionNumber=50012345&dateOfBirth=1985-04-13',
      404,
      MESSAGES.requisitionNotFound,
    ],
    [
      'an unknown number',
      'requisitionNumber=59999999&dateOfBirth=1985-04-12',
      404,
      MESSAGES.requisitionNotFound,
    ],
    ['nobody signed in and no date of birth', 'requisitionNumber=50012345', 401, undefined],
    ['no number', 'dateOfBirth=1985-04-12', 400, MESSAGES.requisitionNumberRequired],
    ['merge is true or false', `${JANE}&merge=maybe`, 400, undefined],
    ['NUL in the number', 'requisitionNumber=5001%002345&dateOfBirth=1985-04-12', 400, undefined],
    ['a huge number', `requisitionNumber=${'5'.repeat(5000)}&dateOfBirth=1985-04-12`, 400, undefined],
  ])('%s → %i', async (_, query, status, message) => {
    const response = await get(`/gear/order/new?${query}`);
    expectEnvelope(response, status, message);
    expect(sessionOf(response)).toBeUndefined();
  });

  it('a removed pack answers 410 with its notice', async () => {
    const response = await get('/gear/order/new?requisitionNumber=50012349&dateOfBirth=1985-04-12');
    expect(response.statusCode).toBe(410);
    expect(response.body).toBe(REMOVED_PACK_NOTICE);
  });

  it("practitioners: their own practice's order; another's 403 with no data", async () => {
    const avery = await signIn(ctx.app, 'dr.avery');
    const own = await get('/gear/order/new?requisitionNumber=50012345', { headers: avery.headers });
    expect(own.statusCode, own.body).toBe(200);
    const chen = await signIn(ctx.app, 'dr.chen');
    const other = await get('/gear/order/new?requisitionNumber=50012345', { headers: chen.headers });
    expectEnvelope(other, 403, MESSAGES.forbidden);
    expect(other.body).not.toContain('Testpatient');
  });

  it("merge (default true) adds the same patient's order to the caller's session, another patient's starts its own (0223); merge=false starts a session of its own", async () => {
    const jane = await get(`/gear/order/new?${JANE}`);
    const janeSession = sessionOf(jane) as string;
    const janeId = jane.json<GearOrder>().id;

    const merged = await get(`/gear/order/connect?${ALEX}&merge=true`, { cookie: janeSession });
    expect(merged.statusCode, merged.body).toBe(200);
    const alexId = merged.json<GearOrder>().id;
    // Another patient's order never joins a patient's session, even with merge=true (decision 0223).
    const alexSession = sessionOf(merged) as string;
    expect(alexSession).toBeTruthy();
    expect((await get(`/gear/order/${janeId}`, { cookie: janeSession })).statusCode).toBe(200);
    expectEnvelope(await get(`/gear/order/${alexId}`, { cookie: janeSession }), 403, MESSAGES.forbidden);
    expect((await get(`/gear/order/${alexId}`, { cookie: alexSession })).statusCode).toBe(200);
    // The same patient's order joins the session (merge=true).
    const janeAgain = await get(`/gear/order/connect?${JANE}&merge=true`, { cookie: janeSession });
    expect(janeAgain.statusCode, janeAgain.body).toBe(200);
    expect(sessionOf(janeAgain)).toBeUndefined();

    const jane2 = sessionOf(await get(`/gear/order/new?${JANE}`)) as string;
    const apart = await get(`/gear/order/new?${ALEX}&merge=false`, { cookie: jane2 });
    expect(apart.statusCode, apart.body).toBe(200);
    const alexOnly = sessionOf(apart) as string;
    expect(alexOnly).toBeTruthy();
    expect(alexOnly).not.toBe(jane2);
    expect((await get(`/gear/order/${alexId}`, { cookie: alexOnly })).statusCode).toBe(200);
    expectEnvelope(await get(`/gear/order/${janeId}`, { cookie: alexOnly }), 403, MESSAGES.forbidden);
    expectEnvelope(await get(`/gear/order/${alexId}`, { cookie: jane2 }), 403, MESSAGES.forbidden);
  });
});

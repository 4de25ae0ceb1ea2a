import {
  ACTIVATION_ERRORS,
  ACTIVATION_MESSAGES,
  type CaptchaChallenge,
  type GearOrder,
  MESSAGES,
  REGISTRATION_ERRORS,
  REGISTRATION_MESSAGES,
  STEP_IDS,
} from '@gear/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REMOVED_PACK_NOTICE } from '../../seed/catalogue-data.ts';
import { solvedPayloadOf } from '../../test/captcha.ts';
import { expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';

/**
 * Patient Registration (spec 3 §2 /register/{reqNum?}, §6; spec 1 §4.4; decision 0170): POST /gear/register makes a
 * patient registration of a pack on no order, once.
 */
const ctx = useTestApp();

type Response = Awaited<ReturnType<typeof ctx.app.inject>>;

let lastAddress = 0;
const nextAddress = () => `10.7.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

async function solvedCaptcha(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/gear/captcha/challenge',
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return solvedPayloadOf(response.json<CaptchaChallenge>());
}

const SAM = { nameFirst: 'Sam', nameLast: 'Rivera', dateOfBirth: '1990-03-14', email: 'sam@example.com' };

async function register(
  body: {
    requisitionNumber: string;
    gdxId?: string;
    patientInfo?: Record<string, unknown>;
    recaptcha?: string | null;
  },
  options: { captcha?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const recaptcha = options.captcha === false ? body.recaptcha : await solvedCaptcha();
  return ctx.app.inject({
    method: 'POST',
    url: '/gear/register',
    remoteAddress: nextAddress(),
    headers: options.headers ?? {},
    payload: { patientInfo: SAM, ...body, recaptcha },
  });
}

const ordersHolding = async (reqNumber: string) => {
  const result = await ctx.database.db.execute<{ count: number }>(
    sql`select count(distinct order_id)::int as count from requisitions where req_number = ${reqNumber}`,
  );
  return (result as unknown as { rows: { count: number }[] }).rows[0]?.count;
};

describe('POST /gear/register: a patient registers a pack on no order (decision 0170)', () => {
  it('makes a patient registration of the pack’s practitioner, the practitioner step completed, in a patient session', async () => {
    const response = await register({ requisitionNumber: 'C522552298' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const order = response.json<GearOrder>();
    expect(order).toMatchObject({
      patientRegistration: true,
      practAgreement: false,
      practitioner: { gsdlNo: 'P1001' },
      patientInfo: {
        nameFirst: 'Sam',
        nameLast: 'Rivera',
        dateOfBirth: '1990-03-14',
        email: 'sam@example.com',
      },
    });
    expect(order.requisitions).toHaveLength(1);
    expect(order.requisitions[0]).toMatchObject({
      reqNumber: '50012346',
      activationCode: 'C522552298',
      omsOrderableItemId: 534,
    });
    // spec 3 §4 'Activation': the first workflow step is Completed (status id 3) once practitioner info is set.
    const pract = order.workflow.steps.find((step) => step.id === STEP_IDS.pract);
    expect(pract?.status.id).toBe(3);
    expect(pract?.userType).toBe('prc');

    const cookie = response.cookies.find((c) => c.name === 'gear_session');
    expect(cookie?.value).toBeTruthy();
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}`,
      cookies: { gear_session: cookie?.value as string },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<GearOrder>().id).toBe(order.id);

    // Registered once: the next registration of the pack is refused; the patient activates it instead.
    const again = await register({ requisitionNumber: '50012346' });
    expectEnvelope(again, 409, REGISTRATION_MESSAGES.alreadyRegistered);
    expect(again.json<{ error: string }>().error).toBe(REGISTRATION_ERRORS.alreadyRegistered);
    const activated = await ctx.app.inject({
      method: 'GET',
      url: `/gear/orderId?requisitionNumber=50012346&dateOfBirth=1990-03-14&recaptcha=${encodeURIComponent(await solvedCaptcha())}`,
      remoteAddress: nextAddress(),
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json<GearOrder>().id).toBe(order.id);
    expect(await ordersHolding('50012346')).toBe(1);
  });

  it('200 concurrent identical registrations of one pack make one order', async () => {
    const captchas = await Promise.all(Array.from({ length: 200 }, () => solvedCaptcha()));
    const responses = await Promise.all(
      captchas.map((recaptcha) => register({ requisitionNumber: '50012351', recaptcha }, { captcha: false })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    expect(await ordersHolding('50012351')).toBe(1);
  }, 120_000);

  it('refuses a missing captcha and a replayed one (RecaptchaInvalidException)', async () => {
    const missing = await register({ requisitionNumber: '50012353', recaptcha: null }, { captcha: false });
    expectEnvelope(missing, 400, ACTIVATION_MESSAGES.captchaInvalid);
    expect(missing.json<{ error: string }>().error).toBe(ACTIVATION_ERRORS.captchaInvalid);
    const recaptcha = await solvedCaptcha();
    // The first use is spent on a refused input (no first name): the solution is still used once.
    expectEnvelope(
      await register(
        { requisitionNumber: '50012353', recaptcha, patientInfo: { ...SAM, nameFirst: '' } },
        { captcha: false },
      ),
      400,
      REGISTRATION_MESSAGES.nameFirstRequired,
    );
    expect(
      (await register({ requisitionNumber: '50012353', recaptcha }, { captcha: false })).statusCode,
    ).toBe(201);
    const replayed = await register({ requisitionNumber: '50012355', recaptcha }, { captcha: false });
    expectEnvelope(replayed, 400, ACTIVATION_MESSAGES.captchaInvalid);
    expect(await ordersHolding('50012355')).toBe(0);
  });

  it.each<[string, Record<string, unknown>, number, string | undefined]>([
    ['spec 1 §5: no number', { requisitionNumber: ' ' }, 400, MESSAGES.requisitionNumberRequired],
    ['a failing check digit', { requisitionNumber: 'C824591516' }, 400, ACTIVATION_MESSAGES.notFound],
    ['an unknown pack', { requisitionNumber: '59999999' }, 404, ACTIVATION_MESSAGES.notFound],
    [
      'a pack on an order already',
      { requisitionNumber: 'C824591515' },
      409,
      REGISTRATION_MESSAGES.alreadyRegistered,
    ],
    [
      'spec 3 §5: 7 digits over 4,000,000 without the GDX ID',
      { requisitionNumber: '4500000' },
      400,
      MESSAGES.practitionerGdxIdRequired,
    ],
    [
      'no first name',
      { requisitionNumber: '50012357', patientInfo: { ...SAM, nameFirst: ' ' } },
      400,
      REGISTRATION_MESSAGES.nameFirstRequired,
    ],
    [
      'no last name',
      { requisitionNumber: '50012357', patientInfo: { ...SAM, nameLast: '' } },
      400,
      REGISTRATION_MESSAGES.nameLastRequired,
    ],
    [
      'a date of birth that is no day',
      { requisitionNumber: '50012357', patientInfo: { ...SAM, dateOfBirth: '1990-02-30' } },
      400,
      undefined,
    ],
    [
      'NUL in a name',
      { requisitionNumber: '50012357', patientInfo: { ...SAM, nameLast: 'Riv\u0000era' } },
      400,
      undefined,
    ],
    [
      'broken Unicode in a name',
      { requisitionNumber: '50012357', patientInfo: { ...SAM, nameLast: 'Riv\uD800era' } },
      400,
      undefined,
    ],
    [
      'a huge name',
      { requisitionNumber: '50012357', patientInfo: { ...SAM, nameFirst: 'a'.repeat(100_000) } },
      400,
      undefined,
    ],
    ['a huge number', { requisitionNumber: '5'.repeat(10_000) }, 400, undefined],
    [
      'a bad email',
      { requisitionNumber: '50012357', patientInfo: { ...SAM, email: 'not-an-email' } },
      400,
      undefined,
    ],
  ])('%s → %i', async (_, body, status, message) => {
    const response = await register(body as { requisitionNumber: string });
    expectEnvelope(response, status, message);
  });

  it('a removed pack answers 410 RequisitionActivationRetiredException with its notice', async () => {
    const response = await register({ requisitionNumber: 'C505860338' });
    expectEnvelope(response, 410, REMOVED_PACK_NOTICE);
    expect(response.json<{ error: string }>().error).toBe(ACTIVATION_ERRORS.retired);
  });

  it("a pack of no practitioner needs the practitioner's GDX ID, then is theirs", async () => {
    expectEnvelope(
      await register({ requisitionNumber: '50012352' }),
      400,
      REGISTRATION_MESSAGES.practitionerNeeded,
    );
    const response = await register({ requisitionNumber: '50012352', gdxId: 'p1002' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<GearOrder>().practitioner?.gsdlNo).toBe('P1002');
  });

  it('spec 3 §6: a signed-in practitioner is refused (403); nothing is made', async () => {
    const avery = await signIn(ctx.app, 'dr.avery');
    const response = await register({ requisitionNumber: '50012357' }, { headers: avery.headers });
    expectEnvelope(response, 403, MESSAGES.forbidden);
    expect(await ordersHolding('50012357')).toBe(0);
  });
});

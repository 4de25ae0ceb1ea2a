import { type GearOrder, MESSAGES, SOFT_LOCKOUT } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed/people.ts';
import { solvedCaptcha } from '../../test/captcha.ts';
import { useTestApp } from '../../test/helper.ts';

/** Issue 14 item 9 (docs/decisions/0222): budgets kept, the lockout soft. */
const ctx = useTestApp();

type Response = Awaited<ReturnType<typeof ctx.app.inject>>;

/** Demo data: Jane Testpatient's pack (P1001). */
const JANE = { number: '50012345', dateOfBirth: '1985-04-12' };
const trustedCookieOf = (response: Response) =>
  response.cookies.find((c) => c.name === 'gear_trusted')?.value;

const readOrder = (
  orderId: number,
  dateOfBirth: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'GET',
    url: `/gear/order/${orderId}?dateOfBirth=${dateOfBirth}`,
    remoteAddress,
    headers,
    cookies,
  });

const statuses = (responses: Response[]) =>
  responses.reduce<Record<number, number>>((count, r) => {
    count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
    return count;
  }, {});

describe('a patient locked out by strangers still gets in', () => {
  it('from the browser that proved the order before (its own budget), or with a solved challenge', async () => {
    // The owner proves the order once: the browser is remembered for it.
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order?requisitionNumber=${JANE.number}&dateOfBirth=${JANE.dateOfBirth}`,
      remoteAddress: '10.91.0.1',
    });
    expect(first.statusCode, first.body).toBe(200);
    const orderId = first.json<GearOrder>().id as number;
    const trusted = trustedCookieOf(first);
    expect(trusted).toBeTruthy();

    // A stranger fires 40 concurrent wrong dates: at most the budget (5) are evaluated, the order is locked.
    const attack = await Promise.all(
      Array.from({ length: 40 }, () => readOrder(orderId, '1900-01-01', '10.91.0.66')),
    );
    expect(statuses(attack)[404]).toBeLessThanOrEqual(5);
    expect((statuses(attack)[404] ?? 0) + (statuses(attack)[429] ?? 0)).toBe(40);
    // A new browser with the right date is refused: the hard lockout for strangers.
    expect((await readOrder(orderId, JANE.dateOfBirth, '10.91.0.2')).statusCode).toBe(429);

    // The owner's browser gets in.
    const owner = await readOrder(
      orderId,
      JANE.dateOfBirth,
      '10.91.0.3',
      {},
      { gear_trusted: trusted as string },
    );
    expect(owner.statusCode, owner.body).toBe(200);

    // A forged or foreign trusted cookie is worth nothing.
    const forged = `${Buffer.from(JSON.stringify({ id: 'x', subjects: [`order:${orderId}`], exp: 9e15 })).toString('base64url')}.AAAA`;
    expect(
      (await readOrder(orderId, JANE.dateOfBirth, '10.91.0.4', {}, { gear_trusted: forged })).statusCode,
    ).toBe(429);

    // The trusted browser's own budget holds under concurrency too: 30 concurrent wrong dates, at most 5 evaluated.
    const fromOwner = await Promise.all(
      Array.from({ length: 30 }, () =>
        readOrder(orderId, '1900-01-02', '10.91.0.5', {}, { gear_trusted: trusted as string }),
      ),
    );
    expect(statuses(fromOwner)[404]).toBeLessThanOrEqual(5);
    expect((statuses(fromOwner)[404] ?? 0) + (statuses(fromOwner)[429] ?? 0)).toBe(30);

    // Past the budget a solved proof-of-work challenge lets an attempt be evaluated; one solution is one attempt,
    // however many requests carry it at once.
    const solution = await solvedCaptcha(ctx.app, '10.91.0.7');
    const withOneSolution = await Promise.all(
      Array.from({ length: 20 }, () =>
        readOrder(orderId, '1900-01-03', '10.91.0.7', { 'x-gear-captcha': solution }),
      ),
    );
    expect(statuses(withOneSolution)).toEqual({ 404: 1, 429: 19 });
    const solved = await readOrder(orderId, JANE.dateOfBirth, '10.91.0.8', {
      'x-gear-captcha': await solvedCaptcha(ctx.app, '10.91.0.8'),
    });
    expect(solved.statusCode, solved.body).toBe(200);
  });
});

describe('a practitioner locked out by strangers still signs in', () => {
  const fox = DEMO_USERS.find((user) => user.loginName === 'dr.fox');
  const signInFrom = (password: string, remoteAddress: string, extra: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'dr.fox', password },
      remoteAddress,
      ...extra,
    });

  it('from a browser that signed in before, or with a solved challenge', async () => {
    const first = await signInFrom(fox?.password as string, '10.92.0.1');
    expect(first.statusCode).toBe(200);
    const trusted = trustedCookieOf(first) as string;
    expect(trusted).toBeTruthy();

    const attack = await Promise.all(Array.from({ length: 30 }, () => signInFrom('wrong', '10.92.0.66')));
    expect(statuses(attack)[401]).toBeLessThanOrEqual(8);
    expect((await signInFrom(fox?.password as string, '10.92.0.2')).statusCode).toBe(429);

    const owner = await signInFrom(fox?.password as string, '10.92.0.3', {
      cookies: { gear_trusted: trusted },
    });
    expect(owner.statusCode, owner.body).toBe(200);

    const solved = await signInFrom(fox?.password as string, '10.92.0.4', {
      headers: { 'x-gear-captcha': await solvedCaptcha(ctx.app, '10.92.0.4') },
    });
    expect(solved.statusCode, solved.body).toBe(200);
  });
});

describe('the pages know when a challenge would help (decision 0229)', () => {
  it("a 429 past an order's budget names ChallengeRequiredException; the X-Gear-Captcha retry is evaluated", async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order?requisitionNumber=${JANE.number}&dateOfBirth=${JANE.dateOfBirth}`,
      remoteAddress: '10.93.0.1',
    });
    const orderId = first.json<GearOrder>().id as number;
    for (let i = 0; i < 6; i += 1) await readOrder(orderId, '1900-01-02', '10.93.0.66');
    const locked = await readOrder(orderId, JANE.dateOfBirth, '10.93.0.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: SOFT_LOCKOUT.error, message: MESSAGES.orderProofThrottled });
    // A used or forged solution is no way in: the same named 429.
    const forged = await readOrder(orderId, JANE.dateOfBirth, '10.93.0.2', { 'x-gear-captcha': 'forged' });
    expect(forged.json()).toMatchObject({ error: SOFT_LOCKOUT.error });
    const solved = await readOrder(orderId, JANE.dateOfBirth, '10.93.0.2', {
      'x-gear-captcha': await solvedCaptcha(ctx.app, '10.93.0.2'),
    });
    expect(solved.statusCode, solved.body).toBe(200);
  });

  it("Welcome Back past the order's budget: its own captcha is not the challenge; with X-Gear-Captcha too, the owner gets in", async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order?requisitionNumber=${JANE.number}&dateOfBirth=${JANE.dateOfBirth}`,
      remoteAddress: '10.94.0.1',
    });
    const order = first.json<GearOrder>();
    const zip = (order.patientInfo?.addresses.find((a) => a.zipCode)?.zipCode ??
      order.shippingInformation?.zipCode ??
      '') as string;
    const validate = async (
      dateOfBirth: string,
      remoteAddress: string,
      headers: Record<string, string> = {},
    ) =>
      ctx.app.inject({
        method: 'GET',
        url: `/gear/order/validation/${order.id}?${new URLSearchParams({
          dateOfBirth,
          zipCode: zip.slice(0, 5),
          recaptcha: await solvedCaptcha(ctx.app, remoteAddress),
        })}`,
        remoteAddress,
        headers,
      });
    for (let i = 0; i < 6; i += 1) await readOrder(order.id as number, '1900-01-03', '10.94.0.66');
    // The form's captcha (spec 3 §5) keeps its own meaning: the budget holds (decisions 0141, 0222).
    const refused = await validate(JANE.dateOfBirth, '10.94.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: SOFT_LOCKOUT.error });
    const owner = await validate(JANE.dateOfBirth, '10.94.0.2', {
      'x-gear-captcha': await solvedCaptcha(ctx.app, '10.94.0.2'),
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("a 429 past a login's budget names the challenge too", async () => {
    for (let i = 0; i < 9; i += 1)
      await ctx.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { username: 'dr.avery', password: 'wrong' },
        remoteAddress: '10.95.0.66',
      });
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'dr.avery', password: 'wrong' },
      remoteAddress: '10.95.0.2',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: SOFT_LOCKOUT.error, message: MESSAGES.signInThrottled });
  });
});

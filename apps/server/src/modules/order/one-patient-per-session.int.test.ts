import type { GearOrder } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';

/** Issue 14, low items (docs/decisions/0223): a patient session holds one patient's orders. */
const ctx = useTestApp();

type Response = Awaited<ReturnType<typeof ctx.app.inject>>;

/** Demo data: Jane Testpatient's pack (P1001), Alex Rivera's (P1002). */
const JANE = { number: '50012345', dateOfBirth: '1985-04-12' };
const ALEX = { number: '50012347', dateOfBirth: '1990-07-21' };

const sessionCookieOf = (response: Response) =>
  response.cookies.find((c) => c.name === 'gear_session')?.value;

const prove = (who: { number: string; dateOfBirth: string }, cookie?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/gear/order?requisitionNumber=${who.number}&dateOfBirth=${who.dateOfBirth}`,
    ...(cookie ? { cookies: { gear_session: cookie } } : {}),
  });

async function ordersOfSession(cookie: string): Promise<number[]> {
  const jwt = await ctx.app.inject({
    method: 'GET',
    url: '/mygdx/account/JWT/prc',
    cookies: { gear_session: cookie },
  });
  expect(jwt.statusCode, jwt.body).toBe(200);
  const payload = jwt.json<{ token: string }>().token.split('.')[1] as string;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { ord: number[] }).ord;
}

describe("another patient's proof link", () => {
  it("starts a fresh session instead of adding that patient's order to the session", async () => {
    const jane = await prove(JANE);
    expect(jane.statusCode, jane.body).toBe(200);
    const janeCookie = sessionCookieOf(jane) as string;
    const janeOrder = jane.json<GearOrder>().id;

    const alex = await prove(ALEX, janeCookie);
    expect(alex.statusCode, alex.body).toBe(200);
    const alexCookie = sessionCookieOf(alex);
    expect(alexCookie).toBeTruthy();
    expect(alexCookie).not.toBe(janeCookie);
    expect(await ordersOfSession(janeCookie)).toEqual([janeOrder]);
    expect(await ordersOfSession(alexCookie as string)).toEqual([alex.json<GearOrder>().id]);
  });

  it("proving the same patient's order again keeps the session", async () => {
    const jane = await prove(JANE);
    const janeCookie = sessionCookieOf(jane) as string;
    const again = await prove(JANE, janeCookie);
    expect(again.statusCode).toBe(200);
    expect(sessionCookieOf(again)).toBeUndefined();
    expect(await ordersOfSession(janeCookie)).toEqual([jane.json<GearOrder>().id]);
  });
});

import { MESSAGES, type RecentDxCodes } from '@gear/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  expectEnvelope,
  GI_EFFECTS,
  METABOLOMIX,
  newOrderWith,
  ok,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', fox: 'dr.fox' });

let codes: string[] = [];

/** Puts codes on a requisition as a saved diagnosis codes step leaves them. */
async function giveCodes(gearReqId: number, given: string[]) {
  const icd = given.map((code, index) => ({ code, name: code, rank: index + 1, otherCode: true }));
  await ctx.database.db.execute(
    sql`update requisitions set icd_codes = ${JSON.stringify(icd)}::jsonb where id = ${gearReqId}`,
  );
}

const reqOf = (order: { requisitions: { id: number }[] }, index = 0) =>
  order.requisitions[index]?.id as number;
const recentFor = (who: (typeof as)[keyof typeof as], gearReqId: number) =>
  callAs(ctx.app, who, 'GET', `/gear/diagnosisCodes/recent?gearReqId=${gearReqId}`);

beforeAll(async () => {
  const result = await ctx.database.db.execute(
    sql`select code from icd10_codes where active and billable order by code limit 4`,
  );
  codes = (result as unknown as { rows: { code: string }[] }).rows.map((row) => row.code);
  expect(codes).toHaveLength(4);
});

describe('GET /gear/diagnosisCodes/recent (decision 0282)', () => {
  it("offers the practitioner's recent codes, newest first, and the codes most used with this product", async () => {
    const [a, b, c, d] = codes as [string, string, string, string];
    const first = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [GI_EFFECTS]);
    await giveCodes(reqOf(first), [a, b]);
    const second = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [GI_EFFECTS, METABOLOMIX]);
    await giveCodes(reqOf(second), [a]);
    await giveCodes(reqOf(second, 1), [c]);
    await ctx.database.db.execute(
      sql`update orders set updated_at = now() + interval '1 minute' where id = ${second.id}`,
    );
    // Another practice's codes are never offered.
    const foxs = await newOrderWith(ctx.app, as.fox.headers, 'P1006', [GI_EFFECTS]);
    await giveCodes(reqOf(foxs), [d]);

    const current = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [GI_EFFECTS]);
    const answer = ok<RecentDxCodes>(await recentFor(as.avery, reqOf(current)));
    const recent = answer.recentlyUsed.map((row) => row.code);
    expect(recent).toEqual(expect.arrayContaining([a, b, c]));
    expect(recent).not.toContain(d);
    expect(recent.slice(0, 2).sort()).toEqual([a, c].sort());
    const withProduct = answer.mostUsedWithProduct.map((row) => row.code);
    expect(withProduct[0]).toBe(a);
    expect(withProduct).toContain(b);
    expect(withProduct).not.toContain(c);
    expect(withProduct).not.toContain(d);
    expect(answer.recentlyUsed.every((row) => row.name.length > 0)).toBe(true);
  });

  it("refuses another practitioner's requisition (403), an unknown one (404) and bad input (400)", async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [GI_EFFECTS]);
    expectEnvelope(await recentFor(as.chen, reqOf(order)), 403, MESSAGES.forbidden);
    expectEnvelope(await recentFor(as.avery, 999999999), 404);
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/gear/diagnosisCodes/recent?gearReqId=abc'), 400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/gear/diagnosisCodes/recent?gearReqId=${reqOf(order)}` }))
        .statusCode,
    ).toBe(401);
  });
});

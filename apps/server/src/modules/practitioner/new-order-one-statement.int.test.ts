import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/helper.ts';
import { ok } from '../../test/order-builders.ts';
import { loadOrder } from '../order/order.repository.ts';

// Decision 0055: a new order is answered from what its insert statement returned, with no read after it (its
// statements are counted by bench/requests.ts).
const ctx = useTestApp();

const newOrder = async (login: 'dr.avery' | 'admin.ops', gsdlNo: string) => {
  const { headers } = await signIn(ctx.app, login);
  const payload = { id: 'new', practAgreement: true, practitioner: { gsdlNo } };
  const response = await ctx.app.inject({ method: 'PUT', url: '/gear/practitioner/', headers, payload });
  return { order: ok(response), headers };
};

describe('decision 0055: a new order is one statement', () => {
  it('answers the order exactly as a fresh read of the database assembles it', async () => {
    await newOrder('dr.avery', 'P1001');
    const { order } = await newOrder('dr.avery', 'P1001');
    const fresh = await loadOrder(ctx.database.db, order.id);
    expect(order).toEqual(JSON.parse(JSON.stringify(fresh)));
    expect(order.workflow.steps.length).toBeGreaterThan(0);
    expect(order.practitioner?.gsdlNo).toBe('P1001');
  });

  it('an order an admin creates for a practitioner (on behalf) answers as a fresh read does', async () => {
    const { order } = await newOrder('admin.ops', 'P1001');
    expect(order.onBehalfOf).not.toBeNull();
    const fresh = await loadOrder(ctx.database.db, order.id);
    expect(order).toEqual(JSON.parse(JSON.stringify(fresh)));
  });

  it('the read that follows answers the new order; after a write, afresh', async () => {
    const { order, headers } = await newOrder('dr.avery', 'P1001');
    const read = () => ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers });
    expect(ok(await read())).toEqual(order);
    await ctx.database.db.execute(
      sql`update orders set on_behalf_of = 'X9', version = version + 1 where id = ${order.id}`,
    );
    const changed = ok(await read());
    expect(changed).toMatchObject({ onBehalfOf: 'X9', version: order.version + 1 });
  });

  it("another practitioner's user cannot read the new order (403)", async () => {
    const { order } = await newOrder('dr.avery', 'P1001');
    const { headers } = await signIn(ctx.app, 'dr.chen');
    const response = await ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Avery');
  });
});

import { MESSAGES } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, practitioners } from '../../db/schema/index.ts';
import { databaseStatementCount, untilNextWrite, writeEpoch } from '../../lib/write-epoch.ts';
import { expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';
import { dropShipOrder, ok, PRODUCTS, type SavedOrder } from '../../test/order-builders.ts';

const ctx = useTestApp();
/** The write-epoch shortcut exists on the embedded database only; on PostgreSQL every read asks the server. */
const embedded = () => writeEpoch(ctx.database.db) !== null;

const readOrder = async (id: number, login: 'dr.avery' | 'dr.chen' | 'admin.ops' = 'dr.avery') =>
  ctx.app.inject({
    method: 'GET',
    url: `/gear/order/${id}`,
    headers: (await signIn(ctx.app, login)).headers,
  });

/** Statements the embedded database runs during `work` (0 on PostgreSQL). */
async function statementsDuring(work: () => Promise<unknown>) {
  const before = databaseStatementCount(ctx.database.db);
  await work();
  return databaseStatementCount(ctx.database.db) - before;
}

describe('decision 0055: order reads served from memory while nothing was written', () => {
  it('a second read of an unchanged order asks the embedded database nothing, and answers the same', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const read = () => ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers });
    const first = ok(await read());
    let second: SavedOrder | undefined;
    const statements = await statementsDuring(async () => {
      second = ok(await read());
    });
    expect(second).toEqual(first);
    expect(first).toMatchObject({ id: order.id, version: order.version });
    if (embedded()) expect(statements).toBe(0);
  });

  it('a write that does not go through the order repository (raw SQL, with its version bump) is seen at once', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    expect(ok(await readOrder(order.id)).shippingMethod).toBe('FedEx Ground');
    expect(ok(await readOrder(order.id)).shippingMethod).toBe('FedEx Ground');
    await ctx.database.db.execute(
      sql`update orders set shipping_method = 'FedEx 2Day', version = version + 1 where id = ${order.id}`,
    );
    const after = ok(await readOrder(order.id));
    expect(after).toMatchObject({ shippingMethod: 'FedEx 2Day', version: order.version + 1 });
  });

  it('a write in a transaction that rolls back leaves the order as it was', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    ok(await readOrder(order.id));
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.update(orders).set({ shippingMethod: 'Rolled back' }).where(eq(orders.id, order.id));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(ok(await readOrder(order.id))).toMatchObject({
      version: order.version,
      shippingMethod: 'FedEx Ground',
    });
  });

  it('a cached order still answers 403 to another practitioner and 200 to an admin; 404 for no order', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    ok(await readOrder(order.id));
    expectEnvelope(await readOrder(order.id, 'dr.chen'), 403, MESSAGES.forbidden);
    expect(ok(await readOrder(order.id, 'admin.ops')).id).toBe(order.id);
    expectEnvelope(await readOrder(999_999), 404, MESSAGES.orderNotFound);
  });

  it("a change of the practitioner's authorizing doctor is seen by the access check at once", async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1002', [PRODUCTS.giEffects]);
    expect((await readOrder(order.id, 'dr.chen')).statusCode).toBe(403);
    const setAuthorizing = (gsdlNo: string) =>
      ctx.database.db
        .update(practitioners)
        .set({ authorizingDoctorGsdlNo: gsdlNo })
        .where(eq(practitioners.gsdlNo, 'P1002'));
    // dr.chen (P1003) may see the orders of practitioners P1003 authorizes.
    await setAuthorizing('P1003');
    try {
      expect((await readOrder(order.id, 'dr.chen')).statusCode).toBe(200);
    } finally {
      await setAuthorizing('P1001');
    }
    expect((await readOrder(order.id, 'dr.chen')).statusCode).toBe(403);
  });

  it('a save answers the saved order and the next read serves it without asking again; a stale save is 409', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const save = (version: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/gear/testSelection',
        headers,
        payload: {
          id: order.id,
          version,
          requisitions: [
            {
              id: order.requisitions[0]?.id,
              ...PRODUCTS.giEffects,
              patientInstructions: `Version ${version}`,
              dropShip: true,
            },
          ],
        },
      });
    const saved = ok(await save(order.version));
    expect(saved.version).toBe(order.version + 1);
    let read: SavedOrder | undefined;
    const statements = await statementsDuring(async () => {
      read = ok(await ctx.app.inject({ method: 'GET', url: `/gear/order/${saved.id}`, headers }));
    });
    expect(read).toEqual(saved);
    expect(read?.requisitions[0]?.patientInstructions).toBe(`Version ${order.version}`);
    if (embedded()) expect(statements).toBe(0);
    expectEnvelope(await save(order.version), 409, MESSAGES.staleOrder);
  });
});

describe('decision 0055: untilNextWrite', () => {
  it('serves a read again until anything is written, then reads afresh', async () => {
    let reads = 0;
    const countOrders = untilNextWrite(async (db: typeof ctx.database.db, gsdlNo: string) => {
      reads += 1;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.practitionerGsdlNo, gsdlNo));
      return row?.count ?? 0;
    });
    const { db } = ctx.database;
    const first = await countOrders(db, 'P1005');
    expect(await countOrders(db, 'P1005')).toBe(first);
    expect(reads).toBe(embedded() ? 1 : 2);
    await ctx.app.inject({
      method: 'PUT',
      url: '/gear/practitioner/',
      headers: (await signIn(ctx.app, 'dr.evans')).headers,
      payload: { id: 'new', practAgreement: true, practitioner: { gsdlNo: 'P1005' } },
    });
    expect(await countOrders(db, 'P1005')).toBe(first + 1);
    await db.execute(sql`select 1`);
    const readsBefore = reads;
    await countOrders(db, 'P1005');
    expect(reads).toBe(embedded() ? readsBefore : readsBefore + 1);
  });
});

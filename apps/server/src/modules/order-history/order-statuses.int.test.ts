import { type OrderHistoryPage, STEP_IDS } from '@gear/domain';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callAs, GI_EFFECTS, newOrderWith, ok, useSignIns, useTestApp } from '../../test/helper.ts';

// The kept listed status (docs/decisions/0313): every write to a fact the status is derived from makes it stale in
// the same transaction (the database's triggers, whoever writes), and what a list keeps is the domain's derivation.
const ctx = useTestApp();
const as = useSignIns(ctx, { admin: 'admin.ops', avery: 'dr.avery' });

const run = (statement: SQL) =>
  ctx.database.db.execute(statement) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
const history = async (query: Record<string, string>) =>
  ok<OrderHistoryPage>(
    await callAs(ctx.app, as.admin, 'GET', `/api/admin/orders?${new URLSearchParams(query)}`),
  );
const keptStatus = async (orderId: number) =>
  (await run(sql`select status from order_statuses where order_id = ${orderId}`)).rows[0]?.status;
/** The status the list derives from the facts on every read (no filter: nothing kept is read). */
const derivedStatus = async (orderId: number) =>
  (await history({ q: String(orderId) })).orders.find((order) => order.gearOrderId === orderId)?.status;

/** After a change: stale; a status-filtered list then derives it and keeps what the domain derives. */
async function expectKeptAfter(change: SQL, orderIds: number[]) {
  await run(change);
  for (const orderId of orderIds) expect(await keptStatus(orderId)).toBeNull();
  for (const orderId of orderIds) {
    await history({ q: String(orderId), status: 'ResultsReady' });
    const derived = await derivedStatus(orderId);
    expect(await keptStatus(orderId)).toBe(derived);
  }
  return derivedStatus(orderIds[0] as number);
}

describe('order_statuses: the kept listed status (decision 0313)', () => {
  it('a new order has a stale status row; every kind of change to its facts makes it stale again', async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    const other = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    const id = order.id;
    const requisitionId = order.requisitions[0]?.id as number;
    const confirmation = STEP_IDS.practitionerConfirmation;
    expect(await keptStatus(id)).toBeNull();
    const seen: (string | undefined)[] = [];
    const steps: [SQL, number[]][] = [
      [
        sql`update workflow_steps set completed = true, step_date = now() where order_id = ${id} and step_id = ${confirmation}`,
        [id],
      ],
      [sql`update orders set data_confirmed = true where id = ${id}`, [id]],
      [
        sql`update requisitions set date_last_sample_collected = '2026-11-01' where id = ${requisitionId}`,
        [id],
      ],
      [
        sql`insert into shipments (order_id, tracking_number, status, recorded_by) values (${id}, ${`T${id}`}, 'IN_TRANSIT', 'test')`,
        [id],
      ],
      [sql`update shipments set delivery_date = '2026-11-03' where order_id = ${id}`, [id]],
      [
        sql`insert into accessions (gear_req_id, accession_no, product_name, requisition_status_id, recorded_by) values (${requisitionId}, ${`A${id}`}, 'GI Effects', 1, 'test')`,
        [id],
      ],
      [sql`update accessions set requisition_status_id = 3 where gear_req_id = ${requisitionId}`, [id]],
      [sql`update accessions set discarded_specimen = true where gear_req_id = ${requisitionId}`, [id]],
      [sql`delete from accessions where gear_req_id = ${requisitionId}`, [id]],
      [sql`delete from shipments where order_id = ${id}`, [id]],
      [
        sql`insert into recollections (order_id, gear_req_id, pending, requested_by) values (${id}, ${requisitionId}, true, 'test')`,
        [id],
      ],
      [
        sql`update recollections set pending = false, recollection_order_id = ${other.id} where order_id = ${id}`,
        [id, other.id],
      ],
      [sql`delete from recollections where order_id = ${id}`, [id, other.id]],
      [sql`delete from workflow_steps where order_id = ${id} and step_id = ${confirmation}`, [id]],
      [sql`update requisitions set canceled = true where id = ${requisitionId}`, [id]],
      [sql`update requisitions set canceled = false where id = ${requisitionId}`, [id]],
      [sql`update orders set canceled = true where id = ${id}`, [id]],
      [sql`update orders set canceled = false where id = ${id}`, [id]],
      [sql`delete from requisitions where id = ${requisitionId}`, [id]],
    ];
    for (const [change, orderIds] of steps) seen.push(await expectKeptAfter(change, orderIds));
    // The walk went through the statuses a list shows, each kept as derived.
    expect(seen).toEqual([
      'OrderPlaced',
      'SpecimenMissing',
      'Incomplete',
      'Shipped',
      'Incomplete',
      'ReceivedByLab',
      'ResultsReady',
      'DiscardedSpecimens',
      'Incomplete',
      'Incomplete',
      'RecollectionPending',
      'RecollectionOrdered',
      'Incomplete',
      'Incomplete',
      'Canceled',
      'Incomplete',
      'Canceled',
      'Incomplete',
      'Incomplete',
    ]);
  });

  it('a status kept from facts read before a change is not written over the change (the version moved on)', async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    const [before] = (await run(sql`select version from order_statuses where order_id = ${order.id}`)).rows;
    await run(sql`update orders set data_confirmed = true where id = ${order.id}`);
    await run(
      sql`update order_statuses set status = 'NotPlaced' where order_id = ${order.id} and version = ${before?.version}`,
    );
    expect(await keptStatus(order.id)).toBeNull();
  });

  it('a status filter finds orders by their kept status and by their derived status while stale', async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    const found = async () =>
      (await history({ status: 'NotPlaced' })).orders.some((row) => row.gearOrderId === order.id);
    expect(await found()).toBe(true);
    expect(await keptStatus(order.id)).toBe('NotPlaced');
    expect(await found()).toBe(true);
    await run(sql`update orders set canceled = true where id = ${order.id}`);
    expect(await found()).toBe(false);
    expect(await keptStatus(order.id)).toBe('Canceled');
  });
});

import { type OrderHistoryPage, STEP_IDS } from '@gear/domain';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addRequisition,
  callAs,
  createOrder,
  GI_EFFECTS,
  METABOLOMIX,
  newOrderWith,
  ok,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import { orderFactsStatement } from './order-history.repository.ts';

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
const keptVersion = async (orderId: number) =>
  Number((await run(sql`select version from order_statuses where order_id = ${orderId}`)).rows[0]?.version);
/** The status the list derives on every read (from its kept facts, decision 0342; no filter: no kept status is read). */
const derivedStatus = async (orderId: number) =>
  (await history({ q: String(orderId) })).orders.find((order) => order.gearOrderId === orderId)?.status;

/** After a change: stale; a status-filtered list then derives it and keeps what the domain derives. */
async function expectKeptAfter(change: SQL | (() => Promise<unknown>), orderIds: number[]) {
  await (typeof change === 'function' ? change() : run(change));
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

  it('rows added to an existing order make its kept status stale: a requisition saved, a workflow step, a shipment', async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    const id = order.id;
    const confirmation = STEP_IDS.practitionerConfirmation;
    const seen: (string | undefined)[] = [];
    seen.push(await expectKeptAfter(sql`update orders set data_confirmed = true where id = ${id}`, [id]));
    // The test-selection save of a second requisition: the order core inserts the requisition and its workflow rows.
    seen.push(
      await expectKeptAfter(
        () =>
          addRequisition(ctx.app, as.avery.headers, order, {
            omsOrderableItemId: METABOLOMIX.omsOrderableItemId,
            panel: METABOLOMIX.panel,
          }),
        [id],
      ),
    );
    const second = (await run(sql`select max(id) as id from requisitions where order_id = ${id}`)).rows[0]
      ?.id as number;
    seen.push(
      await expectKeptAfter(
        sql`insert into workflow_steps (order_id, step_id, gear_req_id, status_id, completed, not_applicable, skipped, user_type)
            select order_id, step_id, ${second}, status_id, true, not_applicable, skipped, user_type
            from workflow_steps where order_id = ${id} and step_id = ${confirmation} and gear_req_id is null`,
        [id],
      ),
    );
    seen.push(
      await expectKeptAfter(
        sql`insert into requisitions (order_id, position, orderable_item_id, panel) values (${id}, 9, ${METABOLOMIX.omsOrderableItemId}, ${METABOLOMIX.panel})`,
        [id],
      ),
    );
    seen.push(
      await expectKeptAfter(
        sql`insert into shipments (order_id, tracking_number, status, recorded_by) values (${id}, ${`T${id}`}, 'IN_TRANSIT', 'test')`,
        [id],
      ),
    );
    expect(seen).toEqual([
      'SpecimenMissing',
      'SpecimenMissing',
      'SpecimenMissing',
      'SpecimenMissing',
      'Shipped',
    ]);
  });

  it('a new order is stale once; each later transaction changing its facts makes it stale again, once', async () => {
    const order = await createOrder(ctx.app, as.avery.headers, 'P1001');
    // The order, its status row and its workflow rows are written in one statement: the rows add nothing.
    expect(await keptStatus(order.id)).toBeNull();
    expect(await keptVersion(order.id)).toBe(0);
    // Stale already, but from an earlier transaction: a reader may have read the facts since, so the version moves.
    await addRequisition(ctx.app, as.avery.headers, order, {
      omsOrderableItemId: GI_EFFECTS.omsOrderableItemId,
      panel: GI_EFFECTS.panel,
    });
    expect(await keptVersion(order.id)).toBe(1);
    await history({ q: String(order.id), status: 'ResultsReady' });
    expect(await keptStatus(order.id)).toBe('NotPlaced');
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into shipments (order_id, tracking_number, status, recorded_by) values (${order.id}, ${`S${order.id}`}, 'IN_TRANSIT', 'test')`,
      );
      await tx.execute(sql`update orders set data_confirmed = true where id = ${order.id}`);
      await tx.execute(sql`update shipments set delivery_date = '2026-11-03' where order_id = ${order.id}`);
    });
    expect(await keptStatus(order.id)).toBeNull();
    expect(await keptVersion(order.id)).toBe(2);
    await run(sql`delete from shipments where order_id = ${order.id}`);
    expect(await keptVersion(order.id)).toBe(3);
  });

  it('an update that changes none of its facts leaves a kept status as it is (decision 0335)', async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    const id = order.id;
    const requisitionId = order.requisitions[0]?.id as number;
    await history({ q: String(id), status: 'ResultsReady' });
    const kept = await keptStatus(id);
    const version = await keptVersion(id);
    expect(kept).toBe('NotPlaced');
    await run(
      sql`update requisitions set patient_instructions = 'First morning urine.' where id = ${requisitionId}`,
    );
    await run(sql`update workflow_steps set skipped = true, status_id = 2 where order_id = ${id}`);
    await run(sql`update requisitions set canceled = canceled where id = ${requisitionId}`);
    expect([await keptStatus(id), await keptVersion(id)]).toEqual([kept, version]);
    // A column the status reads, changed: stale again.
    await run(sql`update requisitions set billing_method = 'Patient' where id = ${requisitionId}`);
    expect([await keptStatus(id), await keptVersion(id)]).toEqual([null, version + 1]);
    // A column the list row shows (decision 0342), changed: stale again.
    await history({ q: String(id), status: 'ResultsReady' });
    await run(sql`update requisitions set quantity = 2 where id = ${requisitionId}`);
    expect([await keptStatus(id), await keptVersion(id)]).toEqual([null, version + 2]);
    await history({ q: String(id), status: 'ResultsReady' });
    await run(
      sql`update workflow_steps set step_date = now() where order_id = ${id} and gear_req_id is null`,
    );
    expect(await keptStatus(id)).toBeNull();
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

  it('200 identical status-filtered reads that keep statuses, while writes make them stale, leave each kept status the derived one', async () => {
    // The house rule (decision 0333): a version check holds under 200 identical requests fired at once.
    const orders = (
      await run(sql`
        insert into orders (practitioner_gsdl_no, patient_info)
        select 'P1005', jsonb_build_object('nameFirst', 'Conc', 'nameLast', 'Urrent' || i)
        from generate_series(1, 12) as i returning id`)
    ).rows.map((row) => Number(row.id));
    await run(sql`
      insert into requisitions (order_id, position, req_number, activation_code, orderable_item_id, drop_ship)
      select o, 0, 'C' || o, 'CC' || o, ${GI_EFFECTS.omsOrderableItemId}, true from unnest(${`{${orders.join(',')}}`}::integer[]) o`);
    const confirmation = STEP_IDS.practitionerConfirmation;
    const ids = `{${orders.join(',')}}`;
    await run(sql`
      insert into workflow_steps (order_id, step_id, completed, step_date)
      select o, ${confirmation}, o % 2 = 0, now() from unnest(${ids}::integer[]) o`);
    const list = `/api/orders?${new URLSearchParams({ gsdlNo: 'P1005', status: 'OrderPlaced', limit: '100' })}`;
    const read = async () => expect((await callAs(ctx.app, as.admin, 'GET', list)).statusCode).toBe(200);
    // Writes of facts of the status, round after round over the orders, for as long as the reads run: each makes its
    // order stale again, and each lands between the statements of reads in flight (a read that derived from the
    // facts before a write and keeps after it must be refused by the version check).
    const toggles = [
      (id: number) => sql`update orders set canceled = not canceled where id = ${id}`,
      (id: number) =>
        sql`update workflow_steps set completed = not completed where order_id = ${id} and step_id = ${confirmation}`,
      (id: number) => sql`update orders set data_confirmed = not data_confirmed where id = ${id}`,
      // A fact the row shows, not the status (decision 0342).
      (id: number) => sql`update requisitions set quantity = quantity % 3 + 1 where order_id = ${id}`,
    ];
    let reading = true;
    let writes = 0;
    const writer = async () => {
      for (let n = 0; reading || n % orders.length !== 0; n += 1) {
        // Each order its own toggle in a round: the orders end in several statuses.
        const toggle = toggles[(Math.floor(n / orders.length) + n) % toggles.length] as (id: number) => SQL;
        await run(toggle(orders[n % orders.length] as number));
        writes += 1;
        // A turn of the event loop between writes: without it, on the embedded database, no read was answered while
        // the writer ran (28,400 writes in 60 s, 0 of 200 reads), and the writer runs for as long as reads do.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const reads = Promise.all(Array.from({ length: 200 }, read)).finally(() => {
      reading = false;
    });
    await Promise.all([reads, writer()]);
    expect(writes).toBeGreaterThanOrEqual(orders.length);
    const kept = async () =>
      new Map(
        (
          await run(sql`select order_id, status from order_statuses where order_id = any(${ids}::integer[])`)
        ).rows.map((row) => [Number(row.order_id), row.status as string | null]),
      );
    const derived = new Map(
      (
        await ok<OrderHistoryPage>(
          await callAs(ctx.app, as.admin, 'GET', `/api/admin/orders?gsdlNo=P1005&limit=100`),
        )
      ).orders.map((order) => [order.gearOrderId, order.status]),
    );
    // Right after: a kept status is the derived one, or stale (a write came after the last read that derived it).
    for (const [orderId, status] of await kept()) expect([null, derived.get(orderId)]).toContain(status);
    // One more read keeps every stale one: each kept status is then the derived one.
    await read();
    for (const [orderId, status] of await kept()) expect(status).toBe(derived.get(orderId));
    expect(new Set(derived.values()).size).toBeGreaterThan(1);
    // And each kept row's facts are those made anew from its tables now (decision 0342).
    const keptFacts = (
      await run(sql`select order_id, facts from order_statuses where order_id = any(${ids}::integer[])`)
    ).rows;
    const anew = new Map(
      (await run(orderFactsStatement(orders))).rows.map((row) => [Number(row.id), row.facts]),
    );
    expect(keptFacts).toHaveLength(orders.length);
    for (const row of keptFacts) expect(row.facts).toEqual(anew.get(Number(row.order_id)));
  });
});

describe('order_statuses: the kept facts of a list row (decision 0342)', () => {
  const keptFacts = async (orderId: number) =>
    (await run(sql`select facts from order_statuses where order_id = ${orderId}`)).rows[0]?.facts;
  const rowOf = async (orderId: number) =>
    (await history({ q: String(orderId) })).orders.find((order) => order.gearOrderId === orderId);

  it('a list keeps the facts of the rows it made anew, and answers the same row from them', async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    expect(await keptFacts(order.id)).toBeNull();
    const fresh = await rowOf(order.id);
    expect(fresh?.requisitions).toHaveLength(1);
    const facts = await keptFacts(order.id);
    expect(facts).toEqual((await run(orderFactsStatement([order.id]))).rows[0]?.facts);
    expect(await rowOf(order.id)).toEqual(fresh);
  });

  it('a change to a column the row shows makes the facts stale, and the next page shows it', async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    const requisitionId = order.requisitions[0]?.id as number;
    const [metabolomix] = (
      await run(sql`select name from orderable_items where id = ${METABOLOMIX.omsOrderableItemId}`)
    ).rows;
    const shown: [SQL, (row: Awaited<ReturnType<typeof rowOf>>) => unknown, unknown][] = [
      [
        sql`update requisitions set req_number = ${`R${order.id}`} where id = ${requisitionId}`,
        (row) => row?.requisitions[0]?.reqNumber,
        `R${order.id}`,
      ],
      [
        sql`update requisitions set activation_code = ${`ACT${order.id}`} where id = ${requisitionId}`,
        (row) => row?.requisitions[0]?.activationCode,
        `ACT${order.id}`,
      ],
      [
        sql`update requisitions set quantity = 3 where id = ${requisitionId}`,
        (row) => row?.requisitions[0]?.quantity,
        3,
      ],
      [
        sql`update requisitions set orderable_item_id = ${METABOLOMIX.omsOrderableItemId} where id = ${requisitionId}`,
        (row) => row?.requisitions[0]?.productName,
        metabolomix?.name,
      ],
      [
        sql`insert into accessions (gear_req_id, accession_no, product_name, requisition_status_id, recorded_by) values (${requisitionId}, ${`B${order.id}`}, 'GI Effects', 1, 'test')`,
        (row) => row?.requisitions[0]?.accessionNo,
        `B${order.id}`,
      ],
      [
        sql`update accessions set accession_no = ${`C${order.id}`} where gear_req_id = ${requisitionId}`,
        (row) => row?.requisitions[0]?.accessionNo,
        `C${order.id}`,
      ],
      [
        sql`update workflow_steps set completed = true, step_date = '2026-11-02T10:00:00Z' where order_id = ${order.id} and step_id = ${STEP_IDS.practitionerConfirmation}`,
        (row) => row?.submittedAt,
        '2026-11-02T10:00:00.000Z',
      ],
    ];
    for (const [change, read, expected] of shown) {
      await rowOf(order.id);
      expect(await keptFacts(order.id)).not.toBeNull();
      await run(change);
      expect(await keptFacts(order.id)).toBeNull();
      expect(read(await rowOf(order.id))).toEqual(expected);
    }
  });

  it("an order's own columns and its payments are read live, never from the kept facts", async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    await rowOf(order.id);
    const facts = await keptFacts(order.id);
    await run(
      sql`insert into payments (order_id, payment_type, payment_from, amount_cents, status) values (${order.id}, 'check', 'myGDX', 4200, 'recorded')`,
    );
    await run(
      sql`update orders set patient_info = coalesce(patient_info, '{}'::jsonb) || '{"nameLast":"Livefact"}'::jsonb where id = ${order.id}`,
    );
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ totalPaidCents: 4200, patient: { nameLast: 'Livefact' } });
    expect(await keptFacts(order.id)).toEqual(facts);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { changing, changingOneRecord, type DataSet, keptUntilChanged, seesEveryWrite } from './kept.ts';
import { openTestDatabase } from './test-db.ts';

// Decision 0070: one way of keeping what was read, until the data it was built from changes.
let database: Database;
// Creating and migrating a database takes over the 30 s hookTimeout on loaded cores (as in useTestApp).
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(async () => {
  await database.close();
});

/** A kept count of practitioners, built from `from` (by record of `keyedBy`), with the number of reads it made. */
function keptCount(from: readonly DataSet[], keyedBy?: DataSet) {
  const counter = { reads: 0 };
  const kept = keptUntilChanged({
    from,
    keyedBy,
    read: async (db: Database['db'], gsdlNo: string) => {
      counter.reads += 1;
      const result = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from practitioners where gsdl_no = ${gsdlNo}`,
      );
      return (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
    },
    elsewhere: 'read',
  });
  return Object.assign(kept, { counter });
}

const touchPractitioners = () => sql`update practitioners set last_name = last_name where false`;

describe('decision 0070: keptUntilChanged', () => {
  it('serves a value again until a set it is built from changes, then reads afresh (every call on PostgreSQL)', async () => {
    const { db } = database;
    const kept = keptCount(['practitioners']);
    expect(await kept(db, 'P1001')).toBe(0);
    expect(await kept(db, 'P1001')).toBe(0);
    const embedded = seesEveryWrite(db);
    expect(kept.counter.reads).toBe(embedded ? 1 : 2);
    await db.execute(sql`select 1`);
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(embedded ? 1 : 3);
    await changing(['practitioners'], () => db.execute(touchPractitioners()));
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(embedded ? 2 : 4);
  });

  it('a change said to be of other data keeps the value; a write that says nothing changes every set of working data', async () => {
    const { db } = database;
    if (!seesEveryWrite(db)) return;
    const kept = keptCount(['practitioners']);
    await kept(db, 'P1001');
    await changing(['sessions'], () => db.execute(touchPractitioners()));
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(1);
    await db.execute(touchPractitioners());
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(2);
  });

  it('reference data changes only when its importer says so (tests that change it behind its back forget)', async () => {
    const { db } = database;
    if (!seesEveryWrite(db)) return;
    const kept = keptCount(['dxCodes']);
    await kept(db, 'P1001');
    await db.execute(touchPractitioners());
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(1);
    await changing(['dxCodes'], () => db.execute(touchPractitioners()));
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(2);
    kept.forget(db);
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(3);
  });

  it('a transaction changes what its statements say, at its end; one that says nothing, all working data', async () => {
    const { db } = database;
    if (!seesEveryWrite(db)) return;
    const kept = keptCount(['practitioners']);
    await kept(db, 'P1001');
    await db.transaction(async (tx) => {
      await changing(['orders'], () => tx.execute(sql`update orders set version = version where false`));
      await tx.execute(touchPractitioners());
    });
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(touchPractitioners());
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(2);
    // An audit event changes no working data: it does not speak for the transaction's undeclared writes.
    await db.transaction(async (tx) => {
      await changing([], () => tx.execute(sql`update orders set version = version where false`));
      await tx.execute(touchPractitioners());
    });
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(3);
  });

  it('decision 0306: a change of one record keeps the values kept for other records, and drops the others', async () => {
    const { db } = database;
    if (!seesEveryWrite(db)) return;
    const byRecord = keptCount(['practitioners'], 'practitioners');
    const whole = keptCount(['practitioners']);
    await Promise.all([byRecord(db, 'P1001'), byRecord(db, 'P1002'), whole(db, 'P1001')]);
    await changingOneRecord('practitioners', 'P1002', () => db.execute(touchPractitioners()));
    await Promise.all([byRecord(db, 'P1001'), byRecord(db, 'P1002'), whole(db, 'P1001')]);
    // P1001 by record stays; P1002 is read again, and so is the value not kept by record.
    expect(byRecord.counter.reads).toBe(3);
    expect(whole.counter.reads).toBe(2);
    await changing(['practitioners'], () => db.execute(touchPractitioners()));
    await byRecord(db, 'P1001');
    expect(byRecord.counter.reads).toBe(4);
    // In a transaction, a change of one record is a change of its whole set.
    await db.transaction((tx) =>
      changingOneRecord('practitioners', 'P1002', () => tx.execute(touchPractitioners())),
    );
    await byRecord(db, 'P1001');
    expect(byRecord.counter.reads).toBe(5);
  });

  it('decision 0306: a write of tables no kept value is built from changes nothing, unsaid; one of other tables too, all', async () => {
    const { db } = database;
    if (!seesEveryWrite(db)) return;
    const kept = keptCount(['practitioners']);
    await kept(db, 'P1001');
    await db.execute(sql`update audit_events set actor = actor where false`);
    await db.execute(sql`update "status_emails" set attempts = attempts where false`);
    await db.execute(
      sql`with next as (select id from status_emails for update skip locked) update status_emails set attempts = attempts where id in (select id from next) and false`,
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`update audit_events set actor = actor where false`);
    });
    // Decision 0333: the kept order statuses, and their clean-up (a vacuum changes no row).
    await db.execute(sql`update order_statuses set status = status where false`);
    await db.execute(sql`vacuum (analyze) order_statuses`);
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(1);
    await db.execute(
      sql`with event as (update audit_events set actor = actor where false returning 1) ${touchPractitioners()}`,
    );
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(2);
  });

  it('a value read while a change is under way is not kept as current', async () => {
    const { db } = database;
    if (!seesEveryWrite(db)) return;
    const kept = keptCount(['practitioners']);
    const [value] = await Promise.all([kept(db, 'P1001'), db.execute(touchPractitioners())]);
    expect(value).toBe(0);
    await kept(db, 'P1001');
    expect(kept.counter.reads).toBe(2);
  });

  it('a failed read is not kept: the next call reads again', async () => {
    const { db } = database;
    let reads = 0;
    const kept = keptUntilChanged({
      from: ['practitioners'],
      read: async () => {
        reads += 1;
        if (reads === 1) throw new Error('unavailable');
        return reads;
      },
      elsewhere: { maxAgeMs: 60_000 },
    });
    await expect(kept(db, 'x')).rejects.toThrow('unavailable');
    expect(await kept(db, 'x')).toBe(2);
    expect(await kept(db, 'x')).toBe(2);
  });
});

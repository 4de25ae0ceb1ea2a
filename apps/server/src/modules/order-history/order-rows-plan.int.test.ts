import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-db.ts';
import { seedDemoData } from '../../seed/index.ts';
import { orderRowsStatement } from './order-history.repository.ts';

// The order lists' rows statement and PostgreSQL's plan cache (docs/decisions/0341).
const dialect = new PgDialect({ casing: 'snake_case' });
const firstPage = () =>
  dialect.sqlToQuery(orderRowsStatement({ practitioners: null }, { section: 'all' }, 26));

describe("the order lists' rows statement (decision 0341)", () => {
  it('writes its constants into its text: a first page of every order has no parameter', () => {
    expect(firstPage().params).toEqual([]);
    expect(firstPage().sql).toMatch(/limit 26\b/);
    const deep = orderRowsStatement({ practitioners: null }, { section: 'all', before: 500 }, 26);
    expect(dialect.sqlToQuery(deep).params).toEqual([500]);
    const dated = dialect.sqlToQuery(
      orderRowsStatement(
        { practitioners: null, gsdlNo: 'P1003', from: '2026-11-01' },
        { section: 'all', before: 500 },
        26,
      ),
    );
    expect(dated.params).toEqual(['P1003', '2026-11-01', 500, 26]);
  });

  it("writes the limit of one practitioner's walk as a literal, and of several practitioners' as a parameter (decision 0343)", () => {
    const one = dialect.sqlToQuery(
      orderRowsStatement({ practitioners: null, gsdlNo: 'P1003' }, { section: 'all', before: 500 }, 26),
    );
    expect(one.params).toEqual(['P1003', 500]);
    expect(one.sql).toMatch(/limit 26\b/);
    const alone = dialect.sqlToQuery(
      orderRowsStatement({ practitioners: ['P1003'] }, { section: 'drafts' }, 26),
    );
    expect(alone.params).toEqual(['P1003']);
    const practice = dialect.sqlToQuery(
      orderRowsStatement({ practitioners: ['P1001', 'P1002', 'P1006'] }, { section: 'drafts' }, 26),
    );
    expect(practice.params).toEqual(['P1001', 'P1002', 'P1006', 26]);
  });

  it('refuses a limit that is not a whole number', () => {
    for (const limit of [0.5, -1, Number.NaN])
      expect(() => orderRowsStatement({ practitioners: null }, { section: 'all' }, limit)).toThrow(
        RangeError,
      );
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
      await seedDemoData(database.db);
      // Orders enough, of practices of several sizes, for the planner to tell a walk from a scan and a sort (an empty
      // table makes every plan cheap, so the plan cache keeps any generic plan).
      await database.db.execute(sql`
        insert into orders (practitioner_gsdl_no)
        select (array['P1001','P1001','P1001','P1002','P1003','P1006'])[1 + (i % 6)] from generate_series(1, 20000) i`);
      await database.db.execute(sql`analyze orders, order_statuses`);
    }, 120_000);
    afterAll(() => database?.close());

    /** How PostgreSQL planned eight reads of a statement on one connection. */
    async function plansOf(statement: { sql: string; params: unknown[] }) {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      expect(pool).toBeInstanceOf(pg.Pool);
      const client = await pool.connect();
      try {
        for (let read = 0; read < 8; read += 1)
          await client.query({ name: 'rows_plan_check', text: statement.sql, values: statement.params });
        const { rows } = await client.query(
          `select generic_plans::int, custom_plans::int from pg_prepared_statements where name = 'rows_plan_check'`,
        );
        return rows[0] as { generic_plans: number; custom_plans: number };
      } finally {
        client.release(true);
      }
    }

    it('plans the first page once per connection, not at every read', async () => {
      expect(await plansOf(firstPage())).toEqual({ generic_plans: 8, custom_plans: 0 });
    });

    it("keeps the generic plan of a practitioner's walk after five reads (decision 0343)", async () => {
      const walk = orderRowsStatement({ practitioners: ['P1003'] }, { section: 'drafts' }, 26);
      expect(await plansOf(dialect.sqlToQuery(walk))).toEqual({ generic_plans: 3, custom_plans: 5 });
    });

    it('keeps the generic plan of the rows of found ids after five reads', async () => {
      const found = orderRowsStatement({ practitioners: null }, { section: 'all' }, 26, [3]);
      expect(await plansOf(dialect.sqlToQuery(found))).toEqual({ generic_plans: 3, custom_plans: 5 });
    });
  });
});

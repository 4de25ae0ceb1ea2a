import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { isoText } from './prepared.ts';
import { openTestDatabase } from './test-db.ts';

let database: Database;
// Creating and migrating a database takes over the 30 s hookTimeout on loaded cores (as in useTestApp).
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(async () => {
  await database.close();
});

describe('isoText: a timestamp as an answer writes it (decision 0344)', () => {
  it.each([
    ['2026-03-04 00:06:07.891999-05', 'Pacific/Auckland', '2026-03-04T05:06:07.891Z'],
    ['2026-12-31 23:59:59.9999+00', 'America/New_York', '2026-12-31T23:59:59.999Z'],
    ['2026-01-01 00:00:00+00', 'UTC', '2026-01-01T00:00:00.000Z'],
    ['1999-06-30 12:00:00.5+14', 'Asia/Kolkata', '1999-06-29T22:00:00.500Z'],
    ['2030-02-28 23:30:00.001234+05:30', 'Europe/London', '2030-02-28T18:00:00.001Z'],
  ])('%s read in the time zone %s is %s, as Date#toISOString writes it', async (timestamp, zone, iso) => {
    const text = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local time zone '${zone}'`));
      const result = await tx.execute(sql`select ${isoText(sql`${timestamp}::timestamptz`)} as text`);
      return (result as unknown as { rows: { text: string }[] }).rows[0]?.text;
    });
    expect(text).toBe(iso);
    expect(new Date(iso).toISOString()).toBe(iso);
  });
});

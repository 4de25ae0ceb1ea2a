import { sql } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/db/client.ts';
import {
  orderHistoryPage,
  orderHistoryStatement,
} from '../apps/server/src/modules/order-history/order-history.repository.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';

const database = await openPglite(null);
await seedDemoData(database.db);
const db = database.db;
const count = 20000;
await db.execute(sql`
    insert into orders (practitioner_gsdl_no, patient_info)
    select (array['P1001','P1002','P1003'])[1 + (i % 3)], jsonb_build_object('nameFirst','Mary','nameLast','Smith' || (i % 97), 'dateOfBirth','1980-01-01')
    from generate_series(1, ${count}) as i`);
await db.execute(sql`
    insert into requisitions (order_id, position, req_number, activation_code, orderable_item_id, drop_ship)
    select o.id, 0, (60000000 + o.id)::text, 'G' || o.id, 540, true from orders o where o.patient_info->>'dateOfBirth' = '1980-01-01'`);
await db.execute(sql`analyze`);
await orderHistoryPage(db, { limit: 25 } as never);
for (const q of [{}, { q: '60010000' }, { q: 'smith4' }, { q: 'G12345' }]) {
  const t = performance.now();
  for (let i = 0; i < 10; i++) await orderHistoryPage(db, { limit: 25, ...q } as never);
  console.log(JSON.stringify(q), ((performance.now() - t) / 10).toFixed(1), 'ms');
}
const plan = await db.execute(sql`explain analyze ${orderHistoryStatement({ limit: 25 } as never)}`);
console.log(
  (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'),
);
await database.close();

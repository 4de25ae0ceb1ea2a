import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changing, seesEveryWrite } from '../../db/kept.ts';
import { patients } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/helper.ts';
import { searchPatients } from './patient.repository.ts';
import { compareBytes, patientIndex, readPatientIndex, searchIndex } from './patient-index.ts';
import { PATIENT_LOOKUP_LIMIT, readPatientQuery } from './patient-search.service.ts';
import { headersOf, orderWithRequisition } from './test-orders.ts';

const ctx = useTestApp();

/** Names that test the edges of the byte order: case, accents, punctuation, prefixes of each other, astral letters. */
const TRICKY = [
  ['Émile', 'Zola'],
  ['émile', 'zola'],
  ['Emil', 'Zolan'],
  ['Mar', 'Garcia'],
  ['Marc', 'García'],
  ['Maria', 'garcia'],
  ['MARIA', 'GARCIA'],
  ['Garcia', 'Mar'],
  ["O'Brien", "O'Connor"],
  ['Anne-Marie', 'Smith-Jones'],
  ['𝒜lex', 'Ωmega'],
  ['\u{FFFD}x', 'Ỳves'],
  ['Smi', 'Smi'],
  ['Sm', 'Smith'],
];

describe('decision 0020: the patient index in memory answers exactly as the SQL search', () => {
  beforeAll(async () => {
    const { db } = ctx.database;
    await db.execute(sql`
      insert into patients (gsdl_no, name_first, name_last, date_of_birth, source)
      select 'P1004',
             (array['Mar','Maria','Jane','Sam','Smi','Liam','Ann','Zoe','Jo','M'])[1 + i % 10] || substr(md5(i::text), 1, 2),
             (array['Garcia','Smith','Smithson','Mar','Lee','Testpatient','Ng','O''Connor','Tester','Zed'])[1 + (i * 7) % 10]
               || case when i % 3 = 0 then '' else substr(md5((i * 3)::text), 1, 1) end,
             '19' || (50 + i % 40)::text || '-0' || (1 + i % 9)::text || '-1' || (i % 10)::text, 'portal'
      from generate_series(1, 3000) as i`);
    await db.insert(patients).values(
      TRICKY.flatMap(([nameFirst, nameLast], i) => [
        {
          gsdlNo: 'P1004',
          nameFirst: nameFirst as string,
          nameLast: nameLast as string,
          dateOfBirth: '1970-01-01',
          source: 'portal',
        },
        {
          gsdlNo: 'P1004',
          nameFirst: nameFirst as string,
          nameLast: nameLast as string,
          dateOfBirth: `1980-01-${String(10 + i)}`,
          source: 'EMR',
        },
      ]),
    );
  });

  const QUERIES = [
    'smi',
    's',
    'm',
    'mar garc',
    'garc mar',
    'ma mar',
    'mar',
    'maria garcia',
    'GARCIA',
    'é',
    'émile zola',
    'Émile',
    'zol',
    "o'",
    "o'connor",
    'anne-marie',
    'smith-j',
    '𝒜',
    'ω',
    'ỳ',
    'j s m',
    'jo t',
    'liam zed',
    'sm smi',
    'zz',
    '1970-01-01',
    'smi 1970-01-01',
    'mar 01/12/1955',
    'jane testpatient 1985-04-12',
    'garcia 1980-01-13',
    'a b c d e',
  ];

  it.each(QUERIES)('%s', async (query) => {
    const { db } = ctx.database;
    const criteria = readPatientQuery(query);
    expect(criteria).not.toBeNull();
    const index = await readPatientIndex(db, 'P1004');
    const fromSql = await searchPatients(db, 'P1004', criteria as never, PATIENT_LOOKUP_LIMIT);
    expect(searchIndex(index, criteria as never, PATIENT_LOOKUP_LIMIT)).toEqual(fromSql);
  });

  it('the answers are not all empty (the comparison tests something)', async () => {
    const index = await readPatientIndex(ctx.database.db, 'P1004');
    expect(index.byLast.length).toBe(3000 + 2 * TRICKY.length);
    expect(searchIndex(index, readPatientQuery('mar garc') as never, 25)).toHaveLength(25);
    expect(searchIndex(index, readPatientQuery('émile') as never, 25)).toHaveLength(4);
  });

  it('compares text in byte order (code points), as collation "C" does', () => {
    expect(compareBytes('a', 'b')).toBeLessThan(0);
    expect(compareBytes('ab', 'a')).toBeGreaterThan(0);
    expect(compareBytes('\u{FFFD}', '𝒜')).toBeLessThan(0); // UTF-16 would say otherwise
    expect(compareBytes('𝒜', '\u{10FFFF}')).toBeLessThan(0);
    expect(compareBytes('z', 'É')).toBeLessThan(0);
  });
});

describe('decision 0020: the index follows every write to the patients', () => {
  const search = async (orderId: number, query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/gear/api/patient-lookup',
      query: { query, orderId: String(orderId) },
      headers: await headersOf(ctx.app, 'dr.avery'),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ nameFirst: string; nameLast: string }[]>()
      .map((m) => `${m.nameFirst} ${m.nameLast}`);
  };

  it('a patient added, renamed, removed (or not, when rolled back) is seen by the next search', async () => {
    const { db } = ctx.database;
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    expect(await search(order.id, 'freshly')).toEqual([]);
    const [added] = await db
      .insert(patients)
      .values({
        gsdlNo: 'P1001',
        nameFirst: 'Freshly',
        nameLast: 'Added',
        dateOfBirth: '1990-05-05',
        source: 'portal',
      })
      .returning({ id: patients.id });
    expect(await search(order.id, 'freshly')).toEqual(['Freshly Added']);
    await db.execute(sql`update patients set name_last = 'Renamed' where id = ${added?.id}`);
    expect(await search(order.id, 'freshly added')).toEqual([]);
    expect(await search(order.id, 'freshly renamed')).toEqual(['Freshly Renamed']);
    await db
      .transaction(async (tx) => {
        await tx.delete(patients).where(eq(patients.id, added?.id as number));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await search(order.id, 'freshly')).toEqual(['Freshly Renamed']);
    await db.transaction(async (tx) => {
      await tx.delete(patients).where(eq(patients.id, added?.id as number));
    });
    expect(await search(order.id, 'freshly')).toEqual([]);
  });

  it('on the embedded database, a write said to change other data does not re-read the patients; one to them does', async () => {
    if (ctx.database.kind !== 'pglite') {
      expect(seesEveryWrite(ctx.database.db)).toBe(false);
      expect(patientIndex(ctx.database.db, 'P1001')).toBeNull();
      return;
    }
    const { db } = ctx.database;
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    await search(order.id, 'jane');
    const kept = patientIndex(db, 'P1001');
    await changing(['orders'], () =>
      db.execute(sql`update orders set updated_at = updated_at where id = ${order.id}`),
    );
    await changing(['practitioners'], () =>
      db.execute(sql`update practitioners set gsdl_no = gsdl_no where gsdl_no = 'P1001'`),
    );
    expect(patientIndex(db, 'P1001')).toBe(kept);
    const headers = await headersOf(ctx.app, 'dr.avery');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/gear/api/patient-lookup',
      query: { query: 'jane testpatient', orderId: String(order.id) },
      headers,
    });
    expect(response.json()).toEqual([
      expect.objectContaining({ nameFirst: 'Jane', nameLast: 'Testpatient' }),
    ]);
    expect(patientIndex(db, 'P1001')).toBe(kept);
    await db.execute(sql`update patients set source = source where false`);
    expect(patientIndex(db, 'P1001')).not.toBe(kept);
  });
});

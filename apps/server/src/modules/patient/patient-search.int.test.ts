import { MESSAGES } from '@gear/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { patients } from '../../db/schema/index.ts';
import { expectEnvelope, useTestApp } from '../../test/helper.ts';
import { readPatientQuery } from './patient-search.service.ts';
import { headersOf, orderWithRequisition, patientHeaders, type SavedOrder } from './test-orders.ts';

const ctx = useTestApp();

interface Match {
  id: number;
  nameFirst: string;
  nameLast: string;
  dateOfBirth: string;
  email: string | null;
  source: string;
  ssn: string | null;
  addresses: { address1: string }[];
}

let averysOrder: SavedOrder | undefined;
const orderOfAvery = async () => {
  averysOrder ??= await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
  return averysOrder;
};

const lookup = async (query: Record<string, string>, headers?: Record<string, string>) =>
  ctx.app.inject({
    method: 'GET',
    url: '/gear/api/patient-lookup',
    query,
    headers: headers ?? (await headersOf(ctx.app, 'dr.avery')),
  });

const names = (response: Awaited<ReturnType<typeof lookup>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Match[]>().map((m) => `${m.nameFirst} ${m.nameLast} ${m.dateOfBirth}`);
};

describe('reading a search (decision 0020)', () => {
  it.each([
    ['Jane Testpatient 1985-04-12', { nameWords: ['jane', 'testpatient'], dateOfBirth: '1985-04-12' }],
    ['Testpatient, Jane 04/12/1985', { nameWords: ['testpatient', 'jane'], dateOfBirth: '1985-04-12' }],
    ["o'connor", { nameWords: ["o'connor"], dateOfBirth: null }],
    ['4/12/1985', { nameWords: [], dateOfBirth: '1985-04-12' }],
    ['smith 42 #', { nameWords: ['smith'], dateOfBirth: null }],
  ])('%s', (query, expected) => {
    expect(readPatientQuery(query)).toEqual(expected);
  });

  it('nothing to search by, or two different dates, is no search', () => {
    expect(readPatientQuery('12 34 !')).toBeNull();
    expect(readPatientQuery('Jane 1985-04-12 1985-04-13')).toBeNull();
  });
});

describe('GET /gear/api/patient-lookup', () => {
  it("spec 2 §2: finds Jane Testpatient by name and date of birth among the order's practitioner's patients", async () => {
    const order = await orderOfAvery();
    const response = await lookup({ query: 'Jane Testpatient 1985-04-12', orderId: String(order.id) });
    expect(names(response)).toEqual(['Jane Testpatient 1985-04-12']);
    const [jane] = response.json<Match[]>();
    expect(jane).toMatchObject({
      email: 'jane.testpatient@example.com',
      source: 'EMR',
      ssn: null,
      addresses: [{ address1: '12 Haywood Road' }],
    });
  });

  it('matches each word as the start of the first or last name, case-insensitive, in name order', async () => {
    const orderId = String((await orderOfAvery()).id);
    expect(names(await lookup({ query: 'testp', orderId }))).toEqual([
      'Jane Testpatient 1985-04-12',
      'John Testpatient 1983-11-02',
    ]);
    expect(names(await lookup({ query: 'JA TEST', orderId }))).toEqual([
      'Janet Tester 1979-06-30',
      'Jane Testpatient 1985-04-12',
    ]);
    expect(names(await lookup({ query: '1983-11-02', orderId }))).toEqual(['John Testpatient 1983-11-02']);
    expect(names(await lookup({ query: "o'connor", orderId }))).toEqual(["Liam O'Connor 1995-12-05"]);
    expect(names(await lookup({ query: 'hernandez', orderId }))).toEqual([]);
  });

  it("spec 2 §8: no match is an empty list (the browser shows 'We're sorry, no patients were found…')", async () => {
    const orderId = String((await orderOfAvery()).id);
    expect(names(await lookup({ query: 'Nobody Atall', orderId }))).toEqual([]);
    expect(names(await lookup({ query: '% _', orderId }))).toEqual([]);
    expect(names(await lookup({ query: 'Jane 1985-04-12 1999-01-01', orderId }))).toEqual([]);
  });

  it('finds a patient by chart number', async () => {
    const orderId = String((await orderOfAvery()).id);
    expect(names(await lookup({ chartNumber: 'C10002', orderId }))).toEqual(['John Testpatient 1983-11-02']);
    expect(names(await lookup({ chartNumber: 'C99999', orderId }))).toEqual([]);
  });

  it('answers at most 25 matches', async () => {
    await ctx.database.db.insert(patients).values(
      Array.from({ length: 30 }, (_, i) => ({
        gsdlNo: 'P1001',
        nameFirst: `Zoe${String(i).padStart(2, '0')}`,
        nameLast: 'Zedlimit',
        dateOfBirth: '2000-01-01',
        source: 'portal',
      })),
    );
    const orderId = String((await orderOfAvery()).id);
    const found = names(await lookup({ query: 'zedlimit', orderId }));
    expect(found).toHaveLength(25);
    expect(found[0]).toBe('Zoe00 Zedlimit 2000-01-01');
  });

  it('refuses: 401 signed out, 403 for prc users and for another practitioner, 404 unknown order, 400 bad input', async () => {
    const orderId = String((await orderOfAvery()).id);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/gear/api/patient-lookup',
      query: { query: 'jane', orderId },
    });
    expectEnvelope(anonymous, 401, MESSAGES.signInRequired);
    expectEnvelope(
      await lookup({ query: 'jane', orderId }, await patientHeaders(ctx.app)),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(await lookup({ query: 'jane', orderId }, await headersOf(ctx.app, 'dr.chen')), 403);
    expectEnvelope(await lookup({ query: 'jane', orderId: '999999' }), 404, MESSAGES.orderNotFound);
    expectEnvelope(await lookup({ query: 'j'.repeat(101), orderId }), 400);
    expectEnvelope(await lookup({ chartNumber: '1'.repeat(21), orderId }), 400);
    expectEnvelope(await lookup({ orderId }), 400);
    expectEnvelope(await lookup({ query: 'jane', orderId: 'x' }), 400);
  });

  it('decision 0020: over many patients each part of a search is read from a name index, in order', async () => {
    const { db } = ctx.database;
    await db.execute(sql`
      insert into patients (gsdl_no, name_first, name_last, date_of_birth, source)
      select 'P1004', 'f' || substr(md5(i::text), 1, 8), 'l' || substr(md5((i * 7)::text), 1, 8),
             '1970-01-01', 'portal'
      from generate_series(1, 20000) as i`);
    await db.execute(sql`analyze patients`);
    const explain = async (query: ReturnType<typeof sql>) => {
      const result = await db.execute(sql`explain ${query}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
        string,
        string
      >[];
      return rows.map((row) => Object.values(row)[0]).join('\n');
    };
    const last = sql.raw(`(lower(name_last) collate "C")`);
    const first = sql.raw(`(lower(name_first) collate "C")`);
    const order = sql.raw(
      `order by (lower(name_last) collate "C"), (lower(name_first) collate "C"), date_of_birth, id`,
    );
    const [from, to] = ['la', 'la\u{10FFFF}'];
    const byLastName = await explain(
      sql`select * from patients where gsdl_no = ${'P1004'} and ${last} >= ${from} and ${last} < ${to} ${order} limit 25`,
    );
    expect(byLastName).toContain('Index Scan using patients_last_name_search_index');
    expect(byLastName).not.toMatch(/Seq Scan|Sort/);
    const byFirstName = await explain(
      sql`select * from patients where gsdl_no = ${'P1004'} and ${first} >= ${from} and ${first} < ${to}
          and not (${last} >= ${from} and ${last} < ${to}) ${order} limit 25`,
    );
    expect(byFirstName).toContain('patients_first_name_search_index');
    expect(byFirstName).not.toContain('Seq Scan');
  });
});

describe('GET /gear/api/get-ellkay-patient', () => {
  const ellkay = async (query: Record<string, string>, headers?: Record<string, string>) =>
    ctx.app.inject({
      method: 'GET',
      url: '/gear/api/get-ellkay-patient',
      query,
      headers: headers ?? (await headersOf(ctx.app, 'dr.avery')),
    });

  it('spec 2 §4, §7: the patient with the chart number and the insurances on file, marked with their source', async () => {
    const orderId = String((await orderOfAvery()).id);
    const response = await ellkay({ chartNumber: 'C10001', orderId });
    expect(response.statusCode, response.body).toBe(200);
    const { patient, insurances } = response.json<{ patient: Match | null; insurances: unknown[] }>();
    expect(patient).toMatchObject({ nameFirst: 'Jane', nameLast: 'Testpatient', source: 'EMR' });
    expect(insurances).toEqual([
      expect.objectContaining({ insuranceProvider: 'bcbs', subscriberId: 'XQB884512903', insuranceRank: 0 }),
    ]);
    expect((await ellkay({ chartNumber: 'C77777', orderId })).json()).toEqual({
      patient: null,
      insurances: [],
    });
  });

  it('refuses: no cloud-site key (403), prc users (403), another practitioner (403), 401, 404, 400', async () => {
    const withoutKey = await orderWithRequisition(ctx.app, 'dr.avery', 'P1002');
    expectEnvelope(await ellkay({ chartNumber: 'C10001', orderId: String(withoutKey.id) }), 403);
    const orderId = String((await orderOfAvery()).id);
    expectEnvelope(await ellkay({ chartNumber: 'C10001', orderId }, await patientHeaders(ctx.app)), 403);
    expectEnvelope(
      await ellkay({ chartNumber: 'C10001', orderId }, await headersOf(ctx.app, 'dr.chen')),
      403,
    );
    expectEnvelope(
      await ctx.app.inject({
        method: 'GET',
        url: '/gear/api/get-ellkay-patient',
        query: { chartNumber: 'C1', orderId },
      }),
      401,
    );
    expectEnvelope(await ellkay({ chartNumber: 'C10001', orderId: '999999' }), 404);
    expectEnvelope(await ellkay({ chartNumber: 'C'.repeat(21), orderId }), 400);
    expectEnvelope(await ellkay({ orderId }), 400);
  });
});

describe('GET /gear/api/insurance-lookup', () => {
  const insurances = async (query: Record<string, string>, headers?: Record<string, string>) =>
    ctx.app.inject({
      method: 'GET',
      url: '/gear/api/insurance-lookup',
      query,
      headers: headers ?? (await headersOf(ctx.app, 'dr.avery')),
    });

  it("spec 2 §7: a patient's insurances by last name and date of birth (first name optional)", async () => {
    const found = await insurances({ gsdlNo: 'P1001', nameLast: 'TESTPATIENT', dob: '04/12/1985' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual([
      expect.objectContaining({ insuranceProvider: 'bcbs', groupNumber: 'G20417' }),
    ]);
    const named = await insurances({
      gsdlNo: 'P1001',
      nameLast: 'Testpatient',
      dob: '1985-04-12',
      nameFirst: 'John',
    });
    expect(named.json()).toEqual([]);
    const medicare = await insurances({ gsdlNo: 'p1001', nameLast: 'Zhang', dob: '1968-03-08' });
    expect(medicare.json()).toEqual([expect.objectContaining({ insuranceProvider: 'medicare' })]);
  });

  it('refuses: 403 for prc users and practitioners one may not order for, 404 unknown practitioner, 401, 400', async () => {
    const query = { gsdlNo: 'P1001', nameLast: 'Testpatient', dob: '1985-04-12' };
    expectEnvelope(await insurances(query, await patientHeaders(ctx.app)), 403);
    expectEnvelope(await insurances(query, await headersOf(ctx.app, 'dr.chen')), 403);
    expectEnvelope(await insurances({ ...query, gsdlNo: 'P9999' }), 404);
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/gear/api/insurance-lookup', query }), 401);
    expectEnvelope(await insurances({ ...query, dob: '1985-13-45' }), 400);
    expectEnvelope(await insurances({ ...query, nameLast: 'x'.repeat(51) }), 400);
  });
});

import { DX_MESSAGES } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { icd10Codes } from '../../db/schema/index.ts';
import { CURATED_ICD10_CODES } from '../../seed/curated-icd10.ts';
import { expectEnvelope, useSignIns, useTestApp } from '../../test/helper.ts';
import { forgetDxCodeIndex } from './dx-code-index.ts';
import { findDxCode, importRelease } from './dx-codes.repository.ts';
import { readRelease } from './icd10-release.ts';

const CMS_RELEASE = new URL('../../../../../../shared/data/icd10cm/cms_2026_dx.zip', import.meta.url)
  .pathname;

const ctx = useTestApp();
const users = useSignIns(ctx, { avery: 'dr.avery' });

beforeAll(async () => {
  await ctx.database.db.execute(sql`insert into icd10_codes (code, description, billable, active, version, release)
    values ('ZZ9.99', 'A code a later release dropped', true, true, 10, '2025')`);
  await importRelease(ctx.database.db, readRelease(CMS_RELEASE));
  forgetDxCodeIndex(ctx.database.db);
}, 120_000);

const suggestions = (searchTerm: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/gear/getDxCodeSuggestions',
    query: { searchTerm },
    headers: users.avery.headers,
  });

describe('the CMS ICD-10-CM import', () => {
  it('loads every row of the 2026 order file, header codes not billable, replaced codes inactive', async () => {
    const [counts] = await ctx.database.db
      .select({
        total: sql<number>`count(*)::int`,
        billable: sql<number>`(count(*) filter (where ${icd10Codes.billable}))::int`,
      })
      .from(icd10Codes)
      .where(eq(icd10Codes.active, true));
    expect(counts).toEqual({ total: 98186, billable: 74719 });
    expect(await findDxCode(ctx.database.db, 'A00')).toMatchObject({ billable: false, active: true });
    expect(await findDxCode(ctx.database.db, 'K58.0')).toMatchObject({
      billable: true,
      description: 'Irritable bowel syndrome with diarrhea',
      release: '2026',
    });
    expect(await findDxCode(ctx.database.db, 'ZZ9.99')).toMatchObject({ active: false });
  });
});

describe('the curated demo codes', () => {
  it('are all billable codes of the CMS 2026 release', () => {
    const release = new Map(readRelease(CMS_RELEASE).rows.map((row) => [row.code, row]));
    const wrong = CURATED_ICD10_CODES.filter((c) => !release.get(c.code)?.billable).map((c) => c.code);
    expect(wrong).toEqual([]);
  });
});

describe('GET /api/dxcodes/{code}', () => {
  it.each(['K58.0', 'k580', ' K58.0 '])(
    'answers the code %s, trimmed and uppercased, with or without its dot',
    async (code) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/dxcodes/${encodeURIComponent(code)}`,
        headers: users.avery.headers,
      });
      expect(response.json()).toEqual({
        active: true,
        version: 10,
        code: 'K58.0',
        description: 'Irritable bowel syndrome with diarrhea',
      });
    },
  );

  it('answers 404 with the spec message for an unknown code, and 401 when not signed in', async () => {
    expectEnvelope(
      await ctx.app.inject({ method: 'GET', url: '/api/dxcodes/Q99.999', headers: users.avery.headers }),
      404,
      DX_MESSAGES.invalidCode,
    );
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/api/dxcodes/K58.0' }), 401);
  });
});

describe('GET /gear/getDxCodeSuggestions', () => {
  it('matches a code prefix with or without the dot, billable codes only, at most 20', async () => {
    for (const term of ['K58', 'k58.', 'K58']) {
      const body = (await suggestions(term)).json<{ results: { code: string }[]; omittedResults: number }>();
      expect(body.results.map((r) => r.code)).toEqual(['K58.0', 'K58.1', 'K58.2', 'K58.8', 'K58.9']);
      expect(body.omittedResults).toBe(0);
    }
  });

  it('matches words of the description and counts what it left out', async () => {
    const response = await suggestions('irritable bowel');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      results: { code: string; name: string }[];
      omittedResults: number;
    }>();
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((r) => /irritable/i.test(r.name) && /bowel/i.test(r.name))).toBe(true);
    const wide = (await suggestions('fracture')).json<{ results: unknown[]; omittedResults: number }>();
    expect(wide.results).toHaveLength(20);
    expect(wide.omittedResults).toBeGreaterThan(1000);
  });

  it('answers nothing for an empty term and 400 for an over-long one', async () => {
    expect((await suggestions('  ')).json()).toEqual({ results: [], omittedResults: 0 });
    expectEnvelope(await suggestions('x'.repeat(101)), 400);
  });
});

import { BILLING_METHODS, DX_MESSAGES, MESSAGES, STEP_IDS, STEP_STATUS } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderableItemDiagnosisCodes } from '../../db/schema/index.ts';
import {
  currentVersion,
  expectEnvelope,
  GI_EFFECTS,
  METABOLOMIX,
  newOrderWith,
  type OrderWithRequisitions,
  type SignedIn,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';

const ctx = useTestApp();
const users = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', admin: 'admin.ops' });

beforeAll(async () => {
  // Codes the rules must refuse: one no longer active, one of ICD-9; and a product without a checklist (before the
  // catalogue is first read and kept in memory).
  await ctx.database.db.execute(sql`insert into icd10_codes (code, description, billable, active, version, release)
    values ('K58.8', 'Other irritable bowel syndrome (replaced)', true, false, 10, '2025'),
           ('564.1', 'Irritable bowel syndrome (ICD-9)', true, true, 9, '2014')
    on conflict (code) do update set active = excluded.active, version = excluded.version`);
  await ctx.database.db
    .delete(orderableItemDiagnosisCodes)
    .where(eq(orderableItemDiagnosisCodes.orderableItemId, 617));
});

/** A P1001 order of dr.avery with one requisition, billed as given. */
async function requisitionBilled(billingMethod: string, product: Record<string, unknown> = GI_EFFECTS) {
  const order = await newOrderWith(ctx.app, users.avery.headers, 'P1001', [product]);
  const gearReqId = order.requisitions[0]?.id as number;
  const billed = await ctx.app.inject({
    method: 'PUT',
    url: '/gear/billingMethod/',
    headers: users.avery.headers,
    payload: { billingMethod, gearReqId, version: order.version },
  });
  expect(billed.statusCode, billed.body).toBe(200);
  return { order: billed.json<OrderWithRequisitions>(), gearReqId };
}

/** A save as the browser sends it: with the version of the order it read, unless the payload names one. */
const save = async (payload: Record<string, unknown>, headers: SignedIn['headers'] = users.avery.headers) => {
  const version =
    'version' in payload || typeof payload.gearReqId !== 'number' || payload.gearReqId > 2_147_483_647
      ? undefined
      : await currentVersion(ctx.database.db, { gearReqId: payload.gearReqId });
  return ctx.app.inject({
    method: 'PUT',
    url: '/gear/diagnosisCodes/',
    headers,
    payload: version === undefined ? payload : { ...payload, version },
  });
};

describe('PUT /gear/diagnosisCodes/ (spec 1 §2.7, §4.5, §5, §7)', () => {
  it('saves trimmed, uppercased codes: other codes ranked first, then the checklist in catalogue order', async () => {
    const { order, gearReqId } = await requisitionBilled(BILLING_METHODS.insurance);
    const response = await save({
      gearReqId,
      selectedCodes: ['1_R19.7', '2_k580'],
      otherCodes: ['1_ e55.9 ', '2_Z13.89'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<OrderWithRequisitions>();
    expect(saved.version).toBe(order.version + 1);
    expect(saved.requisitions[0]?.icdCodes).toEqual([
      { code: 'E55.9', name: 'Vitamin D deficiency, unspecified', rank: 1, otherCode: true },
      { code: 'Z13.89', name: expect.stringMatching(/screening/i), rank: 2, otherCode: true },
      { code: 'K58.0', name: 'Irritable bowel syndrome with diarrhea', rank: 3, otherCode: false },
      { code: 'R19.7', name: 'Diarrhea, unspecified', rank: 4, otherCode: false },
    ]);
    const row = saved.workflow.steps.find(
      (step) => step.id === STEP_IDS.dxCodes && step.gearReqId === gearReqId,
    );
    expect(row).toMatchObject({ completed: true, status: { id: STEP_STATUS.completed.id } });
  });

  it("spec 1 §5: required for Bill Insurance: 'Please select a diagnosis code.' when the product lists codes", async () => {
    const { gearReqId } = await requisitionBilled(BILLING_METHODS.insurance);
    const body = expectEnvelope(
      await save({ gearReqId, selectedCodes: [], otherCodes: [] }),
      400,
      DX_MESSAGES.selectCode,
    );
    expect(body.errors).toEqual([
      { field: 'selectedCodes', defaultMessage: 'Please select a diagnosis code.' },
    ]);
  });

  it("spec 1 §5: required for Medicare: 'Please add a diagnosis code.' when the product lists none", async () => {
    const { gearReqId } = await requisitionBilled(BILLING_METHODS.insurance, METABOLOMIX);
    expectEnvelope(await save({ gearReqId }), 400, DX_MESSAGES.addCode);
  });

  it('spec 1 §5: not required for patient pay; an empty save completes the step', async () => {
    const { gearReqId } = await requisitionBilled(BILLING_METHODS.patientPay);
    const response = await save({ gearReqId, selectedCodes: [], otherCodes: [] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderWithRequisitions>().requisitions[0]?.icdCodes).toEqual([]);
  });

  it.each([
    ['not shaped like an ICD-10 code', ['1_ZZZ99'], 'otherCodes.0'],
    ['unknown to the code set', ['1_Q99.999'], 'otherCodes.0'],
    ['no longer active', ['1_E55.9', '2_K58.8'], 'otherCodes.1'],
    ['of ICD version 9', ['1_564.1'], 'otherCodes.0'],
    ['an empty entry', [''], 'otherCodes.0'],
  ])(
    "spec 1 §5: a code %s is refused with 'Please enter a valid ICD code.'",
    async (_case, otherCodes, field) => {
      const { gearReqId } = await requisitionBilled(BILLING_METHODS.patientPay);
      const body = expectEnvelope(await save({ gearReqId, otherCodes }), 400, DX_MESSAGES.invalidCode);
      expect(body.errors).toEqual([{ field, defaultMessage: 'Please enter a valid ICD code.' }]);
    },
  );

  it('answers 401, 403 for another practitioner, 404 for an unknown requisition, 409 for a stale version', async () => {
    const { order, gearReqId } = await requisitionBilled(BILLING_METHODS.patientPay);
    const payload = { gearReqId, otherCodes: ['1_E55.9'] };
    expectEnvelope(await ctx.app.inject({ method: 'PUT', url: '/gear/diagnosisCodes/', payload }), 401);
    expectEnvelope(await save(payload, users.chen.headers), 403, MESSAGES.forbidden);
    expectEnvelope(await save({ ...payload, gearReqId: 999_999 }), 404, MESSAGES.requisitionUnknown);
    expectEnvelope(await save({ ...payload, version: order.version - 1 }), 409, MESSAGES.staleOrder);
    expect((await save({ ...payload, version: order.version })).statusCode).toBe(200);
  });

  it('spec 1 §4.2: an order received by the lab answers 409 for non-admins; admins may still change it', async () => {
    const received = (
      await ctx.app.inject({
        method: 'GET',
        url: '/gear/order?requisitionNumber=C922499553',
        headers: users.avery.headers,
      })
    ).json<OrderWithRequisitions>();
    const payload = { gearReqId: received.requisitions[0]?.id, otherCodes: ['1_K58.0'] };
    expectEnvelope(await save(payload), 409, MESSAGES.orderReceivedByLab);
    expect((await save(payload, users.admin.headers)).statusCode).toBe(200);
  });

  it.each([
    ['51 codes', { otherCodes: Array.from({ length: 51 }, (_, i) => `${i + 1}_E55.9`) }],
    ['a 2,000-character code', { otherCodes: [`1_${'K'.repeat(2000)}`] }],
    ['codes that are not a list', { otherCodes: 'E55.9' }],
    ['a NUL character', { otherCodes: ['1_E55\u0000.9'] }],
    ['no gearReqId', { gearReqId: undefined }],
    ['a gearReqId beyond a database integer', { gearReqId: 2 ** 40 }],
  ])('answers 400, never 500, for %s', async (_case, overrides) => {
    const { gearReqId } = await requisitionBilled(BILLING_METHODS.patientPay);
    expectEnvelope(await save({ gearReqId, selectedCodes: [], otherCodes: [], ...overrides }), 400);
  });
});

describe('GET /gear/getDxCodeSuggestions and GET /api/dxcodes/{code}: bad input (spec 1 §7)', () => {
  const suggestions = (searchTerm: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/gear/getDxCodeSuggestions',
      query: { searchTerm },
      headers: users.avery.headers,
    });

  it('an empty search term answers no results; a 2,000-character one answers 400, never 500', async () => {
    expect((await suggestions('')).json()).toEqual({ results: [], omittedResults: 0 });
    expectEnvelope(await suggestions('k'.repeat(2000)), 400);
    expectEnvelope(
      await ctx.app.inject({
        method: 'GET',
        url: '/gear/getDxCodeSuggestions',
        headers: users.avery.headers,
      }),
      400,
    );
  });

  it('the curated demo codes answer K58 with the irritable bowel codes', async () => {
    const body = (await suggestions('K58')).json<{ results: { code: string; name: string }[] }>();
    expect(body.results.map((r) => r.code)).toEqual(expect.arrayContaining(['K58.0', 'K58.9']));
    expect(body.results.every((r) => /irritable bowel/i.test(r.name))).toBe(true);
  });

  it('a lookup of an 11-character code answers 400, a 2,000-character path 404; ZZZ99 404 with the spec message', async () => {
    expectEnvelope(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/dxcodes/${'K'.repeat(11)}`,
        headers: users.avery.headers,
      }),
      400,
    );
    // Longer than any route parameter (Fastify's maxParamLength): no route matches.
    expectEnvelope(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/dxcodes/${'K'.repeat(2000)}`,
        headers: users.avery.headers,
      }),
      404,
    );
    expectEnvelope(
      await ctx.app.inject({ method: 'GET', url: '/api/dxcodes/ZZZ99', headers: users.avery.headers }),
      404,
      DX_MESSAGES.invalidCode,
    );
  });
});

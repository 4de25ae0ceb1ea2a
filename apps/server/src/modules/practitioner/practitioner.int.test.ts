import { MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { callAs, expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';

const ctx = useTestApp();

const get = (login: Parameters<typeof signIn>[1], url: string) => callAs(ctx.app, login, 'GET', url);

const savePractitioner = (login: Parameters<typeof signIn>[1], payload: object) =>
  callAs(ctx.app, login, 'PUT', '/gear/practitioner/', payload);

describe('GET /gear/practitioner-options', () => {
  it.each([
    ['dr.avery orders for herself and onBehalfOf P1002, P1006', 'dr.avery', ['P1001', 'P1002', 'P1006']],
    ['office staff order for the practitioners they act for', 'staff.kim', ['P1001', 'P1002']],
    ['a practitioner alone', 'dr.chen', ['P1003']],
    ['an admin with no practitioner number of their own', 'admin.ops', []],
  ] as const)('spec 1 §2.4/§6: %s', async (_case, login, expected) => {
    const response = await get(login, '/gear/practitioner-options');
    expect(response.statusCode).toBe(200);
    const numbers = response.json<{ gsdlNo: string }[]>().map((p) => p.gsdlNo);
    expect(numbers.sort()).toEqual([...expected].sort());
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/gear/practitioner-options' }), 401);
  });
});

describe('GET /gear/practitioner/{gsdl}', () => {
  it('answers a practitioner with the office block', async () => {
    const response = await get('dr.avery', '/gear/practitioner/P1002');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      gsdlNo: 'P1002',
      firstName: 'Sam',
      lastName: 'Brooks',
      degree: 'ND',
      authorizingDoctorGsdlNo: 'P1001',
      office: { address: { city: 'New York', state: 'NY' }, reqLayoutId: 2 },
    });
    expect(JSON.stringify(response.json())).not.toContain('demo-cloud-site-key');
  });

  it('lets an admin look up any practitioner, uppercasing the number', async () => {
    const response = await get('admin.ops', '/gear/practitioner/p1003');
    expect(response.json()).toMatchObject({
      gsdlNo: 'P1003',
      cmsCreditStatus: { creditStatus: 'C.O.D Credit Hold' },
    });
  });

  it.each([
    ['an unknown number', 'P9999', 'No details found for P9999.'],
    ['a number over 5 characters', 'P10011', 'No details found for P10011.'],
  ])('answers 404 with the spec message for %s', async (_case, gsdl, message) => {
    expectEnvelope(await get('admin.ops', `/gear/practitioner/${gsdl}`), 404, message);
  });

  it("refuses another practitioner's details to a non-admin (403, no data)", async () => {
    const response = await get('dr.chen', '/gear/practitioner/P1001');
    expectEnvelope(response, 403, MESSAGES.forbidden);
    expect(response.body).not.toContain('Avery');
  });
});

describe('PUT /gear/practitioner/', () => {
  it('spec 1 §5: requires the authorization agreement when the authorizing doctor is the user', async () => {
    const response = await savePractitioner('dr.avery', {
      id: 'new',
      practAgreement: false,
      practitioner: { gsdlNo: 'P1002' },
    });
    const body = expectEnvelope(response, 400, MESSAGES.authorizationRequired);
    expect(body.errors).toEqual([
      { field: 'practAgreement', defaultMessage: MESSAGES.authorizationRequired },
    ]);
  });

  it('creates the order with the practitioner step completed, and the order can be read back', async () => {
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/gear/practitioner/',
      headers,
      payload: { id: 'new', practAgreement: true, practitioner: { gsdlNo: 'p1002', firstName: 'ignored' } },
    });
    expect(response.statusCode).toBe(200);
    const order = response.json<{
      id: number;
      version: number;
      practAgreement: boolean;
      practitioner: { gsdlNo: string; firstName: string };
      workflow: { steps: { id: number; completed: boolean; status: { id: number } }[] };
    }>();
    expect(order.id).toBeGreaterThan(0);
    expect(order.practitioner).toMatchObject({ gsdlNo: 'P1002', firstName: 'Sam' });
    expect(order.practAgreement).toBe(true);
    expect(order.workflow.steps.find((s) => s.id === 1)).toMatchObject({
      completed: true,
      status: { id: 3 },
    });
    expect(order.workflow.steps.filter((s) => s.completed)).toHaveLength(1);

    const read = await ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: order.id, version: order.version });
  });

  it('spec 1 §6: refuses a practitioner on credit hold', async () => {
    const response = await savePractitioner('dr.chen', {
      id: 'new',
      practAgreement: true,
      practitioner: { gsdlNo: 'P1003' },
    });
    expectEnvelope(response, 400, MESSAGES.creditHold);
  });

  it('refuses to order for a practitioner the user does not act for (403)', async () => {
    const response = await savePractitioner('dr.chen', {
      id: 'new',
      practAgreement: true,
      practitioner: { gsdlNo: 'P1001' },
    });
    expectEnvelope(response, 403, MESSAGES.forbidden);
  });

  it('changes the practitioner of a saved order, and answers 409 to a stale version', async () => {
    const { headers } = await signIn(ctx.app, 'staff.kim');
    const created = await ctx.app.inject({
      method: 'PUT',
      url: '/gear/practitioner/',
      headers,
      payload: { id: 'new', practAgreement: true, practitioner: { gsdlNo: 'P1001' } },
    });
    const { id, version } = created.json<{ id: number; version: number }>();
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/gear/practitioner/',
      headers,
      payload: { id, version, practAgreement: true, practitioner: { gsdlNo: 'P1002' } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, version: version + 1, practitioner: { gsdlNo: 'P1002' } });
    const stale = await ctx.app.inject({
      method: 'PUT',
      url: '/gear/practitioner/',
      headers,
      payload: { id, version, practAgreement: true, practitioner: { gsdlNo: 'P1001' } },
    });
    expectEnvelope(stale, 409, MESSAGES.staleOrder);
    const read = await ctx.app.inject({ method: 'GET', url: `/gear/order/${id}`, headers });
    expect(read.json()).toMatchObject({ version: version + 1, practitioner: { gsdlNo: 'P1002' } });
  });

  it.each([
    ['no practitioner', { id: 'new', practAgreement: true }, 'practitioner'],
    [
      'a number over 5 characters',
      { id: 'new', practAgreement: true, practitioner: { gsdlNo: 'P100100' } },
      'practitioner.gsdlNo',
    ],
    ['a negative id', { id: -4, practAgreement: true, practitioner: { gsdlNo: 'P1001' } }, 'id'],
  ])('answers 400 with field errors for %s', async (_case, payload, field) => {
    const body = expectEnvelope(await savePractitioner('dr.avery', payload), 400, MESSAGES.invalidInput);
    expect(body.errors?.map((e) => e.field)).toContain(field);
  });

  it('refuses a change authenticated only by the session cookie', async () => {
    const { cookie } = await signIn(ctx.app, 'dr.avery');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/gear/practitioner/',
      headers: { cookie },
      payload: { id: 'new', practAgreement: true, practitioner: { gsdlNo: 'P1001' } },
    });
    expectEnvelope(response, 401);
  });
});

describe('GET /gear/order/{id}', () => {
  it("answers 403 for another practitioner's order, 404 for no order, 200 for an admin", async () => {
    const created = await savePractitioner('dr.avery', {
      id: 'new',
      practAgreement: true,
      practitioner: { gsdlNo: 'P1001' },
    });
    const { id } = created.json<{ id: number }>();
    const foreign = await get('dr.chen', `/gear/order/${id}`);
    expectEnvelope(foreign, 403, MESSAGES.forbidden);
    expect(foreign.body).not.toContain('Avery');
    expectEnvelope(await get('dr.chen', '/gear/order/999999'), 404, MESSAGES.orderNotFound);
    expect((await get('admin.ops', `/gear/order/${id}`)).statusCode).toBe(200);
    expectEnvelope(await get('dr.avery', '/gear/order/abc'), 400);
  });
});

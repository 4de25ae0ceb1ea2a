import { STEP_IDS } from '@gear/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, workflowSteps } from '../../db/schema/index.ts';
import { callAs, expectEnvelope, ifMatchNow, ok, useSignIns, useTestApp } from '../../test/helper.ts';
import { type SavedOrder, shipToOfficeOrder, signInPatient } from '../../test/order-builders.ts';
import { readPdf, scanCode128 } from '../../test/pdf-text.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', kim: 'staff.kim', chen: 'dr.chen', admin: 'admin.ops' });

/** A ship-to-office order of P1001 handed off to Jane Testpatient (so it has a patient with a date of birth). */
async function orderOfJane(): Promise<SavedOrder> {
  const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540, 617]);
  ok(
    await callAs(
      ctx.app,
      as.avery,
      'POST',
      `/gear/order/${order.id}/handoff`,
      {
        dateOfBirth: '1985-04-12',
        nameLast: 'Testpatient',
        email: 'jane.documents@example.com',
      },
      await ifMatchNow(ctx.database.db, { orderId: order.id }),
    ),
  );
  return order;
}

/** Records the patient agreement and NSA acknowledgement at payment, as the submit of the payment step will. */
async function agreeAtPayment(orderId: number, at: string) {
  const { db } = ctx.database;
  await db
    .update(workflowSteps)
    .set({ completed: true, statusId: 3, userType: 'prc', stepDate: new Date(at) })
    .where(
      and(
        eq(workflowSteps.orderId, orderId),
        eq(workflowSteps.stepId, STEP_IDS.payment),
        isNull(workflowSteps.gearReqId),
      ),
    );
  await db
    .update(orders)
    .set({ patientAgreement: true, nsaAcknowledged: true, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, orderId));
}

const expectPdf = async (response: Awaited<ReturnType<typeof callAs>>) => {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['cache-control']).toBe('no-store');
  return readPdf(response.rawPayload);
};

describe('GET /gear/acknowledgement and /gear/nsa-acknowledgement ?gearOrderId (spec 3 §7: html)', () => {
  it('answer the texts as HTML to whoever may see the order', async () => {
    const order = await orderOfJane();
    const patient = await callAs(ctx.app, as.avery, 'GET', `/gear/acknowledgement?gearOrderId=${order.id}`);
    expect(patient.statusCode).toBe(200);
    expect(patient.headers['content-type']).toMatch(/^text\/html/);
    expect(patient.headers['cache-control']).toBe('no-store');
    expect(patient.body).toContain('<h2>Patient/Responsible Party Acknowledgement</h2>');
    const nsa = await callAs(ctx.app, as.kim, 'GET', `/gear/nsa-acknowledgement?gearOrderId=${order.id}`);
    expect(nsa.body).toContain('<h2>No Surprises Act (NSA) Acknowledgement</h2>');
    const jane = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expect(
      (await callAs(ctx.app, jane, 'GET', `/gear/acknowledgement?gearOrderId=${order.id}`)).statusCode,
    ).toBe(200);
  });

  it('refuse 401 without a sign-in, 403 to another practitioner, 404 for an unknown order, 400 without an id', async () => {
    const order = await orderOfJane();
    expectEnvelope(
      await ctx.app.inject({ method: 'GET', url: `/gear/acknowledgement?gearOrderId=${order.id}` }),
      401,
    );
    expectEnvelope(
      await callAs(ctx.app, as.chen, 'GET', `/gear/nsa-acknowledgement?gearOrderId=${order.id}`),
      403,
    );
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/gear/acknowledgement?gearOrderId=999999'), 404);
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/gear/acknowledgement'), 400);
  });
});

describe('GET /gear/(nsa-)acknowledgement/order/{id}/pdf?dateOfBirth (spec 3 §7: a document)', () => {
  it('is a PDF of the text with the order, the patient and whether and when they agreed', async () => {
    const order = await orderOfJane();
    const before = await expectPdf(
      await callAs(ctx.app, as.avery, 'GET', `/gear/acknowledgement/order/${order.id}/pdf`),
    );
    expect(before.text).toContain('Patient/Responsible Party Acknowledgement');
    expect(before.text).toContain(`Order: ${order.id}`);
    expect(before.text).toContain('Patient: Testpatient');
    expect(before.text).toContain('Acknowledged: Not yet acknowledged');

    await agreeAtPayment(order.id, '2026-11-20T15:04:05Z');
    const patient = await expectPdf(
      await callAs(ctx.app, as.avery, 'GET', `/gear/acknowledgement/order/${order.id}/pdf`),
    );
    expect(patient.text).toContain('Acknowledged: Yes, on 11/20/2026');
    expect(patient.text).toContain('I authorize the laboratory to perform the tests');
    const nsa = await expectPdf(
      await callAs(ctx.app, as.admin, 'GET', `/gear/nsa-acknowledgement/order/${order.id}/pdf`),
    );
    expect(nsa.text).toContain('No Surprises Act (NSA) Acknowledgement');
    expect(nsa.text).toContain('good faith estimate');
    expect(nsa.text).toContain('Acknowledged: Yes, on 11/20/2026');
  });

  it('a patient opens it for the order they proved, with its date of birth only', async () => {
    const order = await orderOfJane();
    const other = await orderOfJane();
    const jane = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const url = `/gear/nsa-acknowledgement/order/${order.id}/pdf`;
    expectEnvelope(await callAs(ctx.app, jane, 'GET', url), 400, 'Please provide a date of birth.');
    expectEnvelope(
      await callAs(ctx.app, jane, 'GET', `${url}?dateOfBirth=1985-04-13`),
      404,
      'We could not find that order.',
    );
    expectEnvelope(
      await callAs(
        ctx.app,
        jane,
        'GET',
        `/gear/nsa-acknowledgement/order/${other.id}/pdf?dateOfBirth=1985-04-12`,
      ),
      403,
    );
    const pdf = await expectPdf(await callAs(ctx.app, jane, 'GET', `${url}?dateOfBirth=04/12/1985`));
    expect(pdf.text).toContain('No Surprises Act (NSA) Acknowledgement');
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: `${url}?dateOfBirth=1985-04-12` }), 401);
    expectEnvelope(await callAs(ctx.app, as.chen, 'GET', url), 403);
  });
});

describe('packing slips (spec 3 §2 electronic packing slip, §7)', () => {
  it("GET /gear/order/{id}/packingslip/{orderFormId}: the order's lines and a barcode a scanner reads as the order number", async () => {
    const order = await orderOfJane();
    const pdf = await expectPdf(
      await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/packingslip/${order.id}`),
    );
    expect(pdf.text).toContain('Packing Slip');
    expect(pdf.text).toContain(`Order number: ${order.id}`);
    expect(pdf.text).toMatch(/GI Effects/);
    expect(pdf.text).toMatch(/Metabolomix/);
    expect(pdf.text).toContain('Packs: 2');
    expect(pdf.text).toContain('Shipping method: FedEx Ground');
    expect(pdf.text).toContain('Dana Avery, MD (P1001)');
    expect(pdf.images).toHaveLength(1);
    const [barcode] = pdf.images;
    if (!barcode) throw new Error('no barcode image');
    expect(scanCode128(barcode)).toBe(String(order.id));
  });

  it('refuses another orderFormId (404), a patient on the practitioner path (403), another practitioner (403)', async () => {
    const order = await orderOfJane();
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/packingslip/OF-1`), 404);
    const jane = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expectEnvelope(
      await callAs(ctx.app, jane, 'GET', `/gear/order/${order.id}/packingslip/${order.id}`),
      403,
    );
    expectEnvelope(
      await callAs(ctx.app, as.chen, 'GET', `/gear/order/${order.id}/packingslip/${order.id}`),
      403,
    );
  });

  it('GET /gear/packing-slip/order/{id}?dateOfBirth: the same slip for the patient who proved the order', async () => {
    const order = await orderOfJane();
    const jane = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const url = `/gear/packing-slip/order/${order.id}`;
    expectEnvelope(await callAs(ctx.app, jane, 'GET', url), 400);
    const pdf = await expectPdf(await callAs(ctx.app, jane, 'GET', `${url}?dateOfBirth=1985-04-12`));
    expect(pdf.text).toContain(`Order number: ${order.id}`);
    expect((await expectPdf(await callAs(ctx.app, as.kim, 'GET', url))).text).toContain('Packing Slip');
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/gear/packing-slip/order/999999'), 404);
  });
});

// Pay Bill (spec 3 §2 /pay/ereq/{gearReqId}; decision 0300): the amount GET /amount-due answers, paid once by card.
import { BILL_MESSAGES, MESSAGES, PATIENT_MESSAGES, PAYMENT_MESSAGES } from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessions, auditEvents, orders, payments, requisitions } from '../../db/schema/index.ts';
import { solvedCaptcha } from '../../test/captcha.ts';
import {
  callAs,
  expectEnvelope,
  ifMatchNow,
  type SavedOrder,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import { receiveByLab, signInPatient } from '../../test/order-builders.ts';
import { cardToken, patientPaidOrder, patientPaysOrder } from '../payment/test-payments.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen' });
const DOB = '1980-02-03';

/** A patient-pays order of dr.avery whose test the lab received, with results at `status` (3: ready). */
async function billed(status: number | null = 3, discarded = false) {
  const order = await patientPaysOrder(ctx, as.avery);
  const gearReqId = order.requisitions[0]?.id as number;
  const accessionNo = `B${order.id}`;
  await receiveByLab(ctx.database.db, gearReqId, accessionNo);
  await ctx.database.db
    .update(accessions)
    .set({ requisitionStatusId: status, discardedSpecimen: discarded })
    .where(eq(accessions.accessionNo, accessionNo));
  const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
  return { order, gearReqId, accessionNo, patient };
}

const billUrl = (gearReqId: number, query = `dateOfBirth=${DOB}`) =>
  `/gear/gear-requisition/${gearReqId}/bill?${query}`;
const payUrl = (gearReqId: number, query = `dateOfBirth=${DOB}`) =>
  `/gear/gear-requisition/${gearReqId}/bill-payment?${query}`;

async function pay(
  gearReqId: number,
  who: Parameters<typeof callAs>[1],
  body: Record<string, unknown>,
  headers: Record<string, string>,
  query?: string,
) {
  return callAs(ctx.app, who, 'POST', payUrl(gearReqId, query), body, headers);
}

const billPayments = (gearReqId: number) =>
  ctx.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.gearReqId, gearReqId), eq(payments.paymentType, 'bill')));

describe('GET …/bill: the Pay Bill page’s data', () => {
  it('a results-ready unpaid test: the amount /amount-due answers, payable, no-store, audited', async () => {
    const { order, gearReqId, accessionNo, patient } = await billed();
    const answer = await callAs(
      ctx.app,
      patient,
      'GET',
      billUrl(
        gearReqId,
        `requisitionNumber=${order.requisitions[0]?.reqNumber ?? ''}&orderNo=${order.id}&dateOfBirth=${DOB}`,
      ),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const bill = answer.json();
    const text = (await callAs(ctx.app, as.avery, 'GET', `/amount-due?invoiceNo=${accessionNo}`)).body;
    expect(bill.amountDueCents).toBe(Math.round(Number(text) * 100));
    expect(bill.amountDueCents).toBeGreaterThan(0);
    expect(bill).toMatchObject({ payable: true, captchaRequired: true, paid: null, orderId: order.id });
    const audited = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'billRead'));
    expect(audited.some((event) => event.orderId === order.id)).toBe(true);
  });

  it('results not ready or a discarded specimen: not payable; the practitioner sees it without a date of birth', async () => {
    const testing = await billed(2);
    const answer = await callAs(ctx.app, as.avery, 'GET', billUrl(testing.gearReqId, ''));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ payable: false, captchaRequired: false });
    const discarded = await billed(3, true);
    expect((await callAs(ctx.app, as.avery, 'GET', billUrl(discarded.gearReqId, ''))).json().payable).toBe(
      false,
    );
  });

  it('refusals: 401 signed out, 403 another practitioner, 403 another patient, 404 a wrong link, 400 bad input', async () => {
    const { order, gearReqId, patient } = await billed();
    expect((await ctx.app.inject({ method: 'GET', url: billUrl(gearReqId) })).statusCode).toBe(401);
    expectEnvelope(await callAs(ctx.app, as.chen, 'GET', billUrl(gearReqId)), 403);
    const other = await billed();
    expectEnvelope(await callAs(ctx.app, other.patient, 'GET', billUrl(gearReqId)), 403);
    expectEnvelope(
      await callAs(ctx.app, patient, 'GET', billUrl(gearReqId, 'dateOfBirth=')),
      400,
      PATIENT_MESSAGES.dateOfBirthRequired,
    );
    expectEnvelope(await callAs(ctx.app, patient, 'GET', billUrl(gearReqId, 'dateOfBirth=1999-01-01')), 404);
    expectEnvelope(
      await callAs(
        ctx.app,
        patient,
        'GET',
        billUrl(gearReqId, `orderNo=${order.id + 1000}&dateOfBirth=${DOB}`),
      ),
      404,
      BILL_MESSAGES.linkMismatch,
    );
    await ctx.database.db
      .update(requisitions)
      .set({ reqNumber: 'R7001' })
      .where(eq(requisitions.id, gearReqId));
    // As the submit gives the number: the order's version moves with it (the order cache reads the version).
    await ctx.database.db
      .update(orders)
      .set({ version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id));
    expectEnvelope(
      await callAs(ctx.app, patient, 'GET', billUrl(gearReqId, `requisitionNumber=R7002&dateOfBirth=${DOB}`)),
      404,
      BILL_MESSAGES.linkMismatch,
    );
    expect(
      (
        await callAs(
          ctx.app,
          patient,
          'GET',
          billUrl(gearReqId, `requisitionNumber=R7001&orderNo=${order.id}&dateOfBirth=${DOB}`),
        )
      ).statusCode,
    ).toBe(200);
    expectEnvelope(await callAs(ctx.app, patient, 'GET', billUrl(gearReqId, 'orderNo=abc')), 400);
    expectEnvelope(await callAs(ctx.app, patient, 'GET', '/gear/gear-requisition/0/bill'), 400);
    expectEnvelope(await callAs(ctx.app, patient, 'GET', '/gear/gear-requisition/999999/bill'), 404);
  });
});

describe('POST …/bill-payment', () => {
  it('pays the amount due once: captured, 0 owed after, in the timeline, audited; again 409', async () => {
    const { order, gearReqId, accessionNo, patient } = await billed();
    const due = (await callAs(ctx.app, patient, 'GET', billUrl(gearReqId))).json().amountDueCents;
    const body = {
      tokenId: await cardToken(ctx, '4242424242424242'),
      recaptcha: await solvedCaptcha(ctx.app),
    };
    const paid = await pay(
      gearReqId,
      patient,
      body,
      await ifMatchNow(ctx.database.db, { orderId: order.id }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.headers['cache-control']).toBe('no-store');
    expect(paid.json()).toMatchObject({
      amountDueCents: 0,
      payable: false,
      paid: { amountCents: due, cardLast4: '4242' },
    });
    const [row] = await billPayments(gearReqId);
    expect(row).toMatchObject({ amountCents: due, status: 'captured', paymentFrom: 'prc' });
    expect((await callAs(ctx.app, as.avery, 'GET', `/amount-due?invoiceNo=${accessionNo}`)).body).toBe(
      '0.00',
    );
    const timeline = (await callAs(ctx.app, patient, 'GET', `/gear/order/${order.id}/timeline`)).json();
    expect(JSON.stringify(timeline)).toContain('Bill paid');
    const audited = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.orderId, order.id));
    expect(audited.map((event) => event.action)).toEqual(
      expect.arrayContaining(['billPaid', 'orderChanged:billPayment']),
    );
    expect(JSON.stringify(audited)).not.toContain('4242424242424242');
    const again = await pay(
      gearReqId,
      patient,
      { ...body, recaptcha: await solvedCaptcha(ctx.app) },
      await ifMatchNow(ctx.database.db, { orderId: order.id }),
    );
    expectEnvelope(again, 409, BILL_MESSAGES.alreadyPaid);
    expect(await billPayments(gearReqId)).toHaveLength(1);
  });

  it('decision 0100: 428 without If-Match, 409 when stale; a declined card 402 and nothing changes', async () => {
    const { order, gearReqId, patient } = await billed();
    const body = async (card = '4242424242424242') => ({
      tokenId: await cardToken(ctx, card),
      recaptcha: await solvedCaptcha(ctx.app),
    });
    expectEnvelope(await pay(gearReqId, patient, await body(), {}), 428, MESSAGES.orderVersionRequired);
    expectEnvelope(
      await pay(gearReqId, patient, await body(), { 'if-match': `"${order.version - 1}"` }),
      409,
      MESSAGES.staleOrder,
    );
    const before = await ifMatchNow(ctx.database.db, { orderId: order.id });
    const declined = await pay(gearReqId, patient, await body('4000000000000002'), before);
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().error).toBe('RequisitionPaymentException');
    expect(await billPayments(gearReqId)).toHaveLength(0);
    expect(await ifMatchNow(ctx.database.db, { orderId: order.id })).toEqual(before);
    expect((await callAs(ctx.app, patient, 'GET', billUrl(gearReqId))).json().payable).toBe(true);
  });

  it('refusals: 401, 403, 409 not ready, 422 unknown token, captcha, bad body', async () => {
    const { order, gearReqId, patient } = await billed();
    const ifMatch = await ifMatchNow(ctx.database.db, { orderId: order.id });
    const tokenId = await cardToken(ctx, '4242424242424242');
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: payUrl(gearReqId),
      headers: ifMatch,
      payload: { tokenId },
    });
    expect(unsigned.statusCode).toBe(401);
    expectEnvelope(await pay(gearReqId, as.chen, { tokenId }, ifMatch), 403);
    const other = await billed();
    expectEnvelope(await pay(gearReqId, other.patient, { tokenId }, ifMatch), 403);
    expectEnvelope(
      await pay(
        gearReqId,
        patient,
        { tokenId: 'tok_nothing', recaptcha: await solvedCaptcha(ctx.app) },
        ifMatch,
      ),
      422,
      PAYMENT_MESSAGES.tokenUnknown,
    );
    const noCaptcha = await pay(gearReqId, patient, { tokenId }, ifMatch);
    expectEnvelope(noCaptcha, 422, PAYMENT_MESSAGES.captchaInvalid);
    expect(noCaptcha.json().error).toBe('RecaptchaInvalidException');
    expectEnvelope(await pay(gearReqId, patient, { tokenId: '' }, ifMatch), 400);
    expectEnvelope(await pay(gearReqId, patient, { nothing: true }, ifMatch), 400);
    const testing = await billed(2);
    expectEnvelope(
      await pay(
        testing.gearReqId,
        as.avery,
        { tokenId },
        await ifMatchNow(ctx.database.db, { orderId: testing.order.id }),
        '',
      ),
      409,
      BILL_MESSAGES.notPayable,
    );
    // A test paid at submit owes nothing: already paid.
    const { order: paidOrder } = await patientPaidOrder(ctx, as.avery, '4242424242424242');
    const paidReq = paidOrder.requisitions[0]?.id as number;
    await receiveByLab(ctx.database.db, paidReq, `P${paidOrder.id}`);
    await ctx.database.db
      .update(accessions)
      .set({ requisitionStatusId: 3 })
      .where(eq(accessions.gearReqId, paidReq));
    expectEnvelope(
      await pay(
        paidReq,
        as.avery,
        { tokenId },
        await ifMatchNow(ctx.database.db, { orderId: paidOrder.id }),
        '',
      ),
      409,
      BILL_MESSAGES.alreadyPaid,
    );
    expect(await billPayments(gearReqId)).toHaveLength(0);
  });
});

describe('once only (decision 0300)', () => {
  it('200 identical concurrent payments charge once; the others answer 409 (or 503 when the pool is full)', async () => {
    const { order, gearReqId, patient } = await billed();
    const ifMatch = await ifMatchNow(ctx.database.db, { orderId: order.id });
    const tokenId = await cardToken(ctx, '4242424242424242');
    const requests = [];
    for (let i = 0; i < 200; i += 1)
      requests.push({
        method: 'POST' as const,
        url: payUrl(gearReqId),
        headers: { ...patient.headers, ...ifMatch },
        payload: { tokenId, recaptcha: await solvedCaptcha(ctx.app, `10.1.${i}.1`) },
      });
    const answers = await Promise.all(requests.map((request) => ctx.app.inject(request)));
    const statuses = answers.map((answer) => answer.statusCode);
    const okCount = statuses.filter((status) => status === 200).length;
    expect(okCount).toBeLessThanOrEqual(1);
    if (!statuses.includes(503)) expect(okCount).toBe(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200))
      expect([409, 503]).toContain(answer.statusCode);
    const rows = await billPayments(gearReqId);
    expect(rows).toHaveLength(okCount);
    // The gateway captured one charge for the bill: the recorded transaction, and no other authorization held.
    if (okCount === 1) expect(rows[0]?.status).toBe('captured');
  }, 300_000);
});

export type { SavedOrder };

import {
  BILLING_METHODS,
  formatCents,
  PAYMENT_MESSAGES,
  type PaymentSummary,
  type RecordedPayment,
  STEP_IDS,
} from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gatewayAuthorizations, orders, payments, prepayCodes } from '../../db/schema/index.ts';
import { solvedCaptcha } from '../../test/captcha.ts';
import {
  callAs,
  expectEnvelope,
  GI_EFFECTS,
  ifMatchNow,
  ok,
  type SavedOrder,
  type SignedIn,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import {
  dropShipOrder,
  shippingBody,
  shipToOfficeOrder,
  signInPatient,
  stepRow,
} from '../../test/order-builders.ts';
import { readPdf } from '../../test/pdf-text.ts';
import { patientInfo } from '../patient/test-orders.ts';
import { localGateway } from './gateway/local-gateway.ts';
import { chargeDueInstalments } from './instalment-job.ts';

/** Everything the app writes to its log during the tests (the canary must never reach it). */
const logged: string[] = [];
const ctx = useTestApp(() => ({ LOG_LEVEL: 'info' }));
const originalWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  logged.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
  return originalWrite(chunk, ...rest);
}) as typeof process.stdout.write;

const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', admin: 'admin.ops' });

type Answer = { gearOrder: SavedOrder; error: string | null; message: string | null };

/** A drop-ship GI Effects order of P1001 for Jane, billed 'No Insurance Billing: Pay Full Amount' (the patient pays). */
async function patientPaysOrder(billingMethod: string = BILLING_METHODS.patientPay): Promise<SavedOrder> {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [GI_EFFECTS]);
  const withPatient = ok(
    await callAs(ctx.app, as.avery, 'PUT', `/gear/order/${order.id}/patient/`, {
      id: order.id,
      version: order.version,
      patientInfo: patientInfo(),
    }),
  );
  return ok(
    await callAs(ctx.app, as.avery, 'PUT', '/gear/billingMethod/', {
      billingMethod,
      gearReqId: withPatient.requisitions[0]?.id,
      version: withPatient.version,
    }),
  );
}

const summaryOf = async (order: { id: number }, who: SignedIn) =>
  ok<PaymentSummary>(
    await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}/payment-summary`,
      headers: who.headers,
    }),
  );

const tokenize = async (cardNo: string, cardExpDate = '12/30', cardCvv = '123') => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/gateway/tokens',
    payload: { cardNo, cardExpDate, cardCvv, cardholderName: 'Jane Testpatient', cardZipCode: '28801' },
  });
  answers.push(response.body);
  return response;
};

/** Every answer the API gave in these tests (searched for the canary card number at the end). */
const answers: string[] = [];

const submit = async (order: { id: number }, who: SignedIn, body: Record<string, unknown>, key?: string) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/gear/order/${order.id}/confirm-and-pay`,
    // The order's version as the browser read it, in If-Match (docs/decisions/0100), unless the body names one.
    headers: {
      ...who.headers,
      ...(key ? { 'idempotency-key': key } : {}),
      ...('version' in body ? {} : await ifMatchNow(ctx.database.db, { orderId: order.id })),
    },
    payload: { patientAgreement: true, nsaAcknowledged: true, recaptcha: null, payments: [], ...body },
  });
  answers.push(response.body);
  return response;
};

const cardPayment = (gearReqId: number, tokenId: string, extra: Record<string, unknown> = {}) => ({
  paymentType: 'card',
  paymentFrom: 'prc',
  gearReqId,
  tokenId,
  installmentIntervalType: 'full',
  ...extra,
});

const authorizationsOf = (token: string) =>
  ctx.database.db.select().from(gatewayAuthorizations).where(eq(gatewayAuthorizations.token, token));

const paymentsOf = (orderId: number) =>
  ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));

async function patientFor(order: { id: number }) {
  return signInPatient(ctx.app, ctx.database.db, [order.id]);
}

describe('POST /gateway/tokens (decision 0120)', () => {
  it('answers a token, the brand and the last four; refuses a number failing Luhn or out of 12–19 digits', async () => {
    const token = ok<{ token: string; brand: string; last4: string }>(await tokenize('4242 4242 4242 4242'));
    expect(token).toMatchObject({ brand: 'Visa', last4: '4242' });
    expect(token.token).toMatch(/^tok_[0-9a-f]{24}$/);
    expectEnvelope(await tokenize('4242424242424241'), 422, PAYMENT_MESSAGES.cardNumberInvalid);
    expectEnvelope(await tokenize('42424242424'), 422, PAYMENT_MESSAGES.cardNumberInvalid);
    expectEnvelope(await tokenize('4242424242424242', '13/30'), 422, PAYMENT_MESSAGES.expiryInvalid);
  });
});

describe('PUT /gear/order/{id}/confirm-and-pay with payments (spec 3 §5, §7, §8; decision 0120)', () => {
  it('a patient pays by card with the captcha and the acknowledgements: authorized, captured, order confirmed', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const summary = await summaryOf(order, patient);
    expect(summary).toMatchObject({
      paymentRequired: true,
      captchaRequired: true,
      nsaRequired: true,
      patientAgreementRequired: true,
    });
    const requisition = summary.requisitions[0];
    expect(requisition?.amountCents).toBeGreaterThan(0);
    const { token } = ok<{ token: string }>(await tokenize('5555555555554444'));
    const answer = ok<Answer>(
      await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [cardPayment(requisition?.gearReqId as number, token, { cardAuthAmount: 1 })],
      }),
    );
    expect(answer.gearOrder.workflow.patientConfirmed).toBe(true);
    expect(answer.gearOrder.nsaAcknowledged).toBe(true);
    expect(stepRow(answer.gearOrder, STEP_IDS.payment)).toMatchObject({ completed: true, userType: 'prc' });
    const [row] = await paymentsOf(order.id);
    // The server's amount, whatever the browser said (cardAuthAmount 1).
    expect(row).toMatchObject({
      paymentType: 'card',
      amountCents: requisition?.amountCents,
      cardAuthAmountCents: requisition?.amountCents,
      cardBrand: 'Mastercard',
      cardLast4: '4444',
      tokenId: token,
      status: 'captured',
    });
    const [authorization] = await authorizationsOf(token);
    expect(authorization).toMatchObject({
      status: 'captured',
      amountCents: requisition?.amountCents,
      transactionId: row?.transactionId,
    });
    const after = await summaryOf(order, patient);
    expect(after.paymentRequired).toBe(false);
    expect(after.payments).toHaveLength(1);

    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}/receipt/pdf?dateOfBirth=1980-02-03`,
      headers: patient.headers,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(receipt.rawPayload);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('Mastercard ending 4444');
  });

  it('a declined card confirms nothing and charges nothing: 402 RequisitionPaymentException with the reason', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const [requisition] = order.requisitions;
    for (const [cardNo, message] of [
      ['4000000000000002', PAYMENT_MESSAGES.cardDeclined],
      ['4000000000009995', PAYMENT_MESSAGES.insufficientFunds],
      ['4000000000000069', PAYMENT_MESSAGES.cardExpired],
      ['4000000000000127', PAYMENT_MESSAGES.cvvMismatch],
    ] as const) {
      const { token } = ok<{ token: string }>(await tokenize(cardNo));
      const refused = await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [cardPayment(requisition?.id as number, token)],
      });
      expect(refused.statusCode, refused.body).toBe(402);
      expect(refused.json()).toMatchObject({ error: 'RequisitionPaymentException', message });
      expect((await authorizationsOf(token)).map((a) => a.status)).toEqual(['declined']);
    }
    expect(await paymentsOf(order.id)).toEqual([]);
    const reread = ok(await callAs(ctx.app, patient, 'GET', `/gear/order/${order.id}`));
    expect(reread.workflow.patientConfirmed).toBe(false);
    expect(reread.dataConfirmed).toBe(false);
  });

  it('refuses as spec 3 §5 says: payment type, captcha, NSA, prepay code, a spent captcha (RecaptchaInvalidException)', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const [requisition] = order.requisitions;
    const gearReqId = requisition?.id as number;
    expectEnvelope(await submit(order, patient, {}), 422, PAYMENT_MESSAGES.paymentTypeRequired);
    const check = { paymentType: 'check', gearReqId, checkNo: '1001' };
    expectEnvelope(
      await submit(order, patient, { payments: [check] }),
      422,
      PAYMENT_MESSAGES.captchaRequired,
    );
    expectEnvelope(
      await submit(order, patient, { payments: [check], nsaAcknowledged: false, recaptcha: 'x' }),
      422,
      PAYMENT_MESSAGES.nsaRequired,
    );
    expectEnvelope(
      await submit(order, patient, {
        payments: [{ paymentType: 'prepay', gearReqId, prcConfirmationNo: 'PRE12' }],
      }),
      422,
      PAYMENT_MESSAGES.prepayCodeInvalid,
    );
    expectEnvelope(
      await submit(order, patient, {
        payments: [{ paymentType: 'prepay', gearReqId, prcConfirmationNo: 'ZZZ999' }],
      }),
      422,
      PAYMENT_MESSAGES.prepayCodeUnknown,
    );
    const forged = await submit(order, patient, { payments: [check], recaptcha: 'not-a-solution' });
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({
      error: 'RecaptchaInvalidException',
      message: 'Error verifying reCAPTCHA. Please try again.',
    });

    // A solution is accepted once: the first submit spends it, a replay on another order is refused.
    const solution = await solvedCaptcha(ctx.app);
    const placed = ok<Answer>(await submit(order, patient, { payments: [check], recaptcha: solution }));
    expect(placed.gearOrder.workflow.patientConfirmed).toBe(true);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    const other = await patientPaysOrder();
    const otherPatient = await patientFor(other);
    const replayed = await submit(other, otherPatient, {
      recaptcha: solution,
      payments: [{ paymentType: 'check', gearReqId: other.requisitions[0]?.id, checkNo: '1002' }],
    });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json()).toMatchObject({ error: 'RecaptchaInvalidException' });
    const [row] = await paymentsOf(order.id);
    expect(row).toMatchObject({ paymentType: 'check', checkNo: '1001', status: 'recorded' });
  });

  it('a prepay code pays once: redeemed with the submit, refused on another order', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const prepay = (gearReqId: number) => ({ paymentType: 'prepay', gearReqId, prcConfirmationNo: 'pre003' });
    ok<Answer>(
      await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [prepay(order.requisitions[0]?.id as number)],
      }),
    );
    const [code] = await ctx.database.db.select().from(prepayCodes).where(eq(prepayCodes.code, 'PRE003'));
    expect(code?.redeemedAt).not.toBeNull();
    const other = await patientPaysOrder();
    const otherPatient = await patientFor(other);
    expectEnvelope(
      await submit(other, otherPatient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [prepay(other.requisitions[0]?.id as number)],
      }),
      422,
      PAYMENT_MESSAGES.prepayCodeUnknown,
    );
  });

  it('200 concurrent identical submits (one key, one captcha) make one authorization and one payment', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const { token } = ok<{ token: string }>(await tokenize('4111111111111111'));
    const body = {
      recaptcha: await solvedCaptcha(ctx.app),
      payments: [cardPayment(order.requisitions[0]?.id as number, token)],
    };
    const results = await Promise.all(
      Array.from({ length: 200 }, () => submit(order, patient, body, 'pay-twins-200')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    expect(await authorizationsOf(token)).toHaveLength(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  }, 120_000);

  it('20 concurrent submits without a key: one authorization; the others are refused', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const { token } = ok<{ token: string }>(await tokenize('4012888888881881'));
    const body = {
      recaptcha: await solvedCaptcha(ctx.app),
      payments: [cardPayment(order.requisitions[0]?.id as number, token)],
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(order, patient, body)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 409, 422].includes(r.statusCode))).toBe(true);
    const authorizations = await authorizationsOf(token);
    expect(authorizations.filter((a) => a.status !== 'voided')).toHaveLength(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  }, 60_000);

  it('a 3-month plan: the first instalment charged now, the others scheduled with their dates', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const summary = await summaryOf(order, patient);
    expect(summary.planEligible).toBe(summary.dueTodayCents > 10_000);
    if (!summary.planEligible) throw new Error('the demo GI Effects price must be over $100 for a plan');
    const { token } = ok<{ token: string }>(await tokenize('6011111111111117'));
    const full = summary.requisitions[0]?.amountCents as number;
    ok<Answer>(
      await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [
          cardPayment(order.requisitions[0]?.id as number, token, {
            installmentIntervalType: 'month',
            installmentCount: 3,
          }),
        ],
      }),
    );
    const recorded = ok<RecordedPayment[]>(
      await ctx.app.inject({
        method: 'GET',
        url: `/gear/order/${order.id}/payments`,
        headers: patient.headers,
      }),
    );
    const [payment] = recorded;
    const first = Math.floor(full / 3);
    expect(payment).toMatchObject({
      installmentIntervalType: 'month',
      installmentCount: 3,
      amountCents: first,
    });
    expect(payment?.instalments.map((i) => [i.number, i.status, i.amountCents])).toEqual([
      [1, 'charged', first],
      [2, 'scheduled', first],
      [3, 'scheduled', full - 2 * first],
    ]);
    const [authorization] = await authorizationsOf(token);
    expect(authorization).toMatchObject({ amountCents: first, status: 'captured' });

    // The job charges what is due: nothing today, both later instalments once their dates pass, and only once.
    const gateway = localGateway(ctx.database.db);
    expect(
      await chargeDueInstalments(ctx.database.db, gateway, payment?.instalments[0]?.dueDate as string),
    ).toEqual({
      charged: 0,
      failed: 0,
    });
    const last = payment?.instalments[2]?.dueDate as string;
    const runs = await Promise.all([1, 2, 3].map(() => chargeDueInstalments(ctx.database.db, gateway, last)));
    expect(runs.reduce((sum, run) => sum + run.charged, 0)).toBe(2);
    expect((await authorizationsOf(token)).map((a) => [a.amountCents, a.status])).toEqual([
      [first, 'captured'],
      [first, 'captured'],
      [full - 2 * first, 'captured'],
    ]);
  });

  it('decision 0121: a later instalment the card declines is recorded as failed, with the reason, on the order', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const { token } = ok<{ token: string }>(await tokenize('4000000000000341'));
    ok<Answer>(
      await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [
          cardPayment(order.requisitions[0]?.id as number, token, {
            installmentIntervalType: 'month',
            installmentCount: 2,
          }),
        ],
      }),
    );
    const gateway = localGateway(ctx.database.db);
    expect(await chargeDueInstalments(ctx.database.db, gateway, '2099-12-31')).toMatchObject({ failed: 1 });
    const [payment] = ok<RecordedPayment[]>(
      await ctx.app.inject({
        method: 'GET',
        url: `/gear/order/${order.id}/payments`,
        headers: patient.headers,
      }),
    );
    expect(payment?.instalments.map((i) => [i.status, i.failureMessage])).toEqual([
      ['charged', null],
      ['failed', PAYMENT_MESSAGES.cardDeclined],
    ]);
  });

  it('refuses a plan of 5 instalments before authorizing anything (spec 3 §5)', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const { token } = ok<{ token: string }>(await tokenize('5105105105105100'));
    expectEnvelope(
      await submit(order, patient, {
        recaptcha: 'x',
        payments: [
          cardPayment(order.requisitions[0]?.id as number, token, {
            installmentIntervalType: 'month',
            installmentCount: 5,
          }),
        ],
      }),
      422,
      PAYMENT_MESSAGES.instalmentCountOutOfRange,
    );
    expect(await authorizationsOf(token)).toEqual([]);
  });

  it('dr.avery pays expedited shipping with the shipping card on file; without a payment, 422', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const shipped = ok(
      await callAs(ctx.app, as.avery, 'PUT', `/gear/order/${order.id}/shippingInfo/`, shippingBody(order)),
    );
    const summary = await summaryOf(shipped, as.avery);
    expect(summary.expeditedShippingCents).toBeGreaterThan(0);
    expect(summary).toMatchObject({
      shippingCardOnFile: { brand: 'Mastercard', last4: '4444' },
      cardOnFile: { brand: 'Visa', last4: '4242' },
      nsaRequired: false,
      patientAgreementRequired: false,
      captchaRequired: false,
    });
    expectEnvelope(
      await submit(shipped, as.avery, { patientAgreement: false, nsaAcknowledged: false }),
      422,
      PAYMENT_MESSAGES.paymentTypeRequired,
    );
    ok<Answer>(
      await submit(shipped, as.avery, {
        patientAgreement: false,
        nsaAcknowledged: false,
        payments: [
          {
            paymentType: 'shippingCardOnFile',
            paymentFrom: 'myGDX',
            gearOrderId: order.id,
            saveForLater: false,
          },
        ],
      }),
    );
    const [row] = await paymentsOf(order.id);
    expect(row).toMatchObject({
      paymentType: 'expeditedShipping',
      gearReqId: null,
      amountCents: summary.expeditedShippingCents,
      cardBrand: 'Mastercard',
      cardLast4: '4444',
      status: 'captured',
    });
  });

  it('a card number posted to the API is handed to the gateway and dropped: the canary is nowhere', async () => {
    const canary = '4929876543210002';
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    ok<Answer>(
      await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [
          {
            paymentType: 'card',
            gearReqId: order.requisitions[0]?.id,
            cardNo: canary,
            cardExpDate: '11/31',
            cardCvv: '987',
            cardholderName: 'Jane Testpatient',
            cardZipCode: '28801',
          },
        ],
      }),
    );
    const [row] = await paymentsOf(order.id);
    expect(row).toMatchObject({ cardLast4: '0002', cardBrand: 'Visa', status: 'captured' });
    // A refusal's answer carries no card number either.
    const other = await patientPaysOrder();
    await submit(other, await patientFor(other), {
      recaptcha: 'x',
      payments: [
        {
          paymentType: 'card',
          gearReqId: other.requisitions[0]?.id,
          cardNo: `${canary.slice(0, 15)}1`,
          cardExpDate: '11/31',
          cardCvv: '987',
          cardholderName: 'J',
          cardZipCode: '28801',
        },
      ],
    });

    const tables = await ctx.database.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toContain('gateway_tokens');
    for (const name of names) {
      const dump = await ctx.database.db.execute(sql.raw(`SELECT t::text AS row FROM "${name}" t`));
      const text = (dump as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join('\n');
      expect(text.includes(canary), `canary in ${name}`).toBe(false);
      expect(text.includes(canary.slice(0, 15)), `canary prefix in ${name}`).toBe(false);
    }
    expect(logged.join('').length).toBeGreaterThan(0);
    expect(logged.join('').includes(canary.slice(0, 12))).toBe(false);
    expect(answers.join('\n').includes(canary.slice(0, 12))).toBe(false);
  });
});

describe('GET /gear/order/{id}/receipt/pdf (spec 3 §2 Download Receipt; decision 0120)', () => {
  it('reads back as a receipt: order, patient, test, card brand and last four, amounts, transaction, instalments, total', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const receiptOf = (who: SignedIn, dateOfBirth?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/gear/order/${order.id}/receipt/pdf${dateOfBirth ? `?dateOfBirth=${dateOfBirth}` : ''}`,
        headers: who.headers,
      });
    expectEnvelope(await receiptOf(patient, '1980-02-03'), 422, PAYMENT_MESSAGES.noReceipt);

    const canary = '378282246310005';
    const { token } = ok<{ token: string }>(await tokenize(canary, '12/30', '1234'));
    ok<Answer>(
      await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [
          cardPayment(order.requisitions[0]?.id as number, token, {
            installmentIntervalType: 'month',
            installmentCount: 3,
          }),
        ],
      }),
    );
    const [payment] = ok<RecordedPayment[]>(
      await ctx.app.inject({
        method: 'GET',
        url: `/gear/order/${order.id}/payments`,
        headers: patient.headers,
      }),
    );
    if (!payment?.transactionId) throw new Error("the plan's first instalment has a transaction");

    const receipt = await receiptOf(patient, '1980-02-03');
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(`inline; filename="receipt-${order.id}.pdf"`);
    expect(receipt.headers['cache-control']).toContain('no-store');
    const { text } = await readPdf(receipt.rawPayload);
    const lines = text.split('\n').map((line) => line.trim());
    const [first, second, third] = payment.instalments;
    expect(lines).toEqual(
      expect.arrayContaining([
        'Payment receipt',
        `Order: ${order.id}`,
        'Patient: Ada Patient',
        order.requisitions[0]?.omsOrderableItemName,
        'Paid with: Card (American Express ending 0005)',
        `Amount: ${formatCents(payment.amountCents)}`,
        `Status: ${payment.status}`,
        `Transaction: ${payment.transactionId}`,
        `Date: ${payment.createdAt.slice(0, 10)}`,
        `Instalment 1: ${formatCents(first?.amountCents ?? -1)} on ${first?.dueDate} (charged)`,
        `Instalment 2: ${formatCents(second?.amountCents ?? -1)} on ${second?.dueDate} (scheduled)`,
        `Instalment 3: ${formatCents(third?.amountCents ?? -1)} on ${third?.dueDate} (scheduled)`,
        `Total charged: ${formatCents(payment.amountCents)}`,
      ]),
    );
    // Only the last four digits of the card, never its number or the token.
    expect(text).not.toContain(canary);
    expect(text).not.toContain(token);

    // spec 3 §6: a patient's download needs the patient's date of birth; the wrong one finds no order.
    expectEnvelope(await receiptOf(patient), 400);
    expectEnvelope(await receiptOf(patient, '1980-02-04'), 404);
    // The order's practitioner reads it without one; another practitioner may not.
    expect((await receiptOf(as.avery)).statusCode).toBe(200);
    expectEnvelope(await receiptOf(as.chen), 403);
  });
});

describe('a discount code carried by the payments (spec 3 §3 paymentInfo.discount, §7, §8; decision 0132)', () => {
  const summaryWith = async (order: { id: number }, who: SignedIn, code: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}/payment-summary?discountCode=${code}`,
      headers: who.headers,
    });
    expect(response.headers['cache-control']).toBe('no-store');
    return ok<PaymentSummary>(response);
  };

  it('the summary and the card charge are the discounted amount (QA10, 10% off), charged through the gateway', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const whole = await summaryOf(order, patient);
    const full = whole.requisitions[0]?.amountCents as number;
    expect(full).toBeGreaterThan(0);
    const discounted = full - Math.floor(full / 10);
    const summary = await summaryWith(order, patient, 'qa10');
    expect(summary).toMatchObject({
      discountCode: 'QA10',
      discountCents: full - discounted,
      discountMessage: null,
      dueTodayCents: discounted,
    });
    expect(summary.requisitions[0]?.amountCents).toBe(discounted);

    const { token } = ok<{ token: string }>(await tokenize('4242424242424242'));
    const answer = ok<Answer>(
      await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [
          // The browser's amounts are ignored: the server prices the order and re-checks the code.
          cardPayment(order.requisitions[0]?.id as number, token, {
            cardAuthAmount: 1,
            fullPaymentAmount: 1,
            discount: { discountCode: 'qa10', discountAmount: 99_999 },
          }),
        ],
      }),
    );
    expect(answer.gearOrder.workflow.patientConfirmed).toBe(true);
    const [authorization, ...others] = await authorizationsOf(token);
    expect(others).toEqual([]);
    expect(authorization).toMatchObject({ status: 'captured', amountCents: discounted });
    const [row] = await paymentsOf(order.id);
    expect(row).toMatchObject({
      amountCents: discounted,
      cardAuthAmountCents: discounted,
      fullPaymentAmountCents: discounted,
      status: 'captured',
    });
  });

  it('200 concurrent identical discounted submits: one authorization, at the discounted amount', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const full = (await summaryOf(order, patient)).dueTodayCents;
    const { token } = ok<{ token: string }>(await tokenize('4111111111111111'));
    const body = {
      recaptcha: await solvedCaptcha(ctx.app),
      payments: [
        cardPayment(order.requisitions[0]?.id as number, token, { discount: { discountCode: 'SAVE50' } }),
      ],
    };
    const results = await Promise.all(
      Array.from({ length: 200 }, () => submit(order, patient, body, 'pay-discount-twins-200')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    const authorizations = await authorizationsOf(token);
    expect(authorizations).toHaveLength(1);
    // SAVE50: $50 off a non-PITL order (decision 0130).
    expect(authorizations[0]?.amountCents).toBe(full - 5000);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  }, 120_000);

  it('an expired, inactive or unknown code at submit is refused (DiscountNotFoundException) and nothing is charged', async () => {
    const order = await patientPaysOrder();
    const patient = await patientFor(order);
    const [requisition] = order.requisitions;
    const whole = await summaryOf(order, patient);
    const expired = await summaryWith(order, patient, 'EXPIRED15');
    expect(expired).toMatchObject({
      discountCode: null,
      discountCents: 0,
      discountMessage: 'Enter a valid QA Processing Code',
      dueTodayCents: whole.dueTodayCents,
    });
    for (const code of ['EXPIRED15', 'RETIRED20', 'NO-SUCH-CODE']) {
      const { token } = ok<{ token: string }>(await tokenize('4242424242424242'));
      const refused = await submit(order, patient, {
        recaptcha: await solvedCaptcha(ctx.app),
        payments: [cardPayment(requisition?.id as number, token, { discount: { discountCode: code } })],
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        error: 'DiscountNotFoundException',
        message: 'Enter a valid QA Processing Code',
      });
      expect(await authorizationsOf(token)).toEqual([]);
    }
    // Two different codes on one submit: neither is trusted.
    const { token } = ok<{ token: string }>(await tokenize('4242424242424242'));
    const mixed = await submit(order, patient, {
      recaptcha: await solvedCaptcha(ctx.app),
      payments: [
        cardPayment(requisition?.id as number, token, { discount: { discountCode: 'QA10' } }),
        { paymentType: 'check', checkNo: '1001', gearReqId: null, discount: { discountCode: 'SAVE50' } },
      ],
    });
    expect(mixed.statusCode, mixed.body).toBe(422);
    expect(mixed.json()).toMatchObject({ error: 'DiscountNotFoundException' });
    expect(await authorizationsOf(token)).toEqual([]);
    expect(await paymentsOf(order.id)).toEqual([]);
    const reread = ok(await callAs(ctx.app, patient, 'GET', `/gear/order/${order.id}`));
    expect(reread.workflow.patientConfirmed).toBe(false);
  });

  it('on a PITL order the refusal is PitlDiscountNotFoundException, labelled Discount Code, and nothing is charged', async () => {
    const order = await patientPaysOrder();
    await ctx.database.db
      .update(orders)
      .set({ physicianInTheLoop: true, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id));
    const patient = await patientFor(order);
    expect(await summaryWith(order, patient, 'RETIRED20')).toMatchObject({
      discountCode: null,
      discountMessage: 'Enter a valid Discount Code',
    });
    const { token } = ok<{ token: string }>(await tokenize('4242424242424242'));
    const refused = await submit(order, patient, {
      recaptcha: await solvedCaptcha(ctx.app),
      payments: [
        cardPayment(order.requisitions[0]?.id as number, token, { discount: { discountCode: 'RETIRED20' } }),
      ],
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'PitlDiscountNotFoundException',
      message: 'Enter a valid Discount Code',
    });
    expect(await authorizationsOf(token)).toEqual([]);
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});

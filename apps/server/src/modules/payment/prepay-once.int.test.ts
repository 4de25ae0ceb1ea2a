import { PAYMENT_MESSAGES } from '@gear/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, prepayCodes } from '../../db/schema/index.ts';
import { solvedCaptcha } from '../../test/captcha.ts';
import { ifMatchNow, useSignIns, useTestApp } from '../../test/helper.ts';
import { signInPatient } from '../../test/order-builders.ts';
import { patientPaysOrder } from './test-payments.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery' });

const ORDERS = 40;
const SUBMITS_EACH = 5;

describe('a prepay code is used once under concurrency (spec 3 §9; decision 0120)', () => {
  it(`200 concurrent submits on ${ORDERS} orders naming one prepay code: one payment redeems it, the rest are refused`, async () => {
    await ctx.database.db.insert(prepayCodes).values({ code: 'ONCE01' });
    const orders = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const order = await patientPaysOrder(ctx, as.avery);
      orders.push({ order, patient: await signInPatient(ctx.app, ctx.database.db, [order.id]) });
    }
    const requests = [];
    for (const { order, patient } of orders) {
      const ifMatch = await ifMatchNow(ctx.database.db, { orderId: order.id });
      for (let i = 0; i < SUBMITS_EACH; i += 1)
        requests.push({
          method: 'PUT' as const,
          url: `/gear/order/${order.id}/confirm-and-pay`,
          headers: { ...patient.headers, ...ifMatch },
          payload: {
            patientAgreement: true,
            nsaAcknowledged: true,
            recaptcha: await solvedCaptcha(ctx.app, `10.0.${requests.length % 200}.1`),
            payments: [
              {
                paymentType: 'prepay',
                paymentFrom: 'prc',
                gearReqId: order.requisitions[0]?.id,
                prcConfirmationNo: 'once01',
              },
            ],
          },
        });
    }
    expect(requests).toHaveLength(200);
    const answers = await Promise.all(requests.map((request) => ctx.app.inject(request)));
    const statuses = answers.map((answer) => answer.statusCode);
    const placed = statuses.filter((status) => status === 200).length;
    // Never more than one. Exactly one unless the pool turned requests away (503, PostgreSQL on loaded cores), when
    // the one that would have won may be among them.
    expect(placed).toBeLessThanOrEqual(1);
    if (!statuses.includes(503)) expect(placed).toBe(1);
    // The refusals: the code already spent (422 with the spec's message) or the order changed meanwhile (409). On
    // PostgreSQL, requests that wait for a pooled connection longer than DB_CONNECT_TIMEOUT_MS get the outage answer
    // of decision 0154 (503 with Retry-After), never a 500.
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect([409, 422, 503]).toContain(answer.statusCode);
      if (answer.statusCode === 422) expect(answer.json().message).toBe(PAYMENT_MESSAGES.prepayCodeUnknown);
      if (answer.statusCode === 503) expect(answer.headers['retry-after']).toBeDefined();
    }
    const redeemed = await ctx.database.db.select().from(payments).where(eq(payments.prepayCode, 'ONCE01'));
    expect(redeemed).toHaveLength(placed);
    const [code] = await ctx.database.db.select().from(prepayCodes).where(eq(prepayCodes.code, 'ONCE01'));
    expect(code?.redeemedByPaymentId ?? null).toBe(redeemed[0]?.id ?? null);
  }, 300_000);
});

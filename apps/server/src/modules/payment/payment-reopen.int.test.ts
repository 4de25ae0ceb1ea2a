import { BILLING_METHODS, type PaymentSummary, REVIEW_MESSAGES } from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardsOnFile, payments } from '../../db/schema/index.ts';
import {
  callAs,
  currentVersion,
  expectEnvelope,
  ok,
  type SignedIn,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import { patientPaidOrder, patientPaysByCard } from './test-payments.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery' });

const summaryOf = async (orderId: number, who: SignedIn) =>
  ok<PaymentSummary>(
    await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${orderId}/payment-summary`,
      headers: who.headers,
    }),
  );

describe("spec 3 §4 'Updated Payment Information Required' on the server (decision 0161)", () => {
  it('a paid order stays locked; when the amount due exceeds what was paid it owes the difference and takes it', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, '4242424242424242');
    const paid = await summaryOf(order.id, patient);
    expect(paid).toMatchObject({ paymentReopened: false, dueTodayCents: 0 });
    expect(paid.requisitions[0]?.paid).toBe(true);
    // A second submit of a paid, confirmed order is refused as before.
    expectEnvelope(
      await patientPaysByCard(ctx, order, patient, '4242424242424242'),
      409,
      REVIEW_MESSAGES.alreadyConfirmed,
    );

    // The price now exceeds what was authorized by $25.00 (the lab repriced the test after the payment).
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    const price = row?.amountCents as number;
    await ctx.database.db
      .update(payments)
      .set({ amountCents: price - 2_500, fullPaymentAmountCents: price - 2_500 })
      .where(eq(payments.orderId, order.id));
    const reopened = await summaryOf(order.id, patient);
    expect(reopened).toMatchObject({ paymentReopened: true, dueTodayCents: 2_500, paymentRequired: true });
    expect(reopened.requisitions[0]).toMatchObject({ paid: false, amountCents: 2_500 });
    // The practitioner is never asked again (spec: for a patient user).
    expect((await summaryOf(order.id, as.avery)).paymentReopened).toBe(false);

    ok(await patientPaysByCard(ctx, order, patient, '4242424242424242'));
    const settled = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(settled.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([2_500, price - 2_500]);
    expect(await summaryOf(order.id, patient)).toMatchObject({ paymentReopened: false, dueTodayCents: 0 });
  });

  it('a card-on-file payment on a requisition billed Medicare or Tricare at $0.00 reopens nothing (nothing owed)', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, '4242424242424242');
    const [card] = await ctx.database.db
      .select()
      .from(cardsOnFile)
      .where(and(eq(cardsOnFile.gsdlNo, 'P1001'), eq(cardsOnFile.purpose, 'practitioner')));
    await ctx.database.db
      .update(payments)
      .set({ tokenId: card?.gatewayToken as string, paymentType: 'cardOnFile' })
      .where(eq(payments.orderId, order.id));
    expect((await summaryOf(order.id, patient)).paymentReopened).toBe(false);
    // The practitioner bills the test to Medicare or Tricare afterwards.
    ok(
      await callAs(ctx.app, as.avery, 'PUT', '/gear/billingMethod/', {
        billingMethod: BILLING_METHODS.medicare,
        dateMedicalNecessityAcknowledged: '2026-11-26',
        gearReqId: order.requisitions[0]?.id,
        version: await currentVersion(ctx.database.db, { orderId: order.id }),
      }),
    );
    // GI Effects costs $0.00 under Medicare (the MEDICARE list): the patient owes nothing, so nothing reopens (the
    // rule's owed case, a Medicare price above what else was paid, is in the domain's table).
    const medicare = await summaryOf(order.id, patient);
    expect(medicare).toMatchObject({ paymentReopened: false, dueTodayCents: 0 });
    expect(medicare.requisitions[0]).toMatchObject({ billingMethod: BILLING_METHODS.medicare, paid: true });
  });
});

import { CANCEL_TEST_MESSAGES, MESSAGES, NON_REFUNDABLE_FEE_CENTS } from '@gear/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  gatewayRefunds,
  orderRefunds,
  paymentInstalments,
  payments,
  shipments,
} from '../../db/schema/index.ts';
import {
  callAs,
  expectEnvelope,
  ifMatchNow,
  ok,
  type SavedOrder,
  type SignedIn,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import { receiveByLab, signInPatient } from '../../test/order-builders.ts';
import { patientPaidOrder, patientPaysOrder } from '../payment/test-payments.ts';

/**
 * spec 3 §7 DELETE /gear/order/cancel/{id} and GET /gear/order/{id}/requisition/{reqId}/cancel; spec 3 §9 the $40
 * non-refundable cancellation fee; decision 0260: paid charges refunded through the gateway once.
 */
const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen' });
const VISA = '4242424242424242';

const db = () => ctx.database.db;

async function capturedCents(orderId: number): Promise<number> {
  const rows = await db()
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')));
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

async function gatewayRefundsOf(orderId: number) {
  const transactions = (
    await db().select({ id: payments.transactionId }).from(payments).where(eq(payments.orderId, orderId))
  )
    .map((row) => row.id)
    .filter((id): id is string => id !== null);
  if (transactions.length === 0) return [];
  return db().select().from(gatewayRefunds).where(inArray(gatewayRefunds.transactionId, transactions));
}

const refundsOf = (orderId: number) =>
  db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

async function cancelAs(who: SignedIn, orderId: number, ifMatch = true) {
  return ctx.app.inject({
    method: 'DELETE',
    url: `/gear/order/cancel/${orderId}`,
    headers: { ...who.headers, ...(ifMatch ? await ifMatchNow(db(), { orderId }) : {}) },
  });
}

async function ship(orderId: number) {
  await db()
    .insert(shipments)
    .values({
      orderId,
      trackingNumber: `1Z${orderId}`,
      status: 'IN_TRANSIT',
      recordedBy: 'test',
    });
}

describe('DELETE /gear/order/cancel/{id}: refunds (spec 3 §9; decision 0260)', () => {
  it('a patient cancels an unshipped paid order: cancelPass, everything refunded through the gateway', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, VISA);
    const paid = await capturedCents(order.id);
    expect(paid).toBeGreaterThan(0);
    const answer = await cancelAs(patient, order.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe('cancelPass');
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const [gateway] = await gatewayRefundsOf(order.id);
    expect(gateway?.amountCents).toBe(paid);
    const refunds = await refundsOf(order.id);
    expect(refunds).toMatchObject([{ refundCents: paid, feeKeptCents: 0, requestedBy: 'patient' }]);
    const reloaded = ok<SavedOrder>(await callAs(ctx.app, patient, 'GET', `/gear/order/${order.id}`));
    expect(reloaded.canceled).toBe(true);
  });

  it('a shipped paid order keeps the $40 non-refundable fee', async () => {
    const { order } = await patientPaidOrder(ctx, as.avery, VISA);
    await ship(order.id);
    const paid = await capturedCents(order.id);
    expect((await cancelAs(as.avery, order.id)).body).toBe('cancelPass');
    const [gateway] = await gatewayRefundsOf(order.id);
    expect(gateway?.amountCents).toBe(paid - NON_REFUNDABLE_FEE_CENTS);
    expect(await refundsOf(order.id)).toMatchObject([
      { refundCents: paid - NON_REFUNDABLE_FEE_CENTS, feeKeptCents: NON_REFUNDABLE_FEE_CENTS },
    ]);
  });

  it('20 concurrent cancels naming the same version: one cancelPass, the rest already refunded, one refund', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, VISA);
    const paid = await capturedCents(order.id);
    const headers = { ...patient.headers, ...(await ifMatchNow(db(), { orderId: order.id })) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({ method: 'DELETE', url: `/gear/order/cancel/${order.id}`, headers }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const bodies = answers.map((answer) => answer.body);
    expect(bodies.filter((body) => body === 'cancelPass')).toHaveLength(1);
    expect(bodies.filter((body) => body === 'cancelAlreadyRefunded')).toHaveLength(19);
    const gateway = await gatewayRefundsOf(order.id);
    expect(gateway).toHaveLength(1);
    expect(gateway[0]?.amountCents).toBe(paid);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('a second cancel says already refunded and refunds nothing more', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, VISA);
    expect((await cancelAs(patient, order.id)).body).toBe('cancelPass');
    expect((await cancelAs(patient, order.id)).body).toBe('cancelAlreadyRefunded');
    expect(await gatewayRefundsOf(order.id)).toHaveLength(1);
  });

  it('a payment plan: the charged instalment refunded, the scheduled ones never charged', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, VISA, 3);
    expect((await cancelAs(patient, order.id)).body).toBe('cancelPass');
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    const instalments = await db()
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, payment?.id ?? 0));
    const charged = instalments.filter((row) => row.status === 'charged');
    expect(instalments.filter((row) => row.status === 'scheduled')).toHaveLength(0);
    expect(instalments.filter((row) => row.status === 'canceled').length).toBeGreaterThan(0);
    const refunded = (await refundsOf(order.id)).reduce((sum, row) => sum + row.refundCents, 0);
    expect(refunded).toBe(charged.reduce((sum, row) => sum + row.amountCents, 0));
  });

  it('refusals: another practitioner 403, another patient 403, no version 428, nothing refunded', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, VISA);
    const stranger = await signInPatient(ctx.app, db(), []);
    expectEnvelope(await cancelAs(as.chen, order.id), 403);
    expectEnvelope(await cancelAs(stranger, order.id), 403);
    expectEnvelope(await cancelAs(patient, order.id, false), 428, MESSAGES.orderVersionRequired);
    expectEnvelope(await cancelAs(patient, 999_999), 404);
    expect(await gatewayRefundsOf(order.id)).toHaveLength(0);
  });

  it('an order received by the lab is not canceled nor refunded (409 for its practitioner)', async () => {
    const { order } = await patientPaidOrder(ctx, as.avery, VISA);
    await receiveByLab(db(), order.requisitions[0]?.id ?? 0, `ACC-C-${order.id}`);
    expectEnvelope(await cancelAs(as.avery, order.id), 409, MESSAGES.orderReceivedByLab);
    expect(await gatewayRefundsOf(order.id)).toHaveLength(0);
  });
});

describe('GET /gear/order/{id}/requisition/{reqId}/cancel (spec 3 §7 cancel one test)', () => {
  const cancelTest = async (who: SignedIn, orderId: number, gearReqId: number, ifMatch = true) =>
    ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${orderId}/requisition/${gearReqId}/cancel`,
      headers: { ...who.headers, ...(ifMatch ? await ifMatchNow(db(), { orderId }) : {}) },
    });

  it('cancels the paid test and refunds it; its last test cancels the order', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, VISA);
    const gearReqId = order.requisitions[0]?.id ?? 0;
    const paid = await capturedCents(order.id);
    const answer = ok<SavedOrder>(await cancelTest(patient, order.id, gearReqId));
    expect(answer.requisitions[0]?.canceled).toBe(true);
    expect(answer.canceled).toBe(true);
    expect((await gatewayRefundsOf(order.id))[0]?.amountCents).toBe(paid);
  });

  it('refuses a test the lab received (400), an unknown test (404), another practitioner (403), no version (428)', async () => {
    const order = await patientPaysOrder(ctx, as.avery);
    const gearReqId = order.requisitions[0]?.id ?? 0;
    expectEnvelope(await cancelTest(as.chen, order.id, gearReqId), 403);
    expectEnvelope(await cancelTest(as.avery, order.id, gearReqId, false), 428);
    expectEnvelope(await cancelTest(as.avery, order.id, 999_999), 404);
    await receiveByLab(db(), gearReqId, `ACC-T-${order.id}`);
    expectEnvelope(await cancelTest(as.avery, order.id, gearReqId), 400, CANCEL_TEST_MESSAGES.notCancelable);
  });

  it('a canceled order answers 409 with the canceled message', async () => {
    const order = await patientPaysOrder(ctx, as.avery);
    expect((await cancelAs(as.avery, order.id)).body).toBe('cancelPass');
    expectEnvelope(
      await cancelTest(as.avery, order.id, order.requisitions[0]?.id ?? 0),
      409,
      MESSAGES.orderCanceled,
    );
  });
});

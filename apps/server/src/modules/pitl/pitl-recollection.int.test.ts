import { MESSAGES, type PitlRecollectionOrderSummary } from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders, payments, recollections, requisitions } from '../../db/schema/index.ts';
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
import { dropShipOrder, PRODUCTS, signInPatient } from '../../test/order-builders.ts';
import { cardToken } from '../payment/test-payments.ts';

/**
 * spec 3 §3 gearOrder.pitlRecollectionOrderSummary, §9 the $40 fee as the PITL replacement fee, paid through the one
 * recollection-pack payment (decisions 0291, 0293), on the demo data's PITL orders (README 'PITL orders').
 */
const ctx = useTestApp();
const as = useSignIns(ctx, { harper: 'dr.harper', avery: 'dr.avery' });
const db = () => ctx.database.db;
const RHEA_DOB = '1986-12-09';
const VISA = '4242424242424242';

async function orderOf(reqNumber: string) {
  const [row] = await db()
    .select({ orderId: requisitions.orderId, id: requisitions.id })
    .from(requisitions)
    .where(eq(requisitions.reqNumber, reqNumber));
  if (!row) throw new Error(`no requisition ${reqNumber}`);
  return row;
}

const read = async (who: SignedIn | typeof as.harper, orderId: number) =>
  ok<SavedOrder>(await callAs(ctx.app, who, 'GET', `/gear/order/${orderId}`));

const summaryOf = async (who: SignedIn | typeof as.harper, orderId: number) =>
  (await read(who, orderId)).pitlRecollectionOrderSummary;

/** POST /gear/order/{id}/recollection-pack, naming the version read (the current one unless given). */
const pay = async (
  who: SignedIn,
  orderId: number,
  tokenId: string,
  { dateOfBirth = RHEA_DOB, ifMatch }: { dateOfBirth?: string; ifMatch?: Record<string, string> } = {},
) =>
  callAs(
    ctx.app,
    who,
    'POST',
    `/gear/order/${orderId}/recollection-pack?dateOfBirth=${dateOfBirth}`,
    { tokenId },
    ifMatch ?? (await ifMatchNow(db(), { orderId })),
  );

describe('gearOrder.pitlRecollectionOrderSummary (spec 3 §3; decision 0293)', () => {
  it.each([
    ['50040001', 'new: nothing re-collected', false, false],
    ['50040002', 'paid', false, false],
    ['50040004', 'with unused packs to transfer', false, false],
    ['50040006', 'the recollection pending that requires payment', true, true],
  ] as const)('%s %s', async (reqNumber, _name, pending, paymentRequired) => {
    const { orderId } = await orderOf(reqNumber);
    const summary = await summaryOf(as.harper, orderId);
    expect(summary).toMatchObject({ recollectionPending: pending, paymentRequired });
  });

  it("maps the re-collected test to its replacement order; a non-PITL order's summary is null", async () => {
    const { orderId, id } = await orderOf('50040006');
    const replacement = await orderOf('50040007');
    expect((await summaryOf(as.harper, orderId))?.gearReqRecollectionMap).toEqual({
      [id]: replacement.orderId,
    });
    const plain = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    expect(plain.physicianInTheLoop).toBe(false);
    expect((await read(as.avery, plain.id)).pitlRecollectionOrderSummary).toBeNull();
  });
});

describe('POST /gear/order/{id}/recollection-pack on a PITL order: the replacement fee (decisions 0291, 0293)', () => {
  it('a declined card changes nothing; 428 and 409 before any charge; 200 identical calls charge once', async () => {
    const { orderId } = await orderOf('50040006');
    const replacement = await orderOf('50040007');
    const patient = await signInPatient(ctx.app, db(), [orderId]);
    const before: PitlRecollectionOrderSummary | null | undefined = await summaryOf(patient, orderId);
    expect(before).toMatchObject({ recollectionPending: true, paymentRequired: true });

    const declined = expectEnvelope(
      await pay(patient, orderId, await cardToken(ctx, '4000000000000002')),
      402,
    );
    expect(declined.error).toBe('RequisitionPaymentException');
    expect((await summaryOf(patient, orderId))?.paymentRequired).toBe(true);

    const token = await cardToken(ctx, VISA);
    expectEnvelope(await pay(patient, orderId, token, { dateOfBirth: '1986-12-10' }), 404);
    expectEnvelope(await pay(patient, orderId, token, { ifMatch: {} }), 428, MESSAGES.orderVersionRequired);
    const { version } = ok<SavedOrder>(await callAs(ctx.app, patient, 'GET', `/gear/order/${orderId}`));
    expectEnvelope(
      await pay(patient, orderId, token, { ifMatch: { 'if-match': `"${version - 1}"` } }),
      409,
      MESSAGES.staleOrder,
    );
    expect(await db().select().from(payments).where(eq(payments.orderId, replacement.orderId))).toEqual([]);

    const ifMatch = { 'if-match': `"${version}"` };
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => pay(patient, orderId, token, { ifMatch })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200).length, JSON.stringify(codes)).toBeGreaterThanOrEqual(1);
    expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
    const saved = answers.find((answer) => answer.statusCode === 200)?.json<SavedOrder>();
    expect(saved?.version).toBe(version + 1);
    expect(saved?.pitlRecollectionOrderSummary).toMatchObject({
      recollectionPending: false,
      paymentRequired: false,
    });
    // Charged once, on the replacement order; one recollection, one replacement order; the version moved once.
    const fees = await db().select().from(payments).where(eq(payments.orderId, replacement.orderId));
    expect(fees).toMatchObject([{ status: 'captured', paymentType: 'card', amountCents: 4000 }]);
    const rows = await db().select().from(recollections).where(eq(recollections.orderId, orderId));
    expect(rows).toMatchObject([{ recollectionOrderId: replacement.orderId, pending: false }]);
    const recollectionOrders = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.recollectionFor, orderId));
    expect(recollectionOrders).toHaveLength(1);
    expect((await read(patient, orderId)).version).toBe(version + 1);
    const paidEvents = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, 'pitlReplacementFeePaid')));
    expect(paidEvents).toHaveLength(1);
    const timeline = ok<{ entries: { kind: string; text: string }[] }>(
      await callAs(ctx.app, patient, 'GET', `/gear/order/${orderId}/timeline`),
    );
    expect(timeline.entries.map((entry) => entry.text)).toContain(
      `Replacement fee paid for the recollection $40.00 (recollection order ${replacement.orderId})`,
    );
    // Nothing is due any more: a repeat with the new version is refused 409 and charges nothing.
    expectEnvelope(await pay(patient, orderId, token), 409);
    expect(await db().select().from(payments).where(eq(payments.orderId, replacement.orderId))).toHaveLength(
      1,
    );
  }, 180_000);
});

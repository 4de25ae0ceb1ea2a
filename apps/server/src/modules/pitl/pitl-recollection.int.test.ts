import { PITL_TRANSFER_MESSAGES, type PitlRecollectionOrderSummary } from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, recollections, requisitions } from '../../db/schema/index.ts';
import { callAs, expectEnvelope, ok, type SignedIn, useSignIns, useTestApp } from '../../test/helper.ts';
import { signInPatient } from '../../test/order-builders.ts';
import { cardToken } from '../payment/test-payments.ts';

/**
 * spec 3 §3 pitlRecollectionOrderSummary, §9 the $40 fee as the PITL replacement fee (decision 0291), on the demo
 * data's PITL orders (README 'PITL orders').
 */
const ctx = useTestApp();
const as = useSignIns(ctx, { harper: 'dr.harper' });
const db = () => ctx.database.db;
const RHEA_DOB = '1986-12-09';

interface View {
  physicianInTheLoop: boolean;
  pitlRecollectionOrderSummary: PitlRecollectionOrderSummary;
  replacementFeesDue: { gearReqId: number; amountCents: number }[];
  transfer: { eligibleGearReqIds: number[]; preselectedGearReqIds: number[] };
}

async function orderOf(reqNumber: string) {
  const [row] = await db()
    .select({ orderId: requisitions.orderId, id: requisitions.id })
    .from(requisitions)
    .where(eq(requisitions.reqNumber, reqNumber));
  if (!row) throw new Error(`no requisition ${reqNumber}`);
  return row;
}

const view = (who: SignedIn | typeof as.harper, orderId: number) =>
  callAs(ctx.app, who, 'GET', `/gear/order/${orderId}/pitl`);

const pay = async (who: SignedIn, orderId: number, cardNo: string, dateOfBirth = RHEA_DOB) =>
  callAs(ctx.app, who, 'POST', `/gear/order/${orderId}/pitl-replacement-fee?dateOfBirth=${dateOfBirth}`, {
    tokenId: await cardToken(ctx, cardNo),
  });

describe('the PITL demo orders (README; decision 0290)', () => {
  it.each([
    ['50040001', 'new: its pack is unused', true, false],
    ['50040002', 'paid', true, false],
    ['50040004', 'with unused packs to transfer (two of three)', true, false],
    ['50040006', 'the recollection pending that requires payment', true, true],
  ] as const)('%s %s', async (reqNumber, _name, pitl, pending) => {
    const { orderId } = await orderOf(reqNumber);
    const answer = ok<View>(await view(as.harper, orderId));
    expect(answer.physicianInTheLoop).toBe(pitl);
    expect(answer.pitlRecollectionOrderSummary.recollectionPending).toBe(pending);
  });

  it('the transfer order offers its two unused packs, not the one the lab received', async () => {
    const { orderId } = await orderOf('50040003');
    const [second, third] = [await orderOf('50040004'), await orderOf('50040005')];
    expect(ok<View>(await view(as.harper, orderId)).transfer.eligibleGearReqIds).toEqual([
      second.id,
      third.id,
    ]);
  });
});

describe('POST /gear/order/{id}/pitl-replacement-fee (spec 3 §3 pitlRecollectionOrderSummary; decision 0291)', () => {
  it('a declined card changes nothing; the $40 is then paid once, however many calls, and the timeline says so', async () => {
    const { orderId, id: gearReqId } = await orderOf('50040006');
    const patient = await signInPatient(ctx.app, db(), [orderId]);
    const before = ok<View>(await view(patient, orderId));
    expect(before.pitlRecollectionOrderSummary).toMatchObject({
      recollectionPending: true,
      paymentRequired: true,
    });
    expect(before.replacementFeesDue).toEqual([{ gearReqId, amountCents: 4000 }]);

    const declined = expectEnvelope(
      await pay(patient, orderId, '4000000000000002'),
      402,
      PITL_TRANSFER_MESSAGES.paymentFailed,
    );
    expect(declined.error).toBe('RequisitionPaymentException');
    expect(ok<View>(await view(patient, orderId)).pitlRecollectionOrderSummary.paymentRequired).toBe(true);

    expectEnvelope(await pay(patient, orderId, '4242424242424242', '1986-12-10'), 404);

    const token = await cardToken(ctx, '4242424242424242');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callAs(
          ctx.app,
          patient,
          'POST',
          `/gear/order/${orderId}/pitl-replacement-fee?dateOfBirth=${RHEA_DOB}`,
          {
            tokenId: token,
          },
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const after = answers[0]?.json<View>();
    expect(after?.pitlRecollectionOrderSummary).toMatchObject({
      recollectionPending: true,
      paymentRequired: false,
    });
    expect(after?.replacementFeesDue).toEqual([]);
    const fees = await db()
      .select()
      .from(payments)
      .where(
        and(eq(payments.orderId, orderId), eq(payments.gearReqId, gearReqId), eq(payments.amountCents, 4000)),
      );
    expect(fees).toMatchObject([{ status: 'captured', paymentType: 'card' }]);
    const [row] = await db().select().from(recollections).where(eq(recollections.gearReqId, gearReqId));
    expect(row).toMatchObject({ pending: true, paymentRequired: false });
    const timeline = ok<{ entries: { kind: string; text: string }[] }>(
      await callAs(ctx.app, patient, 'GET', `/gear/order/${orderId}/timeline`),
    );
    expect(timeline.entries.map((entry) => entry.text)).toContain(
      'Replacement fee paid for the recollection',
    );
  }, 120_000);
});

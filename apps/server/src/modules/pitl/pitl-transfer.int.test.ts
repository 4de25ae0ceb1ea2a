import {
  MESSAGES,
  PATIENT_MESSAGES,
  PITL_TRANSFER_MESSAGES,
  type PitlTransferRequest,
  type PitlTransferResponse,
  preselectedPacks,
  transferablePacks,
} from '@gear/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders, payments, requisitions } from '../../db/schema/index.ts';
import { transaction } from '../../lib/transaction.ts';
import {
  EVERY_STEP,
  GI_EFFECTS,
  insertPitlOrder,
  METABOLOMIX,
  NUTREVAL,
} from '../../seed/demo-pitl-orders.ts';
import { solvedCaptcha } from '../../test/captcha.ts';
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
import { address, patientInfo } from '../patient/test-orders.ts';
import { cardToken } from '../payment/test-payments.ts';

/**
 * spec 3 §4 Transfer, §5 'Transfer: card fields validated, at least one pack chosen', §7 POST
 * /gear/order/{id}/pitl-transfer?dateOfBirth, §8 'Transfer payment errors are generic' (decision 0290).
 */
const ctx = useTestApp();
const as = useSignIns(ctx, { harper: 'dr.harper', avery: 'dr.avery' });
const db = () => ctx.database.db;
const VISA = '4242424242424242';
const DECLINED = '4000000000000002';
const DOB = '1979-02-21';
let serial = 0;

/** A paid PITL order of P1008 with three packs, the first received by the lab; its patient signed in. */
async function transferOrder(received = true) {
  serial += 1;
  const placed = await transaction(db(), (tx) =>
    insertPitlOrder(
      tx,
      {
        key: 'transfer',
        packs: [
          { reqNumber: `5099${serial}01`, product: GI_EFFECTS },
          { reqNumber: `5099${serial}02`, product: METABOLOMIX },
          { reqNumber: `5099${serial}03`, product: NUTREVAL },
        ],
        nameFirst: 'Tessa',
        nameLast: 'Transfer',
        dateOfBirth: DOB,
        gender: 'F',
        address1: '401 North Tryon Street',
        completed: EVERY_STEP,
        dataConfirmed: true,
        billed: true,
        collected: false,
        paidCents: 42_995,
      },
      '2026-11-20',
      null,
    ),
  );
  const [used, unusedA, unusedB] = placed.gearReqIds as [number, number, number];
  if (received) await receiveByLab(db(), used, `A99${serial}0001`);
  const patient = await signInPatient(ctx.app, db(), [placed.orderId]);
  return { orderId: placed.orderId, used, unused: [unusedA, unusedB], patient };
}

const newPatient = (overrides = {}) =>
  patientInfo({
    nameFirst: 'Theo',
    nameLast: 'Newcomer',
    dateOfBirth: '1995-06-01',
    email: 'theo.newcomer@example.com',
    gender: 'M',
    addresses: [address({ zipCode: '28202', city: 'Charlotte' })],
    ...overrides,
  });

async function body(
  orderId: number,
  gearReqIds: number[],
  overrides: Partial<PitlTransferRequest> = {},
  cardNo = VISA,
): Promise<PitlTransferRequest> {
  return {
    gearOrderId: orderId,
    gearReqIds,
    newPatient: newPatient(),
    physicianFeePayment: { paymentType: 'card', tokenId: await cardToken(ctx, cardNo), cardAuthAmount: 15 },
    ...overrides,
  };
}

/** The transfer, naming the order's version read (If-Match; decision 0294): the current one unless given. */
const transfer = async (
  who: SignedIn,
  orderId: number,
  payload: PitlTransferRequest,
  dateOfBirth: string | null = DOB,
  ifMatch?: Record<string, string>,
) =>
  callAs(
    ctx.app,
    who,
    'POST',
    `/gear/order/${orderId}/pitl-transfer${dateOfBirth === null ? '' : `?dateOfBirth=${dateOfBirth}`}`,
    payload,
    ifMatch ?? (await ifMatchNow(db(), { orderId })),
  );

/** The packs the order's own answer lets go (decision 0293: its summary is on it; domain transferablePacks). */
async function eligibleOf(who: SignedIn, orderId: number) {
  const order = ok<SavedOrder>(await callAs(ctx.app, who, 'GET', `/gear/order/${orderId}`));
  const map = Object.fromEntries(
    Object.entries(order.pitlRecollectionOrderSummary?.gearReqRecollectionMap ?? {}).map(([id, to]) => [
      Number(id),
      to,
    ]),
  );
  const eligible = transferablePacks({ ...order, canceled: order.canceled ?? false }, map);
  return { eligible, preselected: preselectedPacks(eligible) };
}

async function orderIdsOf(gearReqIds: number[]) {
  const rows = await db()
    .select({ id: requisitions.id, orderId: requisitions.orderId })
    .from(requisitions)
    .where(inArray(requisitions.id, gearReqIds));
  return Object.fromEntries(rows.map((row) => [row.id, row.orderId]));
}

const paymentsOf = (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId));

describe('POST /gear/order/{id}/pitl-transfer (spec 3 §4 Transfer, §7)', () => {
  it('the order as read: the unused packs are eligible; spec 3 §4 a single eligible pack is preselected', async () => {
    const two = await transferOrder();
    expect(await eligibleOf(two.patient, two.orderId)).toEqual({ eligible: two.unused, preselected: [] });
    ok(await transfer(two.patient, two.orderId, await body(two.orderId, [two.unused[0] as number])));
    expect((await eligibleOf(two.patient, two.orderId)).preselected).toEqual([two.unused[1]]);
  });

  it('decision 0294: the version read in If-Match, 428 without and 409 stale, nothing moved', async () => {
    const { orderId, unused, patient } = await transferOrder();
    const payload = await body(orderId, unused);
    const { version } = ok<SavedOrder>(await callAs(ctx.app, patient, 'GET', `/gear/order/${orderId}`));
    expectEnvelope(await transfer(patient, orderId, payload, DOB, {}), 428, MESSAGES.orderVersionRequired);
    expectEnvelope(
      await transfer(patient, orderId, payload, DOB, { 'if-match': `"${version - 1}"` }),
      409,
      MESSAGES.staleOrder,
    );
    expect(await orderIdsOf(unused)).toEqual(Object.fromEntries(unused.map((id) => [id, orderId])));
    ok(await transfer(patient, orderId, payload, DOB, { 'if-match': `"${version}"` }));
  });

  it('two unused packs move to a new order of the new patient, the $15 fee authorized and captured, audited', async () => {
    const { orderId, used, unused, patient } = await transferOrder();
    const answer = ok<PitlTransferResponse>(await transfer(patient, orderId, await body(orderId, unused)));
    expect(answer.error).toBeNull();
    const newOrderId = answer.transferredOrderId as number;
    expect(newOrderId).toBeGreaterThan(orderId);
    expect(answer.gearOrder.requisitions.map((r) => r.id)).toEqual([used]);
    expect(await orderIdsOf([used, ...unused])).toEqual({
      [used]: orderId,
      [unused[0] as number]: newOrderId,
      [unused[1] as number]: newOrderId,
    });
    const [created] = await db().select().from(orders).where(eq(orders.id, newOrderId));
    expect(created).toMatchObject({ physicianInTheLoop: true, practitionerGsdlNo: 'P1008', insurance: null });
    expect(created?.patientInfo).toMatchObject({
      nameFirst: 'Theo',
      nameLast: 'Newcomer',
      dateOfBirth: '1995-06-01',
    });
    const fee = await paymentsOf(newOrderId);
    expect(fee.filter((row) => row.paymentType === 'pitlclientfee')).toMatchObject([
      { amountCents: 1500, cardAuthAmountCents: 1500, status: 'captured', gearReqId: null },
    ]);
    expect(
      fee
        .filter((row) => row.paymentType === 'pitlpendingtransfer')
        .map((row) => row.gearReqId)
        .sort(),
    ).toEqual([...unused].sort());
    const audited = await db()
      .select({ action: auditEvents.action, orderId: auditEvents.orderId })
      .from(auditEvents)
      .where(inArray(auditEvents.orderId, [orderId, newOrderId]));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'pitlTransferredOut', orderId },
        { action: 'pitlTransferredIn', orderId: newOrderId },
        { action: 'orderChanged:pitlTransfer', orderId },
      ]),
    );
    // spec 3 §4 'after which the user may go to /connect/{transferredOrderId}': the new patient proves it there.
    const welcome = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/validation/${newOrderId}?dateOfBirth=1995-06-01&zipCode=28202&recaptcha=${encodeURIComponent(await solvedCaptcha(ctx.app))}`,
    });
    expect(welcome.statusCode, welcome.body).toBe(200);
    expect(welcome.json<{ requisitions: { id: number }[] }>().requisitions.map((r) => r.id)).toEqual(unused);
    // Everything PITL-specific is in both timelines.
    const timeline = ok<{ entries: { kind: string; text: string }[] }>(
      await callAs(ctx.app, patient, 'GET', `/gear/order/${orderId}/timeline`),
    );
    expect(timeline.entries).toEqual(
      expect.arrayContaining([
        {
          kind: 'transferred',
          by: 'patient',
          gearReqId: null,
          at: expect.any(String),
          text: `2 collection packs transferred to a new patient (order ${newOrderId})`,
        },
      ]),
    );
    const theirs = ok<{ entries: { kind: string; text: string }[] }>(
      await callAs(ctx.app, as.harper, 'GET', `/gear/order/${newOrderId}/timeline`),
    );
    expect(theirs.entries.map((entry) => entry.text)).toEqual(
      expect.arrayContaining([
        `2 collection packs transferred from order ${orderId}`,
        'Physician transfer fee paid $15.00 (pitlclientfee)',
      ]),
    );
    // Each pack came paid from the order it left (decision 0290): one pitlpendingtransfer entry per pack, naming it.
    const transferred = theirs.entries
      .map((entry) => entry.text)
      .filter((text) =>
        text.startsWith(
          'Collection pack paid on the order it was transferred from (pitlpendingtransfer) for ',
        ),
      );
    expect(transferred).toHaveLength(2);
    expect(transferred.map((text) => text.replace(/^.* for /, '')).sort()).toEqual(
      [`Metabolomix+, requisition 5099${serial}02`, `NutrEval FMV, requisition 5099${serial}03`].sort(),
    );
  });

  it('the practitioner may transfer for the patient (no date of birth needed)', async () => {
    const { orderId, unused } = await transferOrder();
    const answer = ok<PitlTransferResponse>(
      await transfer(as.harper, orderId, await body(orderId, unused), null),
    );
    expect(answer.transferredOrderId).not.toBeNull();
  });

  describe('refusals move nothing and charge nothing', () => {
    async function expectNothingMoved(orderId: number, gearReqIds: number[]) {
      const where = await orderIdsOf(gearReqIds);
      for (const id of gearReqIds) expect(where[id]).toBe(orderId);
      const fees = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.paymentType, 'pitlclientfee'), inArray(payments.gearReqId, gearReqIds)));
      expect(fees).toEqual([]);
    }

    it("spec 3 §5 'at least one pack chosen': no pack", async () => {
      const { orderId, unused, patient } = await transferOrder();
      const refused = expectEnvelope(
        await transfer(patient, orderId, await body(orderId, [])),
        400,
        PITL_TRANSFER_MESSAGES.noPack,
      );
      expect(refused.errors).toEqual([
        { field: 'gearReqIds', defaultMessage: PITL_TRANSFER_MESSAGES.noPack },
      ]);
      await expectNothingMoved(orderId, unused);
    });

    it('a pack already accessioned (the lab has it)', async () => {
      const { orderId, used, unused, patient } = await transferOrder();
      const refused = expectEnvelope(
        await transfer(patient, orderId, await body(orderId, [unused[0] as number, used])),
        400,
        PITL_TRANSFER_MESSAGES.packNotTransferable,
      );
      expect(refused.errors).toEqual([
        { field: 'gearReqIds.1', defaultMessage: PITL_TRANSFER_MESSAGES.packNotTransferable },
      ]);
      await expectNothingMoved(orderId, [used, ...unused]);
    });

    it('a wrong date of birth (404, nothing told) and none at all (400)', async () => {
      const { orderId, unused, patient } = await transferOrder();
      expectEnvelope(
        await transfer(patient, orderId, await body(orderId, unused), '1979-02-22'),
        404,
        MESSAGES.orderNotFound,
      );
      expectEnvelope(
        await transfer(patient, orderId, await body(orderId, unused), null),
        400,
        PATIENT_MESSAGES.dateOfBirthRequired,
      );
      await expectNothingMoved(orderId, unused);
      const refusals = await db()
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.outcome, 'refused')));
      expect(refusals.filter((row) => row.action === 'pitlTransferRefused')).toHaveLength(2);
    });

    it("a declined fee card: 402, spec 3 §8 'Transfer payment errors are generic', nothing moved", async () => {
      const { orderId, unused, patient } = await transferOrder();
      const refused = expectEnvelope(
        await transfer(patient, orderId, await body(orderId, unused, {}, DECLINED)),
        402,
        PITL_TRANSFER_MESSAGES.paymentFailed,
      );
      expect(refused.error).toBe('PitlTransferPaymentException');
      await expectNothingMoved(orderId, unused);
      expect(await db().select().from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
      // The same transfer with a card that works then goes through (the declined card answers only for itself).
      expect(
        ok<PitlTransferResponse>(await transfer(patient, orderId, await body(orderId, unused)))
          .transferredOrderId,
      ).not.toBeNull();
    });

    it('spec 2 §5: the new patient in a restricted state; spec 3 §5 card fields validated; another amount than $15', async () => {
      const { orderId, unused, patient } = await transferOrder();
      const restricted = await body(orderId, unused, {
        newPatient: newPatient({ addresses: [address({ state: 'NY', city: 'Albany', zipCode: '12207' })] }),
        physicianFeePayment: {
          cardNo: '',
          cardExpDate: '12/30',
          cardCvv: '123',
          cardholderName: 'Theo',
          cardZipCode: '28202',
          cardAuthAmount: 14,
        },
      });
      const refused = expectEnvelope(await transfer(patient, orderId, restricted), 400);
      expect(refused.errors).toEqual(
        expect.arrayContaining([
          {
            field: 'newPatient.addresses.shipping.state',
            defaultMessage: PATIENT_MESSAGES.pitlRestrictedState,
          },
          { field: 'physicianFeePayment.cardNo', defaultMessage: 'Please provide a card number.' },
          { field: 'physicianFeePayment.cardAuthAmount', defaultMessage: PITL_TRANSFER_MESSAGES.wrongAmount },
        ]),
      );
      await expectNothingMoved(orderId, unused);
    });

    it('spec 2 §5: a nutritional pack for a new patient under 2 is refused', async () => {
      const { orderId, unused, patient } = await transferOrder();
      const baby = await body(orderId, unused, { newPatient: newPatient({ dateOfBirth: '2025-12-01' }) });
      const refused = expectEnvelope(await transfer(patient, orderId, baby), 400);
      expect(refused.errors?.map((error) => error.defaultMessage)).toContain(
        'Nutritional testing is not available for patients less than 2 years of age',
      );
      await expectNothingMoved(orderId, unused);
    });

    it('an order that is not PITL', async () => {
      // Jane Testpatient's drop-ship order of P1001 (demo-data.md, requisition 50012345): not PITL.
      const [jane] = await db()
        .select({ orderId: requisitions.orderId, id: requisitions.id })
        .from(requisitions)
        .where(eq(requisitions.reqNumber, '50012345'));
      const orderId = jane?.orderId as number;
      expectEnvelope(
        await transfer(as.avery, orderId, await body(orderId, [jane?.id as number])),
        400,
        PITL_TRANSFER_MESSAGES.notPitl,
      );
    });
  });

  it('200 concurrent identical transfers move the packs once, charge one fee, and answer one transferred order', async () => {
    const { orderId, used, unused, patient } = await transferOrder();
    const payload = await body(orderId, unused);
    const ifMatch = await ifMatchNow(db(), { orderId });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => transfer(patient, orderId, payload, DOB, ifMatch)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
    expect(
      codes.every((code) => code === 200 || code === 409 || code === 400),
      JSON.stringify(codes),
    ).toBe(true);
    const transferred = new Set(
      answers
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => answer.json<PitlTransferResponse>().transferredOrderId),
    );
    expect(transferred.size).toBe(1);
    const [newOrderId] = [...transferred] as [number];
    expect(await orderIdsOf([used, ...unused])).toEqual({
      [used]: orderId,
      [unused[0] as number]: newOrderId,
      [unused[1] as number]: newOrderId,
    });
    const fees = await db().select().from(payments).where(eq(payments.paymentType, 'pitlclientfee'));
    expect(fees.filter((row) => row.orderId === newOrderId)).toHaveLength(1);
    const made = await db().select({ id: orders.id }).from(orders).where(eq(orders.id, newOrderId));
    expect(made).toHaveLength(1);
    const transfersOut = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, 'pitlTransferredOut')));
    expect(transfersOut).toHaveLength(1);
  }, 180_000);
});

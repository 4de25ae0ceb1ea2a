import {
  MESSAGES,
  type OrderStatus,
  PATIENT_MESSAGES,
  RECOLLECT_MESSAGES,
  RECOLLECTION_PACK_CENTS,
  type ReCollectResponse,
} from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessions, orders, payments, recollections, requisitions } from '../../db/schema/index.ts';
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
import { readyToSubmitOrder, receiveByLab, signInPatient } from '../../test/order-builders.ts';
import { patientPaidOrder, patientPaysOrder } from '../payment/test-payments.ts';

/**
 * spec 3 §7 GET /gear/order/{id}/request-recollect and GET /gear/re-collect/{accessionNo}; §4 'Re-collect status
 * values', per-test rules; §8 'Re-collect'; §9 '$40 … recollection pack when payment is required' (decision 0252).
 */
const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen' });
const db = () => ctx.database.db;
const VISA = '4242424242424242';
let accessionSeq = 0;

/** The lab received the test and discarded its specimen (with issues when given); the order data confirmed. */
async function discard(order: SavedOrder, issues: string[] = []) {
  const gearReqId = order.requisitions[0]?.id as number;
  accessionSeq += 1;
  const accessionNo = `R${process.pid % 1000}${String(accessionSeq).padStart(5, '0')}${order.id}`;
  await receiveByLab(db(), gearReqId, accessionNo);
  await db()
    .update(accessions)
    .set({ discardedSpecimen: true, issues })
    .where(eq(accessions.accessionNo, accessionNo));
  await db()
    .update(orders)
    .set({ dataConfirmed: true, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, order.id));
  return { gearReqId, accessionNo };
}

async function request(
  who: SignedIn,
  orderId: number,
  query: string,
  { ifMatch = true }: { ifMatch?: boolean } = {},
) {
  return ctx.app.inject({
    method: 'GET',
    url: `/gear/order/${orderId}/request-recollect?${query}`,
    headers: { ...who.headers, ...(ifMatch ? await ifMatchNow(db(), { orderId }) : {}) },
  });
}

const recollectionsOf = (orderId: number) =>
  db().select().from(recollections).where(eq(recollections.orderId, orderId));

const statusOf = async (who: SignedIn, orderId: number) =>
  ok<OrderStatus>(await callAs(ctx.app, who, 'GET', `/gear/order/${orderId}/status`));

const dobOf = (order: SavedOrder) => order.patientInfo?.dateOfBirth as string;

describe('GET /gear/order/{id}/request-recollect (spec 3 §7; decision 0252)', () => {
  it("the practitioner re-collects a discarded specimen billed to their account: a linked order, no charge, 'Recollection ordered'", async () => {
    const order = await readyToSubmitOrder(ctx.app);
    const { gearReqId, accessionNo } = await discard(order);
    const answer = await request(as.avery, order.id, `gearReqIds=${gearReqId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(ok<SavedOrder>(answer).id).toBe(order.id);
    const [row] = await recollectionsOf(order.id);
    expect(row).toMatchObject({ gearReqId, accessionNo, paymentRequired: false, pending: false });
    const made = row?.recollectionOrderId as number;
    expect(Number(answer.headers['x-recollection-order-id'])).toBe(made);
    const linked = ok<SavedOrder>(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${made}`));
    expect(linked.recollectionFor).toBe(order.id);
    expect(linked.patientInfo?.nameLast).toBe(order.patientInfo?.nameLast);
    expect(linked.requisitions).toHaveLength(1);
    expect(linked.requisitions[0]).toMatchObject({
      omsOrderableItemId: order.requisitions[0]?.omsOrderableItemId,
      panel: order.requisitions[0]?.panel,
      billingMethod: order.requisitions[0]?.billingMethod,
      dropShip: true,
      dateLastSampleCollected: null,
      accessionDetails: [],
    });
    expect(await db().select().from(payments).where(eq(payments.orderId, made))).toHaveLength(0);
    const linkedStatus = await statusOf(as.avery, made);
    expect(linkedStatus.orderPageStatus).toBe('RecollectionOrdered');
    expect(linkedStatus.actions).toEqual(['download']);
    expect(linkedStatus.recollection).toEqual({
      recollectionFor: order.id,
      pending: false,
      paymentRequired: false,
      chargeCents: 0,
    });
    const original = await statusOf(as.avery, order.id);
    expect(original.requisitions[0]?.recollectionOrderId).toBe(made);
    expect(original.requisitions[0]?.cancelable).toBe(false);
    const timeline = ok<{ entries: { kind: string; text: string }[] }>(
      await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/timeline`),
    );
    expect(timeline.entries.find((entry) => entry.kind === 'recollection')?.text).toContain(String(made));
  });

  it('a patient who paid by card: the $40 pack charged to that card once, the recollection ordered', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, VISA);
    const { gearReqId } = await discard(order);
    const answer = await request(patient, order.id, `gearReqIds=${gearReqId}&dateOfBirth=${dobOf(order)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await recollectionsOf(order.id);
    expect(row).toMatchObject({ paymentRequired: true, pending: false, requestedBy: 'patient' });
    const made = row?.recollectionOrderId as number;
    const charged = await db().select().from(payments).where(eq(payments.orderId, made));
    expect(charged).toEqual([
      expect.objectContaining({
        amountCents: RECOLLECTION_PACK_CENTS,
        status: 'captured',
        paymentType: 'card',
      }),
    ]);
    // The patient may follow the recollection order (it joined their session).
    const fresh = await signInPatient(ctx.app, db(), [order.id, made]);
    expect((await statusOf(fresh, made)).orderPageStatus).toBe('RecollectionOrdered');
  });

  it("a patient with no card on file: 'Recollection pending' with Return to Order until the pack is paid by card", async () => {
    const order = await patientPaysOrder(ctx, as.avery);
    const patient = await signInPatient(ctx.app, db(), [order.id]);
    const { gearReqId } = await discard(order);
    ok(await request(patient, order.id, `gearReqIds=${gearReqId}&dateOfBirth=${dobOf(order)}`));
    const [row] = await recollectionsOf(order.id);
    expect(row).toMatchObject({ paymentRequired: true, pending: true });
    const made = row?.recollectionOrderId as number;
    const follower = await signInPatient(ctx.app, db(), [order.id, made]);
    const pending = await statusOf(follower, made);
    expect(pending.orderPageStatus).toBe('RecollectionPending');
    expect(pending.actions).toEqual(['returnToOrder']);
    expect(pending.recollection).toMatchObject({ pending: true, chargeCents: RECOLLECTION_PACK_CENTS });
    const card = {
      cardNo: VISA,
      cardExpDate: '12/30',
      cardCvv: '123',
      cardholderName: 'Jane Testpatient',
      cardZipCode: '28801',
    };
    // decision 0293: the one payment, on the order re-collected, naming its version read and this recollection.
    const packUrl = `/gear/order/${order.id}/recollection-pack?dateOfBirth=${dobOf(order)}`;
    const payPack = async (who: SignedIn, body: object) =>
      callAs(ctx.app, who, 'POST', packUrl, body, await ifMatchNow(db(), { orderId: order.id }));
    const invalid = await payPack(follower, { ...card, cardNo: '', recollectionOrderId: made });
    expectEnvelope(invalid, 400);
    expect(invalid.json().errors[0]).toEqual({
      field: 'cardNo',
      defaultMessage: 'Please provide a card number.',
    });
    const paid = await payPack(follower, { ...card, recollectionOrderId: made });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await statusOf(follower, made)).orderPageStatus).toBe('RecollectionOrdered');
    expectEnvelope(await payPack(follower, { ...card, recollectionOrderId: made }), 409);
    expect(await db().select().from(payments).where(eq(payments.orderId, made))).toHaveLength(1);
    // The original order's timeline says the pack was paid (the recollection order's has the payment).
    const timeline = ok<{ entries: { kind: string; text: string }[] }>(
      await callAs(ctx.app, follower, 'GET', `/gear/order/${order.id}/timeline`),
    );
    expect(timeline.entries.map((entry) => entry.text)).toContain(
      `Recollection pack paid $40.00 (recollection order ${made})`,
    );
    // Another practitioner may not pay (or see) it.
    expectEnvelope(await payPack(as.chen, { ...card, recollectionOrderId: made }), 403);
  });

  it('refusals: another practitioner, wrong or missing date of birth, not discarded, issues, repeats, canceled', async () => {
    const order = await readyToSubmitOrder(ctx.app);
    const gearReqId = order.requisitions[0]?.id as number;
    // Not discarded (no accession at all, then a specimen the lab tests).
    expectEnvelope(
      await request(as.avery, order.id, `gearReqIds=${gearReqId}`),
      400,
      RECOLLECT_MESSAGES.notDiscarded,
    );
    await discard(order, ['Specimen received frozen']);
    expectEnvelope(
      await request(as.avery, order.id, `gearReqIds=${gearReqId}`),
      400,
      RECOLLECT_MESSAGES.issuesPresent,
    );
    expect(RECOLLECT_MESSAGES.issuesPresent).toContain('A new pack will be mailed.');
    const clean = await readyToSubmitOrder(ctx.app);
    const test = await discard(clean);
    expectEnvelope(await request(as.chen, clean.id, `gearReqIds=${test.gearReqId}`), 403);
    expectEnvelope(
      await request(as.avery, clean.id, `gearReqIds=${test.gearReqId}&dateOfBirth=1900-01-01`),
      404,
    );
    const patient = await signInPatient(ctx.app, db(), [clean.id]);
    expectEnvelope(
      await request(patient, clean.id, `gearReqIds=${test.gearReqId}`),
      400,
      PATIENT_MESSAGES.dateOfBirthRequired,
    );
    expectEnvelope(
      await request(patient, clean.id, `gearReqIds=${test.gearReqId}&dateOfBirth=1900-01-01`),
      404,
    );
    const stranger = await signInPatient(ctx.app, db(), [order.id]);
    expect([403, 404]).toContain(
      (await request(stranger, clean.id, `gearReqIds=${test.gearReqId}&dateOfBirth=${dobOf(clean)}`))
        .statusCode,
    );
    expectEnvelope(
      await request(as.avery, clean.id, 'gearReqIds=999999'),
      404,
      RECOLLECT_MESSAGES.notOnOrder,
    );
    expectEnvelope(
      await request(as.avery, clean.id, `gearReqIds=${test.gearReqId}`, { ifMatch: false }),
      428,
    );
    ok(await request(as.avery, clean.id, `gearReqIds=${test.gearReqId}&dateOfBirth=${dobOf(clean)}`));
    expectEnvelope(
      await request(as.avery, clean.id, `gearReqIds=${test.gearReqId}`),
      409,
      RECOLLECT_MESSAGES.alreadyRequested,
    );
    expect(await recollectionsOf(clean.id)).toHaveLength(1);
    // A canceled test cannot be re-collected; a canceled order is closed.
    const canceled = await readyToSubmitOrder(ctx.app);
    const third = await discard(canceled);
    await db().update(requisitions).set({ canceled: true }).where(eq(requisitions.id, third.gearReqId));
    await db()
      .update(orders)
      .set({ version: sql`${orders.version} + 1` })
      .where(eq(orders.id, canceled.id));
    expectEnvelope(
      await request(as.avery, canceled.id, `gearReqIds=${third.gearReqId}`),
      400,
      RECOLLECT_MESSAGES.canceled,
    );
    await db()
      .update(orders)
      .set({ canceled: true, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, canceled.id));
    expectEnvelope(
      await request(as.avery, canceled.id, `gearReqIds=${third.gearReqId}`),
      409,
      MESSAGES.orderCanceled,
    );
  });

  it('bad input is a 400, never a 500: NUL, broken ids, huge ids, nothing named', async () => {
    const order = await readyToSubmitOrder(ctx.app);
    const { gearReqId } = await discard(order);
    for (const query of [
      `gearReqIds=${gearReqId}&dateOfBirth=1980%00-01-01`,
      'gearReqIds=abc',
      'gearReqIds=99999999999999999999',
      '',
      `gearReqIds=${gearReqId}&dateOfBirth=${'9'.repeat(200)}`,
    ])
      expect((await request(as.avery, order.id, query)).statusCode, query).toBe(400);
    expect(
      (await request(as.avery, 99_999_999_999, `gearReqIds=${gearReqId}`, { ifMatch: false })).statusCode,
    ).toBe(400);
    expect((await callAs(ctx.app, as.avery, 'GET', '/gear/re-collect/A%00B')).statusCode).toBe(400);
    expect((await callAs(ctx.app, as.avery, 'GET', '/gear/re-collect/%ED%A0%80')).statusCode).toBe(400);
    // Longer than any accession: refused by the router (404) or the schema (400), never served.
    const huge = await callAs(ctx.app, as.avery, 'GET', `/gear/re-collect/${'x'.repeat(500)}`);
    expect([400, 404]).toContain(huge.statusCode);
    expect(await recollectionsOf(order.id)).toHaveLength(0);
  });

  it('200 concurrent identical requests create one recollection: one 200, the others 409', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, VISA);
    const { gearReqId } = await discard(order);
    const headers = { ...patient.headers, ...(await ifMatchNow(db(), { orderId: order.id })) };
    const url = `/gear/order/${order.id}/request-recollect?gearReqIds=${gearReqId}&dateOfBirth=${dobOf(order)}`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => ctx.app.inject({ method: 'GET', url, headers })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    const counts = new Map<string, number>();
    for (const answer of answers) {
      const key = `${answer.statusCode} ${answer.json().message ?? ''}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const tally = [...counts].map(([key, count]) => `${key} ×${count}`);
    expect(tally.length, tally.join('; ')).toBeLessThanOrEqual(2);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(199);
    const rows = await recollectionsOf(order.id);
    expect(rows).toHaveLength(1);
    const linked = await db().select().from(orders).where(eq(orders.recollectionFor, order.id));
    expect(linked).toHaveLength(1);
    const charged = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, rows[0]?.recollectionOrderId as number));
    expect(charged).toHaveLength(1);
  }, 120_000);
});

describe('GET /gear/re-collect/{accessionNo} (spec 3 §2 Re-collect page, §4 status values, §8)', () => {
  /** The re-collect page's call, naming the version of the accession's order read when `orderId` is given. */
  const reCollect = async (who: SignedIn, accessionNo: string, orderId?: number) =>
    callAs(
      ctx.app,
      who,
      'GET',
      `/gear/re-collect/${accessionNo}`,
      undefined,
      orderId === undefined ? {} : await ifMatchNow(db(), { orderId }),
    );

  it('SUCCESS creates the recollection and redirects to it; again, the same one', async () => {
    const order = await readyToSubmitOrder(ctx.app);
    const { accessionNo } = await discard(order);
    const first = ok<ReCollectResponse>(await reCollect(as.avery, accessionNo, order.id));
    expect(first.status).toBe('SUCCESS');
    const [row] = await recollectionsOf(order.id);
    expect(first.redirectUrl).toBe(`/order-status/${row?.recollectionOrderId}`);
    // Made before: nothing changes, so no version is needed (decision 0294).
    expect(ok<ReCollectResponse>(await reCollect(as.avery, accessionNo))).toEqual(first);
    expect(await recollectionsOf(order.id)).toHaveLength(1);
  });

  it("a patient's re-collect joins the recollection order to their session", async () => {
    const order = await readyToSubmitOrder(ctx.app);
    const { accessionNo } = await discard(order);
    const patient = await signInPatient(ctx.app, db(), [order.id]);
    const answer = await reCollect(patient, accessionNo, order.id);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(ok<ReCollectResponse>(answer).status).toBe('SUCCESS');
  });

  it('UNAUTHORIZED for a caller who may not see the order, ORDER_NOT_FOUND for an unknown accession, ERROR otherwise', async () => {
    const order = await readyToSubmitOrder(ctx.app);
    const { accessionNo } = await discard(order);
    expect(ok<ReCollectResponse>(await reCollect(as.chen, accessionNo))).toEqual({
      status: 'UNAUTHORIZED',
      redirectUrl: null,
    });
    expect(ok<ReCollectResponse>(await reCollect(as.avery, 'Z0000000000'))).toEqual({
      status: 'ORDER_NOT_FOUND',
      redirectUrl: null,
    });
    const tested = await readyToSubmitOrder(ctx.app);
    const received = `T${tested.id}`;
    await receiveByLab(db(), tested.requisitions[0]?.id as number, received);
    expect(ok<ReCollectResponse>(await reCollect(as.avery, received, tested.id))).toEqual({
      status: 'ERROR',
      redirectUrl: null,
    });
    expect(await recollectionsOf(order.id)).toHaveLength(0);
  });

  it("decision 0294: making it changes the accession's order: 428 without its version, 409 stale, nothing made", async () => {
    const order = await readyToSubmitOrder(ctx.app);
    const { accessionNo } = await discard(order);
    expectEnvelope(await reCollect(as.avery, accessionNo), 428, MESSAGES.orderVersionRequired);
    const { version } = ok<SavedOrder>(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}`));
    const stale = await callAs(ctx.app, as.avery, 'GET', `/gear/re-collect/${accessionNo}`, undefined, {
      'if-match': `"${version - 1}"`,
    });
    expectEnvelope(stale, 409, MESSAGES.staleOrder);
    expect(await recollectionsOf(order.id)).toHaveLength(0);
    expect(ok<ReCollectResponse>(await reCollect(as.avery, accessionNo, order.id)).status).toBe('SUCCESS');
    expect(ok<SavedOrder>(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}`)).version).toBe(
      version + 1,
    );
  });
});

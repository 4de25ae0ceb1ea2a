import { type OrderTimeline, TIMELINE_KINDS } from '@gear/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessions, carrierScans, recollections, requisitions, shipments } from '../../db/schema/index.ts';
import { PITL_DEMO_ORDERS } from '../../seed/demo-pitl-orders.ts';
import { callAs, expectEnvelope, ifMatchNow, ok, useSignIns, useTestApp } from '../../test/helper.ts';
import { receiveByLab, signInPatient } from '../../test/order-builders.ts';
import { patientPaidOrder } from '../payment/test-payments.ts';

/** GET /gear/order/{id}/timeline (issue 17 'One timeline'; decision 0262). */
const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', harper: 'dr.harper' });

describe('GET /gear/order/{id}/timeline', () => {
  it('a paid, shipped, canceled order: each fact once, dated, oldest first, with who caused it', async () => {
    const { order, patient } = await patientPaidOrder(ctx, as.avery, '4242424242424242');
    await ctx.database.db.insert(shipments).values({
      orderId: order.id,
      trackingNumber: `TL${order.id}`,
      status: 'DELIVERED',
      deliveryDate: '2026-11-20',
      recordedBy: 'carrier',
    });
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: `/gear/order/cancel/${order.id}`,
      headers: { ...patient.headers, ...(await ifMatchNow(ctx.database.db, { orderId: order.id })) },
    });
    expect(cancel.body).toBe('cancelPass');
    const answer = await callAs(ctx.app, patient, 'GET', `/gear/order/${order.id}/timeline`);
    expect(answer.headers['cache-control']).toContain('no-store');
    const timeline = ok<OrderTimeline>(answer);
    const kinds = timeline.entries.map((entry) => `${entry.kind}:${entry.by}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'ordered:practitioner',
        'placed:patient',
        'paid:patient',
        'shipped:carrier',
        'delivered:carrier',
        'canceled:patient',
        'refunded:portal',
      ]),
    );
    const refund = timeline.entries.find((entry) => entry.kind === 'refunded');
    expect(refund?.text).toMatch(/^Refunded \$\d+\.\d{2} \(\$40\.00 non-refundable fee kept\)$/);
    const ats = timeline.entries.map((entry) => entry.at);
    expect([...ats].sort()).toEqual(ats);
    expect(timeline.entries.every((entry) => TIMELINE_KINDS.includes(entry.kind))).toBe(true);
    // The practitioner sees the same timeline.
    expect(
      ok<OrderTimeline>(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/timeline`)),
    ).toEqual(timeline);
  });

  it('the lab and the carrier: each scan, the specimen problem, the recollection, results ready', async () => {
    const { order } = await patientPaidOrder(ctx, as.avery, '4242424242424242');
    const db = ctx.database.db;
    const gearReqId = order.requisitions[0]?.id ?? 0;
    const [shipment] = await db
      .insert(shipments)
      .values({
        orderId: order.id,
        trackingNumber: `SC${order.id}`,
        status: 'IN_TRANSIT',
        recordedBy: 'carrier',
      })
      .returning();
    await db.insert(carrierScans).values({
      shipmentId: shipment?.id ?? 0,
      status: 'IN_TRANSIT',
      location: 'Memphis, TN',
      description: 'Departed FedEx hub',
      scannedAt: new Date('2026-11-21T08:00:00Z'),
      recordedBy: 'carrier',
    });
    await receiveByLab(db, gearReqId, `TD${order.id}`);
    await receiveByLab(db, gearReqId, `TR${order.id}`);
    await db
      .update(accessions)
      .set({ discardedSpecimen: true })
      .where(eq(accessions.accessionNo, `TD${order.id}`));
    await db
      .update(accessions)
      .set({ requisitionStatusId: 4 })
      .where(eq(accessions.accessionNo, `TR${order.id}`));
    await db.insert(recollections).values({ orderId: order.id, gearReqId, requestedBy: 'laboratory' });
    const timeline = ok<OrderTimeline>(
      await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/timeline`),
    );
    const kinds = timeline.entries.map((entry) => `${entry.kind}:${entry.by}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'scan:carrier',
        'received:laboratory',
        'specimenProblem:laboratory',
        'resultsReady:laboratory',
        'recollection:laboratory',
      ]),
    );
    expect(timeline.entries.find((entry) => entry.kind === 'scan')?.text).toBe(
      'In transit: Departed FedEx hub, Memphis, TN',
    );
  });

  it("the carrier's codes read as words; label and delivery scans date the shipped and delivered entries", async () => {
    const { order } = await patientPaidOrder(ctx, as.avery, '4242424242424242');
    const db = ctx.database.db;
    const [shipment] = await db
      .insert(shipments)
      .values({
        orderId: order.id,
        trackingNumber: `LC${order.id}`,
        status: 'DELIVERED',
        deliveryDate: '2026-11-22',
        recordedBy: 'carrier',
      })
      .returning();
    const scan = (status: string, at: string) => ({
      shipmentId: shipment?.id ?? 0,
      status,
      scannedAt: new Date(at),
      recordedBy: 'carrier',
    });
    await db
      .insert(carrierScans)
      .values([
        scan('LABEL_CREATED', '2026-11-20T09:00:00Z'),
        scan('OUT_FOR_DELIVERY', '2026-11-22T07:30:00Z'),
        scan('DELIVERED', '2026-11-22T15:10:00Z'),
      ]);
    const timeline = ok<OrderTimeline>(
      await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/timeline`),
    );
    const carrierEntries = timeline.entries.filter((entry) => entry.by === 'carrier');
    expect(carrierEntries.map((entry) => [entry.kind, entry.at, entry.text])).toEqual([
      ['shipped', '2026-11-20T09:00:00.000Z', `Collection pack shipped (tracking LC${order.id})`],
      ['scan', '2026-11-22T07:30:00.000Z', 'Out for delivery'],
      ['delivered', '2026-11-22T15:10:00.000Z', 'Collection pack delivered'],
    ]);
    expect(timeline.entries.some((entry) => /[A-Z]+_[A-Z]+/.test(entry.text))).toBe(false);
  });

  it('refuses another practitioner and another patient (403), an unknown order (404)', async () => {
    const { order } = await patientPaidOrder(ctx, as.avery, '4242424242424242');
    expectEnvelope(await callAs(ctx.app, as.chen, 'GET', `/gear/order/${order.id}/timeline`), 403);
    const stranger = await signInPatient(ctx.app, ctx.database.db, []);
    expectEnvelope(await callAs(ctx.app, stranger, 'GET', `/gear/order/${order.id}/timeline`), 403);
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/gear/order/999999/timeline'), 404);
  });

  it("the PITL demo orders read in order, and each pack's equal payment names its pack", async () => {
    const db = ctx.database.db;
    const timelineOf = async (reqNumber: string) => {
      const [pack] = await db
        .select({ orderId: requisitions.orderId })
        .from(requisitions)
        .where(eq(requisitions.reqNumber, reqNumber));
      return ok<OrderTimeline>(
        await callAs(ctx.app, as.harper, 'GET', `/gear/order/${pack?.orderId}/timeline`),
      ).entries;
    };
    for (const demo of PITL_DEMO_ORDERS) {
      const entries = await timelineOf(demo.packs[0]?.reqNumber as string);
      // 'Order created' first: made before the lab's backdated receipt and discard.
      expect(entries[0]?.text, demo.key).toBe('Order created');
    }
    const transfer = await timelineOf('50040003');
    expect(transfer.filter((entry) => entry.kind === 'paid').map((entry) => entry.text)).toEqual([
      'Paid $429.95 (card) for GI Effects Comprehensive Profile - Stool (3-day), requisition 50040003',
      'Paid $429.95 (card) for Metabolomix+, requisition 50040004',
      'Paid $429.95 (card) for NutrEval FMV, requisition 50040005',
    ]);
  });
});

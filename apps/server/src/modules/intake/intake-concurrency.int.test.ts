import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_INTAKE_SENDERS } from '../../config.ts';
import {
  accessions,
  auditEvents,
  carrierScans,
  intakeEvents,
  orders,
  shipments,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../test/helper.ts';
import { dropShipOrder, PRODUCTS } from '../../test/order-builders.ts';
import { signatureHeader } from './intake-signature.ts';

const context = useTestApp();
const LAB = DEMO_INTAKE_SENDERS.lab as string;
const CARRIER = DEMO_INTAKE_SENDERS.carrier as string;
const CONCURRENT = 200;

function post(sender: string, secret: string, events: unknown[]) {
  const payload = JSON.stringify({ events });
  return context.app.inject({
    method: 'POST',
    url: '/api/intake/events',
    headers: {
      'content-type': 'application/json',
      'gear-intake-sender': sender,
      'gear-signature': signatureHeader(secret, payload),
    },
    payload,
  });
}

/**
 * Fires the same signed request 200 times at once, then once more as a sender does after a 503: every answer is 200,
 * or 503 with Retry-After when the pool turned it away (decision 0154, PostgreSQL on loaded cores), never another
 * status; the events are applied by exactly one request and answered as duplicates by every other that ran.
 */
async function fireConcurrently(sender: string, secret: string, events: unknown[]) {
  const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => post(sender, secret, events)));
  for (const answer of answers.filter((one) => one.statusCode !== 200)) {
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBeDefined();
  }
  const ran = answers.filter((answer) => answer.statusCode === 200);
  expect(ran.length).toBeGreaterThan(0);
  const retry = await post(sender, secret, events);
  expect(retry.statusCode).toBe(200);
  const bodies = [...ran, retry].map((answer) => answer.json() as { applied: number; duplicates: number });
  expect(bodies.filter((body) => body.applied > 0)).toHaveLength(1);
  expect(bodies.reduce((sum, body) => sum + body.applied, 0)).toBe(events.length);
  expect(bodies.reduce((sum, body) => sum + body.duplicates, 0)).toBe(events.length * (bodies.length - 1));
}

describe('POST /api/intake/events: the same event 200 times at once is applied once (decision 0251)', () => {
  it('a shipment with its scan, then a lab receipt with its results, each fired 200 times concurrently', async () => {
    const order = await dropShipOrder(context.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const orderId = order.id;
    const gearReqId = order.requisitions[0]?.id as number;
    const [before] = await context.database.db
      .select({ version: orders.version })
      .from(orders)
      .where(eq(orders.id, orderId));
    const tracking = `7950${orderId}`;
    const stamp = Date.now();
    await fireConcurrently('carrier', CARRIER, [
      {
        type: 'shipment.created',
        id: `conc-ship-${stamp}`,
        occurredAt: '2026-11-20T09:00:00Z',
        orderId,
        trackingNumber: tracking,
      },
      {
        type: 'carrier.scan',
        id: `conc-scan-${stamp}`,
        occurredAt: '2026-11-20T12:00:00Z',
        trackingNumber: tracking,
        status: 'IN_TRANSIT',
        location: 'Memphis, TN',
      },
    ]);
    const accessionNo = `C${orderId}`;
    await fireConcurrently('lab', LAB, [
      {
        type: 'lab.received',
        id: `conc-received-${stamp}`,
        occurredAt: '2026-11-22T10:00:00Z',
        gearReqId,
        accessionNo,
        productName: 'GI Effects',
      },
      {
        type: 'lab.status',
        id: `conc-results-${stamp}`,
        occurredAt: '2026-11-23T10:00:00Z',
        accessionNo,
        requisitionStatusId: 3,
      },
    ]);

    const db = context.database.db;
    const shipped = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(shipped).toHaveLength(1);
    const scans = await db
      .select()
      .from(carrierScans)
      .where(eq(carrierScans.shipmentId, shipped[0]?.id as number));
    expect(scans.map((scan) => scan.status).sort()).toEqual(['IN_TRANSIT', 'LABEL_CREATED']);
    const received = await db.select().from(accessions).where(eq(accessions.gearReqId, gearReqId));
    expect(received).toHaveLength(1);
    expect(received[0]?.requisitionStatusId).toBe(3);
    const log = await db.select().from(intakeEvents).where(eq(intakeEvents.orderId, orderId));
    expect(log).toHaveLength(4);
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId));
    expect(
      audited.filter((row) => row.action.startsWith('intake:') && row.outcome === 'success'),
    ).toHaveLength(4);
    // Two requests applied: the order's version moved twice, never once per duplicate.
    const [after] = await db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
    expect((after?.version ?? 0) - (before?.version ?? 0)).toBe(2);
  }, 120_000);
});

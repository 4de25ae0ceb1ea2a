import { INTAKE_MESSAGES } from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_INTAKE_SENDERS } from '../../config.ts';
import {
  accessions,
  auditEvents,
  carrierScans,
  intakeEvents,
  requisitions,
  shipments,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../test/helper.ts';
import { dropShipOrder, PRODUCTS } from '../../test/order-builders.ts';
import { signatureHeader } from './intake-signature.ts';

const context = useTestApp();
const LAB = DEMO_INTAKE_SENDERS.lab as string;
const CARRIER = DEMO_INTAKE_SENDERS.carrier as string;

/** A tiny but real PDF header is all the intake checks; the bytes are stored as sent. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}-${Date.now()}`;

function post(
  sender: string,
  secret: string,
  body: unknown,
  options: { timestamp?: number; signature?: string } = {},
) {
  const payload = JSON.stringify(body);
  return context.app.inject({
    method: 'POST',
    url: '/api/intake/events',
    headers: {
      'content-type': 'application/json',
      'gear-intake-sender': sender,
      'gear-signature': options.signature ?? signatureHeader(secret, payload, options.timestamp),
    },
    payload,
  });
}
const lab = (events: unknown[], options = {}) => post('lab', LAB, { events }, options);
const carrier = (events: unknown[], options = {}) => post('carrier', CARRIER, { events }, options);

async function newOrder() {
  const order = await dropShipOrder(context.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
  return { orderId: order.id, gearReqId: order.requisitions[0]?.id as number };
}
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();

describe('POST /api/intake/events: refusals (spec/README.md resolution 8)', () => {
  it('refuses an unsigned request with 401 and changes nothing', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/intake/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ events: [] }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(INTAKE_MESSAGES.unsigned);
  });

  it('refuses a signature made with another secret, or over another body', async () => {
    const { gearReqId } = await newOrder();
    const event = {
      type: 'lab.received',
      id: nextId('bad'),
      occurredAt: at(1),
      gearReqId,
      accessionNo: 'BAD00001',
      productName: 'GI',
    };
    const wrongSecret = await post('lab', 'x'.repeat(40), { events: [event] });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json().message).toBe(INTAKE_MESSAGES.badSignature);
    const otherBody = await lab([event], { signature: signatureHeader(LAB, JSON.stringify({ events: [] })) });
    expect(otherBody.statusCode).toBe(401);
    const unknownSender = await post('someone', LAB, { events: [event] });
    expect(unknownSender.json().message).toBe(INTAKE_MESSAGES.unknownSender);
    const [row] = await context.database.db
      .select()
      .from(accessions)
      .where(eq(accessions.accessionNo, 'BAD00001'));
    expect(row).toBeUndefined();
    const refusals = await context.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'intake:unauthenticated'), eq(auditEvents.outcome, 'refused')));
    expect(refusals.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a timestamp more than 5 minutes old (a replayed request)', async () => {
    const { gearReqId } = await newOrder();
    const event = {
      type: 'lab.received',
      id: nextId('stale'),
      occurredAt: at(1),
      gearReqId,
      accessionNo: 'STALE0001',
      productName: 'GI',
    };
    const old = Math.floor(Date.now() / 1000) - 301;
    const response = await lab([event], { timestamp: old });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(INTAKE_MESSAGES.stale);
    const inWindow = await lab([event], { timestamp: old + 2 });
    expect(inWindow.statusCode).toBe(200);
  });

  it('refuses a batch naming an unknown requisition: 422, nothing applied', async () => {
    const { gearReqId } = await newOrder();
    const response = await lab([
      {
        type: 'lab.received',
        id: nextId('ok'),
        occurredAt: at(1),
        gearReqId,
        accessionNo: 'UNK00001',
        productName: 'GI',
      },
      {
        type: 'lab.received',
        id: nextId('unknown'),
        occurredAt: at(1),
        requisitionNumber: '99999999',
        accessionNo: 'UNK00002',
        productName: 'GI',
      },
      {
        type: 'lab.status',
        id: nextId('unknown'),
        occurredAt: at(2),
        accessionNo: 'NOSUCH01',
        requisitionStatusId: 2,
      },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(INTAKE_MESSAGES.unknownReference);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'events[1].requisitionNumber',
      'events[2].accessionNo',
    ]);
    const rows = await context.database.db
      .select()
      .from(accessions)
      .where(eq(accessions.gearReqId, gearReqId));
    expect(rows).toEqual([]);
  });

  it('refuses bad input with 400 (schema, not a PDF, NUL)', async () => {
    const { gearReqId } = await newOrder();
    const missing = await lab([{ type: 'lab.received', id: 'x', occurredAt: at(1), gearReqId }]);
    expect(missing.statusCode).toBe(400);
    const unknownType = await lab([{ type: 'lab.teleported', id: 'x', occurredAt: at(1) }]);
    expect(unknownType.statusCode).toBe(400);
    const notPdf = await lab([
      {
        type: 'lab.results',
        id: 'x',
        occurredAt: at(1),
        accessionNo: 'A1',
        resultPdfBase64: Buffer.from('hello').toString('base64'),
      },
    ]);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().errors[0].field).toBe('events[0].resultPdfBase64');
    const nul = await lab([
      {
        type: 'lab.received',
        id: 'x',
        occurredAt: at(1),
        gearReqId,
        accessionNo: 'N\u0000',
        productName: 'GI',
      },
    ]);
    expect(nul.statusCode).toBe(400);
    const empty = await lab([]);
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /api/intake/events: applying facts', () => {
  it('takes a shipment, scans, delivery, lab receipt, status and results; each recorded with sender and time', async () => {
    const { orderId, gearReqId } = await newOrder();
    const tracking = `7946${orderId}01`;
    const shipped = await carrier([
      { type: 'shipment.created', id: nextId('c'), occurredAt: at(0), orderId, trackingNumber: tracking },
      {
        type: 'carrier.scan',
        id: nextId('c'),
        occurredAt: at(5),
        trackingNumber: tracking,
        status: 'IN_TRANSIT',
        location: 'Memphis, TN',
      },
      {
        type: 'carrier.delivered',
        id: nextId('c'),
        occurredAt: at(9),
        trackingNumber: tracking,
        deliveryDate: '2026-11-20',
      },
    ]);
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ received: 3, applied: 3, duplicates: 0, refused: 0 });
    const accessionNo = `A${orderId}`;
    const received = await lab([
      {
        type: 'lab.received',
        id: nextId('l'),
        occurredAt: at(20),
        gearReqId,
        accessionNo,
        productName: 'GI Effects',
        dueDate: '2026-12-01',
      },
      { type: 'lab.status', id: nextId('l'), occurredAt: at(21), accessionNo, requisitionStatusId: 2 },
      { type: 'lab.results', id: nextId('l'), occurredAt: at(30), accessionNo, resultPdfBase64: PDF },
    ]);
    expect(received.statusCode).toBe(200);
    const [shipment] = await context.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, orderId));
    expect(shipment).toMatchObject({
      trackingNumber: tracking,
      status: 'DELIVERED',
      deliveryDate: '2026-11-20',
      recordedBy: 'carrier',
    });
    const scans = await context.database.db
      .select()
      .from(carrierScans)
      .where(eq(carrierScans.shipmentId, shipment?.id as number));
    expect(scans.map((scan) => scan.status).sort()).toEqual(['DELIVERED', 'IN_TRANSIT', 'LABEL_CREATED']);
    const [accession] = await context.database.db
      .select()
      .from(accessions)
      .where(eq(accessions.accessionNo, accessionNo));
    expect(accession).toMatchObject({
      gearReqId,
      requisitionStatusId: 3,
      dueDate: '2026-12-01',
      recordedBy: 'lab',
    });
    expect(accession?.resultFileKey).toMatch(/^[0-9a-f]{32}$/);
    const log = await context.database.db
      .select()
      .from(intakeEvents)
      .where(eq(intakeEvents.orderId, orderId));
    expect(log).toHaveLength(6);
    expect(new Set(log.map((row) => row.sender))).toEqual(new Set(['lab', 'carrier']));
    expect(JSON.stringify(log)).not.toContain(PDF);
    const audited = await context.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.orderId, orderId));
    expect(audited.filter((row) => row.action.startsWith('intake:'))).toHaveLength(6);
    // The order is locked for its practitioner now that the lab holds it.
    const order = await context.app.inject({ method: 'GET', url: `/gear/order/${orderId}` });
    expect([401, 403, 200]).toContain(order.statusCode);
  });

  it('applies a repeated event id once (idempotent by the sender\u2019s event id)', async () => {
    const { gearReqId } = await newOrder();
    const accessionNo = `R${gearReqId}`;
    const receipt = {
      type: 'lab.received',
      id: nextId('rep'),
      occurredAt: at(1),
      gearReqId,
      accessionNo,
      productName: 'GI',
    };
    const status = {
      type: 'lab.status',
      id: nextId('rep'),
      occurredAt: at(2),
      accessionNo,
      requisitionStatusId: 3,
    };
    expect((await lab([receipt, status])).json()).toMatchObject({ applied: 2 });
    const again = await lab([receipt, status, { ...status }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ applied: 0, duplicates: 3 });
    const log = await context.database.db
      .select()
      .from(intakeEvents)
      .where(eq(intakeEvents.gearReqId, gearReqId));
    expect(log).toHaveLength(2);
  });

  it('keeps the latest fact when events arrive out of order', async () => {
    const { orderId, gearReqId } = await newOrder();
    const accessionNo = `O${gearReqId}`;
    const tracking = `7947${orderId}`;
    await carrier([
      { type: 'shipment.created', id: nextId('o'), occurredAt: at(0), orderId, trackingNumber: tracking },
      {
        type: 'carrier.delivered',
        id: nextId('o'),
        occurredAt: at(30),
        trackingNumber: tracking,
        deliveryDate: '2026-11-20',
      },
    ]);
    const late = await carrier([
      {
        type: 'carrier.scan',
        id: nextId('o'),
        occurredAt: at(10),
        trackingNumber: tracking,
        status: 'IN_TRANSIT',
      },
    ]);
    expect(late.statusCode).toBe(200);
    const [shipment] = await context.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.trackingNumber, tracking));
    expect(shipment?.status).toBe('DELIVERED');
    // In one batch, listed newest first: applied in the order they happened.
    expect(
      (
        await lab([
          { type: 'lab.status', id: nextId('o'), occurredAt: at(50), accessionNo, requisitionStatusId: 3 },
          {
            type: 'lab.received',
            id: nextId('o'),
            occurredAt: at(40),
            gearReqId,
            accessionNo,
            productName: 'GI',
          },
        ])
      ).statusCode,
    ).toBe(200);
    await lab([
      { type: 'lab.status', id: nextId('o'), occurredAt: at(45), accessionNo, requisitionStatusId: 2 },
    ]);
    const [accession] = await context.database.db
      .select()
      .from(accessions)
      .where(eq(accessions.accessionNo, accessionNo));
    expect(accession?.requisitionStatusId).toBe(3);
  });

  it('refuses all of one order\u2019s events when one came before its facts, and applies the other orders\u2019', async () => {
    const first = await newOrder();
    const second = await newOrder();
    const response = await lab([
      {
        type: 'lab.received',
        id: nextId('b'),
        occurredAt: at(10),
        gearReqId: first.gearReqId,
        accessionNo: `B${first.gearReqId}`,
        productName: 'GI',
      },
      {
        type: 'lab.received',
        id: nextId('b'),
        occurredAt: at(10),
        gearReqId: second.gearReqId,
        accessionNo: `B${second.gearReqId}`,
        productName: 'GI',
      },
      // A status for the second accession dated before its receipt: nothing of the second order is applied.
      {
        type: 'lab.status',
        id: nextId('b'),
        occurredAt: at(5),
        accessionNo: `B${second.gearReqId}`,
        requisitionStatusId: 2,
      },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(INTAKE_MESSAGES.someRefused);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(['events[1]', 'events[2]']);
    const rowsOf = (gearReqId: number) =>
      context.database.db.select().from(accessions).where(eq(accessions.gearReqId, gearReqId));
    expect(await rowsOf(first.gearReqId)).toHaveLength(1);
    expect(await rowsOf(second.gearReqId)).toHaveLength(0);
    const [requisition] = await context.database.db
      .select()
      .from(requisitions)
      .where(eq(requisitions.id, second.gearReqId));
    expect(requisition).toBeDefined();
  });

  it('records a discarded specimen with and without issues', async () => {
    const one = await newOrder();
    const two = await newOrder();
    const response = await lab([
      {
        type: 'lab.received',
        id: nextId('d'),
        occurredAt: at(1),
        gearReqId: one.gearReqId,
        accessionNo: `D${one.gearReqId}`,
        productName: 'GI',
      },
      {
        type: 'lab.discarded',
        id: nextId('d'),
        occurredAt: at(2),
        accessionNo: `D${one.gearReqId}`,
        issues: [],
      },
      {
        type: 'lab.received',
        id: nextId('d'),
        occurredAt: at(1),
        gearReqId: two.gearReqId,
        accessionNo: `D${two.gearReqId}`,
        productName: 'GI',
      },
      {
        type: 'lab.discarded',
        id: nextId('d'),
        occurredAt: at(2),
        accessionNo: `D${two.gearReqId}`,
        issues: ['Specimen received frozen'],
      },
    ]);
    expect(response.statusCode).toBe(200);
    const rows = await context.database.db.select().from(accessions);
    const byNo = new Map(rows.map((row) => [row.accessionNo, row]));
    expect(byNo.get(`D${one.gearReqId}`)).toMatchObject({ discardedSpecimen: true, issues: [] });
    expect(byNo.get(`D${two.gearReqId}`)).toMatchObject({
      discardedSpecimen: true,
      issues: ['Specimen received frozen'],
    });
  });

  it('takes tracking CANCELED', async () => {
    const { orderId } = await newOrder();
    const tracking = `7948${orderId}`;
    const response = await carrier([
      { type: 'shipment.created', id: nextId('x'), occurredAt: at(0), orderId, trackingNumber: tracking },
      { type: 'tracking.canceled', id: nextId('x'), occurredAt: at(1), trackingNumber: tracking },
    ]);
    expect(response.statusCode).toBe(200);
    const [shipment] = await context.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.trackingNumber, tracking));
    expect(shipment?.status).toBe('CANCELED');
  });
});

describe('GET /tracking/{trackingNumber} (the local carrier tracking page)', () => {
  it('shows the recorded scans newest first, with no order or patient data', async () => {
    const { orderId } = await newOrder();
    const tracking = `7949${orderId}`;
    await carrier([
      { type: 'shipment.created', id: nextId('t'), occurredAt: at(0), orderId, trackingNumber: tracking },
      {
        type: 'carrier.scan',
        id: nextId('t'),
        occurredAt: at(5),
        trackingNumber: tracking,
        status: 'IN_TRANSIT',
        location: 'Memphis, TN',
      },
      {
        type: 'carrier.delivered',
        id: nextId('t'),
        occurredAt: at(9),
        trackingNumber: tracking,
        deliveryDate: '2026-11-20',
      },
    ]);
    const page = await context.app.inject({ method: 'GET', url: `/tracking/${tracking}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Status: <strong>Delivered</strong>, delivered on 2026-11-20');
    expect(page.body.indexOf('Delivered</td>')).toBeLessThan(page.body.indexOf('In transit'));
    expect(page.body).toContain('Memphis, TN');
    expect(page.body).not.toMatch(/order|patient/i);
    expect((await context.app.inject({ method: 'GET', url: '/tracking/000000000' })).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/tracking/%3Cscript%3E' })).statusCode).toBe(400);
  });
});

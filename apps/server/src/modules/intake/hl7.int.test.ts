import { Hl7Message } from '@medplum/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_INTAKE_SENDERS } from '../../config.ts';
import { accessions, intakeEvents } from '../../db/schema/index.ts';
import { signIn, useTestApp } from '../../test/helper.ts';
import { dropShipOrder, PRODUCTS } from '../../test/order-builders.ts';
import { signatureHeader } from './intake-signature.ts';

const context = useTestApp();
const LAB = DEMO_INTAKE_SENDERS.lab as string;
const PDF = Buffer.from('%PDF-1.4\n%results\n%%EOF\n').toString('base64');

const postHl7 = (message: string, secret = LAB) =>
  context.app.inject({
    method: 'POST',
    url: '/api/intake/hl7',
    headers: {
      'content-type': 'x-application/hl7-v2+er7',
      'gear-intake-sender': 'lab',
      'gear-signature': signatureHeader(secret, message),
    },
    payload: message,
  });

async function receivedOrder(accessionNo: string) {
  const order = await dropShipOrder(context.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
  const gearReqId = order.requisitions[0]?.id as number;
  const payload = JSON.stringify({
    events: [
      {
        type: 'lab.received',
        id: `rcv-${accessionNo}`,
        occurredAt: '2026-11-20T10:00:00Z',
        gearReqId,
        accessionNo,
        productName: 'GI Effects',
      },
    ],
  });
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/intake/events',
    headers: {
      'content-type': 'application/json',
      'gear-intake-sender': 'lab',
      'gear-signature': signatureHeader(LAB, payload),
    },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return { order, gearReqId };
}

const oru = (control: string, lines: string[]) =>
  [
    `MSH|^~\\&|LIS|LAB|GEAR|GEAR|20261121093000||ORU^R01|${control}|P|2.5.1`,
    'PID|1||X^^^LAB||Testpatient^Jane',
    ...lines,
  ].join('\r');

/** A segment with the given fields set by their HL7 position (OBR-18 is fields[18]). */
function segment(name: string, fields: Record<number, string>): string {
  const last = Math.max(...Object.keys(fields).map(Number));
  return [name, ...Array.from({ length: last }, (_, i) => fields[i + 1] ?? '')].join('|');
}
const obr = (accession: string, status: string) =>
  segment('OBR', {
    1: '1',
    2: '700001^GEAR',
    4: '540^GI Effects',
    18: accession,
    22: '20261121090000',
    25: status,
  });

const msaOf = (ack: string) => Hl7Message.parse(ack).getSegment('MSA');

describe('POST /api/intake/hl7 (ORU^R01 in, ACK out)', () => {
  it('takes final results with the PDF of an OBX of type ED, the accession in OBR-18: AA', async () => {
    const accessionNo = 'H7000001';
    await receivedOrder(accessionNo);
    const message = oru('MSG0001', [
      'ORC|RE|700001^GEAR|',
      obr(accessionNo, 'F'),
      `OBX|1|ED|PDF^Report||GEAR^Application^PDF^Base64^${PDF}||||||F`,
    ]);
    const response = await postHl7(message);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('x-application/hl7-v2+er7');
    const msa = msaOf(response.body);
    expect(msa?.getField(1).toString()).toBe('AA');
    expect(msa?.getField(2).toString()).toBe('MSG0001');
    const [row] = await context.database.db
      .select()
      .from(accessions)
      .where(eq(accessions.accessionNo, accessionNo));
    expect(row?.requisitionStatusId).toBe(3);
    expect(row?.resultFileKey).toMatch(/^[0-9a-f]{32}$/);
    // The same message again is applied once.
    expect(
      msaOf((await postHl7(message)).body)
        ?.getField(1)
        .toString(),
    ).toBe('AA');
    const log = await context.database.db
      .select()
      .from(intakeEvents)
      .where(eq(intakeEvents.senderEventId, 'MSG0001:1'));
    expect(log).toHaveLength(1);
  });

  it('reads the accession from ORC-3 when OBR-18 is empty; X is a discarded specimen with NTE issues', async () => {
    const accessionNo = 'H7000002';
    await receivedOrder(accessionNo);
    const response = await postHl7(
      oru('MSG0002', [`ORC|RE|700002^GEAR|${accessionNo}`, obr('', 'X'), 'NTE|1||Specimen received frozen']),
    );
    expect(msaOf(response.body)?.getField(1).toString()).toBe('AA');
    const [row] = await context.database.db
      .select()
      .from(accessions)
      .where(eq(accessions.accessionNo, accessionNo));
    expect(row).toMatchObject({ discardedSpecimen: true, issues: ['Specimen received frozen'] });
  });

  it('answers AE with the reason for an unknown accession, AR for what cannot be read, 401 unsigned', async () => {
    const unknown = await postHl7(oru('MSG0003', [obr('NOSUCH99', 'P')]));
    expect(msaOf(unknown.body)?.getField(1).toString()).toBe('AE');
    expect(msaOf(unknown.body)?.getField(3).toString()).toContain('Not known to the portal');
    const adt = await postHl7('MSH|^~\\&|LIS|LAB|GEAR|GEAR|20261121093000||ADT^A01|MSG0004|P|2.5.1\rPID|1');
    expect(msaOf(adt.body)?.getField(1).toString()).toBe('AR');
    expect(msaOf(adt.body)?.getField(3).toString()).toContain('Unsupported message type ADT A01');
    const garbage = await postHl7('hello');
    expect(msaOf(garbage.body)?.getField(1).toString()).toBe('AR');
    const badSignature = await postHl7(oru('MSG0005', []), 'y'.repeat(40));
    expect(badSignature.statusCode).toBe(401);
  });
});

describe('GET /api/admin/orders/{id}/hl7 (ORM^O01 out)', () => {
  it('gives admins the order as ORM^O01 that parses back to the order; others are refused', async () => {
    const { order, gearReqId } = await receivedOrder('H7000009');
    const admin = await signIn(context.app, 'admin.ops');
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/hl7`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const message = Hl7Message.parse(response.body);
    expect(message.getSegment('MSH')?.getField(9).toString()).toBe('ORM^O01');
    expect(message.getSegment('ORC')?.getComponent(2, 1)).toBe(String(gearReqId));
    expect(message.getSegment('OBR')?.getComponent(4, 1)).toBe('540');
    const doctor = await signIn(context.app, 'dr.avery');
    const refused = await context.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/hl7`,
      headers: doctor.headers,
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/hl7` });
    expect(anonymous.statusCode).toBe(401);
    const missing = await context.app.inject({
      method: 'GET',
      url: '/api/admin/orders/999999/hl7',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

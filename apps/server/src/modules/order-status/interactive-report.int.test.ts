import { type InteractiveReport, MESSAGES, type OrderStatus, PATIENT_MESSAGES } from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_INTAKE_SENDERS } from '../../config.ts';
import { accessions, auditEvents, intakeEvents, orders } from '../../db/schema/index.ts';
import { callAs, expectEnvelope, ok, type SignedIn, useSignIns, useTestApp } from '../../test/helper.ts';
import { signInPatient } from '../../test/order-builders.ts';
import { signatureHeader } from '../intake/intake-signature.ts';
import { patientPaysOrder } from '../payment/test-payments.ts';
import { RESULTS_MESSAGES } from './order-status.service.ts';

/**
 * GET /gear/gear-requisition/{reqId}/interactiveReport (issue 17; decision 0265): the lab's structured results, from
 * the intake's results event (JSON) or an HL7 ORU's numeric OBX, served exactly as the result PDF is (decision 0261).
 */
const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', admin: 'admin.ops' });
const LAB = DEMO_INTAKE_SENDERS.lab as string;
const PDF = Buffer.from('%PDF-1.4\n% the lab report\n%%EOF\n').toString('base64');
const ADULT = '1980-02-03';
const MINOR = '2015-06-01';
const db = () => ctx.database.db;

const ANALYTES = [
  {
    code: 'CAL',
    name: 'Calprotectin',
    value: '86',
    unit: 'µg/g',
    referenceRange: '<=50',
    abnormalFlag: null,
  },
  { code: 'PE1', name: 'Pancreatic Elastase 1', value: '320', unit: 'µg/g', referenceRange: '>200' },
  {
    code: 'PPB',
    name: 'Products of Protein Breakdown',
    value: '1.2',
    unit: 'micromol/g',
    referenceRange: '1.8-9.9',
  },
];

function postIntake(path: string, body: string, contentType: string) {
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': contentType,
      'gear-intake-sender': 'lab',
      'gear-signature': signatureHeader(LAB, body),
    },
    payload: body,
  });
}
const sendEvents = (events: unknown[]) =>
  postIntake('/api/intake/events', JSON.stringify({ events }), 'application/json');

/** dr.avery's paid order for a patient born on dateOfBirth, received by the lab through the intake. */
async function receivedOrder(dateOfBirth: string) {
  const order = await patientPaysOrder(ctx, as.avery);
  const gearReqId = order.requisitions[0]?.id ?? 0;
  const accessionNo = `IR${order.id}`;
  await db()
    .update(orders)
    .set({
      patientInfo: sql`jsonb_set(${orders.patientInfo}, '{dateOfBirth}', ${JSON.stringify(dateOfBirth)}::jsonb)`,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.id, order.id));
  const received = await sendEvents([
    {
      type: 'lab.received',
      id: `ir-received-${accessionNo}`,
      occurredAt: '2026-11-20T10:00:00Z',
      gearReqId,
      accessionNo,
      productName: 'GI Effects Comprehensive',
    },
  ]);
  expect(received.statusCode).toBe(200);
  const patient = await signInPatient(ctx.app, db(), [order.id]);
  return { order, gearReqId, accessionNo, patient };
}

const reportUrl = (gearReqId: number, accessionNo: string, dateOfBirth?: string) =>
  `/gear/gear-requisition/${gearReqId}/interactiveReport?accessionNo=${encodeURIComponent(accessionNo)}${
    dateOfBirth ? `&dateOfBirth=${dateOfBirth}` : ''
  }`;
const report = (who: SignedIn, gearReqId: number, accessionNo: string, dateOfBirth?: string) =>
  callAs(ctx.app, who, 'GET', reportUrl(gearReqId, accessionNo, dateOfBirth));

const audits = async (orderId: number, action: string) =>
  db()
    .select({ detail: auditEvents.detail })
    .from(auditEvents)
    .where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, action)));

describe('interactiveReport: structured results from the JSON intake', () => {
  it('each analyte with value, unit, range and out-of-range mark; the patient and practitioner alike; no-store, audited', async () => {
    const { order, gearReqId, accessionNo, patient } = await receivedOrder(ADULT);
    const results = await sendEvents([
      {
        type: 'lab.results',
        id: `ir-results-${accessionNo}`,
        occurredAt: '2026-11-22T10:00:00Z',
        accessionNo,
        analytes: ANALYTES,
      },
    ]);
    expect(results.statusCode).toBe(200);
    const answer = await report(patient, gearReqId, accessionNo, ADULT);
    expect(answer.headers['cache-control']).toContain('no-store');
    const body = ok<InteractiveReport>(answer);
    expect(body).toMatchObject({
      orderId: order.id,
      gearReqId,
      accessionNo,
      productName: 'GI Effects Comprehensive',
      reportedAt: '2026-11-22T10:00:00.000Z',
      resultsPdf: false,
    });
    expect(body.analytes.map((a) => [a.name, a.value, a.unit, a.referenceRange, a.outOfRange])).toEqual([
      ['Calprotectin', '86', 'µg/g', '<=50', 'high'],
      ['Pancreatic Elastase 1', '320', 'µg/g', '>200', null],
      ['Products of Protein Breakdown', '1.2', 'micromol/g', '1.8-9.9', 'low'],
    ]);
    expect(ok<InteractiveReport>(await report(as.avery, gearReqId, accessionNo))).toEqual(body);
    const viewed = await audits(order.id, 'resultsViewed');
    expect(viewed).toHaveLength(2);
    expect(viewed.every((row) => (row.detail as { view?: string }).view === 'interactiveReport')).toBe(true);
    // The event log keeps how many analytes came, never their values.
    const [logged] = await db()
      .select({ facts: intakeEvents.facts })
      .from(intakeEvents)
      .where(
        and(eq(intakeEvents.sender, 'lab'), eq(intakeEvents.senderEventId, `ir-results-${accessionNo}`)),
      );
    expect(logged?.facts).toMatchObject({ analyteCount: 3 });
    expect(JSON.stringify(logged?.facts)).not.toContain('Calprotectin');
    // The status page offers the report (spec 3 §4 'results and interactive report are offered').
    const status = ok<OrderStatus>(await callAs(ctx.app, patient, 'GET', `/gear/order/${order.id}/status`));
    expect(status.requisitions[0]?.accessions[0]).toMatchObject({
      offering: { kind: 'results' },
      resultsAvailable: false,
      interactiveReport: true,
    });
  });

  it('a later PDF keeps the analytes; a report with the PDF only says so', async () => {
    const { gearReqId, accessionNo } = await receivedOrder(ADULT);
    await sendEvents([
      {
        type: 'lab.results',
        id: `ir-a-${accessionNo}`,
        occurredAt: '2026-11-22T10:00:00Z',
        accessionNo,
        analytes: ANALYTES,
      },
    ]);
    await sendEvents([
      {
        type: 'lab.results',
        id: `ir-p-${accessionNo}`,
        occurredAt: '2026-11-22T11:00:00Z',
        accessionNo,
        resultPdfBase64: PDF,
      },
    ]);
    const both = ok<InteractiveReport>(await report(as.avery, gearReqId, accessionNo));
    expect(both.analytes).toHaveLength(3);
    expect(both.resultsPdf).toBe(true);
    const other = await receivedOrder(ADULT);
    await sendEvents([
      {
        type: 'lab.results',
        id: `ir-only-${other.accessionNo}`,
        occurredAt: '2026-11-22T10:00:00Z',
        accessionNo: other.accessionNo,
        resultPdfBase64: PDF,
      },
    ]);
    const pdfOnly = ok<InteractiveReport>(await report(as.avery, other.gearReqId, other.accessionNo));
    expect(pdfOnly).toMatchObject({ analytes: [], resultsPdf: true });
  });

  it('refuses a results event with neither PDF nor analytes, or a malformed analyte (400, nothing stored)', async () => {
    const { accessionNo } = await receivedOrder(ADULT);
    const event = {
      type: 'lab.results',
      id: `ir-bad-${accessionNo}`,
      occurredAt: '2026-11-22T10:00:00Z',
      accessionNo,
    };
    expect((await sendEvents([event])).statusCode).toBe(400);
    expect((await sendEvents([{ ...event, analytes: [] }])).statusCode).toBe(400);
    expect((await sendEvents([{ ...event, analytes: [{ code: 'X', name: 'X' }] }])).statusCode).toBe(400);
    expect(
      (await sendEvents([{ ...event, analytes: [{ ...ANALYTES[0], value: 'x'.repeat(61) }] }])).statusCode,
    ).toBe(400);
    const [row] = await db().select().from(accessions).where(eq(accessions.accessionNo, accessionNo));
    expect(row?.analytes).toBeNull();
    expect(row?.requisitionStatusId).toBe(1);
  });
});

describe('interactiveReport: HL7 v2 ORU^R01 with numeric OBX (decision 0265)', () => {
  it('NM and SN observations become analytes with unit, range and the lab’s flag; answered AA', async () => {
    const { gearReqId, accessionNo } = await receivedOrder(ADULT);
    const message = [
      `MSH|^~\\&|LIS|LAB|GEAR|GEAR|20261121093000||ORU^R01|IR-HL7-${accessionNo}|P|2.5.1`,
      'PID|1||X^^^LAB||Testpatient^Jane',
      `OBR|1|||2200^GI Effects||||||||||||||${accessionNo}||||20261121090000|||F`,
      'OBX|1|NM|CAL^Calprotectin||86|µg/g|<=50|H|||F',
      'OBX|2|NM|PE1^Pancreatic Elastase 1||320|µg/g|>200|N|||F',
      'OBX|3|SN|EPX^Eosinophil Protein X||<^0.5|µg/g|<=4.6||||F',
    ].join('\r');
    const answer = await postIntake('/api/intake/hl7', message, 'x-application/hl7-v2+er7');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('MSA|AA');
    const body = ok<InteractiveReport>(await report(as.avery, gearReqId, accessionNo));
    expect(
      body.analytes.map((a) => [a.code, a.value, a.unit, a.referenceRange, a.abnormalFlag, a.outOfRange]),
    ).toEqual([
      ['CAL', '86', 'µg/g', '<=50', 'H', 'high'],
      ['PE1', '320', 'µg/g', '>200', 'N', null],
      ['EPX', '<0.5', 'µg/g', '<=4.6', null, null],
    ]);
    expect(body.resultsPdf).toBe(false);
  });
});

describe('interactiveReport: refused to whom the PDF is refused (decision 0261)', () => {
  async function withResults(dateOfBirth: string) {
    const made = await receivedOrder(dateOfBirth);
    await sendEvents([
      {
        type: 'lab.results',
        id: `ir-r-${made.accessionNo}`,
        occurredAt: '2026-11-22T10:00:00Z',
        accessionNo: made.accessionNo,
        analytes: ANALYTES,
      },
    ]);
    return made;
  }

  it('401 signed out; 403 another practitioner or patient; 400 without the date of birth; 404 a wrong one', async () => {
    const { order, gearReqId, accessionNo, patient } = await withResults(ADULT);
    expect((await ctx.app.inject({ method: 'GET', url: reportUrl(gearReqId, accessionNo) })).statusCode).toBe(
      401,
    );
    expectEnvelope(await report(as.chen, gearReqId, accessionNo), 403);
    const stranger = await signInPatient(ctx.app, db(), []);
    expectEnvelope(await report(stranger, gearReqId, accessionNo, ADULT), 403);
    expectEnvelope(await report(patient, gearReqId, accessionNo), 400, PATIENT_MESSAGES.dateOfBirthRequired);
    expectEnvelope(await report(patient, gearReqId, accessionNo, '1980-02-04'), 404, MESSAGES.orderNotFound);
    expect(await audits(order.id, 'resultsViewed')).toHaveLength(0);
    expect(await audits(order.id, 'resultsRefused')).toHaveLength(2);
  });

  it("a minor's report: 403 to the patient side and to the practitioner (not PITL), audited", async () => {
    const { order, gearReqId, accessionNo, patient } = await withResults(MINOR);
    expectEnvelope(await report(patient, gearReqId, accessionNo, MINOR), 403, RESULTS_MESSAGES.minor);
    expectEnvelope(await report(as.avery, gearReqId, accessionNo), 403, RESULTS_MESSAGES.minor);
    expect(await audits(order.id, 'resultsRefused')).toHaveLength(2);
    const status = ok<OrderStatus>(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/status`));
    expect(status.requisitions[0]?.accessions[0]?.interactiveReport).toBe(false);
  });

  it('404: an unknown accession, an unknown requisition, results not ready, a discarded specimen', async () => {
    const { order, gearReqId, accessionNo } = await receivedOrder(ADULT);
    expectEnvelope(await report(as.avery, gearReqId, accessionNo), 404, RESULTS_MESSAGES.notReady);
    expectEnvelope(await report(as.avery, gearReqId, 'NOPE1'), 404, RESULTS_MESSAGES.accessionUnknown);
    expectEnvelope(await report(as.avery, 999_999_999, accessionNo), 404);
    await sendEvents([
      {
        type: 'lab.results',
        id: `ir-d1-${accessionNo}`,
        occurredAt: '2026-11-22T10:00:00Z',
        accessionNo,
        analytes: ANALYTES,
      },
      {
        type: 'lab.discarded',
        id: `ir-d2-${accessionNo}`,
        occurredAt: '2026-11-22T11:00:00Z',
        accessionNo,
        issues: [],
      },
    ]);
    expectEnvelope(await report(as.avery, gearReqId, accessionNo), 404, RESULTS_MESSAGES.notReady);
    const status = ok<OrderStatus>(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/status`));
    expect(status.requisitions[0]?.accessions[0]?.interactiveReport).toBe(false);
  });

  it('bad input: no accession, a NUL, a too-long accession or a non-numeric requisition id are 400, never 500', async () => {
    const { gearReqId } = await receivedOrder(ADULT);
    for (const url of [
      `/gear/gear-requisition/${gearReqId}/interactiveReport`,
      `/gear/gear-requisition/${gearReqId}/interactiveReport?accessionNo=A%00B`,
      `/gear/gear-requisition/${gearReqId}/interactiveReport?accessionNo=${'A'.repeat(33)}`,
      '/gear/gear-requisition/abc/interactiveReport?accessionNo=A1',
    ]) {
      const answer = await callAs(ctx.app, as.avery, 'GET', url);
      expect([url, answer.statusCode]).toEqual([url, 400]);
      expectEnvelope(answer, 400);
    }
    // Broken percent-encoding reads as replacement characters: an accession no test has, never a 500.
    expectEnvelope(
      await callAs(
        ctx.app,
        as.avery,
        'GET',
        `/gear/gear-requisition/${gearReqId}/interactiveReport?accessionNo=%E0%A4%A`,
      ),
      404,
      RESULTS_MESSAGES.accessionUnknown,
    );
  });
});

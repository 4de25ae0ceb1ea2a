import { MESSAGES, type OrderStatus, PATIENT_MESSAGES, type SavedOrder } from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { configuredFileStorage } from '../../adapters/storage/configured-storage.ts';
import { accessions, auditEvents, orders } from '../../db/schema/index.ts';
import { callAs, expectEnvelope, ok, type SignedIn, useSignIns, useTestApp } from '../../test/helper.ts';
import { receiveByLab, signInPatient } from '../../test/order-builders.ts';
import { patientPaysOrder } from '../payment/test-payments.ts';
import { RESULTS_MESSAGES } from './order-status.service.ts';

/**
 * GET /gear/gear-requisition/{reqId}/viewResultsPDF (spec 3 §6, §7; decision 0261) and GET /gear/order/{id}/status
 * (spec 3 §4): results served to whoever may see them, and to no one else; every access audited.
 */
const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', admin: 'admin.ops' });
const PDF = Buffer.from('%PDF-1.4\n% the lab report of a test\n%%EOF\n');
const ADULT = '1980-02-03';
const MINOR = '2015-06-01';

let storePdf: () => Promise<string>;
beforeAll(async () => {
  const { storage } = await configuredFileStorage(
    { fileStorage: 'database', fileKeys: null, dataDir: ctx.dataDir },
    ctx.database.db,
  );
  storePdf = () => storage.put(PDF);
});

const db = () => ctx.database.db;

/** dr.avery's order for a patient born on `dateOfBirth`, received by the lab with results ready (status 3). */
async function resultsReadyOrder(dateOfBirth: string, pitl = false) {
  const order = await patientPaysOrder(ctx, as.avery);
  const gearReqId = order.requisitions[0]?.id ?? 0;
  const accessionNo = `R${order.id}`;
  await receiveByLab(db(), gearReqId, accessionNo);
  await db()
    .update(accessions)
    .set({ requisitionStatusId: 3, resultFileKey: await storePdf() })
    .where(eq(accessions.accessionNo, accessionNo));
  await db()
    .update(orders)
    .set({
      physicianInTheLoop: pitl,
      patientInfo: sql`jsonb_set(${orders.patientInfo}, '{dateOfBirth}', ${JSON.stringify(dateOfBirth)}::jsonb)`,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.id, order.id));
  const patient = await signInPatient(ctx.app, db(), [order.id]);
  return { order, gearReqId, accessionNo, patient };
}

const resultsUrl = (gearReqId: number, accessionNo: string, dateOfBirth?: string) =>
  `/gear/gear-requisition/${gearReqId}/viewResultsPDF?accessionNo=${accessionNo}${
    dateOfBirth ? `&dateOfBirth=${dateOfBirth}` : ''
  }`;

const view = (who: SignedIn, gearReqId: number, accessionNo: string, dateOfBirth?: string) =>
  callAs(ctx.app, who, 'GET', resultsUrl(gearReqId, accessionNo, dateOfBirth));

const auditCount = async (orderId: number, action: string) =>
  (
    await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, action)))
  ).length;

describe('viewResultsPDF: an adult patient’s results', () => {
  it('the practitioner and the patient with the date of birth get the lab’s PDF, no-store, audited', async () => {
    const { order, gearReqId, accessionNo, patient } = await resultsReadyOrder(ADULT);
    const byPractitioner = await view(as.avery, gearReqId, accessionNo);
    expect(byPractitioner.statusCode).toBe(200);
    expect(byPractitioner.headers['content-type']).toBe('application/pdf');
    expect(byPractitioner.headers['cache-control']).toContain('no-store');
    expect(byPractitioner.rawPayload.equals(PDF)).toBe(true);
    const byPatient = await view(patient, gearReqId, accessionNo, ADULT);
    expect(byPatient.statusCode).toBe(200);
    expect(byPatient.rawPayload.equals(PDF)).toBe(true);
    expect(await auditCount(order.id, 'resultsViewed')).toBe(2);
  });

  it('refuses: the patient without the date of birth 400, with a wrong one 404, another patient and practitioner 403', async () => {
    const { order, gearReqId, accessionNo, patient } = await resultsReadyOrder(ADULT);
    expectEnvelope(await view(patient, gearReqId, accessionNo), 400, PATIENT_MESSAGES.dateOfBirthRequired);
    expectEnvelope(await view(patient, gearReqId, accessionNo, '1980-02-04'), 404, MESSAGES.orderNotFound);
    const stranger = await signInPatient(ctx.app, db(), []);
    expectEnvelope(await view(stranger, gearReqId, accessionNo, ADULT), 403);
    expectEnvelope(await view(as.chen, gearReqId, accessionNo), 403);
    expectEnvelope(await view(as.avery, gearReqId, 'NOPE1'), 404, RESULTS_MESSAGES.accessionUnknown);
    expectEnvelope(
      await callAs(ctx.app, as.avery, 'GET', `/gear/gear-requisition/${gearReqId}/viewResultsPDF`),
      400,
    );
    expect(await auditCount(order.id, 'resultsViewed')).toBe(0);
    expect(await auditCount(order.id, 'resultsRefused')).toBe(2);
  });

  it('results not sent yet: 404 with its reason', async () => {
    const order = await patientPaysOrder(ctx, as.avery);
    const gearReqId = order.requisitions[0]?.id ?? 0;
    await receiveByLab(db(), gearReqId, `N${order.id}`);
    expectEnvelope(await view(as.avery, gearReqId, `N${order.id}`), 404, RESULTS_MESSAGES.notReady);
  });
});

describe('viewResultsPDF: a minor’s results (spec 3 §6; decision 0261)', () => {
  it('never to the patient side; not to the practitioner unless the order is PITL', async () => {
    const { order, gearReqId, accessionNo, patient } = await resultsReadyOrder(MINOR);
    expectEnvelope(await view(patient, gearReqId, accessionNo, MINOR), 403, RESULTS_MESSAGES.minor);
    expectEnvelope(await view(as.avery, gearReqId, accessionNo), 403, RESULTS_MESSAGES.minor);
    expectEnvelope(await view(as.admin, gearReqId, accessionNo), 403, RESULTS_MESSAGES.minor);
    expect(await auditCount(order.id, 'resultsRefused')).toBe(3);
  });

  it('a PITL order: the practitioner sees them, and the patient with the date of birth too (decision 0292)', async () => {
    const { gearReqId, accessionNo, patient } = await resultsReadyOrder(MINOR, true);
    expect((await view(as.avery, gearReqId, accessionNo)).statusCode).toBe(200);
    expect((await view(patient, gearReqId, accessionNo, MINOR)).statusCode).toBe(200);
    expectEnvelope(await view(patient, gearReqId, accessionNo), 400, PATIENT_MESSAGES.dateOfBirthRequired);
  });
});

describe('GET /gear/order/{id}/status (spec 3 §4)', () => {
  it('results ready: status, actions, the test’s offering and whether its results can be opened', async () => {
    const { order, gearReqId, accessionNo, patient } = await resultsReadyOrder(ADULT);
    const status = ok<OrderStatus>(await callAs(ctx.app, patient, 'GET', `/gear/order/${order.id}/status`));
    expect(status).toMatchObject({
      orderId: order.id,
      orderPageStatus: 'ResultsReady',
      headline: 'Results Ready',
      actions: ['download', 'consult'],
      patientView: { status: 'ResultsReady' },
      requisitions: [
        {
          gearReqId,
          canceled: false,
          cancelable: false,
          accessions: [{ accessionNo, offering: { kind: 'results' }, resultsAvailable: true }],
        },
      ],
    });
  });

  it('a minor’s results: offered, but not openable by the patient', async () => {
    const { order, patient } = await resultsReadyOrder(MINOR);
    const status = ok<OrderStatus>(await callAs(ctx.app, patient, 'GET', `/gear/order/${order.id}/status`));
    expect(status.requisitions[0]?.accessions[0]?.resultsAvailable).toBe(false);
  });

  it('a placed, unshipped order can be canceled; another practitioner is refused', async () => {
    const order: SavedOrder = await patientPaysOrder(ctx, as.avery);
    const status = ok<OrderStatus>(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}/status`));
    expect(status.requisitions[0]?.cancelable).toBe(true);
    expect(status.tracking).toBeNull();
    expect(status.trackingLinks).toEqual([]);
    expectEnvelope(await callAs(ctx.app, as.chen, 'GET', `/gear/order/${order.id}/status`), 403);
  });
});

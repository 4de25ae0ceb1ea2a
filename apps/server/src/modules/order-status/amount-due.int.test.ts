import { DISCARDED_SPECIMEN_MESSAGE, ORDER_NOT_FOUND_MESSAGE } from '@gear/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessions } from '../../db/schema/index.ts';
import { callAs, expectEnvelope, useSignIns, useTestApp } from '../../test/helper.ts';
import { receiveByLab } from '../../test/order-builders.ts';
import { patientPaidOrder, patientPaysOrder } from '../payment/test-payments.ts';
import { RESULTS_MESSAGES } from './order-status.service.ts';

/** GET /amount-due?invoiceNo={accessionNo} (spec 3 §7, §8; decision 0263). */
const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen' });

async function accessioned(paid: boolean, status: number | null, discarded = false) {
  const order = paid
    ? (await patientPaidOrder(ctx, as.avery, '4242424242424242')).order
    : await patientPaysOrder(ctx, as.avery);
  const accessionNo = `D${order.id}`;
  await receiveByLab(ctx.database.db, order.requisitions[0]?.id ?? 0, accessionNo);
  await ctx.database.db
    .update(accessions)
    .set({ requisitionStatusId: status, discardedSpecimen: discarded })
    .where(eq(accessions.accessionNo, accessionNo));
  return accessionNo;
}

const amountDue = (accessionNo: string, who = as.avery) =>
  callAs(ctx.app, who, 'GET', `/amount-due?invoiceNo=${accessionNo}`);

describe('GET /amount-due', () => {
  it('an unpaid results-ready test: its price as text; once paid 0.00', async () => {
    const unpaid = await amountDue(await accessioned(false, 3));
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.headers['content-type']).toMatch(/^text\/plain/);
    expect(unpaid.body).toMatch(/^\d+\.\d{2}$/);
    expect(Number(unpaid.body)).toBeGreaterThan(0);
    const paid = await amountDue(await accessioned(true, 9));
    expect(paid.body).toBe('0.00');
  });

  it('spec 3 §8: a discarded specimen answers the lab’s text; results not ready 409', async () => {
    expectEnvelope(await amountDue(await accessioned(false, 3, true)), 409, DISCARDED_SPECIMEN_MESSAGE);
    expectEnvelope(await amountDue(await accessioned(false, 2)), 409, RESULTS_MESSAGES.notReady);
  });

  it('an unknown accession 404 with the spec’s text; another practitioner 403', async () => {
    expectEnvelope(await amountDue('NOSUCH1'), 404, ORDER_NOT_FOUND_MESSAGE);
    expectEnvelope(await amountDue(await accessioned(false, 3), as.chen), 403);
  });
});

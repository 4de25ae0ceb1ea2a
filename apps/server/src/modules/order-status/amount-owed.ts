import type { GearOrder } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { duesOf, type PaymentDeps } from '../payment/payment.service.ts';

/**
 * What a test still owes under its billing method, in cents: the payment page's dues (`duesOf`: its price less the
 * payments recorded for it, billing methods the patient pays), whoever asks. The one home of the amount due: GET
 * /amount-due answers it as text, the Pay Bill page shows it and charges it (decisions 0263, 0300).
 */
export async function amountsOwedCents(
  db: Db,
  deps: Pick<PaymentDeps, 'carrier'>,
  order: GearOrder,
): Promise<Map<number, number>> {
  const dues = await duesOf(db, order, deps.carrier, null);
  return new Map(dues.requisitions.map((due) => [due.gearReqId, due.amountCents]));
}

/** What one test still owes, in cents (amountsOwedCents). */
export async function amountOwedCents(
  db: Db,
  deps: Pick<PaymentDeps, 'carrier'>,
  order: GearOrder,
  gearReqId: number,
): Promise<number> {
  return (await amountsOwedCents(db, deps, order)).get(gearReqId) ?? 0;
}

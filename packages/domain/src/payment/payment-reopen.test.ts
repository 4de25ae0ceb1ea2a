import { describe, expect, it } from 'vitest';
import { BILLING_METHODS } from '../contract/order.ts';
import { type PaidRequisitionFacts, type Reopened, reopenedPayments } from './payment-reopen.ts';

const paid = (change: Partial<PaidRequisitionFacts> = {}): PaidRequisitionFacts => ({
  gearReqId: 1,
  billingMethod: BILLING_METHODS.patientPay,
  priceCents: 19_900,
  paidCents: 19_900,
  cardOnFileCents: 0,
  ...change,
});
const patient = { userType: 'prc', pitl: false };

describe("spec 3 §4 'Payment page': when a locked (paid) payment page reopens", () => {
  it.each<[string, { userType: string; pitl: boolean }, PaidRequisitionFacts[], Reopened[]]>([
    ['paid in full: stays locked', patient, [paid()], []],
    ['paid more than the price now: stays locked', patient, [paid({ priceCents: 10_000 })], []],
    [
      'the amount due exceeds what was paid: reopens for the difference',
      patient,
      [paid({ priceCents: 25_000 })],
      [{ gearReqId: 1, reason: 'amountExceedsPaid', dueCents: 5_100 }],
    ],
    [
      'a card-on-file token used with Medicare or Tricare billing: reopens for the whole price',
      patient,
      [paid({ billingMethod: BILLING_METHODS.medicare, cardOnFileCents: 19_900 })],
      [{ gearReqId: 1, reason: 'cardOnFileWithMedicare', dueCents: 19_900 }],
    ],
    [
      'the card-on-file payment with Medicare replaced by a payment of the patient: stays locked',
      patient,
      [paid({ billingMethod: BILLING_METHODS.medicare, paidCents: 39_800, cardOnFileCents: 19_900 })],
      [],
    ],
    [
      'a card typed by the patient with Medicare billing: stays locked',
      patient,
      [paid({ billingMethod: BILLING_METHODS.medicare })],
      [],
    ],
    ['a card on file with another billing: stays locked', patient, [paid({ cardOnFileCents: 19_900 })], []],
    ['a PITL order never reopens', { userType: 'prc', pitl: true }, [paid({ priceCents: 25_000 })], []],
    [
      'a practitioner never sees it reopen',
      { userType: 'myGDX', pitl: false },
      [paid({ billingMethod: BILLING_METHODS.medicare, cardOnFileCents: 19_900, priceCents: 30_000 })],
      [],
    ],
    [
      'only the requisitions that qualify reopen',
      patient,
      [paid(), paid({ gearReqId: 2, priceCents: 20_000 })],
      [{ gearReqId: 2, reason: 'amountExceedsPaid', dueCents: 100 }],
    ],
  ])('%s', (_name, facts, requisitions, expected) =>
    expect(reopenedPayments(facts, requisitions)).toEqual(expected),
  );
});

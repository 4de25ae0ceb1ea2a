import { describe, expect, it } from 'vitest';
import { BILLING_METHODS } from '../contract/order.ts';
import { order, requisition } from '../test-support/fixtures.ts';
import { activationAnchor, activationStatus } from './activation-status.ts';

const confirmed = (overrides: Parameters<typeof requisition>[0] = {}, patientConfirmed = true) => {
  const base = order({ requisitions: [requisition(overrides)] });
  return { ...base, id: 100001, workflow: { ...base.workflow, patientConfirmed } };
};
const ready = { billingMethod: BILLING_METHODS.patientPay, dateLastSampleCollected: '2026-11-20' };
const summary = (status: ReturnType<typeof activationStatus>) =>
  status.kind === 'complete'
    ? `complete ${status.confirmationNumber}`
    : status.missing.map((item) => `${item.route}/${item.gearReqId}${item.alert ? '!' : ''}`).join(' ');

describe("spec 3 §2 'Status and activation panels', §4 patient view 6 and 7", () => {
  it.each<[string, ReturnType<typeof confirmed>, string]>([
    [
      'nothing missing, confirmed: Activation Complete with the order id',
      confirmed(ready),
      'complete 100001',
    ],
    ['billing method missing', confirmed({ ...ready, billingMethod: null }), 'billing/101!'],
    ['last sample date missing', confirmed({ ...ready, dateLastSampleCollected: null }), 'collection/101!'],
    [
      'insurance billing without a diagnosis code',
      confirmed({ ...ready, billingMethod: BILLING_METHODS.insurance }),
      'dxCodes/101!',
    ],
    [
      'Medicare with a diagnosis code',
      confirmed({
        ...ready,
        billingMethod: BILLING_METHODS.medicare,
        icdCodes: [{ code: 'K58.9', name: 'IBS', rank: 1, otherCode: false }],
      }),
      'complete 100001',
    ],
    ['an accessioned test is not missing anything', confirmed({ accessionNo: 'A1' }), 'complete 100001'],
    ['a canceled test does not count', confirmed({ canceled: true }), 'complete 100001'],
    ['not yet confirmed by the patient', confirmed(ready, false), 'confirm/null'],
  ])('%s', (_name, o, expected) => expect(summary(activationStatus(o))).toBe(expected));

  it('links scroll to {route}-{gearReqId}, the confirmation to signature', () => {
    expect(activationAnchor({ route: 'billing', gearReqId: 101 })).toBe('billing-101');
    expect(activationAnchor({ route: 'confirm', gearReqId: null })).toBe('signature');
  });
});

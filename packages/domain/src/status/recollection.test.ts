import { describe, expect, it } from 'vitest';
import { BILLING_METHODS } from '../contract/order.ts';
import { STEP_IDS } from '../workflow/steps.ts';
import type { RequisitionStatusFacts } from './facts.ts';
import { orderPageStatus } from './order-page-status.ts';
import {
  discardedAccessionOf,
  RE_COLLECT_MESSAGES,
  RECOLLECTION_PACK_CENTS,
  type RecollectRefusal,
  reCollectMessage,
  recollectionChargeCents,
  recollectionOrderSteps,
  recollectionPaymentRequired,
  recollectRefusal,
} from './recollection.ts';
import { accession, delivered, facts, requisition } from './status-fixtures.ts';

const discarded = (issues: string[] = []) => accession({ accessionNo: 'A1', discarded: true, issues });

describe('recollectRefusal (spec 3 §4 per test; decision 0252)', () => {
  it.each<[string, RequisitionStatusFacts | undefined, number[], RecollectRefusal | null]>([
    [
      "spec 3 §4: 'A discarded specimen gives … a request-new-pack option'",
      requisition({ accessions: [discarded()] }),
      [],
      null,
    ],
    [
      "spec 3 §4: '… unless issues exist, in which case a new pack will be mailed'",
      requisition({ accessions: [discarded(['Specimen received frozen'])] }),
      [],
      'issuesPresent',
    ],
    [
      "spec 3 §4: accessioned but not discarded ('Testing in Progress' or results) has no new pack",
      requisition({ accessions: [accession({ requisitionStatusId: 2 })] }),
      [],
      'notDiscarded',
    ],
    ['a test with no accession yet awaits its specimen', requisition(), [], 'notDiscarded'],
    ['a test not on the order', undefined, [], 'notOnOrder'],
    ['a canceled test', requisition({ canceled: true, accessions: [discarded()] }), [], 'canceled'],
    [
      'one recollection per test: a second request is refused',
      requisition({ accessions: [discarded()] }),
      [701],
      'alreadyRequested',
    ],
    [
      "'Multiple orders': the requisition's last discarded accession decides",
      requisition({ accessions: [discarded(['Leaked']), accession({ accessionNo: 'A2', discarded: true })] }),
      [],
      null,
    ],
  ])('%s', (_spec, test, requested, expected) => {
    expect(recollectRefusal(test, new Set(requested))).toBe(expected);
  });

  it('the discarded specimen re-collected is the last discarded accession', () => {
    const later = accession({ accessionNo: 'A3', discarded: true });
    expect(discardedAccessionOf({ accessions: [discarded(), accession(), later] })).toBe(later);
    expect(discardedAccessionOf({ accessions: [accession()] })).toBeUndefined();
  });
});

describe("spec 3 §9 'Additional $40 charge for a recollection pack when payment is required'", () => {
  it.each([
    [BILLING_METHODS.physicianAccount, false, 0],
    [BILLING_METHODS.patientPay, true, RECOLLECTION_PACK_CENTS],
    [BILLING_METHODS.insurance, true, RECOLLECTION_PACK_CENTS],
    [BILLING_METHODS.medicare, true, RECOLLECTION_PACK_CENTS],
    [null, true, RECOLLECTION_PACK_CENTS],
  ])('%s: required %s, %i cents', (billingMethod, required, cents) => {
    expect(recollectionPaymentRequired(billingMethod)).toBe(required);
    expect(recollectionChargeCents(recollectionPaymentRequired(billingMethod))).toBe(cents);
  });
  it('the pack is $40', () => expect(RECOLLECTION_PACK_CENTS).toBe(4000));
});

describe("spec 3 §8 'Re-collect' messages, verbatim", () => {
  it.each([
    ['UNAUTHORIZED', 'You are not authorized to re-collect for order A261'],
    ['ORDER_NOT_FOUND', 'We were not able to locate details for order A261'],
    ['ERROR', 'An unexpected error has occurred.'],
  ] as const)('%s', (status, message) => {
    expect(reCollectMessage(status, 'A261')).toBe(message);
  });
  it("spec 3 §2: the page shows 'Creating order'", () =>
    expect(RE_COLLECT_MESSAGES.creating).toBe('Creating order'));
});

describe('the recollection order (decision 0252)', () => {
  it('every applicable step done but the sample collection, which the patient records again', () => {
    const steps = recollectionOrderSteps([801], '2026-11-26T12:00:00.000Z');
    const collection = steps.find((row) => row.id === STEP_IDS.collection && row.gearReqId === 801);
    expect(collection?.completed).toBe(false);
    expect(
      steps.filter((row) => !row.notApplicable && row.id !== STEP_IDS.collection).every((r) => r.completed),
    ).toBe(true);
  });

  it("spec 3 §4 'RecollectionPending when a recollection is pending', 'RecollectionOrdered when there is no tracking but recollections exist'", () => {
    const made = { 701: 100200 };
    expect(orderPageStatus(facts({ dataConfirmed: true, recollection: { pending: true, map: made } }))).toBe(
      'RecollectionPending',
    );
    expect(orderPageStatus(facts({ dataConfirmed: true, recollection: { pending: false, map: made } }))).toBe(
      'RecollectionOrdered',
    );
    // Once the new pack is tracked, the recollection order follows its shipment.
    expect(
      orderPageStatus(
        facts({ dataConfirmed: true, tracking: delivered, recollection: { pending: false, map: made } }),
      ),
    ).not.toBe('RecollectionOrdered');
  });
});

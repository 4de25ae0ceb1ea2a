import { describe, expect, it } from 'vitest';
import {
  actionsForStatus,
  isPastCancelWindow,
  NEW_PACK_WILL_BE_MAILED,
  type OrderAction,
  type TestOffering,
  testOffering,
} from './actions.ts';
import {
  type AccessionFacts,
  expectedDate,
  isResultReady,
  isTestCancelable,
  type OrderStatusFacts,
  RESULT_READY_STATUS_IDS,
  type RequisitionStatusFacts,
} from './facts.ts';
import { type OrderPageStatus, orderPageStatus } from './order-page-status.ts';
import { type PatientViewStatus, patientViewStatus } from './patient-view-status.ts';
import { accession, delivered, facts, requisition, shipped, trackingCanceled } from './status-fixtures.ts';

const collected = (overrides = {}) => requisition({ dateLastSampleCollected: '2026-11-18', ...overrides });
const received = (overrides: Partial<AccessionFacts> = {}) =>
  collected({ accessions: [accession(overrides)] });

describe('patientViewStatus', () => {
  it.each<[string, OrderStatusFacts, PatientViewStatus]>([
    ['spec 3 §4 patient 1: tracking status CANCELED', facts({ tracking: trackingCanceled }), 'Canceled'],
    [
      'spec 3 §4 patient 1: Canceled comes before a discarded specimen',
      facts({ tracking: trackingCanceled, requisitions: [received({ discarded: true })] }),
      'Canceled',
    ],
    [
      'spec 3 §4 patient 2: a requisition with two accessions and none selected',
      facts({
        requisitions: [collected({ accessions: [accession(), accession({ accessionNo: 'A2611010002' })] })],
      }),
      'MultipleOrders',
    ],
    [
      'spec 3 §4 patient 2: once one is selected the status follows it',
      facts({
        selectedAccessionNo: 'A2611010002',
        requisitions: [
          collected({
            accessions: [accession(), accession({ accessionNo: 'A2611010002', requisitionStatusId: 4 })],
          }),
        ],
      }),
      'ResultsReady',
    ],
    [
      'spec 3 §4 patient 3: any accession discarded',
      facts({ requisitions: [received(), received({ accessionNo: 'A2', discarded: true })] }),
      'SpecimenProblem',
    ],
    ...RESULT_READY_STATUS_IDS.map((id): [string, OrderStatusFacts, PatientViewStatus] => [
      `spec 3 §4 patient 4 and §9: status id ${id} is result-ready`,
      facts({ requisitions: [received({ requisitionStatusId: id })] }),
      'ResultsReady',
    ]),
    [
      'spec 3 §4 patient 4: only the first accession decides',
      facts({ requisitions: [received({ requisitionStatusId: 2 }), received({ requisitionStatusId: 3 })] }),
      'TestingInProgress',
    ],
    [
      'spec 3 §4 patient 5: an accession otherwise',
      facts({ requisitions: [received({ requisitionStatusId: 2 })] }),
      'TestingInProgress',
    ],
    [
      'spec 3 §4 patient 6: no accession and no billing method',
      facts({ requisitions: [collected({ billingMethod: null })], workflowComplete: true }),
      'ActivationIncomplete',
    ],
    [
      'spec 3 §4 patient 6: no accession and no last sample date',
      facts({ requisitions: [requisition()], workflowComplete: true }),
      'ActivationIncomplete',
    ],
    [
      'spec 3 §4 patient 7: no steps remain incomplete',
      facts({ requisitions: [collected()], workflowComplete: true }),
      'ActivationComplete',
    ],
    [
      'decision 0250: steps remaining with billing and dates set is still Activation Incomplete',
      facts({ requisitions: [collected()], workflowComplete: false }),
      'ActivationIncomplete',
    ],
    [
      'decision 0250: a canceled test does not hold activation back',
      facts({
        requisitions: [collected(), requisition({ id: 702, canceled: true })],
        workflowComplete: true,
      }),
      'ActivationComplete',
    ],
  ])('%s', (_spec, order, expected) => {
    expect(patientViewStatus(order).status).toBe(expected);
  });

  it('spec 3 §4 patient 5: the expected date comes from dueDate', () => {
    const order = facts({ requisitions: [received({ requisitionStatusId: 2, dueDate: '2026-12-01' })] });
    expect(patientViewStatus(order)).toEqual({ status: 'TestingInProgress', expectedDate: '2026-12-01' });
  });

  it('spec 3 §4 patient 5: no expected date when the practitioner has cms attribute 48', () => {
    const order = facts({
      requisitions: [received({ requisitionStatusId: 2, dueDate: '2026-12-01' })],
      practitionerCmsAttributes: [12, 48],
    });
    expect(patientViewStatus(order)).toEqual({ status: 'TestingInProgress', expectedDate: null });
  });
});

describe('orderPageStatus', () => {
  const confirmed = (overrides: Partial<OrderStatusFacts>) => facts({ dataConfirmed: true, ...overrides });
  it.each<[string, OrderStatusFacts, OrderPageStatus]>([
    [
      'spec 3 §4 page: all requisitions canceled',
      facts({ requisitions: [requisition({ canceled: true }), requisition({ id: 702, canceled: true })] }),
      'Canceled',
    ],
    [
      'spec 3 §4 page: tracking CANCELED and all requisitions cancelable',
      facts({ tracking: trackingCanceled }),
      'Canceled',
    ],
    [
      'spec 3 §4 page: tracking CANCELED but a test is accessioned is not Canceled',
      confirmed({ tracking: trackingCanceled, requisitions: [received()] }),
      'ReceivedByLab',
    ],
    [
      'spec 3 §4 page: tracking CANCELED but a test is in the recollection map is not Canceled',
      confirmed({ tracking: trackingCanceled, recollection: { pending: false, map: { 701: 100200 } } }),
      'Shipped',
    ],
    [
      'spec 3 §4 page: any discarded specimen',
      facts({ requisitions: [received({ requisitionStatusId: 3 }), received({ discarded: true })] }),
      'DiscardedSpecimens',
    ],
    [
      'spec 3 §4 page: all accessioned, not all result-ready',
      facts({ requisitions: [received({ requisitionStatusId: 3 }), received({ requisitionStatusId: 2 })] }),
      'ReceivedByLab',
    ],
    [
      'spec 3 §4 page: all accessions have status 3, 4 or 9',
      facts({ requisitions: [received({ requisitionStatusId: 3 }), received({ requisitionStatusId: 9 })] }),
      'ResultsReady',
    ],
    [
      'decision 0250: a canceled test is not waited for',
      facts({
        requisitions: [received({ requisitionStatusId: 4 }), requisition({ id: 702, canceled: true })],
      }),
      'ResultsReady',
    ],
    [
      'spec 3 §4 page: confirmed, recollection pending',
      confirmed({ tracking: delivered, recollection: { pending: true, map: {} } }),
      'RecollectionPending',
    ],
    [
      'spec 3 §4 page: confirmed, no tracking but recollections exist',
      confirmed({ recollection: { pending: false, map: { 701: 100200 } } }),
      'RecollectionOrdered',
    ],
    [
      'spec 3 §4 page: recollections with tracking are not RecollectionOrdered',
      confirmed({ tracking: shipped, recollection: { pending: false, map: { 701: 100200 } } }),
      'Shipped',
    ],
    [
      'spec 3 §4 page: tracked, all collected, not accessioned, workflow complete',
      confirmed({ tracking: delivered, requisitions: [collected()], workflowComplete: true }),
      'ActivationComplete',
    ],
    [
      'spec 3 §4 page: ActivationComplete comes before Shipped',
      confirmed({ tracking: shipped, requisitions: [collected()], workflowComplete: true }),
      'ActivationComplete',
    ],
    [
      'spec 3 §4 page: tracking with no delivery date',
      confirmed({ tracking: shipped, requisitions: [requisition()] }),
      'Shipped',
    ],
    [
      'spec 3 §4 page: confirmed and all collected, workflow not complete',
      confirmed({ tracking: delivered, requisitions: [collected()] }),
      'Incomplete',
    ],
    [
      'spec 3 §4 page: confirmed, delivered, not collected',
      confirmed({ tracking: delivered, requisitions: [collected(), requisition({ id: 702 })] }),
      'SpecimenMissing',
    ],
    ['spec 3 §4 page: not confirmed, tracking absent', facts({}), 'OrderPlaced'],
    ['spec 3 §4 page: not confirmed, tracking present', facts({ tracking: shipped }), 'Incomplete'],
  ])('%s', (_spec, order, expected) => {
    expect(orderPageStatus(order)).toBe(expected);
  });
});

describe('actionsForStatus', () => {
  const today = '2026-11-26';
  it.each<[string, OrderPageStatus, OrderStatusFacts, OrderAction[]]>([
    ['spec 3 §4 actions: OrderPlaced, all cancelable', 'OrderPlaced', facts(), ['download', 'cancelOrder']],
    [
      'spec 3 §4 actions: OrderPlaced, a test in a recollection map',
      'OrderPlaced',
      facts({ recollection: { pending: false, map: { 701: 100200 } } }),
      ['download'],
    ],
    ['spec 3 §4 actions: Shipped', 'Shipped', facts({ tracking: shipped }), ['download', 'track']],
    ['spec 3 §4 actions: SpecimenMissing', 'SpecimenMissing', facts(), ['download']],
    ['spec 3 §4 actions: ActivationComplete', 'ActivationComplete', facts(), ['download']],
    ['spec 3 §4 actions: ReceivedByLab', 'ReceivedByLab', facts(), ['download']],
    ['spec 3 §4 actions: ResultsReady', 'ResultsReady', facts(), ['download', 'consult']],
    ['spec 3 §4 actions: RecollectionOrdered', 'RecollectionOrdered', facts(), ['download']],
    ['spec 3 §4 actions: RecollectionPending', 'RecollectionPending', facts(), ['returnToOrder']],
    ['spec 3 §4 actions: Canceled', 'Canceled', facts(), []],
    ['spec 3 §4 actions: Discarded', 'DiscardedSpecimens', facts(), []],
    ['decision 0250: Incomplete offers the download', 'Incomplete', facts(), ['download']],
    [
      'spec 3 §9: 45 days after delivery Cancel Order still shows',
      'OrderPlaced',
      facts({ tracking: { ...delivered, deliveryDate: '2026-10-12' } }),
      ['download', 'cancelOrder'],
    ],
    [
      'spec 3 §4, §9: more than 45 days after delivery Cancel Order is hidden',
      'OrderPlaced',
      facts({ tracking: { ...delivered, deliveryDate: '2026-10-11' } }),
      ['download'],
    ],
  ])('%s', (_spec, status, order, expected) => {
    expect(actionsForStatus(status, order, today)).toEqual(expected);
  });

  it('spec 3 §9: the window is counted in calendar days from the delivery date', () => {
    expect(isPastCancelWindow(null, today)).toBe(false);
    expect(isPastCancelWindow('2026-10-12', today)).toBe(false);
    expect(isPastCancelWindow('2026-10-11', today)).toBe(true);
  });
});

describe('per-test rules', () => {
  it.each<[string, Parameters<typeof isTestCancelable>[0], Record<number, number>, boolean]>([
    ['spec 3 §4: an untouched test is cancelable', requisition(), {}, true],
    ['spec 3 §4: a canceled test is not', requisition({ canceled: true }), {}, false],
    ['spec 3 §4: a test with accession details is not', received(), {}, false],
    ['spec 3 §4: a test in a recollection map is not', requisition(), { 701: 100200 }, false],
  ])('%s', (_spec, test, map, expected) => {
    expect(isTestCancelable(test, map)).toBe(expected);
  });

  it.each<[string, AccessionFacts | undefined, TestOffering]>([
    ['decision 0250: no accession yet awaits the specimen', undefined, { kind: 'awaitingSpecimen' }],
    [
      'spec 3 §4: discarded without issues gives results and a request-new-pack option',
      accession({ discarded: true }),
      { kind: 'discarded', results: true, requestNewPack: true, newPackWillBeMailed: false },
    ],
    [
      'spec 3 §4: discarded with issues: a new pack will be mailed',
      accession({ discarded: true, issues: ['Specimen received frozen'] }),
      { kind: 'discarded', results: true, requestNewPack: false, newPackWillBeMailed: true },
    ],
    [
      "spec 3 §4: accessioned but not 3, 4 or 9 shows 'Testing in Progress'",
      accession({ requisitionStatusId: 2 }),
      { kind: 'testingInProgress' },
    ],
    [
      'spec 3 §4: no status id yet is testing in progress',
      accession({ requisitionStatusId: null }),
      { kind: 'testingInProgress' },
    ],
    [
      'spec 3 §4: otherwise results and the interactive report',
      accession({ requisitionStatusId: 9 }),
      { kind: 'results', interactiveReport: true },
    ],
  ])('%s', (_spec, test, expected) => {
    expect(testOffering(test)).toEqual(expected);
  });

  it('spec 3 §9: result-ready status ids are 3, 4 and 9', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 10].filter(isResultReady)).toEqual([3, 4, 9]);
    expect(isResultReady(null)).toBe(false);
    expect(NEW_PACK_WILL_BE_MAILED).toBe('A new pack will be mailed.');
  });

  it.each<[string, number[], string | null]>([
    ['spec 3 §4: the expected date from dueDate', [], '2026-12-01'],
    ['spec 3 §4: hidden for a practitioner with cms attribute 48', [48], null],
  ])('%s', (_spec, attributes, expected) => {
    expect(expectedDate(accession({ dueDate: '2026-12-01' }), attributes)).toBe(expected);
  });
});

describe('decision 0264: a patient-confirmed order before its pack ships (spec 3 §4 "If data is confirmed")', () => {
  const confirmed = (overrides: Partial<OrderStatusFacts> = {}) =>
    facts({ dataConfirmed: true, workflowComplete: true, ...overrides });
  it.each<[string, OrderStatusFacts, OrderPageStatus, OrderAction[]]>([
    [
      'spec 3 §4 page: confirmed, no tracking, all collected → Incomplete (download only)',
      confirmed({ requisitions: [collected()] }),
      'Incomplete',
      ['download'],
    ],
    [
      'spec 3 §4 page: confirmed, no tracking, not collected → "Otherwise SpecimenMissing"',
      confirmed(),
      'SpecimenMissing',
      ['download'],
    ],
    [
      'spec 3 §4 page: confirmed and shipped, not delivered → Shipped (download, track; no cancel order)',
      confirmed({ tracking: shipped }),
      'Shipped',
      ['download', 'track'],
    ],
    [
      'spec 3 §4 page: not confirmed, no tracking → OrderPlaced, the one status that offers Cancel Order',
      facts({ requisitions: [collected()] }),
      'OrderPlaced',
      ['download', 'cancelOrder'],
    ],
  ])('%s', (_name, given, status, actions) => {
    expect(orderPageStatus(given)).toBe(status);
    expect(actionsForStatus(status, given, '2026-11-26')).toEqual(actions);
  });

  it('spec 3 §4: the test itself stays cancelable (no accession, not canceled, not recollected): Cancel Test', () => {
    const given = confirmed({ requisitions: [collected()] });
    expect(isTestCancelable(given.requisitions[0] as RequisitionStatusFacts, given.recollection.map)).toBe(
      true,
    );
  });
});

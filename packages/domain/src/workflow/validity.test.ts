import { describe, expect, it } from 'vitest';
import type { OrderFacts, UserInfo } from '../contract/order.ts';
import {
  newOrder,
  order,
  orderWithSteps,
  practitioner,
  requisition,
  row,
  rows,
  users,
} from '../test-support/fixtures.ts';
import { stepById } from './steps.ts';
import { incompleteSteps, isBillingSkipped, isStepValid, type StepRef } from './validity.ts';

const { drAvery, patient } = users;

const clientOnly = order({
  practitioner: practitioner({ billingMethods: ['Client'] }),
  requisitions: [requisition({ billingMethod: 'Physician Account' })],
});
const confirmedWithPatientStepOpen = orderWithSteps(
  rows([101], 'completed', { 6: 'notStarted', 15: 'notStarted' }),
  {
    practitionerConfirmed: true,
  },
);
const definitionOf = (id: number): StepRef => stepById(id) ?? { id };

describe('isStepValid', () => {
  it.each<[string, StepRef, OrderFacts, UserInfo, boolean]>([
    ['spec 1 §4.1: a notApplicable step is not valid', row(5, 'notApplicable', 101), order(), drAvery, false],
    ['spec 1 §4.1: the same step, applicable, is valid', row(5, 'notStarted', 101), order(), drAvery, true],
    ['spec 1 §4.1: payment (10) is never valid', row(10), order(), drAvery, false],
    ['spec 1 §4.1: payment (10) is never valid, for patients either', row(10), order(), patient, false],
    ['spec 1 §4.1: handoff (12) is never valid', row(12), order(), drAvery, false],
    [
      'spec README resolution 5: step 11 is workflow-only, never navigated to',
      row(11),
      order(),
      patient,
      false,
    ],
    ['spec 1 §4.1: myGDX skips summary (9)', row(9), order(), drAvery, false],
    ['spec 1 §4.1: prc sees summary (9)', row(9), order(), patient, true],
    [
      'spec 1 §4.1: myGDX skips practitioner summary (15)',
      row(15),
      confirmedWithPatientStepOpen,
      drAvery,
      false,
    ],
    [
      'spec 1 §4.1: billing skipped for a government-payor order',
      row(3, 'notStarted', 101),
      order({ governmentPayor: true }),
      drAvery,
      false,
    ],
    [
      'spec 1 §4.1: billing skipped, client case, myGDX',
      row(3, 'notStarted', 101),
      clientOnly,
      drAvery,
      false,
    ],
    [
      'spec 1 §4.1: billing skipped in the same client case for prc',
      row(3, 'notStarted', 101),
      clientOnly,
      patient,
      false,
    ],
    [
      'spec 1 §4.1: step 2 valid until the practitioner has confirmed',
      row(2, 'completed', 101),
      order(),
      drAvery,
      true,
    ],
    [
      'spec 1 §4.1: step 2 not valid once workflow.practitionerConfirmed',
      row(2, 'completed', 101),
      orderWithSteps(rows([101], 'notStarted'), { practitionerConfirmed: true }),
      patient,
      false,
    ],
    [
      'spec 1 §4.1: step 2 not valid once step 11 (practitioner confirmation) is completed',
      row(2, 'completed', 101),
      orderWithSteps(rows([101], 'notStarted', { 11: 'completed' })),
      drAvery,
      false,
    ],
    [
      'spec 1 §4.1: step 15 valid after confirmation while earlier steps are incomplete',
      row(15),
      confirmedWithPatientStepOpen,
      patient,
      true,
    ],
    [
      'spec 1 §4.1: step 15 not valid before practitioner confirmation',
      row(15),
      orderWithSteps(rows([101], 'completed', { 6: 'notStarted', 11: 'notStarted', 15: 'notStarted' })),
      patient,
      false,
    ],
    [
      'spec 1 §4.1: step 15 not valid when no earlier step is incomplete (summary does not count)',
      row(15),
      orderWithSteps(rows([101], 'completed', { 9: 'notStarted', 15: 'notStarted' }), {
        practitionerConfirmed: true,
      }),
      patient,
      false,
    ],
    [
      'spec 1 §4.1: step 15 stays valid while payment is incomplete (the list includes payment)',
      row(15),
      orderWithSteps(rows([101], 'completed', { 10: 'notStarted', 15: 'notStarted' }), {
        practitionerConfirmed: true,
      }),
      patient,
      true,
    ],
    ['spec 1 §2.1: an id outside 1 to 15 is not a step', { id: 16 }, order(), drAvery, false],
    [
      'spec 1 §4.1: a step definition takes notApplicable from the order row',
      definitionOf(14),
      orderWithSteps(rows([101], 'notStarted', { 14: 'notApplicable' })),
      drAvery,
      false,
    ],
    [
      'spec 1 §4.1: a step definition with no row (new order) is valid',
      definitionOf(1),
      newOrder(),
      drAvery,
      true,
    ],
  ])('%s', (_spec, step, subject, user, expected) => {
    expect(isStepValid(step, subject, user)).toBe(expected);
  });

  it.each([1, 4, 8, 13, 14])('spec 1 §4.1: prc skips %i, which myGDX sees', (id) => {
    const step = row(id as 1 | 4 | 8 | 13 | 14, 'notStarted', [4, 13].includes(id) ? 101 : null);
    expect(isStepValid(step, order(), patient)).toBe(false);
    expect(isStepValid(step, order(), drAvery)).toBe(true);
  });
});

describe('isBillingSkipped', () => {
  it.each<[string, OrderFacts, boolean]>([
    ['spec 1 §4.1: government payor', order({ governmentPayor: true }), true],
    ['spec 1 §4.1: all Physician Account and the only billing method is Client', clientOnly, true],
    [
      'spec 1 §4.1: not skipped when the practitioner also bills Patient',
      order({
        practitioner: practitioner({ billingMethods: ['Client', 'Patient'] }),
        requisitions: [requisition({ billingMethod: 'Physician Account' })],
      }),
      false,
    ],
    [
      'spec 1 §4.1: not skipped when one requisition is not Physician Account',
      order({
        practitioner: practitioner({ billingMethods: ['Client'] }),
        requisitions: [
          requisition({ billingMethod: 'Physician Account' }),
          requisition({ id: 102, billingMethod: null }),
        ],
      }),
      false,
    ],
    [
      'spec 1 §4.1: no requisitions is not the all-Physician-Account case',
      order({ practitioner: practitioner({ billingMethods: ['Client'] }), requisitions: [] }),
      false,
    ],
  ])('%s', (_spec, subject, expected) => {
    expect(isBillingSkipped(subject)).toBe(expected);
  });
});

describe('incompleteSteps', () => {
  const ids = (subject: OrderFacts, user: UserInfo, gearReqId?: number) =>
    incompleteSteps(subject, user, gearReqId).map((step) =>
      step.gearReqId ? `${step.id}:${step.gearReqId}` : step.id,
    );
  const twoRequisitions = orderWithSteps(rows([101, 102], 'completed', { '5:102': 'inProgress' }), {
    requisitions: [requisition(), requisition({ id: 102 })],
  });

  it.each<[string, OrderFacts, UserInfo, number | undefined, (string | number)[]]>([
    [
      'spec 1 §4.1: excludes summary and includes payment',
      orderWithSteps(rows([101], 'completed', { 9: 'notStarted', 10: 'notStarted' })),
      patient,
      undefined,
      [10],
    ],
    [
      'spec 1 §4.1: a practitioner’s open steps are those valid for myGDX, plus payment',
      order(),
      drAvery,
      undefined,
      [1, '2:101', '3:101', '4:101', '5:101', 6, 7, 8, 10, '13:101', 14],
    ],
    [
      'spec 1 §4.1: a patient’s open steps are those valid for prc, plus payment',
      order(),
      patient,
      undefined,
      ['2:101', '3:101', '5:101', 6, 7, 10],
    ],
    [
      'spec 1 §4.1: without a requisition, every requisition’s rows count',
      twoRequisitions,
      drAvery,
      undefined,
      ['5:102'],
    ],
    ['spec 1 §4.1: rows of another requisition are left out', twoRequisitions, drAvery, 101, []],
    ['spec 1 §4.1: rows of the requisition asked for are listed', twoRequisitions, drAvery, 102, ['5:102']],
    [
      'spec 2 §4: a skipped step is still incomplete',
      orderWithSteps(rows([101], 'completed', { 7: 'skipped' })),
      patient,
      undefined,
      [7],
    ],
  ])('%s', (_spec, subject, user, gearReqId, expected) => {
    expect(ids(subject, user, gearReqId)).toEqual(expected);
  });
});

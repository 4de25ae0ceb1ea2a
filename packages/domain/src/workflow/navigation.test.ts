import { describe, expect, it } from 'vitest';
import type { OrderFacts, UserInfo, WorkflowStep } from '../contract/order.ts';
import { newOrder, order, orderWithSteps, requisition, row, rows, users } from '../test-support/fixtures.ts';
import {
  isNextStepEligible,
  type NavigationOptions,
  type NavigationTarget,
  nextStep,
  previousStep,
  stepPath,
} from './navigation.ts';
import { STEP_IDS, stepById } from './steps.ts';

const { drAvery, patient } = users;

/** 'panels/101', 'patient', 'home' or 'end'. */
const describeTarget = (target: NavigationTarget): string =>
  target.kind === 'step'
    ? [target.step.key, target.gearReqId].filter((part) => part !== null).join('/')
    : target.kind;

const twoRequisitions = (steps: WorkflowStep[]) =>
  orderWithSteps(steps, { requisitions: [requisition(), requisition({ id: 102 })] });
const confirmed = orderWithSteps(rows([101], 'notStarted', { 11: 'completed' }));
const editingClientOrder: NavigationOptions = { practitionerEditingClientOrder: true };

type Case = [string, OrderFacts, UserInfo, number, number | undefined, string, NavigationOptions?];

describe('nextStep', () => {
  it.each<Case>([
    [
      'spec 1 §4.1: Next from practitioner goes to panel selection (new order)',
      newOrder(),
      drAvery,
      1,
      undefined,
      'panels',
    ],
    [
      'spec 1 §4.1: requisition steps are for the order’s requisition',
      order(),
      drAvery,
      1,
      undefined,
      'panels/101',
    ],
    [
      'spec 1 §4.1: Next skips billing for a government payor',
      order({ governmentPayor: true }),
      drAvery,
      2,
      101,
      'dxCodes/101',
    ],
    ['spec 1 §4.1: prc skips diagnosis codes (4)', order(), patient, 3, 101, 'collection/101'],
    [
      'spec 1 §4.1: myGDX goes from review past 9, 10, 11 and 12 to customize',
      order(),
      drAvery,
      8,
      101,
      'customize/101',
    ],
    [
      'spec 1 §4.1: a notApplicable customize row is passed over',
      orderWithSteps(rows([101], 'notStarted', { '13:101': 'notApplicable' })),
      drAvery,
      8,
      101,
      'shipping',
    ],
    ['spec 1 §4.1: no valid step after shipping for myGDX', order(), drAvery, 14, undefined, 'end'],
    ['spec 1 §4.1: prc goes from insurance to summary (9)', order(), patient, 7, undefined, 'summary'],
    [
      'spec 1 §4.1: prc goes from summary to practitioner summary (15) after confirmation',
      orderWithSteps(rows([101], 'notStarted', { 11: 'completed' })),
      patient,
      9,
      undefined,
      'registration',
    ],
    [
      'spec 1 §4.1: Next uses the current requisition’s row',
      twoRequisitions(rows([101, 102], 'notStarted', { '5:102': 'notApplicable' })),
      drAvery,
      4,
      102,
      'patient',
    ],
    [
      'spec 1 §4.1: the other requisition’s row does not decide',
      twoRequisitions(rows([101, 102], 'notStarted', { '5:102': 'notApplicable' })),
      drAvery,
      4,
      101,
      'collection/101',
    ],
    [
      'spec 1 §4.1: without a requisition, the last one added is current',
      twoRequisitions(rows([101, 102], 'notStarted')),
      drAvery,
      1,
      undefined,
      'panels/102',
    ],
    [
      'spec 1 §4.1: a practitioner editing a client order goes to confirm',
      order(),
      drAvery,
      3,
      101,
      'confirm',
      editingClientOrder,
    ],
    ['spec 1 §4.1: without that flag Next walks on', order(), drAvery, 3, 101, 'dxCodes/101', {}],
    [
      'spec 1 §4.1: …unless the step is patient confirmation (summary, 9)',
      order(),
      drAvery,
      9,
      undefined,
      'customize/101',
      editingClientOrder,
    ],
    [
      'spec 1 §4.1: from confirm itself Next walks on',
      order(),
      drAvery,
      8,
      101,
      'customize/101',
      editingClientOrder,
    ],
    [
      'spec 1 §4.1: the flag needs confirm to be valid (prc skips 8)',
      order(),
      patient,
      6,
      undefined,
      'insurance',
      editingClientOrder,
    ],
  ])('%s', (_spec, subject, user, current, gearReqId, expected, options) => {
    expect(describeTarget(nextStep(subject, user, current, gearReqId, options))).toBe(expected);
  });
});

describe('previousStep', () => {
  it.each<Case>([
    ['spec 1 §4.1: Back from the first step goes to /', order(), drAvery, 1, undefined, 'home'],
    ['spec 1 §4.1: Back from the first prc step (panels) goes to /', order(), patient, 2, 101, 'home'],
    ['spec 1 §4.1: Back goes to the previous valid step', order(), patient, 5, 101, 'billing/101'],
    [
      'spec 1 §4.1: Back skips panels once the practitioner has confirmed',
      confirmed,
      drAvery,
      3,
      101,
      'pract',
    ],
    [
      'spec 1 §4.1: Back from summary skips myGDX-only review for prc',
      order(),
      patient,
      9,
      undefined,
      'insurance',
    ],
    [
      'spec 1 §4.1: Back from an order step goes to the last requisition’s step',
      twoRequisitions(rows([101, 102], 'notStarted')),
      drAvery,
      6,
      undefined,
      'collection/102',
    ],
    [
      'spec 1 §4.1: a practitioner editing a client order goes back to confirm',
      order(),
      drAvery,
      6,
      undefined,
      'confirm',
      editingClientOrder,
    ],
  ])('%s', (_spec, subject, user, current, gearReqId, expected, options) => {
    expect(describeTarget(previousStep(subject, user, current, gearReqId, options))).toBe(expected);
  });
});

describe('isNextStepEligible', () => {
  const shipToOffice = order({ containsShipToOfficeRequisition: true });
  it.each<[string, WorkflowStep, OrderFacts, UserInfo, boolean]>([
    [
      'spec 1 §4.1: eligible on a ship-to-office order',
      row(5, 'completed', 101),
      shipToOffice,
      drAvery,
      true,
    ],
    ['spec 1 §4.1: eligible when the status id is 1', row(5, 'notStarted', 101), order(), drAvery, true],
    ['spec 1 §4.1: eligible when the step id exceeds 7', row(8, 'completed'), order(), drAvery, true],
    ['spec 1 §4.1: step 7 does not exceed 7', row(7, 'completed'), order(), drAvery, false],
    ['spec 1 §4.1: prc users are eligible at status id 2', row(5, 'inProgress', 101), order(), patient, true],
    [
      'spec 1 §4.1: myGDX users are not eligible at status id 2',
      row(5, 'inProgress', 101),
      order(),
      drAvery,
      false,
    ],
    [
      'spec 1 §4.1: a skipped early step (status 4) is not eligible',
      row(6, 'skipped'),
      order(),
      patient,
      false,
    ],
  ])('%s', (_spec, step, subject, user, expected) => {
    expect(isNextStepEligible(step, subject, user)).toBe(expected);
  });
});

describe('stepPath', () => {
  const definition = (id: number) => {
    const step = stepById(id);
    if (!step) throw new Error(`no step ${id}`);
    return step;
  };
  it.each<[string, string, string]>([
    ['spec 1 §2.1: a new order', stepPath('new', definition(STEP_IDS.pract)), '/order/new/pract'],
    [
      'spec 1 §2.1: a requisition step',
      stepPath(100001, definition(STEP_IDS.panels), 101),
      '/order/100001/panels/101',
    ],
    [
      'spec 1 §2.1: the query string is kept',
      stepPath(100001, definition(STEP_IDS.patient), null, '?dateOfBirth=1985-04-12'),
      '/order/100001/patient?dateOfBirth=1985-04-12',
    ],
    [
      'spec 1 §2.1: a step with no route falls back to /patient/{orderId}[/{reqId}]',
      stepPath(100001, definition(STEP_IDS.practitionerConfirmation), 101),
      '/patient/100001/101',
    ],
  ])('%s', (_spec, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

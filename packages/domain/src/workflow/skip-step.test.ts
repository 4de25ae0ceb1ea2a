import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../contract/order.ts';
import { order, orderWithSteps, requisition, rows, users } from '../test-support/fixtures.ts';
import { markStepInProgress, offersSkipStep, SKIP_STEP_MESSAGES, skipStepErrors } from './skip-step.ts';

const open = orderWithSteps(rows([101], 'notStarted', { 1: 'completed', '2:101': 'completed' }));

describe('skipStepErrors', () => {
  it.each<[string, UserInfo, number, number | null, string[]]>([
    [
      'spec 2 §4: a practitioner skips the incomplete collection step of a requisition',
      users.drAvery,
      5,
      101,
      [],
    ],
    ['spec 2 §4: an order step (patient) names no requisition', users.staffKim, 6, null, []],
    ['spec 2 §4: myGDX only', users.patient, 6, null, [SKIP_STEP_MESSAGES.practitionersOnly]],
    [
      'spec 2 §4: only while the step is not complete',
      users.drAvery,
      2,
      101,
      [SKIP_STEP_MESSAGES.alreadyComplete],
    ],
    [
      'spec 1 §4.1: payment is never a step to be on',
      users.drAvery,
      10,
      null,
      [SKIP_STEP_MESSAGES.notSkippable],
    ],
    [
      'spec 1 §4.1: myGDX users skip summary (9) already',
      users.drAvery,
      9,
      null,
      [SKIP_STEP_MESSAGES.notSkippable],
    ],
    ['resolution 5: step 11 has no route', users.drAvery, 11, null, [SKIP_STEP_MESSAGES.notSkippable]],
    ['an unknown step', users.drAvery, 99, null, [SKIP_STEP_MESSAGES.notSkippable]],
    [
      'a requisition step needs its requisition',
      users.drAvery,
      5,
      null,
      [SKIP_STEP_MESSAGES.requisitionRequired],
    ],
    ['an order step has no requisition', users.drAvery, 6, 101, [SKIP_STEP_MESSAGES.notSkippable]],
    ['a requisition of another order', users.drAvery, 5, 999, [SKIP_STEP_MESSAGES.requisitionNotOnOrder]],
  ])('%s', (_spec, user, stepId, gearReqId, expected) => {
    expect(skipStepErrors(open, user, stepId, gearReqId).map((error) => error.defaultMessage)).toEqual(
      expected,
    );
  });

  it('spec 1 §4.1: a step marked not applicable (shipping without packs) cannot be skipped', () => {
    const noShipping = orderWithSteps(rows([101], 'notStarted', { 14: 'notApplicable' }));
    expect(skipStepErrors(noShipping, users.drAvery, 14, null)).toEqual([
      { field: 'stepId', defaultMessage: SKIP_STEP_MESSAGES.notSkippable },
    ]);
  });

  it('a step of an order without its row (an unsaved order) cannot be skipped', () => {
    const bare = order({
      workflow: { steps: [], practitionerConfirmed: false, patientConfirmed: false, complete: false },
    });
    expect(skipStepErrors(bare, users.drAvery, 6, null)).toHaveLength(1);
  });
});

describe('offersSkipStep', () => {
  it.each<[string, Record<string, 'skipped' | 'completed' | 'inProgress'>, boolean]>([
    ['spec 2 §4: not started', {}, true],
    ['spec 2 §4: in progress is not complete', { '5:101': 'inProgress' }, true],
    ['spec 2 §4: complete', { '5:101': 'completed' }, false],
    ['already skipped: nothing more to skip', { '5:101': 'skipped' }, false],
  ])('%s', (_spec, exceptions, expected) => {
    const subject = orderWithSteps(rows([101], 'notStarted', exceptions), {
      requisitions: [requisition()],
    });
    expect(offersSkipStep(subject, users.drAvery, 5, 101)).toBe(expected);
  });

  it('spec 2 §2: never for patients', () => {
    expect(offersSkipStep(open, users.patient, 6, null)).toBe(false);
  });
});

describe('markStepInProgress', () => {
  it('decision 0031: status id 2 for that requisition only, no longer complete or skipped', () => {
    const steps = rows([101, 102], 'completed');
    const marked = markStepInProgress(steps, {
      id: 5,
      gearReqId: 102,
      userType: 'myGDX',
      stepDate: '2026-03-05T10:00:00.000Z',
    });
    expect(marked.find((row) => row.id === 5 && row.gearReqId === 102)).toMatchObject({
      completed: false,
      notStarted: false,
      skipped: false,
      userType: 'myGDX',
      status: { id: 2, name: 'In Progress' },
    });
    expect(marked.filter((row) => !row.completed).map((row) => `${row.id}:${row.gearReqId}`)).toEqual([
      '5:102',
    ]);
  });
});

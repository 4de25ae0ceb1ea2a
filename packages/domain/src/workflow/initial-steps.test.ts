import { describe, expect, it } from 'vitest';
import { STEP_STATUS, type WorkflowStep } from '../model.ts';
import { requisition } from '../test-support/fixtures.ts';
import {
  completeStep,
  initialWorkflowSteps,
  newWorkflowStep,
  skipStep,
  stepsForRequisition,
  updateStepApplicability,
} from './initial-steps.ts';

const label = (step: WorkflowStep) =>
  step.gearReqId === null ? `${step.id}` : `${step.id}:${step.gearReqId}`;
const noPacksShipped = {
  requisitions: [],
  containsDropShipRequisition: false,
  containsShipToOfficeRequisition: false,
};
const shippingRow = (steps: WorkflowStep[]) => steps.find((step) => step.id === 14);

describe('newWorkflowStep', () => {
  it('spec 1 §3: a new row is Not Started (status id 1) and untouched', () => {
    expect(newWorkflowStep(6, null)).toEqual({
      id: 6,
      completed: false,
      notApplicable: false,
      notStarted: true,
      skipped: false,
      gearReqId: null,
      userType: null,
      stepDate: null,
      status: { id: 1, name: 'Not Started' },
    });
  });
});

describe('stepsForRequisition', () => {
  it('spec 1 §2.1: panels, billing, dxCodes, collection and customize exist once per requisition', () => {
    expect(stepsForRequisition({ id: 101 }).map(label)).toEqual([
      '2:101',
      '3:101',
      '4:101',
      '5:101',
      '13:101',
    ]);
  });
});

describe('initialWorkflowSteps', () => {
  it('spec 1 §4.1: a new order without requisitions gets each order step once, in id order', () => {
    expect(initialWorkflowSteps(noPacksShipped).map(label)).toEqual([
      '1',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '14',
      '15',
    ]);
  });

  it('spec 1 §4.1: requisition steps are added per requisition, everything in id order', () => {
    const steps = initialWorkflowSteps({
      ...noPacksShipped,
      requisitions: [requisition(), requisition({ id: 102 })],
    });
    expect(steps.map(label)).toEqual([
      '1',
      '2:101',
      '2:102',
      '3:101',
      '3:102',
      '4:101',
      '4:102',
      '5:101',
      '5:102',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13:101',
      '13:102',
      '14',
      '15',
    ]);
    expect(steps.every((step) => step.status.id === STEP_STATUS.notStarted.id)).toBe(true);
  });

  it.each<[string, Parameters<typeof initialWorkflowSteps>[0], boolean]>([
    ['spec 2 §2: shipping does not apply when no pack is shipped', noPacksShipped, true],
    [
      'spec 2 §2: shipping applies to a drop-ship requisition',
      { ...noPacksShipped, requisitions: [requisition({ dropShip: true })] },
      false,
    ],
    [
      'spec 2 §2: shipping applies to a ship-to-office requisition',
      { ...noPacksShipped, requisitions: [requisition({ shipToOffice: true })] },
      false,
    ],
    [
      'spec 2 §2: shipping applies when the order says it ships to the office',
      { ...noPacksShipped, containsShipToOfficeRequisition: true },
      false,
    ],
  ])('%s', (_spec, subject, notApplicable) => {
    expect(shippingRow(initialWorkflowSteps(subject))?.notApplicable).toBe(notApplicable);
  });
});

describe('updateStepApplicability', () => {
  it('spec 2 §2: adding a drop-ship requisition makes shipping applicable, other rows unchanged', () => {
    const before = initialWorkflowSteps(noPacksShipped);
    const after = updateStepApplicability(before, {
      ...noPacksShipped,
      containsDropShipRequisition: true,
    });
    expect(shippingRow(after)?.notApplicable).toBe(false);
    expect(after.filter((step) => step.id !== 14)).toEqual(before.filter((step) => step.id !== 14));
  });
});

describe('completeStep', () => {
  const steps = initialWorkflowSteps({
    ...noPacksShipped,
    requisitions: [requisition(), requisition({ id: 102 })],
  });

  it('spec 3 §4: step 1 is marked Completed (status id 3) when practitioner info is set', () => {
    const done = completeStep(steps, { id: 1, userType: 'myGDX', stepDate: '2026-01-05T10:00:00.000Z' });
    expect(done.find((step) => step.id === 1)).toMatchObject({
      completed: true,
      notStarted: false,
      userType: 'myGDX',
      stepDate: '2026-01-05T10:00:00.000Z',
      status: { id: 3, name: 'Completed' },
    });
    expect(done.filter((step) => step.completed).map(label)).toEqual(['1']);
  });

  it('spec 1 §3: a requisition step is completed for its requisition only', () => {
    const done = completeStep(steps, {
      id: 2,
      gearReqId: 102,
      userType: 'prc',
      stepDate: '2026-01-05T10:00:00.000Z',
    });
    expect(done.filter((step) => step.completed).map(label)).toEqual(['2:102']);
  });
});

describe('skipStep', () => {
  const steps = completeStep(
    initialWorkflowSteps({ ...noPacksShipped, requisitions: [requisition(), requisition({ id: 102 })] }),
    { id: 3, gearReqId: 102, userType: 'prc', stepDate: '2026-01-04T10:00:00.000Z' },
  );

  it('spec 1 §4.3: billing left to the patient is Skipped (status id 4) for that requisition, not completed', () => {
    const skipped = skipStep(steps, {
      id: 3,
      gearReqId: 102,
      userType: 'myGDX',
      stepDate: '2026-01-05T10:00:00.000Z',
    });
    expect(skipped.find((step) => step.id === 3 && step.gearReqId === 102)).toMatchObject({
      completed: false,
      notStarted: false,
      skipped: true,
      userType: 'myGDX',
      status: { id: 4, name: 'Skipped' },
    });
    expect(skipped.filter((step) => step.skipped).map(label)).toEqual(['3:102']);
  });
});

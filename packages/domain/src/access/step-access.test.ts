import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../contract/order.ts';
import { users } from '../test-support/fixtures.ts';
import { STEP_IDS } from '../workflow/steps.ts';
import { maySaveStep } from './step-access.ts';

describe('maySaveStep', () => {
  it.each<[string, UserInfo, number, boolean]>([
    ['spec 1 §4.1: prc skips the practitioner step (1)', users.patient, STEP_IDS.pract, false],
    ['spec 1 §4.1: prc skips diagnosis codes (4)', users.patient, STEP_IDS.dxCodes, false],
    ['spec 1 §4.1: prc skips review (8)', users.patient, STEP_IDS.confirm, false],
    ['spec 1 §4.1: prc skips customize (13)', users.patient, STEP_IDS.customize, false],
    ['spec 1 §4.1: prc skips shipping (14)', users.patient, STEP_IDS.shipping, false],
    ['spec 1 §4.1: prc saves panel selection (2)', users.patient, STEP_IDS.panels, true],
    ['spec 1 §4.1: prc saves the patient step (6)', users.patient, STEP_IDS.patient, true],
    ['spec 1 §4.1: practitioners save diagnosis codes', users.drAvery, STEP_IDS.dxCodes, true],
    ['an unknown step is never saved', users.admin, 99, false],
  ])('%s', (_spec, user, stepId, expected) => {
    expect(maySaveStep(user, stepId)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { newOrder, order, orderWithSteps, rows, users } from '../test-support/fixtures.ts';
import { defaultStep } from './landing-step.ts';
import type { NavigationUser } from './validity.ts';

const where = (o: Parameters<typeof defaultStep>[0], user: NavigationUser) => {
  const { step, gearReqId } = defaultStep(o, user);
  return gearReqId === null ? step.key : `${step.key}/${gearReqId}`;
};

describe("spec 3 §2 'Default step' for /order/{id} without a step", () => {
  const { patient, drAvery } = users;
  it.each<[string, Parameters<typeof defaultStep>[0], NavigationUser, string]>([
    ['client order without PITL, practitioner: straight to confirm', order(), drAvery, 'confirm'],
    [
      'PITL order, practitioner: the first workflow step',
      { ...order(), physicianInTheLoop: true },
      drAvery,
      'pract',
    ],
    [
      'PITL order, patient: the first workflow step valid for them',
      { ...order(), physicianInTheLoop: true },
      patient,
      'panels/101',
    ],
    ['patient, nothing done: the first incomplete step', order(), patient, 'panels/101'],
    [
      'patient, panels and billing done: sample collection',
      orderWithSteps(rows([101], 'notStarted', { 1: 'completed', 2: 'completed', 3: 'completed' })),
      patient,
      'collection/101',
    ],
    ['patient, every step done: confirm', orderWithSteps(rows([101], 'completed')), patient, 'confirm'],
    ['new order, practitioner: the practitioner step', newOrder(), drAvery, 'pract'],
    ['new order, patient: panel selection', newOrder(), patient, 'panels'],
  ])('%s', (_name, o, user, expected) => expect(where(o, user)).toBe(expected));
});

import { describe, expect, it } from 'vitest';
import { requisition } from '../test-support/fixtures.ts';
import { type ReviewAlert, reviewAlerts } from './review-alerts.ts';

const TODAY = '2026-11-26';
const selected = { panel: 5400, components: [1] };
const alertOrder = (overrides: Partial<Parameters<typeof reviewAlerts>[0]> = {}) => ({
  requisitions: [requisition(selected)],
  governmentPayor: false,
  dateMedicalNecessityAcknowledged: null,
  patientInfo: { dateOfBirth: '1985-04-12' },
  ...overrides,
});
const kinds = (alerts: ReviewAlert[]) => alerts.map((alert) => `${alert.kind}:${alert.gearReqId}`);

describe('spec 3 §8 Review alerts', () => {
  it.each<[string, Parameters<typeof reviewAlerts>[0], string[]]>([
    ['nothing to say', alertOrder(), []],
    [
      'Medicare or Tricare without confirmed medical necessity',
      alertOrder({ governmentPayor: true }),
      ['medicareWithoutMedicalNecessity:null'],
    ],
    [
      'Medicare with medical necessity acknowledged',
      alertOrder({ governmentPayor: true, dateMedicalNecessityAcknowledged: '2026-11-25T10:00:00.000Z' }),
      [],
    ],
    [
      'test selections required (panel 0, no components)',
      alertOrder({ requisitions: [requisition({ panel: 0 })] }),
      ['testSelectionsRequired:101'],
    ],
    ['a canceled test says nothing', alertOrder({ requisitions: [requisition({ canceled: true })] }), []],
    [
      'nutritional test, patient under 2',
      alertOrder({
        requisitions: [requisition({ ...selected, omsOrderableItemCategory: 'Nutritional' })],
        patientInfo: { dateOfBirth: '2025-06-01' },
      }),
      ['nutritionalUnderTwo:101'],
    ],
    [
      'nutritional test, patient of 2',
      alertOrder({
        requisitions: [requisition({ ...selected, omsOrderableItemCategory: 'Nutritional' })],
        patientInfo: { dateOfBirth: '2024-11-26' },
      }),
      [],
    ],
    [
      'nutritional test, no date of birth yet',
      alertOrder({
        requisitions: [requisition({ ...selected, omsOrderableItemCategory: 'Nutritional' })],
        patientInfo: null,
      }),
      [],
    ],
  ])('%s', (_name, order, expected) => expect(kinds(reviewAlerts(order, TODAY))).toEqual(expected));

  it("says it in the spec's words", () => {
    const alerts = reviewAlerts(
      alertOrder({
        governmentPayor: true,
        requisitions: [
          requisition({ omsOrderableItemCategory: 'Nutritional', omsOrderableItemName: 'NutrEval' }),
        ],
        patientInfo: { dateOfBirth: '2026-01-01' },
      }),
      TODAY,
    ).map((alert) => alert.message);
    expect(alerts).toEqual([
      'Medicare or Tricare without confirmed medical necessity.',
      'Test selections required: NutrEval.',
      'Nutritional tests for patients under 2: specimens will be discarded (NutrEval).',
    ]);
  });
});

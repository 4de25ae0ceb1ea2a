import { describe, expect, it } from 'vitest';
import { BILLING_METHODS, type BillingMethod, type OrderFacts, type UserInfo } from '../contract/order.ts';
import { order, requisition, row, users } from '../test-support/fixtures.ts';
import { nextStep } from './navigation.ts';
import { insuranceStepApplies } from './payer-steps.ts';
import { STEP_IDS } from './steps.ts';
import { isStepValid } from './validity.ts';

const { drAvery, patient } = users;
const billed = (...methods: (BillingMethod | null)[]) =>
  order({
    requisitions: methods.map((billingMethod, index) => requisition({ id: 101 + index, billingMethod })),
  });
const nextId = (subject: OrderFacts, user: UserInfo, from: number, gearReqId: number | null = null) => {
  const target = nextStep(subject, user, from, gearReqId);
  return target.kind === 'step' ? target.step.id : target.kind;
};
const officePacks = order({
  containsShipToOfficeRequisition: true,
  requisitions: [requisition({ shipToOffice: true, dropShip: false, quantity: 3 })],
});

describe('decision 0325: the insurance step applies unless no test bills an insurer', () => {
  it.each<[string, OrderFacts, boolean]>([
    ["every test 'No Insurance Billing: Pay Full Amount'", billed(BILLING_METHODS.patientPay), false],
    ['every test on the Physician Account', billed(BILLING_METHODS.physicianAccount), false],
    [
      'pay in full and the Physician Account',
      billed(BILLING_METHODS.patientPay, BILLING_METHODS.physicianAccount),
      false,
    ],
    ['Bill Insurance with Patient Payment', billed(BILLING_METHODS.insurance), true],
    ['Medicare or Tricare (the beneficiary ID is insurance)', billed(BILLING_METHODS.medicare), true],
    [
      'one test billed to insurance among pay-in-full tests',
      billed(BILLING_METHODS.patientPay, BILLING_METHODS.insurance),
      true,
    ],
    ['billing not chosen yet (the patient may still pick insurance)', billed(null), true],
    [
      'a canceled insurance test does not count',
      order({
        requisitions: [
          requisition({ billingMethod: BILLING_METHODS.patientPay }),
          requisition({ id: 102, billingMethod: BILLING_METHODS.insurance, canceled: true }),
        ],
      }),
      false,
    ],
  ])('%s', (_case, subject, applies) => {
    expect(insuranceStepApplies(subject)).toBe(applies);
    expect(isStepValid(row(STEP_IDS.insurance), subject, patient)).toBe(applies);
  });

  it('a patient paying in full goes from Patient straight to the summary', () => {
    const subject = billed(BILLING_METHODS.patientPay);
    expect(nextId(subject, patient, STEP_IDS.patient)).toBe(STEP_IDS.summary);
    expect(nextId(billed(BILLING_METHODS.insurance), patient, STEP_IDS.patient)).toBe(STEP_IDS.insurance);
  });
});

describe("decisions 0081, 0325: a ship-to-office order asks the practitioner for no patient's data", () => {
  it.each<[string, number, UserInfo, boolean]>([
    ['billing (3)', STEP_IDS.billing, drAvery, false],
    ['diagnosis codes (4)', STEP_IDS.dxCodes, drAvery, false],
    ["sample collection (5): 'Has the last sample been collected?'", STEP_IDS.collection, drAvery, false],
    ["patient (6): one patient's name and sex", STEP_IDS.patient, drAvery, false],
    ['insurance (7)', STEP_IDS.insurance, drAvery, false],
    ['the review (8) stays', STEP_IDS.confirm, drAvery, true],
    ['shipping (14) stays', STEP_IDS.shipping, drAvery, true],
    ['customize (13) stays', STEP_IDS.customize, drAvery, true],
  ])('%s', (_case, id, user, valid) => {
    const gearReqId = [STEP_IDS.billing, STEP_IDS.dxCodes, STEP_IDS.collection, STEP_IDS.customize].includes(
      id as 3,
    )
      ? 101
      : null;
    expect(isStepValid({ id, gearReqId, notApplicable: false }, officePacks, user)).toBe(valid);
  });

  it('Next from panel selection goes to the review', () => {
    expect(nextId(officePacks, drAvery, STEP_IDS.panels, 101)).toBe(STEP_IDS.confirm);
  });

  it('a drop-ship order still asks for the patient', () => {
    const dropShip = order({
      requisitions: [requisition({ dropShip: true, billingMethod: BILLING_METHODS.insurance })],
    });
    expect(isStepValid(row(STEP_IDS.patient), dropShip, drAvery)).toBe(true);
    expect(isStepValid(row(STEP_IDS.collection, 'notStarted', 101), dropShip, drAvery)).toBe(true);
  });
});

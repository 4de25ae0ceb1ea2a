import { describe, expect, it } from 'vitest';
import {
  BILLING_METHODS,
  type GearOrder,
  type PatientInfo,
  type Requisition,
  type UserInfo,
  type WorkflowStep,
} from '../contract/order.ts';
import { messages } from '../messages.ts';
import {
  janeReadyToShip,
  order as orderFacts,
  practitioner,
  requisition,
  rows,
  users,
} from '../test-support/fixtures.ts';
import { initialWorkflowSteps } from '../workflow/initial-steps.ts';
import { STEP_IDS } from '../workflow/steps.ts';
import { confirmationSteps, isPaidByPractitionerAccount, isWorkflowComplete } from './confirmation.ts';
import { REVIEW_MESSAGES } from './review-messages.ts';
import {
  mayChangePractitioner,
  mayChangeStep,
  maySectionBeEdited,
  practiceOf,
  requisitionPermissions,
} from './review-permissions.ts';
import { REVIEW_QUANTITY_MESSAGE, reviewQuantityErrors, reviewQuantityOf } from './review-quantity.ts';
import {
  awaitsAuthorization,
  mayAuthorizeOrder,
  type ReviewOrder,
  requiresReviewMedicalNecessity,
  submitAcknowledgementErrors,
  submitBlockers,
} from './submit-rules.ts';

const TODAY = '2026-11-26';
const PHONE = messages('800-522-4762');

/** Jane Testpatient with everything a drop-ship order needs of her. */
const jane: PatientInfo = janeReadyToShip();

const dropShip = (overrides: Partial<Requisition> = {}) =>
  requisition({ dropShip: true, panel: 5400, components: [1], ...overrides });

function reviewOrder(overrides: Partial<GearOrder> = {}): ReviewOrder {
  return {
    ...orderFacts(),
    patientInfo: jane,
    authorizingPractitioner: null,
    containsDropShipRequisition: false,
    containsCovidRegistration: false,
    covidRegistration: false,
    dataConfirmed: false,
    dateMedicalNecessityAcknowledged: null,
    patientAgreement: false,
    patientRegistration: false,
    requisitions: [dropShip({ billingMethod: BILLING_METHODS.physicianAccount })],
    ...overrides,
  } as ReviewOrder;
}

const fields = (errors: { field: string; defaultMessage: string }[]) =>
  errors.map((e) => `${e.field}: ${e.defaultMessage}`);

describe('submitBlockers (spec 3 §5 Submit is disabled when …)', () => {
  it.each<[string, Partial<GearOrder>, UserInfo, string[]]>([
    ['spec 3 §5: a complete drop-ship order of a practitioner may be submitted', {}, users.drAvery, []],
    [
      'spec 3 §5: there are no requisitions',
      { requisitions: [] },
      users.drAvery,
      [`requisitions: ${REVIEW_MESSAGES.noRequisitions}`],
    ],
    [
      'spec 3 §5: a canceled test does not count as a requisition',
      { requisitions: [dropShip({ canceled: true })] },
      users.drAvery,
      [`requisitions: ${REVIEW_MESSAGES.noRequisitions}`],
    ],
    [
      'spec 3 §5: a practitioner has no patient info',
      { patientInfo: null },
      users.drAvery,
      [`patientInfo: ${REVIEW_MESSAGES.noPatientInfo}`],
    ],
    [
      'spec 3 §5: a practitioner skipped the patient step',
      { workflow: { ...orderFacts().workflow, steps: rows([101], 'completed', { 6: 'skipped' }) } },
      users.drAvery,
      [`patientInfo: ${REVIEW_MESSAGES.patientStepSkipped}`],
    ],
    [
      'spec 3 §5: a practitioner skipped the insurance step',
      { workflow: { ...orderFacts().workflow, steps: rows([101], 'completed', { 7: 'skipped' }) } },
      users.drAvery,
      [`insurance: ${REVIEW_MESSAGES.insuranceStepSkipped}`],
    ],
    [
      'spec 3 §5: a requisition lacks billingMethod (not drop-ship)',
      { requisitions: [requisition({ panel: 5400, components: [1] })] },
      users.drAvery,
      [`requisitions.0.billingMethod: ${REVIEW_MESSAGES.billingMissing('GI Effects Comprehensive')}`],
    ],
    ['spec 3 §5: … unless drop-ship for a practitioner', { requisitions: [dropShip()] }, users.drAvery, []],
    [
      "spec 3 §5: a patient's insurance-billed requisition without ICD codes",
      { requisitions: [dropShip({ billingMethod: BILLING_METHODS.insurance })] },
      users.patient,
      [`requisitions.0.icdCodes: ${REVIEW_MESSAGES.diagnosisCodesMissing('GI Effects Comprehensive')}`],
    ],
    [
      "spec 3 §5: a patient's Medicare requisition without ICD codes",
      { requisitions: [dropShip({ billingMethod: BILLING_METHODS.medicare })] },
      users.patient,
      [`requisitions.0.icdCodes: ${REVIEW_MESSAGES.diagnosisCodesMissing('GI Effects Comprehensive')}`],
    ],
    [
      'spec 3 §5: patient info is invalid for practitioners',
      { patientInfo: { ...jane, nameLast: null } },
      users.drAvery,
      [`patientInfo: ${REVIEW_MESSAGES.patientInfoInvalid}`],
    ],
    [
      'spec 3 §5: a drop-ship order has no patient info (patient)',
      { patientInfo: null },
      users.patient,
      [`patientInfo: ${REVIEW_MESSAGES.noPatientInfo}`],
    ],
    [
      'spec 3 §5: test selections are missing for patients (panel 0, no components)',
      { requisitions: [dropShip({ panel: 0, components: [], billingMethod: 'Physician Account' })] },
      users.patient,
      [`requisitions.0.components: ${REVIEW_MESSAGES.testSelectionsMissing('GI Effects Comprehensive')}`],
    ],
    [
      'spec 3 §5: a system-owned step 3 was skipped',
      {
        workflow: {
          ...orderFacts().workflow,
          steps: rows([101], 'completed', { '3:101': 'skipped' }),
        },
      },
      users.drAvery,
      [`requisitions.0.billingMethod: ${REVIEW_MESSAGES.billingStepSkipped('GI Effects Comprehensive')}`],
    ],
    [
      'decision 0080: a ship-to-office order has no patient (each registers a pack later)',
      {
        patientInfo: null,
        requisitions: [requisition({ shipToOffice: true, panel: 5400, components: [1], quantity: 5 })],
      },
      users.drAvery,
      [],
    ],
  ])('%s', (_spec, overrides, user, expected) => {
    expect(fields(submitBlockers({ order: reviewOrder(overrides), user, today: TODAY }))).toEqual(expected);
  });

  it('spec 3 §5 "on non-summary steps": the summary view checks only that requisitions remain', () => {
    const order = reviewOrder({ patientInfo: null });
    expect(submitBlockers({ order, user: users.drAvery, today: TODAY, view: 'summary' })).toEqual([]);
    expect(
      fields(
        submitBlockers({
          order: reviewOrder({ requisitions: [] }),
          user: users.drAvery,
          today: TODAY,
          view: 'summary',
        }),
      ),
    ).toEqual([`requisitions: ${REVIEW_MESSAGES.noRequisitions}`]);
  });
});

describe('medical necessity and authorization (spec 3 §5, §6)', () => {
  it.each<[string, boolean, UserInfo, boolean, boolean]>([
    [
      'spec 3 §6: only patients must tick it, on a Medicare or Tricare order',
      true,
      users.patient,
      false,
      true,
    ],
    ['spec 3 §6: practitioners are not asked on the review', true, users.drAvery, false, false],
    ['spec 3 §5: not on a non-Medicare order', false, users.patient, false, false],
    ['spec 3 §5: off when mixed-pricing requisitions exist', true, users.patient, true, false],
  ])('%s', (_spec, governmentPayor, user, mixedPricing, expected) => {
    expect(requiresReviewMedicalNecessity({ order: { governmentPayor }, user, mixedPricing })).toBe(expected);
  });

  const forP1002 = (practAgreement: boolean | null) => ({
    practitioner: practitioner({ gsdlNo: 'P1002', authorizingDoctorGsdlNo: 'P1001' }),
    practAgreement,
  });

  it.each<[string, ReturnType<typeof forP1002>, boolean]>([
    ["spec 3 §5: P1002's order awaits P1001's agreement", forP1002(null), true],
    ['spec 3 §5: not once agreed', forP1002(true), false],
    [
      'spec 3 §5: not when the practitioner is their own authorizing doctor',
      { practitioner: practitioner(), practAgreement: null },
      false,
    ],
  ])('%s', (_spec, order, expected) => {
    expect(awaitsAuthorization(order)).toBe(expected);
  });

  it.each<[string, UserInfo, boolean]>([
    ['spec 1 §6: staff.kim acts for P1001, the authorizing doctor of P1002', users.staffKim, true],
    ['spec 1 §6: dr.avery is the authorizing doctor', users.drAvery, true],
    ['spec 3 §6: admins', users.admin, true],
    ['spec 3 §6: 403 for another practitioner', users.drChen, false],
    ['spec 3 §6: 403 for a patient', users.patient, false],
  ])('mayAuthorizeOrder: %s', (_spec, user, expected) => {
    expect(mayAuthorizeOrder(user, forP1002(null))).toBe(expected);
  });

  it.each<[string, Partial<GearOrder>, UserInfo, boolean, string[]]>([
    [
      "spec 3 §5: 'Patient agreement required for non-practitioners'",
      {},
      users.patient,
      false,
      [`patientAgreement: ${REVIEW_MESSAGES.patientAgreementRequired}`],
    ],
    ["spec 3 §5: '… unless already given'", { patientAgreement: true }, users.patient, false, []],
    ['spec 3 §6: practitioners are not asked for the patient agreement', {}, users.drAvery, false, []],
    [
      'spec 3 §5: medical necessity on a Medicare order, for patients',
      { governmentPayor: true },
      users.patient,
      true,
      [`dateMedicalNecessityAcknowledged: ${REVIEW_MESSAGES.medicalNecessityRequired}`],
    ],
    [
      "spec 3 §5: 'Please verify order authorization.' for patients",
      forP1002(null) as Partial<GearOrder>,
      users.patient,
      true,
      [`practAgreement: ${REVIEW_MESSAGES.authorizationRequired}`],
    ],
  ])('%s', (_spec, overrides, user, patientAgreement, expected) => {
    expect(
      fields(
        submitAcknowledgementErrors({
          order: reviewOrder(overrides),
          user,
          mixedPricing: false,
          patientAgreement,
        }),
      ),
    ).toEqual(expected);
  });
});

describe('review permissions (spec 3 §4 Review step, §6)', () => {
  const confirmedBoth = { ...orderFacts().workflow, practitionerConfirmed: true, patientConfirmed: true };
  const two = [requisition(), requisition({ id: 102 })];
  it.each<[string, Partial<GearOrder>, Requisition, UserInfo, [boolean, boolean, boolean]]>([
    [
      'spec 3 §4: a practitioner edits and deletes an unconfirmed requisition',
      {},
      requisition(),
      users.drAvery,
      [true, true, false],
    ],
    [
      'spec 3 §4: no editing of a PITL order',
      { physicianInTheLoop: true },
      requisition(),
      users.drAvery,
      [false, false, false],
    ],
    [
      'spec 3 §4: non-admins only without an accession number',
      {},
      requisition({ accessionNo: 'A1' }),
      users.drAvery,
      [false, false, false],
    ],
    [
      'spec 3 §6: admins edit anything, also after lab receipt',
      {},
      requisition({ accessionNo: 'A1' }),
      users.admin,
      [true, false, false],
    ],
    [
      'spec 3 §4: practitioners lose edit and delete once both confirmed',
      { workflow: confirmedBoth },
      requisition(),
      users.drAvery,
      [false, false, false],
    ],
    [
      'spec 3 §4: … or when paperless applies',
      {},
      requisition({ paperless: true }),
      users.drAvery,
      [false, false, false],
    ],
    [
      'spec 3 §4: a patient deletes only with a single requisition',
      { requisitions: two },
      requisition(),
      users.patient,
      [true, false, true],
    ],
    [
      'spec 3 §4: save for later with more than one requisition (patient)',
      { requisitions: two },
      requisition(),
      users.patient,
      [true, false, true],
    ],
    [
      'spec 3 §4: save for later for admins',
      { requisitions: two },
      requisition(),
      users.admin,
      [true, true, true],
    ],
  ])('%s', (_spec, overrides, req, user, [edit, del, later]) => {
    const order = orderFacts({ requisitions: [requisition()], ...overrides });
    expect(requisitionPermissions(order, req, user)).toEqual({ edit, delete: del, saveForLater: later });
  });

  const complete = { ...orderFacts().workflow, complete: true };
  it.each<[string, Partial<ReturnType<typeof orderFacts>>, UserInfo, boolean]>([
    [
      "spec 3 §4: 'Patients edit diagnosis only when … the order is complete': not before",
      {},
      users.patient,
      false,
    ],
    ['spec 3 §4: a patient edits diagnosis on a complete order', { workflow: complete }, users.patient, true],
    [
      'spec 3 §4: not on a complete PITL order (editing is not allowed)',
      { workflow: complete, physicianInTheLoop: true },
      users.patient,
      false,
    ],
    ['spec 3 §6: practitioners edit diagnosis before completion', {}, users.drAvery, true],
    ['spec 3 §6: admins edit anything', {}, users.admin, true],
  ])('%s', (_spec, overrides, user, expected) => {
    expect(maySectionBeEdited(orderFacts(overrides), user, 'dxCodes', requisition())).toBe(expected);
  });

  it('spec 3 §6: a patient may not edit billing when it is a physician account selected by the practitioner', () => {
    const physician = requisition({ billingMethod: BILLING_METHODS.physicianAccount });
    const steps = rows([101], 'completed').map((row) =>
      row.id === STEP_IDS.billing ? { ...row, userType: 'myGDX' as const } : row,
    );
    const order = orderFacts({ requisitions: [physician], workflow: { ...orderFacts().workflow, steps } });
    expect(maySectionBeEdited(order, users.patient, 'billing', physician)).toBe(false);
    expect(maySectionBeEdited(order, users.drAvery, 'billing', physician)).toBe(true);
  });

  const confirmed = { ...orderFacts().workflow, patientConfirmed: true };
  it.each<[string, boolean, UserInfo, number, boolean]>([
    [
      "spec 3 §6: 'Price edit is limited once patient confirmation is complete': the tests",
      true,
      users.patient,
      STEP_IDS.panels,
      false,
    ],
    ['spec 3 §6: … and the billing method', true, users.patient, STEP_IDS.billing, false],
    [
      'spec 3 §6: before the confirmation the patient chooses the billing method',
      false,
      users.patient,
      STEP_IDS.billing,
      true,
    ],
    [
      'spec 3 §6: the patient still completes other steps (insurance)',
      true,
      users.patient,
      STEP_IDS.insurance,
      true,
    ],
    ['spec 3 §6: the practitioner still changes the tests', true, users.drAvery, STEP_IDS.panels, true],
    ['spec 3 §6: admins change anything', true, users.admin, STEP_IDS.billing, true],
  ])('%s', (_spec, patientConfirmed, user, stepId, expected) => {
    const order = orderFacts(patientConfirmed ? { workflow: confirmed } : {});
    expect(mayChangeStep(user, stepId, order, requisition())).toBe(expected);
    if (stepId === STEP_IDS.insurance) return;
    const section = stepId === STEP_IDS.panels ? 'panels' : 'billing';
    expect(maySectionBeEdited(order, user, section, requisition())).toBe(expected);
  });
});

describe('quantities on the review (spec 3 §5, §9)', () => {
  it.each<[string, string | number, number]>([
    ['spec 3 §5: a non-numeric value becomes 1', 'abc', 1],
    ['spec 3 §5: empty becomes 1', '', 1],
    ['spec 3 §5: minimum 1', '0', 1],
    ['spec 3 §5: maximum 99', '150', 99],
    ['spec 3 §5: a number in range is kept', '12', 12],
  ])('%s', (_spec, typed, expected) => {
    expect(reviewQuantityOf(typed)).toBe(expected);
  });

  const canada = practitioner({
    gsdlNo: 'P1005',
    office: { ...practitioner().office, reqLayoutId: 3 },
  });
  const canadaOrder = (quantities: number[]) => ({
    practitioner: canada,
    requisitions: quantities.map((quantity, i) => requisition({ id: 101 + i, quantity })),
  });

  it.each<
    [string, { practitioner: ReturnType<typeof practitioner>; requisitions: Requisition[] }, number, string[]]
  >([
    [
      'spec 3 §5: 1 to 99 on a domestic order',
      { practitioner: practitioner(), requisitions: [requisition()] },
      99,
      [],
    ],
    [
      'spec 3 §5: never 0',
      { practitioner: practitioner(), requisitions: [requisition()] },
      0,
      [REVIEW_QUANTITY_MESSAGE],
    ],
    [
      'spec 3 §5: never 100',
      { practitioner: practitioner(), requisitions: [requisition()] },
      100,
      [REVIEW_QUANTITY_MESSAGE],
    ],
    ['spec 3 §5: Canada totals up to 25', canadaOrder([1, 10]), 15, []],
    ['spec 3 §5: Canada totals capped at 25', canadaOrder([1, 10]), 16, [PHONE.maxCollectionPacks]],
  ])('%s', (_spec, order, quantity, expected) => {
    expect(reviewQuantityErrors(order, 101, quantity, PHONE).map((e) => e.defaultMessage)).toEqual(expected);
  });
});

describe('placing an order reaches workflow.complete (decisions 0080, 0081)', () => {
  const complete = (steps: WorkflowStep[], except: number[] = []) =>
    steps.map((row) =>
      except.includes(row.id) || row.notApplicable
        ? row
        : { ...row, completed: true, notStarted: false, status: { id: 3, name: 'Completed' } },
    );

  it('spec 1 §4.1/issue 20: a drop-ship Physician Account order is complete once placed and shipped', () => {
    const req = dropShip({ billingMethod: BILLING_METHODS.physicianAccount });
    const steps = initialWorkflowSteps({
      requisitions: [req],
      containsDropShipRequisition: true,
      containsShipToOfficeRequisition: false,
    });
    expect(steps.find((row) => row.id === STEP_IDS.customize)?.notApplicable).toBe(true);
    // The practitioner walked steps 1 to 7 and 14; confirmation is what submit adds.
    const walked = complete(steps, [8, 9, 10, 11, 12, 15]);
    const order = { requisitions: [req], workflow: { ...orderFacts().workflow, steps: walked } };
    const after = confirmationSteps(order, users.drAvery, '2026-11-26T06:00:00.000Z');
    expect(isWorkflowComplete(after)).toBe(true);
    expect(after.find((row) => row.id === STEP_IDS.practitionerConfirmation)).toMatchObject({
      completed: true,
      userType: 'myGDX',
      stepDate: '2026-11-26T06:00:00.000Z',
    });
  });

  it('decision 0180: with the practice paying, diagnosis codes (4) and insurance (7) left undone become not applicable', () => {
    const req = dropShip({ billingMethod: BILLING_METHODS.physicianAccount });
    const steps = initialWorkflowSteps({
      requisitions: [req],
      containsDropShipRequisition: true,
      containsShipToOfficeRequisition: false,
    });
    const walked = complete(steps, [4, 7, 8, 9, 10, 11, 12, 15]);
    const order = { requisitions: [req], workflow: { ...orderFacts().workflow, steps: walked } };
    const after = confirmationSteps(order, users.drAvery, '2026-11-26T06:00:00.000Z');
    expect(after.filter((row) => row.id === 4 || row.id === 7).every((row) => row.notApplicable)).toBe(true);
    expect(isWorkflowComplete(after)).toBe(true);
    const billedToInsurance = {
      ...order,
      requisitions: [{ ...req, billingMethod: BILLING_METHODS.insurance }],
    };
    const open = confirmationSteps(billedToInsurance, users.drAvery, '2026-11-26T06:00:00.000Z')
      .filter((row) => !row.completed && !row.notApplicable)
      .map((row) => row.id);
    expect(open).toEqual(expect.arrayContaining([4, 7]));
  });

  it('decision 0081: a ship-to-office order is complete once placed, customized and its shipping saved', () => {
    const req = requisition({ shipToOffice: true, quantity: 5, billingMethod: null });
    const steps = initialWorkflowSteps({
      requisitions: [req],
      containsDropShipRequisition: false,
      containsShipToOfficeRequisition: true,
    });
    expect(steps.find((row) => row.id === STEP_IDS.customize)?.notApplicable).toBe(false);
    const walked = complete(steps, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15]);
    const order = { requisitions: [req], workflow: { ...orderFacts().workflow, steps: walked } };
    expect(isWorkflowComplete(confirmationSteps(order, users.drAvery, TODAY))).toBe(true);
  });

  it('decision 0080: a patient-pay drop-ship order waits for the patient to confirm and pay', () => {
    const req = dropShip({ billingMethod: BILLING_METHODS.patientPay });
    const steps = initialWorkflowSteps({
      requisitions: [req],
      containsDropShipRequisition: true,
      containsShipToOfficeRequisition: false,
    });
    const order = {
      requisitions: [req],
      workflow: { ...orderFacts().workflow, steps: complete(steps, [8, 9, 10, 11, 12, 15]) },
    };
    expect(isPaidByPractitionerAccount(order)).toBe(false);
    const after = confirmationSteps(order, users.drAvery, TODAY);
    expect(isWorkflowComplete(after)).toBe(false);
    const open = after.filter((row) => !row.completed && !row.notApplicable).map((row) => row.id);
    expect(open).toEqual([STEP_IDS.summary, STEP_IDS.payment, STEP_IDS.registration]);
    // The patient's confirmation completes 9 and 10; the practitioner summary (15) is then no longer valid.
    const patient = confirmationSteps(
      { ...order, workflow: { ...order.workflow, steps: after } },
      users.patient,
      TODAY,
    );
    expect(patient.filter((row) => !row.completed && !row.notApplicable).map((row) => row.id)).toEqual([
      STEP_IDS.registration,
    ]);
  });
});

describe('practitioner change (spec 3 §4, §6)', () => {
  it.each<[string, UserInfo, boolean, boolean | null, number, boolean]>([
    ['spec 3 §6: admins can always change practitioner', users.admin, false, true, 1, true],
    [
      'spec 3 §4: a patient registration without agreement and several options',
      users.staffKim,
      true,
      null,
      2,
      true,
    ],
    ['spec 3 §4: not with a single option', users.staffKim, true, null, 1, false],
    ['spec 3 §4: not once the practitioner agreed', users.staffKim, true, true, 2, false],
    ['spec 3 §4: not without a patient registration', users.staffKim, false, null, 2, false],
    [
      'spec 3 §4: a patient on a registration without agreement and several options',
      users.patient,
      true,
      null,
      2,
      true,
    ],
    ['spec 3 §4: a patient with a single option', users.patient, true, null, 1, false],
    ['spec 3 §4: a patient once the practitioner agreed', users.patient, true, true, 2, false],
    ['spec 3 §4: a patient without a patient registration', users.patient, false, null, 2, false],
    [
      'spec 3 §4: a patient when the practitioner declined (agreement false)',
      users.patient,
      true,
      false,
      2,
      true,
    ],
    ['spec 3 §6: admins even with one option and no registration', users.admin, false, null, 0, true],
  ])('%s', (_spec, user, patientRegistration, practAgreement, optionCount, expected) => {
    expect(mayChangePractitioner({ user, order: { patientRegistration, practAgreement }, optionCount })).toBe(
      expected,
    );
  });
});

describe("a patient's practitioner options: the order's practice (decision 0111)", () => {
  it.each<[string, { gsdlNo: string; authorizingDoctorGsdlNo: string | null }, string]>([
    [
      'spec 1 §6: a practitioner authorized by another belongs to that practice',
      { gsdlNo: 'P1002', authorizingDoctorGsdlNo: 'P1001' },
      'P1001',
    ],
    [
      'spec 1 §6: the authorizing doctor is their own practice',
      { gsdlNo: 'P1001', authorizingDoctorGsdlNo: 'P1001' },
      'P1001',
    ],
    [
      'spec 1 §6: no authorizing doctor is a practice of one',
      { gsdlNo: 'P1004', authorizingDoctorGsdlNo: null },
      'P1004',
    ],
  ])('%s', (_spec, practitioner, expected) => {
    expect(practiceOf(practitioner)).toBe(expected);
  });
});

describe("spec 3 §5 Other payment rules: 'A diagnosis code is required...'", () => {
  it('starts with the spec words and names the product', () =>
    expect(REVIEW_MESSAGES.diagnosisCodesMissing('GI Effects Comprehensive')).toBe(
      'A diagnosis code is required when GI Effects Comprehensive is billed to insurance or Medicare.',
    ));
});

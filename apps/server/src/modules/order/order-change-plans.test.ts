// The plans of the order changes (decision 0065): pure functions of the order as read and the body, tested without a
// database.

import type { SavedOrder } from '@gear/domain';
import { BILLING_METHODS, type GearOrder, STEP_IDS, type WorkflowStep } from '@gear/domain';
import { order, requisition, rows, users } from '@gear/domain/test-support';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { planBillingMethod, planPriceIncreaseRecord } from '../billing/billing.service.ts';
import { planCancel } from '../cancel/cancel.service.ts';
import { planDropShipInstructions } from '../collection/collection.service.ts';
import { planPractitionerChange } from '../practitioner/practitioner.service.ts';
import { planRemoval, planSaveForLater, planSkipStep } from '../removal/removal.service.ts';
import { type OrderChangePlan, UNCHANGED } from './order-change.ts';

/** An order as the change core hands it to a plan: the domain's fixture with the facts the plans read. */
const savedOrder = (overrides: Partial<GearOrder> = {}): SavedOrder =>
  ({
    ...order(),
    version: 3,
    canceled: false,
    dateMedicalNecessityAcknowledged: null,
    containsDropShipRequisition: true,
    patientInfo: null,
    insurance: null,
    secondaryInsurance: null,
    myGDXKitOrder: false,
    covidRegistration: false,
    recollectionFor: null,
    ...overrides,
  }) as SavedOrder;

const twoRequisitions = () =>
  savedOrder({
    requisitions: [
      requisition({ id: 101, billingMethod: BILLING_METHODS.insurance, dropShip: true }),
      requisition({
        id: 102,
        billingMethod: BILLING_METHODS.insurance,
        dropShip: true,
        reqNumber: '50012346',
      }),
    ],
    workflow: {
      steps: rows([101, 102], 'notStarted'),
      practitionerConfirmed: false,
      patientConfirmed: false,
      complete: false,
    },
  });

const stepsOf = (plan: OrderChangePlan, inserted: number[] = []): readonly WorkflowStep[] =>
  typeof plan.steps === 'function' ? plan.steps(inserted) : (plan.steps ?? []);

const rowOf = (steps: readonly WorkflowStep[], id: number, gearReqId: number | null = null) =>
  steps.find((step) => step.id === id && step.gearReqId === gearReqId);

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('no refusal');
};

describe('billing plan', () => {
  const offered = [
    { name: BILLING_METHODS.insurance, label: 'Bill Insurance' },
    { name: BILLING_METHODS.patientSelects, label: 'Let my patient select' },
  ] as never;

  it('spec 1 §2.5: saves the choice and completes the billing step of the requisition', () => {
    const plan = planBillingMethod(
      twoRequisitions(),
      requisition({ id: 101 }),
      users.drAvery,
      { gearReqId: 101, billingMethod: BILLING_METHODS.insurance },
      offered,
    );
    expect(plan.writes).toEqual([
      { kind: 'updateRequisition', id: 101, values: { billingMethod: BILLING_METHODS.insurance } },
    ]);
    expect(plan.changes).toMatchObject({ governmentPayor: false });
    expect(rowOf(stepsOf(plan), STEP_IDS.billing, 101)?.completed).toBe(true);
    expect(rowOf(stepsOf(plan), STEP_IDS.billing, 102)?.completed).toBe(false);
  });

  it("spec 1 §2.5: 'Let my patient select' marks the step skipped, not completed", () => {
    const plan = planBillingMethod(
      twoRequisitions(),
      requisition({ id: 101 }),
      users.drAvery,
      { gearReqId: 101, billingMethod: BILLING_METHODS.patientSelects },
      offered,
    );
    const billing = rowOf(stepsOf(plan), STEP_IDS.billing, 101);
    expect(billing?.skipped).toBe(true);
    expect(billing?.completed).toBe(false);
  });

  it("spec 1 §2.5: an option not offered is refused with 'Please select a billing option.'", () => {
    expect(
      refusal(() =>
        planBillingMethod(
          twoRequisitions(),
          requisition({ id: 101 }),
          users.drAvery,
          { gearReqId: 101, billingMethod: BILLING_METHODS.physicianAccount },
          offered,
        ),
      ),
    ).toEqual({ status: 400, message: 'Please select a billing option.' });
  });

  it('spec 1 §4.3: the confirmation is recorded as an audit event with the price at that moment', () => {
    const plan = planPriceIncreaseRecord(
      requisition({ id: 101, billingMethod: BILLING_METHODS.patientPay }),
      {
        actor: 'user:7',
        user: users.drAvery,
        source: 'BillingOptions',
        priceCents: 45900,
      },
    );
    expect(plan.writes).toEqual([
      {
        kind: 'audit',
        actor: 'user:7',
        action: 'priceIncreaseConfirmed',
        detail: {
          gearReqId: 101,
          source: 'BillingOptions',
          userType: 'myGDX',
          billingMethod: BILLING_METHODS.patientPay,
          priceCents: 45900,
        },
      },
    ]);
    expect(plan.changes).toBeUndefined();
  });
});

describe('removal plans', () => {
  it('spec 2 §4: removing a requisition deletes it; its rows go with it and the others stay', () => {
    const plan = planRemoval(twoRequisitions(), users.drAvery, 102);
    expect(plan.writes).toEqual([{ kind: 'deleteRequisitions', ids: [102] }]);
    const steps = stepsOf(plan);
    expect(steps.some((step) => step.gearReqId === 102)).toBe(false);
    expect(rowOf(steps, STEP_IDS.panels, 101)).toBeDefined();
  });

  it('spec 2 §8: a requisition not on the order cannot be found (404)', () => {
    expect(refusal(() => planRemoval(twoRequisitions(), users.drAvery, 999)).status).toBe(404);
  });

  it('decision 0035: save for later moves the requisition to a new order with its rows', () => {
    const plan = planSaveForLater(twoRequisitions(), users.admin, 9, 102);
    const [move] = plan.writes ?? [];
    expect(move).toMatchObject({ kind: 'moveToNewOrder', gearReqId: 102, createdByUserId: 9 });
    expect(
      move?.kind === 'moveToNewOrder' &&
        move.steps.every((step) => step.gearReqId === null || step.gearReqId === 102),
    ).toBe(true);
    expect(stepsOf(plan).some((step) => step.gearReqId === 102)).toBe(false);
  });

  it('decision 0036: skipping a step marks its row Skipped', () => {
    const plan = planSkipStep(twoRequisitions(), users.drAvery, STEP_IDS.insurance, null);
    expect(rowOf(stepsOf(plan), STEP_IDS.insurance)?.skipped).toBe(true);
    expect(plan.writes).toBeUndefined();
  });

  it('decision 0034: canceling cancels the order and every requisition; a canceled order is left as it is', () => {
    const today = '2026-11-26';
    const open = twoRequisitions();
    const factsOf = (deliveryDate: string | null) => ({
      requisitions: open.requisitions.map((r) => ({ ...r, accessions: [] })),
      tracking: deliveryDate === null ? null : { status: 'DELIVERED', trackingNumbers: ['1'], deliveryDate },
      workflowComplete: false,
      dataConfirmed: true,
      recollection: { pending: false, map: {} },
      selectedAccessionNo: null,
      practitionerCmsAttributes: [],
    });
    expect(planCancel(open, factsOf(null), today)).toEqual({
      changes: { canceled: true },
      writes: [{ kind: 'cancelRequisitions' }],
    });
    expect(planCancel(savedOrder({ canceled: true }), factsOf(null), today)).toBe(UNCHANGED);
    // spec 3 §9: 45 days after delivery it may still be canceled, not on the 46th.
    expect(planCancel(open, factsOf('2026-10-12'), today)).not.toBe(UNCHANGED);
    expect(planCancel(open, factsOf('2026-10-11'), today)).toBe(UNCHANGED);
  });
});

describe('other plans', () => {
  it("spec 1 §2.4: the practitioner step changes the order's practitioner and who ordered on their behalf", () => {
    const plan = planPractitionerChange(users.staffKim, { practAgreement: true }, { gsdlNo: 'P1002' });
    expect(plan.changes).toMatchObject({
      practitionerGsdlNo: 'P1002',
      onBehalfOf: 'S2001',
      practAgreement: true,
    });
    expect(plan.changes?.practAgreementDate).toBeInstanceOf(Date);
    expect(
      planPractitionerChange(users.drAvery, { practAgreement: null }, { gsdlNo: 'P1001' }).changes,
    ).toMatchObject({ onBehalfOf: null, practAgreementDate: null });
  });

  it('spec 2 §2: drop-ship instructions save the notes and put step 5 in progress', () => {
    const plan = planDropShipInstructions(
      savedOrder({
        requisitions: [requisition({ id: 101, dropShip: true, reqNumber: null, activationCode: null })],
      }),
      users.drAvery,
      {
        gearOrderId: 100001,
        gearReqId: 101,
        patientInstructions: 'Fast',
        clinicalFindings: null,
        routeNumber: null,
      },
    );
    expect(plan.writes).toEqual([
      {
        kind: 'updateRequisition',
        id: 101,
        values: { patientInstructions: 'Fast', clinicalFindings: null, routeNumber: null },
      },
    ]);
    expect(rowOf(stepsOf(plan), STEP_IDS.collection, 101)?.status.name).toBe('In Progress');
  });
});

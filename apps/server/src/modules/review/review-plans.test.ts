// The plans of the review's and the handoff's order changes (decision 0065): pure functions of the order as read and
// the call, tested without a database.

import type { SavedOrder } from '@gear/domain';
import { type GearOrder, MESSAGES, REVIEW_MESSAGES, STEP_IDS } from '@gear/domain';
import { order, patientInfo, practitioner, requisition, rows, users } from '@gear/domain/test-support';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { planHandoff } from '../handoff/handoff.service.ts';
import { type OrderChangePlan, UNCHANGED } from '../order/order-change.ts';
import {
  planAuthorization,
  planChangeOfPractitioner,
  planMedicalNecessity,
  planQuantity,
  planWorkflow,
} from './review.service.ts';

const savedOrder = (overrides: Partial<GearOrder> = {}): SavedOrder =>
  ({
    ...order(),
    version: 3,
    canceled: false,
    dateMedicalNecessityAcknowledged: null,
    patientInfo: null,
    shippingMethod: null,
    ...overrides,
  }) as SavedOrder;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('no refusal');
};

const stepsOf = (plan: OrderChangePlan | typeof UNCHANGED) =>
  'unchanged' in plan ? [] : typeof plan.steps === 'function' ? plan.steps([]) : (plan.steps ?? []);

describe('review plans', () => {
  it('spec 3 §4: the medical-necessity acknowledgement is dated and audited; null withdraws it', () => {
    const at = new Date('2026-11-26T08:00:00Z');
    const given = planMedicalNecessity(at, users.drAvery, 'user:1');
    expect(given.changes).toEqual({ dateMedicalNecessityAcknowledged: at });
    expect(given.writes).toEqual([
      {
        kind: 'audit',
        actor: 'user:1',
        action: 'medicalNecessityAcknowledged',
        detail: { userType: 'myGDX' },
      },
    ]);
    const withdrawn = planMedicalNecessity(null, users.patient, 'patient');
    expect(withdrawn.changes).toEqual({ dateMedicalNecessityAcknowledged: null });
    expect(withdrawn.writes?.[0]).toMatchObject({ action: 'medicalNecessityWithdrawn' });
  });

  it("spec 3 §4: the authorization saves once; spec 3 §6: 403 'You do not have permission…' for a patient", () => {
    const at = new Date('2026-11-26T08:00:00Z');
    const pending = savedOrder({ practitioner: practitioner(), practAgreement: false });
    expect(refusal(() => planAuthorization(pending, users.patient, at, 'patient'))).toEqual({
      status: 403,
      message: REVIEW_MESSAGES.authorizationForbidden,
    });
    const plan = planAuthorization(pending, users.admin, at, 'user:9');
    expect(plan).toMatchObject({ changes: { practAgreement: true, practAgreementDate: at } });
    expect('writes' in plan && plan.writes[0]).toMatchObject({ kind: 'audit', action: 'orderAuthorized' });
    expect(planAuthorization(savedOrder({ practAgreement: true }), users.admin, at, 'user:9')).toBe(
      UNCHANGED,
    );
  });

  it('spec 3 §5: a quantity of 1 to 99 is written; the same quantity changes nothing; 100 is refused (400)', () => {
    const pack = requisition({ id: 101, quantity: 1 });
    const read = savedOrder({ requisitions: [pack] });
    expect(planQuantity(read, pack, users.drAvery, 1, '555')).toBe(UNCHANGED);
    expect(planQuantity(read, pack, users.drAvery, 3, '555')).toEqual({
      writes: [{ kind: 'updateRequisition', id: 101, values: { quantity: 3 } }],
    });
    expect(refusal(() => planQuantity(read, pack, users.drAvery, 100, '555')).status).toBe(400);
  });

  it('decision 0080: updateWorkflow completes a viewed Practitioner Summary and refuses completing another step', () => {
    const read = savedOrder({ workflow: { ...order().workflow, steps: rows([101], 'notStarted') } });
    const asked = (id: number) => ({
      id: read.id as number,
      version: 3,
      workflow: {
        ...read.workflow,
        steps: read.workflow.steps.map((row) => (row.id === id ? { ...row, completed: true } : row)),
      },
    });
    expect(
      refusal(() => planWorkflow(read, users.drAvery, asked(STEP_IDS.billing) as never, 'now')),
    ).toMatchObject({
      status: 400,
    });
    const plan = planWorkflow(read, users.drAvery, asked(-1) as never, '2026-11-26T08:00:00.000Z');
    expect(stepsOf(plan)).toHaveLength(read.workflow.steps.length);
  });

  it('spec 3 §4: the same practitioner changes nothing; one not among the options is 403; a change is audited', () => {
    const read = savedOrder({ practitioner: practitioner({ gsdlNo: 'P1001' }), practAgreement: null });
    expect(planChangeOfPractitioner(read, users.admin, { gsdlNo: 'P1001' }, [], 'user:9')).toBe(UNCHANGED);
    expect(
      refusal(() => planChangeOfPractitioner(read, users.drChen, { gsdlNo: 'P1002' }, [], 'user:3')),
    ).toEqual({
      status: 403,
      message: MESSAGES.forbidden,
    });
    const plan = planChangeOfPractitioner(read, users.admin, { gsdlNo: 'P1002' }, [], 'user:9');
    expect(plan).toMatchObject({
      changes: { practitionerGsdlNo: 'P1002' },
      writes: [{ kind: 'audit', action: 'practitionerChanged', detail: { from: 'P1001', to: 'P1002' } }],
    });
  });
});

describe('handoff plan', () => {
  const facts = { today: '2026-11-26', dropShip: false, shippingMethods: [] };
  const form = {
    dateOfBirth: '1985-04-12',
    nameLast: 'Testpatient',
    email: 'jane@example.com',
    shippingMethod: null,
  };

  it('spec 3 §5: a form breaking a rule is refused 422 with the first message', () => {
    expect(
      refusal(() => planHandoff(savedOrder(), users.drAvery, { ...form, nameLast: '' }, facts, 'now')).status,
    ).toBe(422);
  });

  it("spec 3 §8: saves the patient's date of birth, last name and email and completes the handoff step", () => {
    const read = savedOrder({ patientInfo: patientInfo({ email: null }) });
    const plan = planHandoff(read, users.drAvery, form, facts, '2026-11-26T08:00:00.000Z');
    expect(plan.changes?.patientInfo).toMatchObject({
      dateOfBirth: '1985-04-12',
      nameLast: 'Testpatient',
      email: 'jane@example.com',
    });
    expect(plan.changes?.shippingMethod).toBeNull();
    expect(plan.steps).toBeDefined();
  });
});

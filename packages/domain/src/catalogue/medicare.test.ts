import { describe, expect, it } from 'vitest';
import { BILLING_METHODS, type BillingMethod, type Practitioner } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { order, practitioner, requisition, rows } from '../test-support/fixtures.ts';
import {
  billingMethodForPanels,
  defaultBillingMethod,
  isChelationProvocationChosen,
  isMedicareEligibleItem,
  isOfferedForMedicareAnswer,
  medicareItemRefusal,
  medicareRefusal,
  requiresMedicalNecessity,
  showsMedicareSelector,
  showsMedicareUnregisteredWarning,
  supportsMedicareQuestion,
} from './medicare.ts';

const international = { ...practitioner().office, reqLayoutId: 3 };

describe('isMedicareEligibleItem', () => {
  it.each([540, 542, 895, 897, 894, 896, 544, 545, 546, 547, 617, 622, 554, 854, 534])(
    'spec 1 §9: item %i is Medicare-eligible',
    (id) => {
      expect(isMedicareEligibleItem(id)).toBe(true);
    },
  );
  it.each([215, 760, 260, 902, 910, 700, 930])('spec 1 §9: item %i is not', (id) => {
    expect(isMedicareEligibleItem(id)).toBe(false);
  });
  it('spec 1 §5: the message names the product', () => {
    expect(MESSAGES.medicareNotAvailableForTest('SIBO Breath Test')).toBe(
      'Medicare or Tricare billing is not available for the SIBO Breath Test test. Please switch to Non-Medicare billing to order this test.',
    );
  });
});

describe('showsMedicareSelector', () => {
  it.each<[string, 'myGDX' | 'prc', boolean, Partial<Practitioner>, boolean]>([
    ['spec 1 §6: myGDX users see the Medicare selector', 'myGDX', false, {}, true],
    ['spec 1 §6: …unless international layout', 'myGDX', false, { office: international }, false],
    ['spec 1 §6: …or inline', 'myGDX', true, {}, false],
    ['spec 1 §6: prc users have no Medicare selector', 'prc', false, {}, false],
    [
      'decision 0005: no selector without Medicare among the billing methods',
      'myGDX',
      false,
      { billingMethods: ['Client', 'Patient'] },
      false,
    ],
  ])('%s', (_spec, userType, inline, overrides, expected) => {
    expect(showsMedicareSelector({ userType, inline, practitioner: practitioner(overrides) })).toBe(expected);
  });
});

describe('medicareRefusal', () => {
  it.each<[string, Partial<Practitioner>, string | null]>([
    ['spec 1 §6: an MD with Medicare billing may answer Yes', {}, null],
    ['spec 1 §5: a DO may', { degree: 'D.O.' }, null],
    [
      'spec 1 §5: a degree that is not eligible must answer No',
      { degree: 'ND' },
      MESSAGES.medicareDegreeNotEligible,
    ],
    [
      'spec 1 §6: no Medicare billing method, no Medicare',
      { billingMethods: ['Client', 'Patient'] },
      MESSAGES.medicareNotOffered,
    ],
    ['spec 1 §6: international layout, no Medicare', { office: international }, MESSAGES.medicareNotOffered],
  ])('%s', (_spec, overrides, expected) => {
    expect(medicareRefusal(practitioner(overrides))).toBe(expected);
  });
});

describe('supportsMedicareQuestion', () => {
  it.each<[string, 'myGDX' | 'prc', Partial<Practitioner>, number, boolean]>([
    [
      'spec 1 §5: prc, practitioner with Medicare, eligible item, own authorizing doctor',
      'prc',
      {},
      540,
      true,
    ],
    ['spec 1 §5: not for myGDX users', 'myGDX', {}, 540, false],
    ['spec 1 §5: not for an ineligible item', 'prc', {}, 215, false],
    ['spec 1 §5: not without Medicare', 'prc', { billingMethods: ['Client'] }, 540, false],
    [
      'spec 1 §5: not when another doctor authorizes',
      'prc',
      { authorizingDoctorGsdlNo: 'P1009' },
      540,
      false,
    ],
  ])('%s', (_spec, userType, overrides, itemId, expected) => {
    expect(supportsMedicareQuestion({ userType, practitioner: practitioner(overrides), itemId })).toBe(
      expected,
    );
  });
});

describe('billing method on panel selection', () => {
  const provocation = (value: string) => [{ id: 4102, value }];
  const billing = (
    medicare: boolean,
    current: BillingMethod | null,
    overrides: Partial<Practitioner> = {},
    fields = [{ id: 4100, value: 'true' }],
  ) =>
    billingMethodForPanels({
      medicare,
      current,
      profileSpecificFields: fields,
      practitioner: practitioner(overrides),
    });

  it.each<[string, string, boolean]>([
    ['spec 1 §4.4: @PRE is a chelation provocation', '@PRE', true],
    ['spec 1 §4.4: @POST is a chelation provocation', '@POST', true],
    ['spec 1 §3: other markers are not', '@NP', false],
  ])('%s', (_spec, value, expected) => {
    expect(isChelationProvocationChosen(provocation(value))).toBe(expected);
  });

  it.each<
    [
      string,
      boolean,
      BillingMethod | null,
      Partial<Practitioner>,
      { id: number; value: string }[],
      BillingMethod | null,
    ]
  >([
    [
      "spec 1 §4.4: Medicare forces 'Medicare or Tricare'",
      true,
      BILLING_METHODS.insurance,
      {},
      [],
      BILLING_METHODS.medicare,
    ],
    [
      "spec 1 §4.4: chelation provocation on Medicare gives 'No Insurance Billing: Pay Full Amount'",
      true,
      null,
      {},
      provocation('@POST'),
      BILLING_METHODS.patientPay,
    ],
    [
      'spec 1 §4.4: leaving Medicare drops the Medicare method',
      false,
      BILLING_METHODS.medicare,
      {},
      [],
      null,
    ],
    [
      'spec 1 §4.4: a non-Medicare choice is kept',
      false,
      BILLING_METHODS.insurance,
      {},
      [],
      BILLING_METHODS.insurance,
    ],
    [
      "spec 1 §4.4: a single 'Client' billing method defaults to 'Physician Account'",
      false,
      null,
      { billingMethods: ['Client'] },
      [],
      BILLING_METHODS.physicianAccount,
    ],
    [
      "spec 1 §4.4: an international layout defaults to 'Physician Account'",
      false,
      BILLING_METHODS.medicare,
      { office: international },
      [],
      BILLING_METHODS.physicianAccount,
    ],
  ])('%s', (_spec, medicare, current, overrides, fields, expected) => {
    expect(billing(medicare, current, overrides, fields)).toBe(expected);
  });

  it('spec 1 §4.4: no default for a practitioner with several methods', () => {
    expect(defaultBillingMethod(practitioner())).toBeNull();
  });
});

describe('medical necessity', () => {
  it.each<[string, 'myGDX' | 'prc', boolean, boolean]>([
    ['spec 1 §5: required for practitioners on Medicare orders', 'myGDX', true, true],
    ['spec 1 §5: not on other orders', 'myGDX', false, false],
    ['spec 1 §5: not for patients', 'prc', true, false],
  ])('%s', (_spec, userType, medicare, expected) => {
    expect(requiresMedicalNecessity({ userType, medicare })).toBe(expected);
  });
  it('spec 1 §5: the message is verbatim', () => {
    expect(MESSAGES.medicalNecessityRequired).toBe(
      'Please acknowledge you have read the definition of medical necessity.',
    );
  });
});

describe('showsMedicareUnregisteredWarning', () => {
  const medicareRequisition = requisition({ billingMethod: BILLING_METHODS.medicare, reqNumber: '50012345' });
  const facts = (
    overrides: { practAgreement?: boolean | null; acknowledged?: string | null; confirmed?: boolean } = {},
  ) => ({
    ...order({
      workflow: {
        steps: rows([101], 'notStarted', overrides.confirmed ? { 11: 'completed' } : {}),
        practitionerConfirmed: false,
        patientConfirmed: false,
        complete: false,
      },
      practAgreement: overrides.practAgreement ?? null,
    }),
    dateMedicalNecessityAcknowledged: overrides.acknowledged ?? null,
  });

  it.each<[string, ReturnType<typeof facts>, typeof medicareRequisition, boolean]>([
    [
      'spec 1 §8: Medicare, a reqNumber, not confirmed, no acknowledgement',
      facts(),
      medicareRequisition,
      true,
    ],
    [
      'spec 1 §8: not once confirmed with agreement',
      facts({ confirmed: true, practAgreement: true }),
      medicareRequisition,
      false,
    ],
    [
      'spec 1 §8: confirmed without agreement still warns',
      facts({ confirmed: true }),
      medicareRequisition,
      true,
    ],
    [
      'spec 1 §8: not once acknowledged',
      facts({ acknowledged: '2026-01-05T10:00:00Z' }),
      medicareRequisition,
      false,
    ],
    ['spec 1 §8: not without a reqNumber', facts(), { ...medicareRequisition, reqNumber: null }, false],
    [
      'spec 1 §8: not for other billing',
      facts(),
      { ...medicareRequisition, billingMethod: BILLING_METHODS.insurance },
      false,
    ],
  ])('%s', (_spec, subject, req, expected) => {
    expect(showsMedicareUnregisteredWarning(subject, req)).toBe(expected);
  });
});

describe('isOfferedForMedicareAnswer (spec 1 §4.4 refiltering, §5, §9 ids)', () => {
  it.each<[string, number, boolean, boolean]>([
    ['spec 1 §9: 540 is offered on a Medicare order', 540, true, true],
    ['spec 1 §9: 854 is offered on a Medicare order', 854, true, true],
    ['spec 1 §5: 760 is not offered on a Medicare order', 760, true, false],
    ['spec 1 §5: 215 is not offered on a Medicare order', 215, true, false],
    ['spec 1 §4.4: every product is offered on a Non-Medicare order', 760, false, true],
  ])('%s', (_name, id, medicare, expected) => {
    expect(isOfferedForMedicareAnswer({ id }, medicare)).toBe(expected);
  });
});

describe('medicareItemRefusal', () => {
  it.each<[string, { id: number; name: string }, boolean, string | null]>([
    [
      'spec 1 §5: a product not eligible for Medicare cannot be ordered on a Medicare order',
      { id: 215, name: 'SIBO Breath Test' },
      true,
      MESSAGES.medicareNotAvailableForTest('SIBO Breath Test'),
    ],
    ['spec 1 §5: an eligible product can', { id: 540, name: 'GI Effects' }, true, null],
    ['spec 1 §5: any product on a non-Medicare order', { id: 215, name: 'SIBO Breath Test' }, false, null],
  ])('%s', (_spec, item, medicare, expected) => {
    expect(medicareItemRefusal(item, medicare)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { insuranceSchema, insuranceStepSchema } from '../contract/insurance.ts';
import type { Insurance, PatientAddress } from '../contract/order.ts';
import { requisition } from '../test-support/fixtures.ts';
import {
  answerMedicareQuestionYes,
  asksMedicareQuestion,
  type InsuranceRulesFacts,
  isMedicareTypeOrder,
  validateInsurance,
} from './insurance.ts';

const claims = (overrides: Partial<PatientAddress> = {}): PatientAddress => ({
  type: 'claims',
  address1: 'PO Box 14079',
  address2: null,
  city: 'Lexington',
  state: 'KY',
  zipCode: '40512',
  country: 'United States',
  county: null,
  voicePhone: null,
  alternatePhone: null,
  schoolDistrict: null,
  ...overrides,
});

const aetna = (overrides: Partial<Insurance> = {}): Insurance => ({
  insuranceProvider: 'aetna',
  subscriberId: 'W123456789',
  subscriberName: 'Jane Testpatient',
  subscriberDOB: '1985-04-12',
  groupNumber: '0123456',
  subscriberRelation: 'Self',
  otherSubscriberRelation: null,
  otherProvider: null,
  phoneNumber: '+18005551234',
  claimsAddress: claims(),
  insuranceRank: 0,
  ...overrides,
});

const facts = (overrides: Partial<InsuranceRulesFacts> = {}) => ({
  today: '2026-06-15',
  medicareOrder: false,
  medicareBeneficiaryIdConfirmed: false,
  ...overrides,
});

const check = (insurance: Partial<Insurance>, context: Partial<InsuranceRulesFacts> = {}): string[] =>
  validateInsurance(aetna(insurance), facts(context)).map(
    (error) => `${error.field}: ${error.defaultMessage}`,
  );

const c = 'claimsAddress';
const noAddress = { claimsAddress: null, phoneNumber: null };

describe('validateInsurance', () => {
  it.each<[string, Partial<Insurance>, Partial<InsuranceRulesFacts>, string[]]>([
    ['spec 2 §5: a complete commercial insurance', {}, {}, []],
    [
      'spec 2 §5: insurance provider required',
      { insuranceProvider: null },
      {},
      ['insuranceProvider: Please provide an insurance provider.'],
    ],
    [
      'spec 1 §9: novalue (Unknown Carrier) is not a provider to save',
      { insuranceProvider: 'novalue' },
      {},
      ['insuranceProvider: Please provide an insurance provider.'],
    ],
    [
      'spec 2 §5: the other insurance provider when other',
      { insuranceProvider: 'other' },
      {},
      ['otherProvider: Please provide an other insurance provider'],
    ],
    ['spec 2 §5: other with its name', { insuranceProvider: 'other', otherProvider: 'Acme Health' }, {}, []],
    [
      'spec 2 §5: other provider max 100',
      { insuranceProvider: 'other', otherProvider: 'A'.repeat(101) },
      {},
      ['otherProvider: Other insurance provider can be at most 100 characters.'],
    ],
    [
      'spec 2 §5: subscriber full name required',
      { subscriberName: ' ' },
      {},
      ['subscriberName: Please provide a subscriber full name.'],
    ],
    [
      'spec 2 §5: subscriber name max 50',
      { subscriberName: 'N'.repeat(51) },
      {},
      ['subscriberName: Subscriber name can be at most 50 characters.'],
    ],
    [
      'spec 2 §5: subscriber ID required',
      { subscriberId: null },
      {},
      ['subscriberId: Please provide a subscriber ID #/Medicare #.'],
    ],
    [
      'spec 2 §5: subscriber ID alphanumeric',
      { subscriberId: 'W123-456' },
      {},
      ['subscriberId: Please use letters and numbers only.'],
    ],
    [
      'spec 2 §5: subscriber ID max 50',
      { subscriberId: 'W'.repeat(51) },
      {},
      ['subscriberId: Subscriber ID can be at most 50 characters.'],
    ],
    [
      'spec 2 §5: subscriber date of birth required',
      { subscriberDOB: null },
      {},
      ['subscriberDOB: Please provide a subscriber date of birth.'],
    ],
    [
      'spec 3 §5: subscriber date of birth format',
      { subscriberDOB: '1985/04/12' },
      {},
      ['subscriberDOB: 1985/04/12 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.'],
    ],
    [
      'spec 1 §5: a subscriber born tomorrow',
      { subscriberDOB: '2026-06-16' },
      {},
      ['subscriberDOB: Please provide a valid date of birth.'],
    ],
    [
      'spec 2 §5: subscriber relationship required',
      { subscriberRelation: null },
      {},
      ['subscriberRelation: Please provide a subscriber relationship.'],
    ],
    [
      'spec 2 §5: the other subscriber relationship when Other',
      { subscriberRelation: 'Other' },
      {},
      ['otherSubscriberRelation: Please provide the other subscriber relationship'],
    ],
    [
      'spec 2 §5: Other with the relationship',
      { subscriberRelation: 'Other', otherSubscriberRelation: 'Parent' },
      {},
      [],
    ],
    [
      'spec 2 §5: group number alphanumeric',
      { groupNumber: 'GRP 12#' },
      {},
      ['groupNumber: Please use letters and numbers only.'],
    ],
    [
      'spec 2 §5: group number max 50',
      { groupNumber: '1'.repeat(51) },
      {},
      ['groupNumber: Group number can be at most 50 characters.'],
    ],
    ['spec 2 §5: group number is optional', { groupNumber: null }, {}, []],
    [
      'spec 2 §5: the claims address and phone are required',
      noAddress,
      {},
      [
        `${c}.address1: Please provide a street address.`,
        `${c}.city: Please provide a city.`,
        `${c}.state: Please provide a valid 2 character state abbreviation.`,
        `${c}.zipCode: Please provide a zip code.`,
        'phoneNumber: Please provide a valid phone number.',
      ],
    ],
    ['spec 2 §5: not for a Medicare-type order', noAddress, { medicareOrder: true }, []],
    [
      'spec 2 §5: not once the beneficiary ID is confirmed',
      noAddress,
      { medicareBeneficiaryIdConfirmed: true },
      [],
    ],
    [
      'spec 2 §5: not for a Medicare-type carrier (Tricare)',
      { ...noAddress, insuranceProvider: 'tricare' },
      {},
      [],
    ],
    [
      'spec 2 §5: state must be a valid US, Canadian or territory abbreviation',
      { claimsAddress: claims({ state: 'Kentucky' }) },
      {},
      [`${c}.state: Please provide a valid 2 character state abbreviation.`],
    ],
    [
      'spec 2 §5: a territory abbreviation',
      { claimsAddress: claims({ state: 'PR', zipCode: '00901' }) },
      {},
      [],
    ],
    ['spec 2 §5: a Canadian abbreviation', { claimsAddress: claims({ state: 'QC' }) }, {}, []],
    [
      'spec 2 §5: phone of at least 11 digits',
      { phoneNumber: '555-1234' },
      {},
      ['phoneNumber: Please provide a valid phone number.'],
    ],
    [
      'spec 2 §5: claims zip max 5',
      { claimsAddress: claims({ zipCode: '40512-1234' }) },
      {},
      [`${c}.zipCode: Please provide a valid zip code.`],
    ],
    [
      'spec 2 §5: claims zip max 5 also where the address is optional',
      { claimsAddress: claims({ zipCode: '405121' }) },
      { medicareOrder: true },
      [`${c}.zipCode: Zip code can be at most 5 characters.`],
    ],
    [
      'spec 2 §5: address lines 128 and city 64',
      { claimsAddress: claims({ address1: 'A'.repeat(129), city: 'C'.repeat(65) }) },
      {},
      [
        `${c}.address1: Address line 1 can be at most 128 characters.`,
        `${c}.city: City can be at most 64 characters.`,
      ],
    ],
  ])('%s', (_spec, insurance, context, expected) => {
    expect(check(insurance, context)).toEqual(expected);
  });
});

describe('the Medicare/Tricare question', () => {
  it.each<[string, string | null, boolean, boolean]>([
    ['spec 2 §4: an MBI asks the question', '1EG4-TE5-MK73', false, true],
    ['spec 2 §4: 11 digits ask it', '12345678901', false, true],
    ['spec 2 §4: a commercial ID does not', 'W123456789', false, false],
    ['spec 2 §4: not again once confirmed', '1EG4TE5MK73', true, false],
  ])('%s', (_spec, subscriberId, confirmed, expected) => {
    expect(asksMedicareQuestion({ subscriberId }, confirmed)).toBe(expected);
  });

  it("spec 2 §4: Yes sets provider medicare, confirms the ID and bills 'Medicare or Tricare' on all requisitions", () => {
    const order = {
      insurance: aetna({ subscriberId: '1EG4TE5MK73' }),
      secondaryInsurance: null,
      requisitions: [
        requisition({ billingMethod: 'Bill Insurance with Patient Payment', insuranceBillingSelected: true }),
        requisition({ id: 102, billingMethod: 'Physician Account', physicianBillingSelected: true }),
      ],
    };
    const answered = answerMedicareQuestionYes(order, 0);
    expect(answered.medicareBeneficiaryIdConfirmed).toBe(true);
    expect(answered.order.insurance?.insuranceProvider).toBe('medicare');
    expect(
      answered.order.requisitions.map((r) => [
        r.billingMethod,
        r.medicareTricareBillingSelected,
        r.insuranceBillingSelected,
        r.physicianBillingSelected,
      ]),
    ).toEqual([
      ['Medicare or Tricare', true, false, false],
      ['Medicare or Tricare', true, false, false],
    ]);
    expect(isMedicareTypeOrder(answered.order)).toBe(true);
    expect(isMedicareTypeOrder(order)).toBe(false);
  });

  it('spec 2 §4: the secondary insurance answered', () => {
    const order = { insurance: aetna(), secondaryInsurance: aetna({ insuranceRank: 1 }), requisitions: [] };
    const answered = answerMedicareQuestionYes(order, 1).order;
    expect([answered.insurance?.insuranceProvider, answered.secondaryInsurance?.insuranceProvider]).toEqual([
      'aetna',
      'medicare',
    ]);
  });
});

describe('insuranceSchema', () => {
  it('spec 2 §5: member numbers lose dashes and spaces; the phone is normalised; the date canonical', () => {
    const parsed = insuranceSchema.parse({
      ...aetna(),
      subscriberId: ' 1eg4-te5-mk73 ',
      groupNumber: 'grp 123',
      phoneNumber: '800 555 1234',
      subscriberDOB: '04/12/1985',
      subscriberRelation: '',
      otherProvider: '',
    });
    expect(parsed).toMatchObject({
      subscriberId: '1EG4TE5MK73',
      groupNumber: 'GRP123',
      phoneNumber: '+18005551234',
      subscriberDOB: '1985-04-12',
      subscriberRelation: null,
      otherProvider: null,
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['spec 2 §3: relationship is Self, Spouse or Other', { subscriberRelation: 'Child' }],
    ['spec 2 §3: rank 0 or 1', { insuranceRank: 2 }],
    ['spec 2 §3: the claims address has a type', { claimsAddress: { address1: '1 Main St' } }],
  ])('%s is refused', (_spec, overrides) => {
    expect(insuranceSchema.safeParse({ ...aetna(), ...overrides }).success).toBe(false);
  });

  it('spec 2 §7: the step body: insurance, an optional secondary, the rest passes through', () => {
    const parsed = insuranceStepSchema.parse({ id: 100001, insurance: aetna(), requisitions: [] });
    expect(parsed).toMatchObject({ id: 100001, secondaryInsurance: null, requisitions: [] });
  });
});

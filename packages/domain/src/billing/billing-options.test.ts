import { describe, expect, it } from 'vitest';
import type { PractitionerBillingMethod } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { practitioner, requisition } from '../test-support/fixtures.ts';
import {
  type BillingOptionFacts,
  billingOption,
  billingOptions,
  isCovidProduct,
  validateBillingChoice,
} from './billing-options.ts';

const HRSA = ['P1007'];

interface Case {
  user?: 'myGDX' | 'prc';
  methods?: PractitionerBillingMethod[];
  gsdlNo?: string;
  itemId?: number;
  medicareEligible?: boolean;
  current?: BillingOptionFacts['requisition']['billingMethod'];
  patientRegistration?: boolean;
}

function facts({
  user = 'myGDX',
  methods = ['Client', 'Insurance', 'Patient', 'Medicare'],
  gsdlNo = 'P1001',
  itemId = 540,
  medicareEligible = true,
  current = null,
  patientRegistration = false,
}: Case): BillingOptionFacts {
  return {
    user: { type: user },
    practitioner: practitioner({ gsdlNo, billingMethods: methods }),
    order: { patientRegistration },
    requisition: requisition({ omsOrderableItemId: itemId, medicareEligible, billingMethod: current }),
    hrsaGsdlNumbers: HRSA,
  };
}

const names = (c: Case): string[] => billingOptions(facts(c)).map((option) => option.name);

const PA = 'Physician Account';
const INS = 'Bill Insurance with Patient Payment';
const PAY = 'No Insurance Billing: Pay Full Amount';
const MCR = 'Medicare or Tricare';
const UNINSURED = 'Uninsured';
const HRSA_OPTION = 'Uninsured (HRSA Elligible)';
const SELECT = 'Let my patient select their billing option';

describe('billingOptions', () => {
  it.each<[string, Case, string[]]>([
    ['spec 1 §6: Client gives Physician Account', { methods: ['Client'] }, [PA, SELECT]],
    [
      'spec 1 §6: Insurance gives Bill Insurance with Patient Payment',
      { methods: ['Insurance'] },
      [INS, SELECT],
    ],
    [
      'spec 1 §6: Patient gives No Insurance Billing: Pay Full Amount',
      { methods: ['Patient'] },
      [PAY, SELECT],
    ],
    ['spec 1 §6: Medicare gives Medicare or Tricare', { methods: ['Medicare'] }, [MCR, SELECT]],
    [
      'spec 1 §6: all four methods give all four options, in that order',
      { methods: ['Medicare', 'Patient', 'Insurance', 'Client'] },
      [PA, INS, PAY, MCR, SELECT],
    ],
    [
      'spec 1 §5 (assumption): no Medicare or Tricare on an item not eligible for Medicare',
      { methods: ['Client', 'Medicare'], medicareEligible: false },
      [PA, SELECT],
    ],
    [
      'spec 1 §9: a COVID product (902) gets Uninsured; HRSA only for the configured GSDL',
      { methods: ['Client', 'Insurance', 'Patient'], itemId: 902 },
      [PA, INS, PAY, UNINSURED, SELECT],
    ],
    [
      'spec 1 §9: COVID product 910 gets Uninsured too',
      { methods: ['Patient'], itemId: 910 },
      [PAY, UNINSURED, SELECT],
    ],
    [
      'spec 1 §9 + README 3: the configured HRSA GSDL gets the HRSA option and loses Physician Account',
      { methods: ['Client', 'Insurance', 'Patient'], gsdlNo: 'P1007', itemId: 902 },
      [INS, PAY, UNINSURED, HRSA_OPTION, SELECT],
    ],
    [
      'spec 1 §9: the HRSA GSDL keeps Physician Account on a product that is not COVID',
      { methods: ['Client', 'Patient'], gsdlNo: 'P1007', itemId: 540 },
      [PA, PAY, SELECT],
    ],
    [
      'spec 1 §6: prc does not see Physician Account when other options exist',
      { user: 'prc', methods: ['Client', 'Patient'] },
      [PAY],
    ],
    [
      'spec 1 §6: prc sees Physician Account when no other option exists',
      { user: 'prc', methods: ['Client'] },
      [PA],
    ],
    [
      'spec 1 §6: prc sees Physician Account on a patient registration',
      { user: 'prc', methods: ['Client', 'Patient'], patientRegistration: true },
      [PA, PAY],
    ],
    [
      'spec 1 §6: prc sees Physician Account when the requisition is already Physician Account',
      { user: 'prc', methods: ['Client', 'Insurance'], current: PA },
      [PA, INS],
    ],
    [
      'spec 1 §4.3 (assumption): a patient is never offered Let my patient select',
      { user: 'prc', methods: ['Patient'] },
      [PAY],
    ],
    ['spec 1 §6: no billing methods, no options for a patient', { user: 'prc', methods: [] }, []],
  ])('%s', (_name, c, expected) => {
    expect(names(c)).toEqual(expected);
  });

  it('spec 1 §9: labels are the names, short labels Bill Insurance, Patient Pay, Bill Practitioner', () => {
    expect(billingOptions(facts({ methods: ['Client', 'Insurance', 'Patient', 'Medicare'] }))).toEqual([
      { name: PA, label: PA, shortLabel: 'Bill Practitioner' },
      { name: INS, label: INS, shortLabel: 'Bill Insurance' },
      { name: PAY, label: PAY, shortLabel: 'Patient Pay' },
      { name: MCR, label: MCR, shortLabel: MCR },
      { name: SELECT, label: SELECT, shortLabel: SELECT },
    ]);
  });

  it('README 3: the HRSA GSDL list is compared trimmed and uppercased', () => {
    const lowerCaseConfig = { ...facts({ gsdlNo: 'P1007', itemId: 902 }), hrsaGsdlNumbers: [' p1007 '] };
    expect(billingOptions(lowerCaseConfig).map((o) => o.name)).toContain(HRSA_OPTION);
  });
});

describe('isCovidProduct', () => {
  it.each([
    [902, true],
    [910, true],
    [540, false],
  ])('spec 1 §9: items 902 and 910 are COVID products (%i → %s)', (id, expected) => {
    expect(isCovidProduct(id)).toBe(expected);
  });
});

describe('validateBillingChoice', () => {
  const offered = [billingOption(PA), billingOption(PAY)];
  const required = [{ field: 'billingMethod', defaultMessage: 'Please select a billing option.' }];

  it.each<[string, string | null | undefined, typeof required]>([
    ['spec 1 §5: no choice is refused', null, required],
    ['spec 1 §5: an empty choice is refused', '', required],
    ['spec 1 §5: an option not offered is refused', INS, required],
    ['spec 1 §5: an offered option passes', PAY, []],
  ])('%s', (_name, choice, expected) => {
    expect(validateBillingChoice(choice, offered)).toEqual(expected);
  });

  it('spec 1 §5: the message is the catalogue text', () => {
    expect(MESSAGES.billingOptionRequired).toBe('Please select a billing option.');
  });
});

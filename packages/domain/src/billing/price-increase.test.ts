import { describe, expect, it } from 'vitest';
import type { BillingMethod, UserType } from '../contract/order.ts';
import { type BillingMethodChange, needsPriceIncreaseConfirmation } from './price-increase.ts';

const PA = 'Physician Account';
const INS = 'Bill Insurance with Patient Payment';
const PAY = 'No Insurance Billing: Pay Full Amount';
const MCR = 'Medicare or Tricare';
const UNINSURED = 'Uninsured';
const SELECT = 'Let my patient select their billing option';

interface Situation {
  patientConfirmed: boolean;
  viewer: UserType;
  paymentFrom: UserType | 'none';
}

/** The situation in which spec 1 §4.3 allows the warning at all. */
const WARNABLE: Situation = { patientConfirmed: true, viewer: 'myGDX', paymentFrom: 'none' };

const change = (
  from: BillingMethod | null,
  to: BillingMethod,
  fromPriceCents: number | null,
  toPriceCents: number | null,
): BillingMethodChange => ({ from, to, fromPriceCents, toPriceCents });

function needsConfirmation(billing: BillingMethodChange, situation: Situation = WARNABLE): boolean {
  return needsPriceIncreaseConfirmation({
    order: { workflow: { patientConfirmed: situation.patientConfirmed } },
    user: { type: situation.viewer },
    requisition: {
      paymentInfo: situation.paymentFrom === 'none' ? null : { id: 1, paymentFrom: situation.paymentFrom },
    },
    change: billing,
  });
}

describe('needsPriceIncreaseConfirmation: when the warning is possible at all', () => {
  const raisingChange = change(MCR, PAY, 0, 45900);

  it.each<[string, Situation, boolean]>([
    ['spec 1 §4.3: patient-confirmed, myGDX viewer, no payment → warns', WARNABLE, true],
    [
      'spec 1 §4.3: payment came from prc → warns',
      { patientConfirmed: true, viewer: 'myGDX', paymentFrom: 'prc' },
      true,
    ],
    [
      'spec 1 §4.3: exclusion, the order is not patient-confirmed',
      { patientConfirmed: false, viewer: 'myGDX', paymentFrom: 'none' },
      false,
    ],
    [
      'spec 1 §4.3: exclusion, viewed by a prc user',
      { patientConfirmed: true, viewer: 'prc', paymentFrom: 'none' },
      false,
    ],
    [
      'spec 1 §4.3: exclusion, the payment came from myGDX',
      { patientConfirmed: true, viewer: 'myGDX', paymentFrom: 'myGDX' },
      false,
    ],
  ])('%s', (_name, situation, expected) => {
    expect(needsConfirmation(raisingChange, situation)).toBe(expected);
  });
});

describe('needsPriceIncreaseConfirmation: the four cases and the exclusions', () => {
  it.each<[string, BillingMethodChange, boolean]>([
    // Case 1: from Medicare or Tricare, or from Physician Account, to No Insurance Billing or Bill Insurance.
    ['spec 1 §4.3 case 1: Medicare → No Insurance Billing', change(MCR, PAY, 0, 45900), true],
    ['spec 1 §4.3 case 1: Medicare → Bill Insurance', change(MCR, INS, 0, 19900), true],
    ['spec 1 §4.3 case 1: Physician Account → No Insurance Billing', change(PA, PAY, 0, 45900), true],
    ['spec 1 §4.3 case 1: Physician Account → Bill Insurance', change(PA, INS, 0, 19900), true],
    [
      'spec 1 §4.3 case 1: warns whatever the prices (Medicare → Bill Insurance at $0)',
      change(MCR, INS, 4900, 0),
      true,
    ],
    // Case 2: between the two patient-pay options, when the new price is higher or unknown.
    [
      'spec 1 §4.3 case 2: Bill Insurance → No Insurance Billing, higher',
      change(INS, PAY, 19900, 45900),
      true,
    ],
    [
      'spec 1 §4.3 case 2: No Insurance Billing → Bill Insurance, higher',
      change(PAY, INS, 9900, 19900),
      true,
    ],
    ['spec 1 §4.3 case 2: new price unknown', change(PAY, INS, 45900, null), true],
    ['spec 1 §4.3 case 2 (assumption): old price unknown', change(INS, PAY, null, 45900), true],
    ['spec 1 §4.3 case 2: exclusion, new price lower', change(PAY, INS, 45900, 19900), false],
    ['spec 1 §4.3 case 2: exclusion, new price equal', change(PAY, INS, 19900, 19900), false],
    // Case 3: a first choice of a non-Physician option whose price is non-zero.
    ['spec 1 §4.3 case 3: first choice No Insurance Billing, non-zero', change(null, PAY, null, 45900), true],
    ['spec 1 §4.3 case 3: first choice Bill Insurance, non-zero', change(null, INS, null, 19900), true],
    ['spec 1 §4.3 case 3: first choice Medicare, non-zero', change(null, MCR, null, 4900), true],
    ['spec 1 §4.3 case 3: first choice Uninsured, non-zero', change(null, UNINSURED, null, 10900), true],
    ['spec 1 §4.3 case 3 (assumption): first choice, price unknown', change(null, PAY, null, null), true],
    ['spec 1 §4.3 case 3: exclusion, first choice with a zero price', change(null, INS, null, 0), false],
    ['spec 1 §4.3 case 3: exclusion, first choice Physician Account', change(null, PA, null, 32500), false],
    [
      'spec 1 §4.3 case 3 (assumption): exclusion, first choice Let my patient select',
      change(null, SELECT, null, null),
      false,
    ],
    // Case 4: from Physician Account to Medicare when a Medicare price is present.
    [
      'spec 1 §4.3 case 4: Physician Account → Medicare with a Medicare price',
      change(PA, MCR, 32500, 4900),
      true,
    ],
    ['spec 1 §4.3 case 4: exclusion, no Medicare price', change(PA, MCR, 32500, null), false],
    ['spec 1 §4.3 case 4 (assumption): exclusion, a $0.00 Medicare price', change(PA, MCR, 32500, 0), false],
    // Never for a move to Physician Account.
    [
      'spec 1 §4.3: never for a move to Physician Account (from No Insurance Billing)',
      change(PAY, PA, 0, 32500),
      false,
    ],
    ['spec 1 §4.3: never for a move to Physician Account (from Medicare)', change(MCR, PA, 0, 32500), false],
    // Moves outside the four cases.
    ['spec 1 §4.3: not listed, Bill Insurance → Medicare', change(INS, MCR, 19900, 4900), false],
    ['spec 1 §4.3: not listed, No Insurance Billing → Medicare', change(PAY, MCR, 45900, 4900), false],
    [
      'spec 1 §4.3: not listed, Uninsured → No Insurance Billing',
      change(UNINSURED, PAY, 10900, 10900),
      false,
    ],
    ['spec 1 §4.3: no change of method, no warning', change(PAY, PAY, 19900, 45900), false],
  ])('%s', (_name, billing, expected) => {
    expect(needsConfirmation(billing)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import type { BillingMethod, UserType } from '../contract/order.ts';
import { needsSelectionPriceIncreaseConfirmation } from './price-increase.ts';

const PA = 'Physician Account';
const INS = 'Bill Insurance with Patient Payment';
const PAY = 'No Insurance Billing: Pay Full Amount';
const MCR = 'Medicare or Tricare';
const SELECT = 'Let my patient select their billing option';

interface Case {
  name: string;
  patientConfirmed?: boolean;
  viewer?: UserType;
  paymentFrom?: UserType | 'none';
  billingMethod?: BillingMethod | null;
  from: number | null;
  to: number | null;
  expected: boolean;
}

const cases: Case[] = [
  {
    name: 'spec 1 §4.4: a practitioner adds an add-on to a patient-confirmed order (price rises)',
    from: 19900,
    to: 22800,
    expected: true,
  },
  { name: 'spec 1 §4.4: the same price asks nothing', from: 19900, to: 19900, expected: false },
  { name: 'spec 1 §4.4: a lower price asks nothing', from: 22800, to: 19900, expected: false },
  {
    name: 'spec 1 §4.4: only when the patient already confirmed',
    patientConfirmed: false,
    from: 19900,
    to: 22800,
    expected: false,
  },
  {
    name: 'spec 1 §4.4: only when a practitioner edits (not the patient)',
    viewer: 'prc',
    from: 19900,
    to: 22800,
    expected: false,
  },
  {
    name: 'spec 1 §4.4: not for physician billing',
    billingMethod: PA,
    from: 32500,
    to: 36400,
    expected: false,
  },
  {
    name: 'spec 1 §4.4: not while the patient has still to choose the billing option',
    billingMethod: SELECT,
    from: null,
    to: null,
    expected: false,
  },
  {
    name: 'spec 1 §4.4: not before a billing option is chosen',
    billingMethod: null,
    from: null,
    to: null,
    expected: false,
  },
  {
    name: 'spec 1 §4.4: not when already confirmed by a payment of the office',
    paymentFrom: 'myGDX',
    from: 19900,
    to: 22800,
    expected: false,
  },
  {
    name: 'spec 1 §4.3 read into §4.4: a payment of the patient still asks',
    paymentFrom: 'prc',
    from: 19900,
    to: 22800,
    expected: true,
  },
  {
    name: 'spec 1 §4.4: patient pay rising asks',
    billingMethod: PAY,
    from: 45900,
    to: 51800,
    expected: true,
  },
  { name: 'spec 1 §4.4: Medicare rising asks', billingMethod: MCR, from: 0, to: 4900, expected: true },
  { name: 'decision 0045: an unknown new price asks', from: 19900, to: null, expected: true },
  {
    name: 'decision 0045: an unknown old price asks when the new one is not zero',
    from: null,
    to: 100,
    expected: true,
  },
  {
    name: 'decision 0045: an unknown old price and a free new one asks nothing',
    from: null,
    to: 0,
    expected: false,
  },
];

describe('needsSelectionPriceIncreaseConfirmation (spec 1 §4.4 price-increase confirmation)', () => {
  it.each(cases)('$name', (c) => {
    const paymentFrom = c.paymentFrom ?? 'none';
    expect(
      needsSelectionPriceIncreaseConfirmation({
        order: { workflow: { patientConfirmed: c.patientConfirmed ?? true } },
        user: { type: c.viewer ?? 'myGDX' },
        requisition: {
          billingMethod: c.billingMethod === undefined ? INS : c.billingMethod,
          paymentInfo: paymentFrom === 'none' ? null : { id: 1, paymentFrom },
        },
        change: { fromPriceCents: c.from, toPriceCents: c.to },
      }),
    ).toBe(c.expected);
  });
});

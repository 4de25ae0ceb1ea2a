import { BILLING_METHODS } from '@gear/domain';
import type { Db } from '../db/client.ts';
import { cardsOnFile, gatewayTokens, prepayCodes } from '../db/schema/index.ts';
import { patient } from './demo-orders.ts';
import { type ReviewDemo, residence, seedReviewDemo, WALKED_TO_REVIEW } from './demo-review-orders.ts';

/**
 * Drop-ship orders of P1001 whose patients pay (GI Effects 3-day, 'No Insurance Billing: Pay Full Amount', over $100
 * so a plan is offered), walked to the review: patients open them with their link and pay on the Summary.
 */
interface PayingPatient {
  activationCode: string;
  reqNumber: string;
  nameFirst: string;
  nameLast: string;
  dateOfBirth: string;
  gender: 'F' | 'M';
  address1: string;
}

const PAYING_PATIENTS: readonly PayingPatient[] = [
  {
    activationCode: 'C612380105',
    reqNumber: '50012390',
    nameFirst: 'Sofia',
    nameLast: 'Payne',
    dateOfBirth: '1982-09-14',
    gender: 'F',
    address1: '17 Chestnut Street',
  },
  {
    activationCode: 'C612380113',
    reqNumber: '50012391',
    nameFirst: 'Marcus',
    nameLast: 'Bell',
    dateOfBirth: '1975-01-23',
    gender: 'M',
    address1: '5 Cumberland Circle',
  },
  {
    activationCode: 'C612380121',
    reqNumber: '50012392',
    nameFirst: 'Grace',
    nameLast: 'Lin',
    dateOfBirth: '1993-05-30',
    gender: 'F',
    address1: '88 Merrimon Avenue',
  },
  {
    activationCode: 'C612380139',
    reqNumber: '50012393',
    nameFirst: 'Lena',
    nameLast: 'Ortiz',
    dateOfBirth: '1988-11-02',
    gender: 'F',
    address1: '41 Haywood Road',
  },
  // The cancel-and-refund journeys (decision 0260): paid, then canceled before the pack ships.
  {
    activationCode: 'C612380154',
    reqNumber: '50012395',
    nameFirst: 'Ruth',
    nameLast: 'Fairbanks',
    dateOfBirth: '1968-03-11',
    gender: 'F',
    address1: '40 Haywood Road',
  },
  {
    activationCode: 'C612380147',
    reqNumber: '50012394',
    nameFirst: 'Omar',
    nameLast: 'Refai',
    dateOfBirth: '1989-12-02',
    gender: 'M',
    address1: '9 Kenilworth Road',
  },
  // The check and prepay code journeys (e2e/payment.spec.ts).
  {
    activationCode: 'C612380162',
    reqNumber: '50012396',
    nameFirst: 'Nina',
    nameLast: 'Chekov',
    dateOfBirth: '1979-07-19',
    gender: 'F',
    address1: '23 Montford Avenue',
  },
  {
    activationCode: 'C612380170',
    reqNumber: '50012397',
    nameFirst: 'Paul',
    nameLast: 'Prescott',
    dateOfBirth: '1984-04-08',
    gender: 'M',
    address1: '12 Broadway Street',
  },
];

export const PAYMENT_DEMO_ORDERS: readonly ReviewDemo[] = PAYING_PATIENTS.map((who) => ({
  pack: { activationCode: who.activationCode, reqNumber: who.reqNumber, orderableItemId: 540 },
  gsdlNo: 'P1001',
  patientInfo: patient({
    nameFirst: who.nameFirst,
    nameLast: who.nameLast,
    dateOfBirth: who.dateOfBirth,
    gender: who.gender,
    email: `${who.nameFirst.toLowerCase()}.${who.nameLast.toLowerCase()}@example.com`,
    voicePhone: '828-555-0142',
    addresses: [residence(who.address1, '28801')],
  }),
  billingMethod: BILLING_METHODS.patientPay,
  dropShip: true,
  completedSteps: WALKED_TO_REVIEW,
}));

/**
 * The payment demo data of demo-data.md (decision 0120): 6-character prepay codes, and P1001's saved card and
 * shipping card on file. A card on file is a token of the local gateway (brand, last four, expiry): no number.
 */
export const DEMO_PREPAY_CODES = ['PRE001', 'PRE002', 'PRE003', 'PRE004', 'PRE005', 'GDX540'] as const;

export const DEMO_CARDS_ON_FILE = [
  {
    gsdlNo: 'P1001',
    purpose: 'practitioner' as const,
    token: 'tok_demo_p1001_practitioner',
    brand: 'Visa',
    last4: '4242',
  },
  {
    gsdlNo: 'P1001',
    purpose: 'shipping' as const,
    token: 'tok_demo_p1001_shipping',
    brand: 'Mastercard',
    last4: '4444',
  },
];

/** Seeds them; idempotent (existing codes, tokens and cards are left as they are). */
export async function seedDemoPayments(db: Db): Promise<void> {
  for (const demo of PAYMENT_DEMO_ORDERS) await seedReviewDemo(db, demo);
  await db
    .insert(prepayCodes)
    .values(DEMO_PREPAY_CODES.map((code) => ({ code })))
    .onConflictDoNothing();
  await db
    .insert(gatewayTokens)
    .values(
      DEMO_CARDS_ON_FILE.map((card) => ({
        token: card.token,
        brand: card.brand,
        last4: card.last4,
        expMonth: 12,
        expYear: 30,
        outcome: 'approved',
      })),
    )
    .onConflictDoNothing();
  const existing = await db.select({ token: cardsOnFile.gatewayToken }).from(cardsOnFile);
  const known = new Set(existing.map((row) => row.token));
  const missing = DEMO_CARDS_ON_FILE.filter((card) => !known.has(card.token));
  if (missing.length > 0)
    await db.insert(cardsOnFile).values(
      missing.map((card) => ({
        gsdlNo: card.gsdlNo,
        purpose: card.purpose,
        gatewayToken: card.token,
        brand: card.brand,
        last4: card.last4,
      })),
    );
}

import type { Db } from '../client.ts';
import { cardsOnFile, gatewayTokens, prepayCodes } from '../schema/index.ts';

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

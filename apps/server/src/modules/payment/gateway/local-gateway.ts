import { randomBytes } from 'node:crypto';
import { cardBrand, cardDigits, isExpired, luhnValid, parseExpiry } from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { gatewayAuthorizations, gatewayRefunds, gatewayTokens } from '../../../db/schema/index.ts';
import type { AuthorizeResult, CardInput, DeclineCode, PaymentGateway, TokenizeResult } from './gateway.ts';
import { TEST_CARD_OUTCOMES } from './test-cards.ts';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * What a card will do when charged, decided once at tokenization from the number and the CVV (which are then
 * dropped): the test-card conventions, else approved.
 */
function outcomeOf(digits: string): string {
  return TEST_CARD_OUTCOMES[digits] ?? 'approved';
}

/**
 * The local default gateway (decision 0120): a sandbox processor on the portal's database, in tables of its own
 * (gateway_tokens, gateway_authorizations, gateway_refunds). It checks numbers as a processor does (12 to 19 digits,
 * Luhn), honours the test-card conventions of ../shared/data/test_cards.tsv, and keeps authorizations and refunds
 * with their amounts and transaction ids. Every call with a key is answered once: the first result is kept under the
 * key in the same statement that decides it, so 200 concurrent calls with one key make one authorization.
 */
export function localGateway(db: Db, clock: () => string = today): PaymentGateway {
  return {
    async tokenize(card: CardInput): Promise<TokenizeResult> {
      const digits = cardDigits(card.cardNo);
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, code: 'incorrect_number' };
      const expiry = parseExpiry(card.cardExpDate);
      if (!expiry) return { ok: false, code: 'invalid_expiry' };
      if (!/^\d{3,4}$/.test(card.cardCvv.trim())) return { ok: false, code: 'incorrect_cvc' };
      const token = id('tok');
      const brand = cardBrand(digits);
      const last4 = digits.slice(-4);
      await db.insert(gatewayTokens).values({
        token,
        brand,
        last4,
        expMonth: expiry.month,
        expYear: expiry.year,
        outcome: outcomeOf(digits),
      });
      return { ok: true, token, brand, last4 };
    },

    async cardOf(token) {
      const [row] = await db
        .select({ token: gatewayTokens.token, brand: gatewayTokens.brand, last4: gatewayTokens.last4 })
        .from(gatewayTokens)
        .where(eq(gatewayTokens.token, token))
        .limit(1);
      return row ?? null;
    },

    async authorize({ token, amountCents, idempotencyKey, description }): Promise<AuthorizeResult> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new RangeError('An authorization needs a positive whole number of cents');
      const kept = await authorizationOf(db, idempotencyKey);
      if (kept) return kept;
      const [card] = await db.select().from(gatewayTokens).where(eq(gatewayTokens.token, token)).limit(1);
      let code: DeclineCode | null = null;
      if (!card) code = 'token_unknown';
      else if (card.outcome === 'declinesAfterFirst') {
        const [earlier] = await db
          .select({ transactionId: gatewayAuthorizations.transactionId })
          .from(gatewayAuthorizations)
          .where(
            and(eq(gatewayAuthorizations.token, token), sql`${gatewayAuthorizations.status} <> 'declined'`),
          )
          .limit(1);
        code = earlier ? 'card_declined' : null;
      } else if (card.outcome !== 'approved') code = card.outcome as DeclineCode;
      else if (isExpired({ month: card.expMonth, year: card.expYear }, clock())) code = 'expired_card';
      const [inserted] = await db
        .insert(gatewayAuthorizations)
        .values({
          transactionId: id('txn'),
          idempotencyKey,
          token,
          amountCents,
          status: code ? 'declined' : 'authorized',
          declineCode: code,
          description,
        })
        .onConflictDoNothing({ target: gatewayAuthorizations.idempotencyKey })
        .returning();
      if (!inserted) {
        const first = await authorizationOf(db, idempotencyKey);
        if (!first) throw new Error('authorization vanished');
        return first;
      }
      return resultOf(inserted);
    },

    async capture({ transactionId, amountCents }) {
      const rows = await db
        .update(gatewayAuthorizations)
        .set({
          status: 'captured',
          capturedCents: amountCents === undefined ? gatewayAuthorizations.amountCents : sql`${amountCents}`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(gatewayAuthorizations.transactionId, transactionId),
            eq(gatewayAuthorizations.status, 'authorized'),
            amountCents === undefined
              ? undefined
              : sql`${amountCents} <= ${gatewayAuthorizations.amountCents}`,
          ),
        )
        .returning({ transactionId: gatewayAuthorizations.transactionId });
      if (rows.length > 0) return true;
      return (await statusOf(db, transactionId)) === 'captured';
    },

    async void({ transactionId }) {
      const rows = await db
        .update(gatewayAuthorizations)
        .set({ status: 'voided', updatedAt: new Date() })
        .where(
          and(
            eq(gatewayAuthorizations.transactionId, transactionId),
            eq(gatewayAuthorizations.status, 'authorized'),
          ),
        )
        .returning({ transactionId: gatewayAuthorizations.transactionId });
      if (rows.length > 0) return true;
      return (await statusOf(db, transactionId)) === 'voided';
    },

    async refund({ transactionId, amountCents, idempotencyKey }) {
      const [kept] = await db
        .select({ refundId: gatewayRefunds.refundId })
        .from(gatewayRefunds)
        .where(eq(gatewayRefunds.idempotencyKey, idempotencyKey));
      if (kept) return { refunded: true, refundId: kept.refundId };
      const refundId = id('re');
      // One statement: refunded only while the refunds stay within what was captured.
      const result = await db.execute(sql`
        INSERT INTO gateway_refunds (refund_id, idempotency_key, transaction_id, amount_cents)
        SELECT ${refundId}, ${idempotencyKey}, a.transaction_id, ${amountCents}
        FROM gateway_authorizations a
        WHERE a.transaction_id = ${transactionId} AND a.status = 'captured'
          AND a.captured_cents >= ${amountCents} + COALESCE(
            (SELECT SUM(r.amount_cents) FROM gateway_refunds r WHERE r.transaction_id = a.transaction_id), 0)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING refund_id`);
      const rows = (result as unknown as { rows: { refund_id: string }[] }).rows;
      if (rows.length > 0) return { refunded: true, refundId };
      const [again] = await db
        .select({ refundId: gatewayRefunds.refundId })
        .from(gatewayRefunds)
        .where(eq(gatewayRefunds.idempotencyKey, idempotencyKey));
      return again ? { refunded: true, refundId: again.refundId } : { refunded: false, refundId: null };
    },
  };
}

function resultOf(row: typeof gatewayAuthorizations.$inferSelect): AuthorizeResult {
  return row.status === 'declined'
    ? {
        approved: false,
        transactionId: row.transactionId,
        code: (row.declineCode ?? 'card_declined') as DeclineCode,
      }
    : { approved: true, transactionId: row.transactionId, amountCents: row.amountCents };
}

async function authorizationOf(db: Db, idempotencyKey: string): Promise<AuthorizeResult | null> {
  const [row] = await db
    .select()
    .from(gatewayAuthorizations)
    .where(eq(gatewayAuthorizations.idempotencyKey, idempotencyKey))
    .limit(1);
  return row ? resultOf(row) : null;
}

async function statusOf(db: Db, transactionId: string): Promise<string | null> {
  const [row] = await db
    .select({ status: gatewayAuthorizations.status })
    .from(gatewayAuthorizations)
    .where(eq(gatewayAuthorizations.transactionId, transactionId));
  return row?.status ?? null;
}

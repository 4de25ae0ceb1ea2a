/**
 * The payment gateway adapter (ARCHITECTURE 'Adapters'; decision 0120): the calls a card processor offers, each with
 * an idempotency key so that a retried call never charges twice. A real processor (hosted fields for tokenization,
 * its API for the rest) fits this interface; localGateway is the default that works on one machine.
 */
export interface CardInput {
  cardNo: string;
  cardExpDate: string;
  cardCvv: string;
  cardholderName: string;
  cardZipCode: string;
}

/** Why a card or a charge was refused, as the processor's code (test_cards.tsv conventions). */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error'
  | 'incorrect_number'
  | 'fraudulent'
  | 'authentication_required'
  | 'invalid_expiry'
  | 'token_unknown';

export type TokenizeResult =
  | { ok: true; token: string; brand: string; last4: string }
  | { ok: false; code: DeclineCode };

export type AuthorizeResult =
  | { approved: true; transactionId: string; amountCents: number }
  | { approved: false; transactionId: string | null; code: DeclineCode };

export interface StoredCard {
  token: string;
  brand: string;
  last4: string;
}

export interface PaymentGateway {
  /** A card as typed → a token (the number and CVV go no further than the gateway). */
  tokenize(card: CardInput): Promise<TokenizeResult>;
  /** The brand and last four digits of a token, or null when the gateway does not know it. */
  cardOf(token: string): Promise<StoredCard | null>;
  /** Holds the amount on the card; the same key answers the same result, whatever the number of calls. */
  authorize(request: {
    token: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<AuthorizeResult>;
  /** Takes the held amount (all of it when amountCents is absent). */
  capture(request: { transactionId: string; amountCents?: number; idempotencyKey: string }): Promise<boolean>;
  /** Releases an authorization not captured. */
  void(request: { transactionId: string; idempotencyKey: string }): Promise<boolean>;
  /** Gives back up to the captured amount. */
  refund(request: {
    transactionId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refunded: boolean; refundId: string | null }>;
}

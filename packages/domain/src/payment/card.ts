import type { FieldError } from '../contract/errors.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';

/** spec 3 §9: 'Card number 12 to 19 characters; CVV max 4; billing zip max 5; expiry MM/YY with year 18 to 99.' */
export const CARD_LIMITS = {
  numberMin: 12,
  numberMax: 19,
  cvvMax: 4,
  zipMax: 5,
  expiryYearMin: 18,
  expiryYearMax: 99,
} as const;

/** The digits of a card number as typed (spaces and dashes are how people group them). */
export const cardDigits = (cardNo: string): string => cardNo.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardBrand =
  | 'Visa'
  | 'Mastercard'
  | 'American Express'
  | 'Discover'
  | 'Diners Club'
  | 'JCB'
  | 'Card';

/** The brand by the issuer prefixes the networks publish; 'Card' for any other. */
export function cardBrand(digits: string): CardBrand {
  const prefix = (n: number) => Number(digits.slice(0, n));
  if (/^4/.test(digits)) return 'Visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'JCB';
  if (/^(36|38|30[0-5])/.test(digits)) return 'Diners Club';
  return 'Card';
}

/** spec 3 §5 'MM/YY with year 18 to 99': month 1–12, two-digit year 18–99, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (year < CARD_LIMITS.expiryYearMin || year > CARD_LIMITS.expiryYearMax) return null;
  return { month, year };
}

/** Whether a card valid through MM/YY has expired on a calendar date (YYYY-MM-DD): it works through its last day. */
export function isExpired(expiry: { month: number; year: number }, today: string): boolean {
  const year = 2000 + expiry.year;
  const [todayYear, todayMonth] = today.split('-').map(Number) as [number, number];
  return year < todayYear || (year === todayYear && expiry.month < todayMonth);
}

export interface CardFields {
  cardNo?: string | null | undefined;
  cardExpDate?: string | null | undefined;
  cardCvv?: string | null | undefined;
  cardholderName?: string | null | undefined;
  cardZipCode?: string | null | undefined;
}

const blank = (text: string | null | undefined) => text === null || text === undefined || text.trim() === '';

/**
 * spec 3 §5 'Card payment': the card form's messages, per field (prefixed, e.g. 'payments.0.cardNo'). International
 * orders label the zip a postal code (its own required message; no 5-character limit).
 */
export function cardFieldErrors(
  card: CardFields,
  options: { international: boolean; prefix?: string },
): FieldError[] {
  const prefix = options.prefix ?? '';
  const errors: FieldError[] = [];
  const add = (field: string, defaultMessage: string) =>
    errors.push({ field: `${prefix}${field}`, defaultMessage });
  const digits = cardDigits(card.cardNo ?? '');
  if (blank(card.cardNo)) add('cardNo', PAYMENT_MESSAGES.cardNumberRequired);
  else if (
    !/^\d+$/.test(digits) ||
    digits.length < CARD_LIMITS.numberMin ||
    digits.length > CARD_LIMITS.numberMax
  )
    add('cardNo', PAYMENT_MESSAGES.cardNumberLength);
  if (blank(card.cardExpDate)) add('cardExpDate', PAYMENT_MESSAGES.expiryRequired);
  else if (parseExpiry(card.cardExpDate ?? '') === null) add('cardExpDate', PAYMENT_MESSAGES.expiryInvalid);
  if (blank(card.cardCvv)) add('cardCvv', PAYMENT_MESSAGES.cvvRequired);
  else if (!/^\d{1,4}$/.test((card.cardCvv ?? '').trim())) add('cardCvv', PAYMENT_MESSAGES.cvvTooLong);
  if (blank(card.cardholderName)) add('cardholderName', PAYMENT_MESSAGES.cardholderNameRequired);
  if (blank(card.cardZipCode))
    add(
      'cardZipCode',
      options.international ? PAYMENT_MESSAGES.postalCodeRequired : PAYMENT_MESSAGES.zipRequired,
    );
  else if (!options.international && (card.cardZipCode ?? '').trim().length > CARD_LIMITS.zipMax)
    add('cardZipCode', PAYMENT_MESSAGES.zipTooLong);
  return errors;
}

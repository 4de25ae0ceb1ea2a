import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { NORTH_AMERICAN_CALLING_CODE, phoneMetadata } from './phone-metadata.ts';

/** spec 2 §5, §9: 'phone of at least 11 digits including country code'. */
export const PHONE_MIN_DIGITS = 11;
/** E.164: a country code and number of at most 15 digits. */
export const PHONE_MAX_DIGITS = 15;

/**
 * Digits, spaces and the usual separators; letters (1-800-FLOWERS) and extensions (x12) are not read as
 * digits.
 */
const PHONE_CHARACTERS = /^[\d\s+().-]*$/;

export const phoneDigits = (text: string): string => text.replace(/\D/g, '');

/**
 * A North American number as libphonenumber-js reads it (the area code and exchange of a US, Canadian or Caribbean
 * number, decision 0323), or undefined.
 */
function northAmericanNumber(text: string) {
  const phone = parsePhoneNumberFromString(text, 'US', phoneMetadata);
  return phone?.countryCallingCode === NORTH_AMERICAN_CALLING_CODE && phone.isValid() ? phone : undefined;
}

/** Ten digits, or eleven starting with the country code 1: read as a North American number. */
const isNorthAmericanShape = (digits: string) => digits.length === 10 || digits.startsWith('1');

/**
 * spec 2 §5 'Phones are normalised to +1 and ten digits'. Ten digits are a North American number and get the
 * country code 1; eleven digits starting with 1 already have it. Any other number of 11 to 15 digits keeps
 * its own country code (an international address), as + and its digits. Null when the text cannot be a phone
 * number.
 */
export function normalisePhone(text: string): string | null {
  if (!PHONE_CHARACTERS.test(text)) return null;
  const digits = phoneDigits(text);
  if (isNorthAmericanShape(digits)) return northAmericanNumber(text)?.number ?? null;
  const international =
    digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS && !digits.startsWith('0');
  return international ? `+${digits}` : null;
}

export const isValidPhone = (text: string | null): boolean => text !== null && normalisePhone(text) !== null;

/**
 * spec 2 §5: 'displayed as (###) ###-####'. International numbers show as +digits; anything else as typed.
 */
export function formatPhone(text: string): string {
  const normalised = normalisePhone(text);
  if (normalised === null) return text.trim();
  return northAmericanNumber(normalised)?.formatNational() ?? normalised;
}

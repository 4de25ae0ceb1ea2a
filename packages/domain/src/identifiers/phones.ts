import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** spec 2 §5, §9: 'phone of at least 11 digits including country code'. */
export const PHONE_MIN_DIGITS = 11;

/**
 * Digits, spaces and the usual separators; letters (1-800-FLOWERS) and extensions (x12) are not read as
 * digits.
 */
const PHONE_CHARACTERS = /^[\d\s+().-]*$/;
/** North America (+1): the United States, Canada and the territories share the country code and one format. */
const NANP_COUNTRY_CODE = '1';

export const phoneDigits = (text: string): string => text.replace(/\D/g, '');

/**
 * The number libphonenumber-js reads in the text (decision 0326): without a +, ten digits (or 1 and ten) are a
 * North American number and more digits an international number written without its +.
 */
function readPhone(text: string): PhoneNumber | undefined {
  if (!PHONE_CHARACTERS.test(text)) return undefined;
  const digits = phoneDigits(text);
  const international = text.trim().startsWith('+') || (digits.length > 11 && !digits.startsWith('1'));
  const phone = parsePhoneNumberFromString(international ? `+${digits}` : digits, 'US');
  if (!phone?.isValid()) return undefined;
  return phoneDigits(phone.number).length >= PHONE_MIN_DIGITS ? phone : undefined;
}

/**
 * spec 2 §5 'Phones are normalised to +1 and ten digits': the E.164 form of a valid number (an international
 * address keeps its own country code). Null when the text is not a valid phone number of at least 11 digits with
 * its country code.
 */
export const normalisePhone = (text: string): string | null => readPhone(text)?.number ?? null;

export const isValidPhone = (text: string | null): boolean => text !== null && readPhone(text) !== undefined;

/**
 * spec 2 §5: 'displayed as (###) ###-####'. International numbers show in their international format (+44 20 7946
 * 0958); anything else as typed.
 */
export function formatPhone(text: string): string {
  const phone = readPhone(text);
  if (phone === undefined) return text.trim();
  return phone.countryCallingCode === NANP_COUNTRY_CODE
    ? phone.formatNational()
    : phone.formatInternational();
}

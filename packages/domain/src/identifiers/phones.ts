/** spec 2 §5, §9: 'phone of at least 11 digits including country code'. */
export const PHONE_MIN_DIGITS = 11;
/** E.164: a country code and number of at most 15 digits. */
export const PHONE_MAX_DIGITS = 15;

/**
 * Digits, spaces and the usual separators; letters (1-800-FLOWERS) and extensions (x12) are not read as
 * digits.
 */
const PHONE_CHARACTERS = /^[\d\s+().-]*$/;
/** A North American number without the country code: area code and exchange start with 2 to 9. */
const NANP_NUMBER = /^[2-9]\d{2}[2-9]\d{6}$/;
const NANP_DISPLAY = /^\+1(\d{3})(\d{3})(\d{4})$/;

export const phoneDigits = (text: string): string => text.replace(/\D/g, '');

/**
 * spec 2 §5 'Phones are normalised to +1 and ten digits'. Ten digits are a North American number and get the
 * country code 1; eleven digits starting with 1 already have it. Any other number of 11 to 15 digits keeps
 * its own country code (an international address), as + and its digits. Null when the text cannot be a phone
 * number.
 */
export function normalisePhone(text: string): string | null {
  if (!PHONE_CHARACTERS.test(text)) return null;
  const digits = phoneDigits(text);
  if (digits.length === 10) return NANP_NUMBER.test(digits) ? `+1${digits}` : null;
  if (digits.startsWith('1'))
    return digits.length === 11 && NANP_NUMBER.test(digits.slice(1)) ? `+${digits}` : null;
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
  const nanp = NANP_DISPLAY.exec(normalised);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : normalised;
}

/** spec 1 §5: an activation number is C followed by 9 digits, the last being a Luhn check digit. */
const ACTIVATION_NUMBER = /^C(\d{9})$/;

/** Luhn (mod 10): from the right, double every second digit (less 9 when over 9); the sum is a multiple of 10. */
export function passesLuhnCheck(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  const sum = [...digits].reverse().reduce((total, character, position) => {
    const digit = Number(character);
    const doubled = digit * 2;
    return total + (position % 2 === 1 ? (doubled > 9 ? doubled - 9 : doubled) : digit);
  }, 0);
  return sum % 10 === 0;
}

/**
 * spec 1 §5: 'they match C followed by 9 digits and pass the check'. The check is plain Luhn over the 9 digits
 * (the letter takes no part); it accepts every demo activation number and rejects C824591516.
 */
export function isValidActivationNumber(input: string): boolean {
  const digits = ACTIVATION_NUMBER.exec(input)?.[1];
  return digits !== undefined && passesLuhnCheck(digits);
}

/**
 * spec 1 §5: the search text with dots, hyphens, # and spaces removed. It is also uppercased, so that 'c824-591-515'
 * finds C824591515; uppercasing cannot change a requisition number, which is digits only.
 */
export const normaliseRequisitionSearch = (input: string): string =>
  input.replace(/[.\-#\s]/g, '').toUpperCase();

/**
 * spec 1 §5: 'Requisition lookup matches on reqNumber (digits), on the activation code, or on the first 4 and last 3
 * characters of the activation code.'
 */
export function requisitionSearchMatches(
  search: string,
  requisition: { reqNumber: string | null; activationCode: string | null },
): boolean {
  const wanted = normaliseRequisitionSearch(search);
  if (wanted.length === 0) return false;
  const code = requisition.activationCode?.toUpperCase() ?? null;
  const shortCode = code === null || code.length < 7 ? null : `${code.slice(0, 4)}${code.slice(-3)}`;
  return wanted === requisition.reqNumber || wanted === code || wanted === shortCode;
}

const groupsOfThree = (text: string): string[] => text.match(/.{1,3}/g) ?? [];

/** spec 1 §9: the first 4 characters, then groups of 3, joined by dashes: C824591515 → C824-591-515. */
export function formatActivationNumber(activationNumber: string): string {
  const rest = activationNumber.slice(4);
  return [activationNumber.slice(0, 4), ...groupsOfThree(rest)].join('-');
}

/**
 * spec 1 §9: '#' then groups of 3 separated by dashes. The spec does not say where grouping starts; we group from
 * the right, as thousands are grouped, so the short group leads: 50012345 → #50-012-345, 4500000 → #4-500-000.
 */
export function formatRequisitionNumber(reqNumber: string): string {
  const leadLength = reqNumber.length % 3;
  const lead = reqNumber.slice(0, leadLength);
  const groups = groupsOfThree(reqNumber.slice(leadLength));
  return `#${[lead, ...groups].filter((group) => group.length > 0).join('-')}`;
}

/** ../shared/data/mbi-format.md: the Medicare Beneficiary Identifier, 11 characters without dashes. */
export const MBI_PATTERN =
  /^[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9][0-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9][0-9][AC-HJKMNP-RT-Y]{2}[0-9]{2}$/;
export const MBI_LENGTH = 11;

/** spec 2 §4/§9: 'or 9 or 11 digits' (older Medicare and Railroad Medicare numbers). */
const MEDICARE_DIGITS = /^(\d{9}|\d{11})$/;

/**
 * The identifier as stored: without the dashes the card prints for reading (1EG4-TE5-MK73) and, as CMS
 * systems do, upper case. Spaces are dropped like dashes.
 */
export const compactMedicareId = (text: string): string => text.replace(/[\s-]/g, '').toUpperCase();

/** mbi-format.md: position by position, letters from the 20-letter set (no S, L, O, I, B, Z). */
export const isMbi = (text: string): boolean => MBI_PATTERN.test(compactMedicareId(text));

/**
 * spec 2 §4: 'On leaving the subscriber ID field, a Medicare-style ID opens the Medicare/Tricare question':
 * an MBI, or 9 or 11 digits once dashes are removed.
 */
export function looksLikeMedicareId(subscriberId: string | null): boolean {
  if (subscriberId === null) return false;
  const compact = compactMedicareId(subscriberId);
  return MBI_PATTERN.test(compact) || MEDICARE_DIGITS.test(compact);
}

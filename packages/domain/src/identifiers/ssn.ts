/** spec 2 §5: 'SSN ###-##-#### or nine digits (optional otherwise, max 50)'. */
export const SSN_MAX_LENGTH = 50;
const SSN = /^(\d{3})-?(\d{2})-?(\d{4})$/;
const DASHED_OR_NINE_DIGITS = /^(\d{3}-\d{2}-\d{4}|\d{9})$/;

/** spec 2 §5: ###-##-#### or nine digits (surrounding spaces aside); partly dashed forms are refused. */
export const isValidSsn = (text: string): boolean => DASHED_OR_NINE_DIGITS.test(text.trim());

/** A valid SSN in the ###-##-#### form, or null. */
export function formatSsn(text: string): string | null {
  if (!isValidSsn(text)) return null;
  const parts = SSN.exec(text.trim());
  return parts ? `${parts[1]}-${parts[2]}-${parts[3]}` : null;
}

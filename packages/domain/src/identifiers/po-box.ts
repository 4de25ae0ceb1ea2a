/**
 * Spellings of a post office box: PO Box, P.O. Box, P O Box, POBox, P0 Box, POB, P.O.B., Post Office Box,
 * Post Box, Postal Box, and Box followed by a number (Box 123, Box #12). A street that starts with Box
 * (Boxwood Rd, Box Elder Ln) or a Post Office Road is not a box.
 */
const PO_BOX_PATTERNS: readonly RegExp[] = [
  /\bp\s*\.?\s*[o0]\s*\.?\s*b(?:ox)?\b/i,
  /\bpost\s*office\s*box\b/i,
  /\bpost(?:al)?\s*box\b/i,
  /\bbox\s*(?:no\.?|number|#)?\s*\d/i,
];

/** spec 2 §4: 'when a drop-ship address looks like a PO box'. */
export const looksLikePoBox = (line: string | null): boolean =>
  line !== null && PO_BOX_PATTERNS.some((pattern) => pattern.test(line));

/** spec 2 §4: 'a PO box pattern in either address line'. */
export const addressHasPoBox = (address: { address1: string | null; address2: string | null }): boolean =>
  looksLikePoBox(address.address1) || looksLikePoBox(address.address2);

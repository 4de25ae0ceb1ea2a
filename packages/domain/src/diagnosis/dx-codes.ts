/** spec 1 §5 'Diagnosis codes', §7 notes and §9: codes, their lookup rule and the suggestion limits. */

import { BILLING_METHODS } from '../contract/order.ts';

export const DX_SUGGESTION_LIMIT = 20;
export const DX_SUGGESTION_DEBOUNCE_MS = 250;
export const DX_ADD_AFTER_SELECT_MS = 50;
export const ICD_VERSION = 10;

export const DX_MESSAGES = {
  invalidCode: 'Please enter a valid ICD code.',
  selectCode: 'Please select a diagnosis code.',
  addCode: 'Please add a diagnosis code.',
  alreadyListed:
    "The code you've entered is defined on the requisition. It has been selected in the list for you.",
} as const;

/** 'Codes are trimmed and uppercased.' */
export const normaliseDxCode = (input: string): string => input.trim().toUpperCase();

/** The code without its dot, as the CMS order file writes it (K58.0 → K580). */
export const compactDxCode = (code: string): string => normaliseDxCode(code).replace('.', '');

/** The code with its dot after the category (K580 → K58.0); a 3-character category has none. */
export const formatDxCode = (code: string): string => {
  const compact = compactDxCode(code);
  return compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
};

/** The start of an ICD-10-CM code: a letter and a digit, then up to 5 more characters with an optional dot. */
export const looksLikeDxCode = (input: string): boolean =>
  /^[A-Z][0-9]([0-9A-Z](\.?[0-9A-Z]{0,4})?)?$/.test(normaliseDxCode(input));

/** 'An added code is checked by lookup and must be active and version 10.' */
export const isAcceptableDxCode = (lookup: { active: boolean; version: number } | null): boolean =>
  lookup?.active === true && lookup.version === ICD_VERSION;

/** The trailing suggestion line when more codes matched than were listed. */
export const omittedDxCodesLine = (omitted: number): string =>
  `... There are ${omitted} additional active codes ...`;

/** At most this many codes in each list of a save (an ICD-10 claim carries 12; no form comes near it). */
export const DX_CODES_MAX = 50;

/**
 * spec 1 §5: 'Required when insurance billing, Medicare/Tricare billing, or a billing method containing HRSA is
 * selected.'
 */
export const isDxCodeRequired = (billingMethod: string | null): boolean =>
  billingMethod === BILLING_METHODS.insurance ||
  billingMethod === BILLING_METHODS.medicare ||
  (billingMethod ?? '').toUpperCase().includes('HRSA');

/**
 * spec 1 §5: the message when a required code is missing: 'Please select a diagnosis code.' when the product lists
 * codes, otherwise 'Please add a diagnosis code.'; null when nothing is missing.
 */
export function dxCodeRequirementError(facts: {
  billingMethod: string | null;
  productCodeCount: number;
  chosenCount: number;
}): string | null {
  if (!isDxCodeRequired(facts.billingMethod) || facts.chosenCount > 0) return null;
  return facts.productCodeCount > 0 ? DX_MESSAGES.selectCode : DX_MESSAGES.addCode;
}

/** A code of a requisition with its rank (spec 1 §3 'Diagnosis code: code, name, otherCode, rank'). */
export interface RankedDxCode {
  code: string;
  rank: number;
  otherCode: boolean;
}

const distinct = (codes: readonly string[]): string[] => [...new Set(codes.map(formatDxCode))];

/**
 * spec 1 §4.5: 'Ranks are assigned to other codes first, then to the catalogue codes in catalogue order.' Ranks start
 * at 1. A code of the product's list sent among the other codes counts as selected from the list; a selected code the
 * list does not have counts as another code, after those sent as other codes.
 */
export function rankDxCodes(facts: {
  productCodes: readonly string[];
  selected: readonly string[];
  others: readonly string[];
}): RankedDxCode[] {
  const product = distinct(facts.productCodes);
  const chosen = new Set(distinct([...facts.selected, ...facts.others]));
  const others = distinct([...facts.others, ...facts.selected]).filter((code) => !product.includes(code));
  const fromList = product.filter((code) => chosen.has(code));
  return [
    ...others.map((code, index) => ({ code, rank: index + 1, otherCode: true })),
    ...fromList.map((code, index) => ({ code, rank: others.length + index + 1, otherCode: false })),
  ];
}

/** spec 1 §7 'rank_code': the rank, an underscore and the code (1_K58.0). */
export const rankedDxCode = ({ rank, code }: Pick<RankedDxCode, 'rank' | 'code'>): string =>
  `${rank}_${code}`;

/** The lists of PUT /gear/diagnosisCodes/ for ranked codes. */
export const rankedDxCodeLists = (
  ranked: readonly RankedDxCode[],
): { selectedCodes: string[]; otherCodes: string[] } => ({
  selectedCodes: ranked.filter((code) => !code.otherCode).map(rankedDxCode),
  otherCodes: ranked.filter((code) => code.otherCode).map(rankedDxCode),
});

/**
 * A 'rank_code' entry (or a bare code) as the code it names, trimmed, uppercased and with its dot; null when it is
 * not shaped like an ICD-10-CM code (then it is not a valid ICD code without a lookup).
 */
export function parseRankedDxCode(entry: string): string | null {
  const match = /^\s*\d{1,3}_(.*)$/.exec(entry);
  const code = normaliseDxCode(match ? (match[1] ?? '') : entry);
  return looksLikeDxCode(code) ? formatDxCode(code) : null;
}

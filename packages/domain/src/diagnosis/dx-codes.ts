/** spec 1 §5 'Diagnosis codes', §7 notes and §9: codes, their lookup rule and the suggestion limits. */

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

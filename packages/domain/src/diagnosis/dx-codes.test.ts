import { describe, expect, it } from 'vitest';
import {
  compactDxCode,
  DX_MESSAGES,
  dxCodeRequirementError,
  formatDxCode,
  isAcceptableDxCode,
  isDxCodeRequired,
  looksLikeDxCode,
  normaliseDxCode,
  omittedDxCodesLine,
  parseRankedDxCode,
  rankDxCodes,
  rankedDxCodeLists,
} from './dx-codes.ts';

describe('diagnosis codes', () => {
  it.each([
    ['spec 1 §5: codes are trimmed and uppercased', '  k58.0 ', 'K58.0'],
    ['spec 1 §5: an already upper-case code is kept', 'E55.9', 'E55.9'],
  ])('%s', (_rule, input, expected) => {
    expect(normaliseDxCode(input)).toBe(expected);
  });

  it.each([
    ['K58.0', 'K580', 'K58.0'],
    ['k580', 'K580', 'K58.0'],
    ['R19.7', 'R197', 'R19.7'],
    ['U07.1', 'U071', 'U07.1'],
    ['A00', 'A00', 'A00'],
    ['Z13.89', 'Z1389', 'Z13.89'],
    ['S72.001A', 'S72001A', 'S72.001A'],
  ])('CMS order file form: %s ↔ %s ↔ %s', (input, compact, formatted) => {
    expect(compactDxCode(input)).toBe(compact);
    expect(formatDxCode(input)).toBe(formatted);
  });

  it.each([
    ['K58.0', true],
    ['k580', true],
    ['S72.001A', true],
    ['A00', true],
    ['K5', true],
    ['irritable bowel', false],
    ['58.0', false],
    ['K', false],
    ['K58.00000', false],
  ])('looksLikeDxCode(%s) = %s', (input, expected) => {
    expect(looksLikeDxCode(input)).toBe(expected);
  });

  it.each([
    ['spec 1 §5: active and version 10 is acceptable', { active: true, version: 10 }, true],
    ['spec 1 §5: an inactive code is refused', { active: false, version: 10 }, false],
    ['spec 1 §5/§9: ICD version must be 10', { active: true, version: 9 }, false],
    ['spec 1 §5: an unknown code is refused', null, false],
  ])('%s', (_rule, lookup, expected) => {
    expect(isAcceptableDxCode(lookup)).toBe(expected);
  });

  it('spec 1 §7: the trailing line names the omitted count', () => {
    expect(omittedDxCodesLine(1234)).toBe('... There are 1234 additional active codes ...');
  });

  it('spec 1 §5: the messages are verbatim', () => {
    expect(DX_MESSAGES).toEqual({
      invalidCode: 'Please enter a valid ICD code.',
      selectCode: 'Please select a diagnosis code.',
      addCode: 'Please add a diagnosis code.',
      alreadyListed:
        "The code you've entered is defined on the requisition. It has been selected in the list for you.",
    });
  });
});

describe('when a diagnosis code is required (spec 1 §5)', () => {
  it.each([
    ['Bill Insurance with Patient Payment', true],
    ['Medicare or Tricare', true],
    ['Uninsured (HRSA Elligible)', true],
    ['No Insurance Billing: Pay Full Amount', false],
    ['Physician Account', false],
    ['Uninsured', false],
    ['Let my patient select their billing option', false],
    [null, false],
  ])('billing %s → required %s', (billingMethod, expected) => {
    expect(isDxCodeRequired(billingMethod)).toBe(expected);
  });

  it.each([
    ["spec 1 §5: 'Please select a diagnosis code.' when the product lists codes", 8, 0, 'select'],
    ["spec 1 §5: 'Please add a diagnosis code.' when it lists none", 0, 0, 'add'],
    ['spec 1 §5: one code is enough', 8, 1, null],
  ] as const)('%s', (_rule, productCodeCount, chosenCount, expected) => {
    const message = dxCodeRequirementError({
      billingMethod: 'Bill Insurance with Patient Payment',
      productCodeCount,
      chosenCount,
    });
    expect(message).toBe(
      expected === null ? null : expected === 'select' ? DX_MESSAGES.selectCode : DX_MESSAGES.addCode,
    );
  });

  it('spec 1 §5: nothing is required for patient pay', () => {
    expect(
      dxCodeRequirementError({
        billingMethod: 'No Insurance Billing: Pay Full Amount',
        productCodeCount: 8,
        chosenCount: 0,
      }),
    ).toBeNull();
  });
});

describe('ranks (spec 1 §4.5)', () => {
  const productCodes = ['K58.0', 'K58.1', 'K58.2', 'R19.7'];

  it('spec 1 §4.5: other codes first, then the catalogue codes in catalogue order', () => {
    const ranked = rankDxCodes({ productCodes, selected: ['R19.7', 'K58.1'], others: ['Z13.89', 'E55.9'] });
    expect(ranked).toEqual([
      { code: 'Z13.89', rank: 1, otherCode: true },
      { code: 'E55.9', rank: 2, otherCode: true },
      { code: 'K58.1', rank: 3, otherCode: false },
      { code: 'R19.7', rank: 4, otherCode: false },
    ]);
    expect(rankedDxCodeLists(ranked)).toEqual({
      selectedCodes: ['3_K58.1', '4_R19.7'],
      otherCodes: ['1_Z13.89', '2_E55.9'],
    });
  });

  it('spec 1 §5: a listed code sent as another code is selected from the list; duplicates count once', () => {
    expect(rankDxCodes({ productCodes, selected: ['k581'], others: ['K58.0', ' k58.1 ', 'E559'] })).toEqual([
      { code: 'E55.9', rank: 1, otherCode: true },
      { code: 'K58.0', rank: 2, otherCode: false },
      { code: 'K58.1', rank: 3, otherCode: false },
    ]);
  });

  it('a selected code the list does not have counts as another code, after the others', () => {
    expect(rankDxCodes({ productCodes, selected: ['E55.9', 'K58.0'], others: ['Z13.89'] })).toEqual([
      { code: 'Z13.89', rank: 1, otherCode: true },
      { code: 'E55.9', rank: 2, otherCode: true },
      { code: 'K58.0', rank: 3, otherCode: false },
    ]);
  });

  it.each([
    ['1_K58.0', 'K58.0'],
    ['12_k580', 'K58.0'],
    [' K58.0 ', 'K58.0'],
    ['3_ e55.9', 'E55.9'],
    ['1_ZZZ99', null],
    ['ZZZ99', null],
    ['1_', null],
    ['irritable', null],
  ])('parseRankedDxCode(%j) = %j', (entry, expected) => {
    expect(parseRankedDxCode(entry)).toBe(expected);
  });
});

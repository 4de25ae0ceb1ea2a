import { describe, expect, it } from 'vitest';
import {
  isTransferablePack,
  PITL_TRANSFER_FEE_CENTS,
  PITL_TRANSFER_MESSAGES,
  preselectedPacks,
  transferablePacks,
  transferFeeErrors,
  transferPackErrors,
} from './pitl-transfer.ts';

const pack = (id: number, over: Partial<Parameters<typeof isTransferablePack>[0]> = {}) => ({
  id,
  canceled: false,
  accessionNo: null,
  accessionDetails: [],
  dateLastSampleCollected: null,
  physicianInTheLoop: true,
  ...over,
});
const accession = {
  accessionNo: 'A1',
  productName: 'x',
  requisitionStatusId: 1,
  dueDate: null,
  discardedSpecimen: false,
  issues: [],
};

describe('isTransferablePack (spec 3 §4 Transfer: unused packs; decision 0290)', () => {
  it.each([
    ['an unused pack', pack(1), {}, true],
    ['spec 3 §4: a canceled pack is not', pack(1, { canceled: true }), {}, false],
    ['a pack the lab received (accession number) is not', pack(1, { accessionNo: 'A1' }), {}, false],
    ['a pack with accession details is not', pack(1, { accessionDetails: [accession] }), {}, false],
    ['a pack collected (date given) is not', pack(1, { dateLastSampleCollected: '2026-11-01' }), {}, false],
    ['spec 3 §3 a pack in the gearReqRecollectionMap is not', pack(1), { 1: 900 }, false],
    ['another pack in the map does not matter', pack(1), { 2: 900 }, true],
  ] as const)('%s', (_name, candidate, map, expected) => {
    expect(isTransferablePack(candidate, map)).toBe(expected);
  });
});

describe('transferablePacks and preselection (spec 3 §4 Transfer)', () => {
  const order = (over: object = {}, requisitions = [pack(1), pack(2, { accessionNo: 'A2' }), pack(3)]) => ({
    physicianInTheLoop: true,
    canceled: false,
    requisitions,
    ...over,
  });
  it.each([
    ['spec 3 §1: a PITL order offers its unused packs', order(), [1, 3]],
    [
      'not a PITL order: nothing',
      order({ physicianInTheLoop: false }, [pack(1, { physicianInTheLoop: false })]),
      [],
    ],
    ['a PITL requisition makes the order PITL', order({ physicianInTheLoop: false }), [1, 3]],
    ['a canceled order: nothing', order({ canceled: true }), []],
  ] as const)('%s', (_name, candidate, expected) => {
    expect(transferablePacks(candidate, {})).toEqual(expected);
  });
  it.each([
    ["spec 3 §4 'a single eligible pack is preselected'", [7], [7]],
    ['several: none preselected', [7, 8], []],
    ['none: none', [], []],
  ] as const)('%s', (_name, eligible, expected) => {
    expect(preselectedPacks(eligible)).toEqual(expected);
  });
});

describe('transferPackErrors (spec 3 §5 Transfer: at least one pack chosen)', () => {
  it.each([
    ['one eligible pack', [1], [1, 3], []],
    ['two eligible packs', [1, 3], [1, 3], []],
    [
      'spec 3 §5: no pack',
      [],
      [1, 3],
      [{ field: 'gearReqIds', defaultMessage: PITL_TRANSFER_MESSAGES.noPack }],
    ],
    [
      'a pack already accessioned (not eligible)',
      [1, 2],
      [1, 3],
      [{ field: 'gearReqIds.1', defaultMessage: PITL_TRANSFER_MESSAGES.packNotTransferable }],
    ],
  ] as const)('%s', (_name, gearReqIds, eligible, expected) => {
    expect(transferPackErrors({ gearReqIds }, eligible)).toEqual(expected);
  });
});

describe('transferFeeErrors (spec 3 §5 Transfer: card fields validated; §4 a $15 payment)', () => {
  const card = {
    cardNo: '4242424242424242',
    cardExpDate: '12/30',
    cardCvv: '123',
    cardholderName: 'Pat Doe',
    cardZipCode: '28801',
    cardAuthAmount: 15,
  };
  it('the fee is $15.00', () => expect(PITL_TRANSFER_FEE_CENTS).toBe(1500));
  it.each([
    ['a complete card for $15', card, []],
    [
      'spec 3 §5 card number required',
      { ...card, cardNo: '' },
      ['physicianFeePayment.cardNo:Please provide a card number.'],
    ],
    [
      'spec 3 §5 cardholder required',
      { ...card, cardholderName: ' ' },
      ['physicianFeePayment.cardholderName:Please provide a cardholder name.'],
    ],
    [
      'spec 3 §4 another amount than $15',
      { ...card, cardAuthAmount: 14.99 },
      [`physicianFeePayment.cardAuthAmount:${PITL_TRANSFER_MESSAGES.wrongAmount}`],
    ],
  ] as const)('%s', (_name, candidate, expected) => {
    expect(transferFeeErrors(candidate).map((e) => `${e.field}:${e.defaultMessage}`)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { pitlUnpricedBlockers } from './pitl-prices.ts';

const requisition = (id: number, over: object = {}) => ({
  id,
  canceled: false,
  accessionNo: null,
  accessionDetails: [],
  physicianInTheLoop: true,
  ...over,
});
const order = (pitl: boolean, requisitions = [requisition(1), requisition(2)]) => ({
  physicianInTheLoop: pitl,
  requisitions: requisitions.map((r) => ({ ...r, physicianInTheLoop: pitl })),
});
const blocked = (index: number) => ({
  field: `requisitions.${index}.price`,
  defaultMessage: MESSAGES.unableToDeterminePrice,
});

describe("pitlUnpricedBlockers (spec 3 §5 'For PITL orders the price of every unaccessioned, unpaid requisition must be loaded')", () => {
  it.each([
    ['every price loaded', order(true), [], []],
    ['spec 3 §5: a PITL requisition without a price blocks', order(true), [2], [blocked(1)]],
    ['not PITL: the config error submits without payment (spec 3 §4)', order(false), [2], []],
    [
      'an accessioned requisition does not block',
      order(true, [requisition(1), requisition(2, { accessionNo: 'A1' })]),
      [2],
      [],
    ],
    [
      'a canceled one is not counted',
      order(true, [requisition(1, { canceled: true }), requisition(2)]),
      [2],
      [blocked(0)],
    ],
  ] as const)('%s', (_name, candidate, unpriced, expected) => {
    expect(pitlUnpricedBlockers(candidate, unpriced)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { type BillFacts, mayPayBill } from './bill.ts';
import { accession } from './status-fixtures.ts';

const due = (overrides: Partial<BillFacts> = {}): BillFacts => ({
  orderCanceled: false,
  testCanceled: false,
  accessions: [accession({ requisitionStatusId: 3 })],
  amountDueCents: 45_900,
  ...overrides,
});

describe('mayPayBill (spec 3 §2 Pay Bill, §4 per test, §7 GET /amount-due; decision 0300)', () => {
  it.each<[string, BillFacts, boolean]>([
    ['spec 3 §7: an accessioned, results-ready test (status 3) that owes', due(), true],
    [
      'spec 3 §9: results-ready ids 4 and 9 as well',
      due({ accessions: [accession({ requisitionStatusId: 9 })] }),
      true,
    ],
    ['nothing owed: no bill', due({ amountDueCents: 0 }), false],
    [
      'spec 3 §4: accessioned but not 3/4/9 is Testing in Progress',
      due({ accessions: [accession({ requisitionStatusId: 2 })] }),
      false,
    ],
    [
      'spec 3 §4: a discarded specimen offers a new pack, not a bill',
      due({ accessions: [accession({ requisitionStatusId: 3, discarded: true })] }),
      false,
    ],
    ['no accession: nothing received by the lab', due({ accessions: [] }), false],
    ['a canceled test', due({ testCanceled: true }), false],
    ['a canceled order', due({ orderCanceled: true }), false],
    [
      "spec 3 §4 'Multiple orders': one results-ready accession among several is enough",
      due({
        accessions: [
          accession({ requisitionStatusId: 2 }),
          accession({ accessionNo: 'A2', requisitionStatusId: 4 }),
        ],
      }),
      true,
    ],
  ])('%s', (_name, facts, expected) => {
    expect(mayPayBill(facts)).toBe(expected);
  });
});

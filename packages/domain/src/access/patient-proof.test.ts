import { describe, expect, it } from 'vitest';
import { parseRequisitionSearch } from '../identifiers/requisition-search.ts';
import { type OrderProofFacts, provesOrder } from './patient-proof.ts';

/** Jane Testpatient's pack C824591515 (requisition 50012345) on P1001's order (demo-data.md). */
const jane = (overrides: Partial<OrderProofFacts> = {}): OrderProofFacts => ({
  search: parseRequisitionSearch('50012345'),
  dateOfBirth: '1985-04-12',
  gdxId: null,
  orderDateOfBirth: '1985-04-12',
  orderPractitionerGsdlNo: 'P1001',
  ...overrides,
});

describe('provesOrder', () => {
  it.each<[string, OrderProofFacts, boolean]>([
    ["spec 1 §2.8: the patient's date of birth on the order proves it", jane(), true],
    ['spec 1 §2.8: …by activation number too', jane({ search: parseRequisitionSearch('C824591515') }), true],
    ['spec 1 §2.8: another date of birth does not', jane({ dateOfBirth: '1985-04-13' }), false],
    ['spec 1 §7: no date of birth does not', jane({ dateOfBirth: null }), false],
    ['spec 3 §7: the order named by its id and the date of birth', jane({ search: null }), true],
    ['spec 3 §7: …not with another date', jane({ search: null, dateOfBirth: '1958-04-12' }), false],
    ['decision 0040: an order with no patient yet cannot be proven', jane({ orderDateOfBirth: null }), false],
    [
      'spec 1 §4.4: a 7-digit number over 4,000,000 also needs the practitioner GDX ID',
      jane({ search: parseRequisitionSearch('4500000') }),
      false,
    ],
    [
      "spec 1 §4.4: …which must be the order's practitioner",
      jane({ search: parseRequisitionSearch('4500000'), gdxId: 'P1002' }),
      false,
    ],
    [
      'spec 1 §4.4: …given in any case',
      jane({ search: parseRequisitionSearch('4500000'), gdxId: 'p1001' }),
      true,
    ],
  ])('%s', (_spec, facts, expected) => {
    expect(provesOrder(facts)).toBe(expected);
  });
});

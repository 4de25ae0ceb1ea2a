import { describe, expect, it } from 'vitest';
import type { OrderFacts } from '../contract/order.ts';
import { orderWithSteps, rows } from '../test-support/fixtures.ts';
import { isRequisitionComplete } from './requisition-completeness.ts';

const withRows = (exceptions: Parameters<typeof rows>[2]): OrderFacts =>
  orderWithSteps(rows([101, 102], 'completed', exceptions));

describe('isRequisitionComplete', () => {
  it.each<[string, OrderFacts, number, boolean]>([
    ['spec 1 §4.1: complete when every step is completed', withRows({}), 101, true],
    [
      'spec 1 §4.1: incomplete while its collection step is open',
      withRows({ '5:101': 'inProgress' }),
      101,
      false,
    ],
    [
      'spec 1 §4.1: a step of another requisition does not count',
      withRows({ '5:102': 'inProgress' }),
      101,
      true,
    ],
    ['spec 1 §4.1: an order step counts for every requisition', withRows({ 6: 'notStarted' }), 102, false],
    ['spec 1 §4.1: a not-applicable step counts as done', withRows({ '13:101': 'notApplicable' }), 101, true],
    [
      'spec 1 §4.1: summary (and so patient confirmation) is not needed',
      withRows({ 9: 'notStarted' }),
      101,
      true,
    ],
    ['spec 1 §4.1: practitioner summary is not needed', withRows({ 15: 'notStarted' }), 101, true],
    ['spec 1 §4.1: handoff is not needed', withRows({ 12: 'notStarted' }), 101, true],
    ['spec 1 §4.1: billing is not needed', withRows({ '3:101': 'notStarted' }), 101, true],
    ['spec 1 §4.1: payment is needed', withRows({ 10: 'notStarted' }), 101, false],
    ['spec 2 §4: a skipped step is not completed', withRows({ 7: 'skipped' }), 101, false],
  ])('%s', (_spec, subject, gearReqId, expected) => {
    expect(isRequisitionComplete(subject, gearReqId)).toBe(expected);
  });
});

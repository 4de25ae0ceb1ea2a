import { describe, expect, it } from 'vitest';
import { type ListedOrderFacts, type ListedOrderStatus, listedOrderStatus } from './listed-status.ts';
import { accession, delivered, facts, requisition, shipped } from './status-fixtures.ts';

const placed = (overrides: Partial<ListedOrderFacts> = {}): ListedOrderFacts => ({
  canceled: false,
  placed: true,
  facts: facts(),
  ...overrides,
});

describe('listedOrderStatus: an order in a list of orders (spec 3 §4 order status page list, decision 0272)', () => {
  it.each<[string, ListedOrderFacts, ListedOrderStatus]>([
    [
      'decision 0272: not confirmed by the practitioner yet (spec 1 §4.1 step 11)',
      placed({ placed: false }),
      'NotPlaced',
    ],
    [
      'decision 0272: a draft whose every test was removed is Canceled (spec 3 §4 page list, first rule)',
      placed({ placed: false, facts: facts({ requisitions: [requisition({ canceled: true })] }) }),
      'Canceled',
    ],
    ['decision 0050: the order itself canceled', placed({ canceled: true }), 'Canceled'],
    [
      'decision 0272: what the carrier reported shows even when the practitioner step is open',
      placed({ placed: false, facts: facts({ dataConfirmed: true, tracking: shipped }) }),
      'Shipped',
    ],
    ['decision 0050: a canceled draft is Canceled', placed({ canceled: true, placed: false }), 'Canceled'],
    ['spec 3 §4 page list: placed, no tracking, data not confirmed', placed(), 'OrderPlaced'],
    [
      'spec 3 §4 page list: placed and shipped, data confirmed',
      placed({ facts: facts({ dataConfirmed: true, tracking: shipped }) }),
      'Shipped',
    ],
    [
      'spec 3 §4 page list: every requisition accessioned, results not ready',
      placed({
        facts: facts({
          dataConfirmed: true,
          tracking: delivered,
          requisitions: [requisition({ accessions: [accession()] })],
        }),
      }),
      'ReceivedByLab',
    ],
    [
      'spec 3 §4 page list: every accession result-ready',
      placed({
        facts: facts({
          tracking: delivered,
          requisitions: [requisition({ accessions: [accession({ requisitionStatusId: 3 })] })],
        }),
      }),
      'ResultsReady',
    ],
    [
      'spec 3 §4 page list: a discarded specimen',
      placed({
        facts: facts({ requisitions: [requisition({ accessions: [accession({ discarded: true })] })] }),
      }),
      'DiscardedSpecimens',
    ],
  ])('%s', (_name, input, expected) => {
    expect(listedOrderStatus(input)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import type { IntakeEvent } from '../contract/intake.ts';
import { STATUS_EMAIL_TEXTS, statusEmailOf } from './status-emails.ts';

const base = { id: 'e1', occurredAt: '2026-11-20T10:00:00Z' };

describe('statusEmailOf (issue 17 beyond the spec; decision 0301)', () => {
  it.each<[string, IntakeEvent, ReturnType<typeof statusEmailOf>]>([
    [
      'the pack ships: shipment created',
      { ...base, type: 'shipment.created', orderId: 1, trackingNumber: '7946' } as IntakeEvent,
      { kind: 'packShipped', subject: '7946' },
    ],
    [
      'a discarded specimen without issues needs a new collection',
      { ...base, type: 'lab.discarded', accessionNo: 'A1', issues: [] },
      { kind: 'newCollectionNeeded', subject: 'A1' },
    ],
    [
      'a discarded specimen with issues as well (a new pack will be mailed)',
      { ...base, type: 'lab.discarded', accessionNo: 'A1', issues: ['Hemolyzed'] },
      { kind: 'newCollectionNeeded', subject: 'A1' },
    ],
    [
      'results (spec 3 §9 result-ready id 3)',
      {
        ...base,
        type: 'lab.results',
        accessionNo: 'A1',
        requisitionStatusId: 3,
        analytes: [],
      } as unknown as IntakeEvent,
      { kind: 'resultsReady', subject: 'A1' },
    ],
    [
      'a status moving to result-ready id 9',
      { ...base, type: 'lab.status', accessionNo: 'A1', requisitionStatusId: 9 },
      { kind: 'resultsReady', subject: 'A1' },
    ],
    [
      'a status not result-ready (2)',
      { ...base, type: 'lab.status', accessionNo: 'A1', requisitionStatusId: 2 },
      null,
    ],
    [
      'a carrier scan tells nothing',
      { ...base, type: 'carrier.scan', trackingNumber: '7946', status: 'IN_TRANSIT' } as IntakeEvent,
      null,
    ],
    [
      'the lab receiving the specimen tells nothing',
      { ...base, type: 'lab.received', accessionNo: 'A1', productName: 'GI Effects' } as IntakeEvent,
      null,
    ],
  ])('%s', (_name, event, expected) => {
    expect(statusEmailOf(event)).toEqual(expected);
  });

  it('no email text names a test, a product or a result', () => {
    const words = JSON.stringify(Object.values(STATUS_EMAIL_TEXTS)).toLowerCase();
    for (const health of ['gi effects', 'nutreval', 'result', 'positive', 'negative', 'specimen was'])
      expect(words).not.toContain(health);
  });
});

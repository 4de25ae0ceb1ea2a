import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../contract/order.ts';
import { order, requisition, users } from '../test-support/fixtures.ts';
import { type CartActions, cartActions, cartCount } from './cart.ts';

const confirmed = (by: 'practitioner' | 'patient') => ({
  ...order().workflow,
  practitionerConfirmed: by === 'practitioner',
  patientConfirmed: by === 'patient',
});

describe('cartActions (spec 3 §2 Cart dropdown)', () => {
  const one = requisition();
  it.each<[string, ReturnType<typeof order>, UserInfo, CartActions]>([
    [
      'spec 3 §2: edit and remove while the order is not confirmed',
      order(),
      users.drAvery,
      { edit: true, remove: true },
    ],
    [
      'spec 3 §2: neither once the practitioner confirmed it',
      order({ workflow: confirmed('practitioner') }),
      users.drAvery,
      { edit: false, remove: false },
    ],
    [
      'spec 3 §2: a patient still edits an order only the practitioner confirmed',
      order({ workflow: confirmed('practitioner') }),
      users.patient,
      { edit: true, remove: true },
    ],
    [
      'spec 3 §2: neither once the patient confirmed it',
      order({ workflow: confirmed('patient') }),
      users.patient,
      { edit: false, remove: false },
    ],
    [
      'spec 3 §2: admins edit and remove a confirmed order',
      order({ workflow: confirmed('practitioner') }),
      users.admin,
      { edit: true, remove: true },
    ],
    [
      'spec 3 §2: edit is hidden for PITL orders, even for admins',
      order({ physicianInTheLoop: true }),
      users.admin,
      { edit: false, remove: true },
    ],
    [
      'decision 0034: a requisition the lab has received is not removed',
      order({ requisitions: [requisition({ accessionNo: 'A1' })] }),
      users.drAvery,
      { edit: true, remove: false },
    ],
    [
      'spec 2 §4: a patient removes only a single requisition',
      order({ requisitions: [one, requisition({ id: 102 })] }),
      users.patient,
      { edit: true, remove: false },
    ],
  ])('%s', (_spec, facts, user, expected) => {
    const [first] = facts.requisitions;
    if (!first) throw new Error('no requisition');
    expect(cartActions(facts, first, user)).toEqual(expected);
  });
});

describe('cartCount (spec 3 §2 Cart dropdown: the quantity or requisition count)', () => {
  it.each([
    [
      'drop-ship requisitions are counted',
      [requisition({ quantity: 1 }), requisition({ id: 102, quantity: 1 })],
      { count: 2, unit: 'requisition' },
    ],
    [
      'packs shipped to the office are counted by quantity',
      [
        requisition({ shipToOffice: true, dropShip: false, quantity: 5 }),
        requisition({ id: 102, shipToOffice: true, dropShip: false, quantity: 3 }),
      ],
      { count: 8, unit: 'pack' },
    ],
    [
      'canceled requisitions are not counted',
      [requisition({ canceled: true }), requisition({ id: 102 })],
      { count: 1, unit: 'requisition' },
    ],
    ['an empty order counts none', [], { count: 0, unit: 'requisition' }],
  ])('%s', (_case, requisitions, expected) => {
    expect(cartCount({ requisitions })).toEqual(expected);
  });
});

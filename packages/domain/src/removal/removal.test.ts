import { describe, expect, it } from 'vitest';
import type { Requisition, UserInfo } from '../contract/order.ts';
import { order as orderFacts, requisition, users } from '../test-support/fixtures.ts';
import {
  CANCEL_ORDER_MESSAGES,
  isOrderCancelable,
  mayRemoveRequisitions,
  maySaveForLater,
  REMOVAL_MESSAGES,
  type RemovalRefusal,
  removalRefusal,
  saveForLaterRefusal,
} from './removal.ts';

const facts = (requisitions: Requisition[]) => orderFacts({ requisitions });
const one = facts([requisition()]);
const two = facts([requisition(), requisition({ id: 102 })]);
const confirmedBoth = { ...orderFacts().workflow, practitionerConfirmed: true, patientConfirmed: true };
const received = requisition({ id: 102, accessionNo: 'A2601050001' });

describe('mayRemoveRequisitions', () => {
  it.each<[string, UserInfo, { requisitions: Requisition[] }, boolean]>([
    ['spec 3 §6: a practitioner removes from an order of one', users.drAvery, one, true],
    ['spec 3 §6: a practitioner removes from an order of several', users.staffKim, two, true],
    ['spec 2 §4: a patient only when the order has a single requisition', users.patient, one, true],
    ['spec 2 §4: not a patient with two', users.patient, two, false],
    [
      'spec 2 §4: a canceled test does not count',
      users.patient,
      facts([requisition(), requisition({ id: 102, canceled: true })]),
      true,
    ],
    ['spec 3 §6: admins edit anything', users.admin, two, true],
  ])('%s', (_spec, user, order, expected) => {
    expect(mayRemoveRequisitions(user, order)).toBe(expected);
  });
});

describe('maySaveForLater', () => {
  it.each<[string, UserInfo, { requisitions: Requisition[] }, boolean]>([
    ['spec 2 §4: a patient with two requisitions', users.patient, two, true],
    ['spec 2 §4: an admin with two', users.admin, two, true],
    ['spec 2 §4: not with a single requisition', users.patient, one, false],
    ['spec 2 §4: not a practitioner', users.drAvery, two, false],
  ])('%s', (_spec, user, order, expected) => {
    expect(maySaveForLater(user, order)).toBe(expected);
  });
});

describe('removalRefusal', () => {
  it.each<[string, UserInfo, ReturnType<typeof facts>, number, RemovalRefusal | null]>([
    ['a practitioner removes a requisition of the order', users.drAvery, two, 102, null],
    ['spec 2 §8 404: not on the order', users.drAvery, two, 999, 'notFound'],
    ['spec 2 §8 403: a patient with two requisitions', users.patient, two, 101, 'notAuthorized'],
    [
      'spec 2 §8 400 / spec 3 §6: received by the lab (even an admin)',
      users.admin,
      facts([requisition(), received]),
      102,
      'cannotBeRemoved',
    ],
    [
      'spec 2 §8 400: already canceled',
      users.drAvery,
      facts([requisition({ canceled: true })]),
      101,
      'cannotBeRemoved',
    ],
    [
      'spec 3 §4 Review step: practitioners lose delete once practitioner and patient have both confirmed',
      users.drAvery,
      { ...two, workflow: confirmedBoth },
      102,
      'notAuthorized',
    ],
    [
      'spec 3 §4 Review step: … or when paperless applies',
      users.drAvery,
      facts([requisition(), requisition({ id: 102, paperless: true })]),
      102,
      'notAuthorized',
    ],
    [
      'spec 3 §4 Review step: a patient of a PITL order (editing is not allowed on PITL orders)',
      users.patient,
      { ...one, physicianInTheLoop: true },
      101,
      'notAuthorized',
    ],
    [
      'spec 3 §6: admins edit anything, also a confirmed PITL order',
      users.admin,
      { ...two, physicianInTheLoop: true, workflow: confirmedBoth },
      102,
      null,
    ],
  ])('%s', (_spec, user, order, gearReqId, expected) => {
    expect(removalRefusal(user, order, gearReqId)).toBe(expected);
  });
});

describe('saveForLaterRefusal', () => {
  it.each<[string, UserInfo, ReturnType<typeof facts>, number, RemovalRefusal | null]>([
    ['spec 2 §4: a patient moves one of two', users.patient, two, 102, null],
    ['spec 2 §4: not a practitioner', users.drAvery, two, 102, 'notAuthorized'],
    ['spec 2 §4: not the only requisition', users.admin, one, 101, 'onlyRequisition'],
    ['not on the order', users.admin, two, 999, 'notFound'],
    ['received by the lab', users.admin, facts([requisition(), received]), 102, 'cannotBeRemoved'],
    [
      'spec 3 §4 Review step: not on a PITL order (patient)',
      users.patient,
      { ...two, physicianInTheLoop: true },
      102,
      'notAuthorized',
    ],
  ])('%s', (_spec, user, order, gearReqId, expected) => {
    expect(saveForLaterRefusal(user, order, gearReqId)).toBe(expected);
  });
});

describe('isOrderCancelable', () => {
  it.each<[string, Requisition[], boolean]>([
    ['spec 3 §4: every requisition cancelable', [requisition(), requisition({ id: 102 })], true],
    ['spec 3 §4: one received by the lab', [requisition(), received], false],
    [
      'spec 3 §4: accession details count as received',
      [
        requisition({
          accessionDetails: [
            {
              accessionNo: 'A1',
              productName: 'GI',
              requisitionStatusId: null,
              dueDate: null,
              discardedSpecimen: false,
              issues: [],
            },
          ],
        }),
      ],
      false,
    ],
    ['a canceled test does not stand in the way', [requisition(), { ...received, canceled: true }], true],
    ['an order with no requisitions', [], true],
  ])('%s', (_spec, requisitions, expected) => {
    expect(isOrderCancelable({ requisitions })).toBe(expected);
  });
});

describe('messages', () => {
  it('spec 2 §8: the removal messages, verbatim', () => {
    expect([
      REMOVAL_MESSAGES.cannotBeRemoved,
      REMOVAL_MESSAGES.notAuthorized,
      REMOVAL_MESSAGES.notFound,
    ]).toEqual([
      'Sorry, this requisition cannot be removed',
      'Sorry, you are not authorized to remove this requisition',
      'Sorry, this requisition cannot be found',
    ]);
    expect(REMOVAL_MESSAGES.unexpected).toBe(
      'Sorry, an unexpected error has occcured. If you continue to receive this message, please contact us.',
    );
  });

  it('spec 3 §8: the cancel-order messages, verbatim', () => {
    expect(CANCEL_ORDER_MESSAGES).toEqual({
      alreadyRefunded: 'This order has already been refunded. Please refresh the page.',
      failed: 'Order cancellation failed. Please contact support.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { isAdmin } from '../access/admin.ts';
import type { OrderFacts, UserInfo } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { order, orderWithSteps, requisition, rows, users } from '../test-support/fixtures.ts';
import {
  isOrderCanceled,
  isOrderLocked,
  isPanelSelectionLocked,
  isPractitionerStepLocked,
  ORDER_LOCK_NOTICES,
  orderLockMessage,
  orderLockOf,
} from './locking.ts';

const { drAvery, admin, patient } = users;

const canceled = order({
  requisitions: [requisition({ canceled: true }), requisition({ id: 102, canceled: true })],
});
const partlyCanceled = order({ requisitions: [requisition({ canceled: true }), requisition({ id: 102 })] });
const received = order({ requisitions: [requisition(), requisition({ id: 102, accessionNo: 'A1234567' })] });
const confirmedRows = rows([101], 'completed', { 11: 'completed' });
const shipToOffice = (practAgreement: boolean | null, confirmed = true): OrderFacts =>
  orderWithSteps(confirmed ? confirmedRows : rows([101], 'notStarted'), {
    containsShipToOfficeRequisition: true,
    practAgreement,
  });

describe('isAdmin', () => {
  it.each<[string, UserInfo, boolean]>([
    ["spec 1 §1: adminUser 'true' is an admin", admin, true],
    ["spec 1 §1: adminUser 'false' is not", drAvery, false],
  ])('%s', (_spec, user, expected) => {
    expect(isAdmin(user)).toBe(expected);
  });
});

describe('isOrderLocked', () => {
  it.each<[string, OrderFacts, UserInfo, boolean]>([
    ['spec 1 §4.2: an accession number locks the order for non-admins', received, drAvery, true],
    ['spec 1 §4.2: …and for patients', received, patient, true],
    ['spec 1 §4.2: admins still can edit', received, admin, false],
    ['spec 1 §4.2: no accession number, no lock', order(), drAvery, false],
    ['spec 3 §4: a canceled order is locked (decision 0050)', canceled, drAvery, true],
    ['spec 3 §4: …for admins too (decision 0050)', canceled, admin, true],
    ['spec 3 §4: one canceled test of two does not lock the order', partlyCanceled, drAvery, false],
  ])('%s', (_spec, subject, user, expected) => {
    expect(isOrderLocked(subject, user)).toBe(expected);
  });
});

describe('isOrderCanceled', () => {
  it.each<[string, OrderFacts & { canceled?: boolean }, boolean]>([
    ["spec 3 §4 'Canceled: all requisitions are canceled'", canceled, true],
    ['spec 3 §4: not while one requisition is still live', partlyCanceled, false],
    [
      'spec 3 §4: an order without requisitions is not canceled by that rule',
      order({ requisitions: [] }),
      false,
    ],
    ['spec 3 §4: a live order', order(), false],
  ])('%s', (_spec, subject, expected) => {
    expect(isOrderCanceled(subject)).toBe(expected);
  });
});

describe('orderLockOf and orderLockMessage', () => {
  const canceledAndReceived = order({
    requisitions: [requisition({ canceled: true, accessionNo: 'A1234567' })],
  });
  it.each<[string, OrderFacts, UserInfo, string | null, string | null]>([
    ['decision 0050: canceled', canceled, drAvery, 'canceled', MESSAGES.orderCanceled],
    ['decision 0050: canceled, for an admin too', canceled, admin, 'canceled', MESSAGES.orderCanceled],
    [
      'decision 0050: canceled wins over received',
      canceledAndReceived,
      drAvery,
      'canceled',
      MESSAGES.orderCanceled,
    ],
    ['spec 1 §4.2: received by the lab', received, drAvery, 'receivedByLab', MESSAGES.orderReceivedByLab],
    ['spec 1 §6: admins bypass the lab-receipt lock', received, admin, null, null],
    ['spec 1 §4.2: an open order', order(), patient, null, null],
  ])('%s', (_spec, subject, user, lock, message) => {
    expect(orderLockOf(subject, user)).toBe(lock);
    expect(orderLockMessage(subject, user)).toBe(message);
  });

  it("decision 0050: the notices' titles", () => {
    expect(ORDER_LOCK_NOTICES.canceled.title).toBe('Order canceled');
    expect(ORDER_LOCK_NOTICES.receivedByLab.title).toBe('Order received');
  });
});

describe('isPractitionerStepLocked', () => {
  it.each<[string, OrderFacts, UserInfo, boolean]>([
    ['spec 1 §4.2: ship-to-office, confirmed, agreement given', shipToOffice(true), drAvery, true],
    [
      'spec 1 §4.2: ship-to-office, confirmed, agreement false (non-null)',
      shipToOffice(false),
      drAvery,
      true,
    ],
    ['spec 1 §4.2: ship-to-office, confirmed, agreement null', shipToOffice(null), drAvery, false],
    ['spec 1 §4.2: ship-to-office, not confirmed', shipToOffice(true, false), drAvery, false],
    [
      'spec 1 §4.2: not ship-to-office',
      orderWithSteps(confirmedRows, { practAgreement: true }),
      drAvery,
      false,
    ],
    [
      'spec 1 §4.2: workflow.practitionerConfirmed counts as confirmation',
      orderWithSteps(rows([101], 'notStarted'), {
        containsShipToOfficeRequisition: true,
        practAgreement: true,
        practitionerConfirmed: true,
      }),
      drAvery,
      true,
    ],
    ['spec 1 §4.2: received by the lab', received, drAvery, true],
    ['spec 1 §6: admins bypass the ship-to-office lock', shipToOffice(true), admin, false],
    ['spec 1 §6: admins bypass the lab-receipt lock', received, admin, false],
    ['decision 0050: a canceled order, for an admin too', canceled, admin, true],
  ])('%s', (_spec, subject, user, expected) => {
    expect(isPractitionerStepLocked(subject, user)).toBe(expected);
  });
});

describe('isPanelSelectionLocked', () => {
  const confirmed = orderWithSteps(rows([101], 'notStarted', { 11: 'completed' }));
  it.each<[string, OrderFacts, UserInfo, boolean]>([
    ['spec 1 §4.2: locked once practitioner confirmation is complete', confirmed, drAvery, true],
    ['spec 1 §4.2: not for an admin', confirmed, admin, false],
    ['spec 1 §4.2: locked once an accession number exists', received, patient, true],
    ['spec 1 §6: admins edit after lab receipt', received, admin, false],
    ['spec 1 §4.2: open before confirmation and receipt', order(), drAvery, false],
    ['decision 0050: a canceled order, for an admin too', canceled, admin, true],
  ])('%s', (_spec, subject, user, expected) => {
    expect(isPanelSelectionLocked(subject, user)).toBe(expected);
  });
});

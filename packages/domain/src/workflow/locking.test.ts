import { describe, expect, it } from 'vitest';
import type { OrderFacts, UserInfo } from '../model.ts';
import { order, orderWithSteps, requisition, rows, users } from '../test-support/fixtures.ts';
import { isAdmin, isOrderLocked, isPanelSelectionLocked, isPractitionerStepLocked } from './locking.ts';

const { drAvery, admin, patient } = users;

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
  ])('%s', (_spec, subject, user, expected) => {
    expect(isOrderLocked(subject, user)).toBe(expected);
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
  ])('%s', (_spec, subject, user, expected) => {
    expect(isPanelSelectionLocked(subject, user)).toBe(expected);
  });
});

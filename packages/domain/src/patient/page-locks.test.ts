import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../contract/order.ts';
import { order, orderWithSteps, requisition, rows, users } from '../test-support/fixtures.ts';
import {
  isInsurancePageLocked,
  isPatientAddressLocked,
  isPatientLastNameLocked,
  isPatientPageLocked,
} from './page-locks.ts';

const { drAvery, admin, patient } = users;
const received = order({ requisitions: [requisition({ accessionNo: 'A1234567' })] });
const practitionerConfirmed = orderWithSteps(rows([101], 'completed', { 11: 'completed' }));
const patientConfirmed = order({
  workflow: {
    steps: rows([101], 'inProgress'),
    practitionerConfirmed: false,
    patientConfirmed: true,
    complete: false,
  },
});
const open = order();
const dropShip = <T extends object>(subject: T) => ({ ...subject, containsDropShipRequisition: true });
const shipToOffice = <T extends object>(subject: T) => ({ ...subject, containsDropShipRequisition: false });

describe('isPatientPageLocked / isInsurancePageLocked', () => {
  it.each<[string, UserInfo, boolean]>([
    ['spec 2 §4: an accession number disables the pages for practitioners', drAvery, true],
    ['spec 2 §4: …and for patients', patient, true],
    ['spec 2 §4: admins bypass the lock', admin, false],
  ])('%s', (_spec, user, expected) => {
    expect([isPatientPageLocked(received, user), isInsurancePageLocked(received, user)]).toEqual([
      expected,
      expected,
    ]);
  });

  it('spec 2 §4: no accession number, no lock', () => {
    expect(isPatientPageLocked(open, drAvery)).toBe(false);
  });
});

describe('isPatientLastNameLocked', () => {
  it.each<[string, Parameters<typeof isPatientLastNameLocked>[0], UserInfo, boolean]>([
    ['spec 2 §4: an unconfirmed page', open, drAvery, false],
    ['spec 2 §4: disabled once the practitioner confirmed', practitionerConfirmed, drAvery, true],
    ['spec 2 §4: disabled once the patient confirmed', patientConfirmed, patient, true],
    ['spec 2 §4: admins bypass', practitionerConfirmed, admin, false],
    ['spec 2 §4: the page lock disables it too', received, drAvery, true],
  ])('%s', (_spec, subject, user, expected) => {
    expect(isPatientLastNameLocked(subject, user)).toBe(expected);
  });
});

describe('isPatientAddressLocked', () => {
  it.each<[string, Parameters<typeof isPatientAddressLocked>[0], UserInfo, boolean]>([
    ['spec 2 §4: myGDX, drop-ship, practitioner confirmed', dropShip(practitionerConfirmed), drAvery, true],
    ['spec 2 §4: not before practitioner confirmation', dropShip(open), drAvery, false],
    ['spec 2 §4: not for ship-to-office orders', shipToOffice(practitionerConfirmed), drAvery, false],
    ['spec 2 §4: the patient may still correct the address', dropShip(practitionerConfirmed), patient, false],
    ['spec 2 §4: admins bypass', dropShip(practitionerConfirmed), admin, false],
    ['spec 2 §4: the page lock locks it too', shipToOffice(received), patient, true],
  ])('%s', (_spec, subject, user, expected) => {
    expect(isPatientAddressLocked(subject, user)).toBe(expected);
  });
});

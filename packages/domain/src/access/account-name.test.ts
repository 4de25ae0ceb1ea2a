import { describe, expect, it } from 'vitest';
import { accountRole, practitionerName, signedInLabel } from './account-name.ts';

describe('issue 15 "the header shows the signed-in person\'s name and role" (decision 0312)', () => {
  it.each([
    ['an admin, whatever their number', { admin: true, isPractitioner: false }, 'admin'],
    ['an admin who is also a practitioner', { admin: true, isPractitioner: true }, 'admin'],
    ["a practitioner's own account", { admin: false, isPractitioner: true }, 'practitioner'],
    ["an office's account", { admin: false, isPractitioner: false }, 'office staff'],
  ] as const)('role of %s', (_name, account, role) => {
    expect(accountRole(account)).toBe(role);
  });

  it.each([
    [
      { type: 'myGDX', gsdlNo: 'P1001', name: 'Dr. Dana Avery', role: 'practitioner' },
      'Dr. Dana Avery · practitioner',
    ],
    [{ type: 'myGDX', gsdlNo: 'S2001', name: 'Kim Park', role: 'office staff' }, 'Kim Park · office staff'],
    [{ type: 'myGDX', gsdlNo: 'A9001', name: 'Robin Ortiz', role: 'admin' }, 'Robin Ortiz · admin'],
    [{ type: 'myGDX', gsdlNo: 'A9001', name: null, role: 'admin' }, 'Signed in as A9001 · admin'],
    [{ type: 'myGDX', gsdlNo: 'P1001' }, 'Signed in as P1001'],
    [{ type: 'prc', gsdlNo: null }, 'Signed in as a patient'],
  ] as const)('%j reads %s', (user, label) => {
    expect(signedInLabel(user)).toBe(label);
  });

  it('a practitioner is named as a doctor', () => {
    expect(practitionerName({ firstName: 'Dana', lastName: 'Avery' })).toBe('Dr. Dana Avery');
  });
});

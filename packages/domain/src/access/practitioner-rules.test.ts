import { describe, expect, it } from 'vitest';
import type { FieldError } from '../contract/errors.ts';
import type { Practitioner, UserInfo } from '../contract/order.ts';
import { practitioner, users } from '../test-support/fixtures.ts';
import {
  isCreditHold,
  isDemoAccount,
  isPractitionerUser,
  isProvenOrder,
  mayOrderFor,
  mayViewOrder,
  normaliseGsdlNo,
  practitionerLabel,
  practitionerNameFor,
  requiresAuthorizationAgreement,
  userGsdlNumbers,
  validatePractitionerStep,
} from './practitioner-rules.ts';

const { drAvery, staffKim, drChen, admin, patient } = users;
/** Not a demo login: Sam Brooks signed in as themself, authorized by P1001. */
const drBrooks: UserInfo = { type: 'myGDX', gsdlNo: 'P1002', onBehalfOf: '', adminUser: 'false' };

/** The demo practitioners of ../shared/demo-data.md, with the traits these rules read. */
const avery = practitioner();
const brooks = practitioner({
  gsdlNo: 'P1002',
  firstName: 'Sam',
  lastName: 'Brooks',
  degree: 'ND',
  authorizingDoctorGsdlNo: 'P1001',
});
const chen = practitioner({
  gsdlNo: 'P1003',
  authorizingDoctorGsdlNo: 'P1003',
  cmsCreditStatus: { creditStatus: 'C.O.D Credit Hold' },
});
const diaz = practitioner({ gsdlNo: 'P1004', authorizingDoctorGsdlNo: null });
const fox = practitioner({ gsdlNo: 'P1006', authorizingDoctorGsdlNo: 'P1006' });
/** Not demo data: a practitioner authorized by P1001 but absent from dr.avery's onBehalfOf. */
const authorizedByAvery = practitioner({ gsdlNo: 'P1008', authorizingDoctorGsdlNo: 'P1001' });
const gray = practitioner({ gsdlNo: 'P1007', authorizingDoctorGsdlNo: 'P1007' });

describe('userGsdlNumbers', () => {
  it.each<[string, Pick<UserInfo, 'gsdlNo' | 'onBehalfOf'>, string[]]>([
    ['spec 1 §3: own number then onBehalfOf', drAvery, ['P1001', 'P1002', 'P1006']],
    [
      'spec 1 §3: trimmed, uppercased, without repeats or blanks',
      { gsdlNo: ' p1001', onBehalfOf: 'p1002 , P1001,,P1002 ' },
      ['P1001', 'P1002'],
    ],
    ['spec 1 §3: a patient has none', patient, []],
  ])('%s', (_spec, user, expected) => {
    expect(userGsdlNumbers(user)).toEqual(expected);
  });
});

describe('mayOrderFor / mayViewOrder', () => {
  it.each<[string, UserInfo, Practitioner, boolean]>([
    ['spec 1 §6: a practitioner orders for themself', drAvery, avery, true],
    [
      'spec 1 §6: …for a practitioner whose authorizing doctor they are (P1002 → P1001)',
      drAvery,
      brooks,
      true,
    ],
    ['spec 1 §6: …for one listed in onBehalfOf', drAvery, fox, true],
    ['spec 1 §6: …for one they authorize who is not in onBehalfOf', drAvery, authorizedByAvery, true],
    ['spec 1 §6: office staff order for the practitioners of onBehalfOf', staffKim, brooks, true],
    ['spec 1 §6: not for an unrelated practitioner', drAvery, gray, false],
    ['spec 1 §6: a credit-hold practitioner may order for nobody else', drChen, avery, false],
    ['spec 1 §6: admins may order for any practitioner', admin, gray, true],
    ['spec 1 §6: a patient may not order for a practitioner by this rule', patient, avery, false],
    [
      'spec 1 §6: a practitioner orders for themself under another authorizing doctor',
      drBrooks,
      brooks,
      true,
    ],
  ])('%s', (_spec, user, subject, expected) => {
    expect(mayOrderFor(user, subject)).toBe(expected);
    expect(mayViewOrder(user, subject, 100001)).toBe(expected);
  });

  it.each<[string, UserInfo, boolean]>([
    ['ARCHITECTURE Access: an order without a practitioner is for admins', admin, true],
    ['ARCHITECTURE Access: …not for practitioners', drAvery, false],
  ])('%s', (_spec, user, expected) => {
    expect(mayViewOrder(user, null, 100001)).toBe(expected);
  });

  const provenPatient: UserInfo = { ...patient, orderIds: [100001, 100003] };
  it.each<[string, UserInfo, number, boolean]>([
    ['decision 0040: a patient sees an order proven in their session', provenPatient, 100001, true],
    ['decision 0040: …and no other order', provenPatient, 100002, false],
    ['decision 0040: a patient who proved nothing sees no order', patient, 100001, false],
    [
      'decision 0040: proven orders mean nothing to a practitioner',
      { ...drAvery, orderIds: [100009] },
      100009,
      false,
    ],
  ])('%s', (_spec, user, orderId, expected) => {
    expect(mayViewOrder(user, gray, orderId)).toBe(expected);
    expect(isProvenOrder(user, orderId)).toBe(expected);
  });
});

describe('isPractitionerUser', () => {
  it.each<[string, UserInfo, boolean]>([
    ['spec 1 §1: myGDX is the practitioner or office staff', staffKim, true],
    ['spec 1 §1: admins are myGDX', admin, true],
    ['spec 1 §1: prc is the patient', patient, false],
  ])('%s', (_spec, user, expected) => {
    expect(isPractitionerUser(user)).toBe(expected);
  });
});

describe('requiresAuthorizationAgreement', () => {
  it.each<[string, UserInfo, Practitioner, boolean]>([
    ['spec 1 §5: the authorizing doctor is the user', drAvery, brooks, true],
    ['spec 1 §5: the authorizing doctor is among onBehalfOf', staffKim, brooks, true],
    ['spec 1 §5: the authorizing doctor is someone else', staffKim, fox, false],
    ['spec 1 §5: no authorizing doctor (demo account)', admin, diaz, false],
  ])('%s', (_spec, user, subject, expected) => {
    expect(requiresAuthorizationAgreement(user, subject)).toBe(expected);
  });
});

describe('practitioner notices', () => {
  it.each<[string, boolean, boolean]>([
    ["spec 1 §6: 'C.O.D Credit Hold' is a credit hold", isCreditHold(chen), true],
    ['spec 1 §6: no credit status is no hold', isCreditHold(avery), false],
    [
      'spec 1 §6: another status is no hold',
      isCreditHold(practitioner({ cmsCreditStatus: { creditStatus: 'Good' } })),
      false,
    ],
    ['spec 1 §6: no authorizing doctor is a demo account', isDemoAccount(diaz), true],
    [
      'spec 1 §6: a blank authorizing doctor is a demo account',
      isDemoAccount(practitioner({ authorizingDoctorGsdlNo: ' ' })),
      true,
    ],
    ['spec 1 §6: an authorizing doctor makes a real account', isDemoAccount(brooks), false],
  ])('%s', (_spec, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('practitionerLabel', () => {
  it("spec 1 §2.4: shown as 'first last, degree (gsdlNo)'", () => {
    expect(practitionerLabel(brooks)).toBe('Sam Brooks, ND (P1002)');
  });
});

describe('practitionerNameFor', () => {
  it.each<[string, UserInfo, string]>([
    ["spec 3 §6: 'Administrators … See GDX IDs'", admin, 'Sam Brooks, ND (GDX ID P1002)'],
    ['spec 3 §6: practitioners see the name and degree', drAvery, 'Sam Brooks, ND'],
    ['spec 3 §6: patients see the name and degree', patient, 'Sam Brooks, ND'],
  ])('%s', (_spec, user, expected) => {
    expect(practitionerNameFor(brooks, user)).toBe(expected);
  });
});

describe('normaliseGsdlNo', () => {
  it.each<[string, string, string | null]>([
    ['spec 1 §2.4: uppercased', 'p1001', 'P1001'],
    ['spec 1 §2.4: trimmed before the length check', '  p1001 ', 'P1001'],
    ['spec 1 §9: at most 5 characters', 'P10011', null],
    ['spec 1 §2.4: empty is no number', '   ', null],
    ['letters and digits only (a NUL byte never reaches a query)', 'P\u00001', null],
    ['letters and digits only', 'P-100', null],
  ])('%s', (_spec, input, expected) => {
    expect(normaliseGsdlNo(input)).toBe(expected);
  });
});

describe('validatePractitionerStep', () => {
  it.each<[string, UserInfo, Practitioner, boolean | null, FieldError[]]>([
    [
      'spec 1 §5: the authorization checkbox is required for the authorizing doctor',
      drAvery,
      brooks,
      null,
      [{ field: 'practAgreement', defaultMessage: 'Please verify you are authorized to order.' }],
    ],
    [
      'spec 1 §5: an unticked box (false) is not an agreement',
      drAvery,
      brooks,
      false,
      [{ field: 'practAgreement', defaultMessage: 'Please verify you are authorized to order.' }],
    ],
    ['spec 1 §5: ticked, the step is valid', drAvery, brooks, true, []],
    [
      'spec 1 §5: no agreement needed when ordering as oneself under another authorizing doctor',
      drBrooks,
      brooks,
      null,
      [],
    ],
    [
      'spec 1 §6: a credit-hold practitioner cannot proceed',
      drChen,
      chen,
      true,
      [
        {
          field: 'practitioner',
          defaultMessage:
            'Online ordering is unavailable for this practitioner account. Please contact client services for assistance.',
        },
      ],
    ],
    [
      'spec 1 §6: a user may not order for an unrelated practitioner',
      drAvery,
      gray,
      true,
      [{ field: 'practitioner', defaultMessage: 'You do not have access to this page.' }],
    ],
    ['spec 1 §6: admins may order for any practitioner', admin, gray, null, []],
  ])('%s', (_spec, user, subject, practAgreement, expected) => {
    expect(validatePractitionerStep({ user, practitioner: subject, practAgreement })).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { MESSAGES, PATIENT_MESSAGES } from '../messages.ts';
import { ACTIVATION_MESSAGES } from './activation.ts';
import {
  REGISTRATION_MESSAGES,
  type RegistrationForm,
  type RegistrationPractitioner,
  registrationFormErrors,
  registrationPractitioner,
} from './registration.ts';

const form = (overrides: Partial<RegistrationForm> = {}): RegistrationForm => ({
  activationNumber: '50012346',
  gdxId: '',
  nameFirst: 'Sam',
  nameLast: 'Rivera',
  dateOfBirth: '03/14/1990',
  captcha: 'solved',
  ...overrides,
});

describe('Patient Registration form (spec 3 §2 /register/{reqNum?}, §5 Activation; decision 0170)', () => {
  it('a complete form has no errors', () => expect(registrationFormErrors(form())).toEqual({}));

  it.each<[string, Partial<RegistrationForm>, Partial<Record<string, string>>]>([
    ['no number', { activationNumber: ' ' }, { activationNumber: MESSAGES.requisitionNumberRequired }],
    [
      'a failing check digit',
      { activationNumber: 'C824591516' },
      { activationNumber: ACTIVATION_MESSAGES.notFound },
    ],
    [
      'spec 3 §5: 7 digits over 4,000,000 without GDX ID',
      { activationNumber: '4500000' },
      { gdxId: MESSAGES.practitionerGdxIdRequired },
    ],
    ['no first name', { nameFirst: '  ' }, { nameFirst: REGISTRATION_MESSAGES.nameFirstRequired }],
    ['no last name', { nameLast: '' }, { nameLast: REGISTRATION_MESSAGES.nameLastRequired }],
    [
      'an impossible date of birth',
      { dateOfBirth: '02/30/1990' },
      { dateOfBirth: PATIENT_MESSAGES.dateOfBirthRequired },
    ],
    ['no captcha', { captcha: null }, { captcha: ACTIVATION_MESSAGES.captchaRequired }],
  ])('%s', (_, overrides, errors) => expect(registrationFormErrors(form(overrides))).toEqual(errors));

  it('the GDX ID given for a number over 4,000,000 satisfies the rule', () =>
    expect(registrationFormErrors(form({ activationNumber: '4500000', gdxId: 'p1001' }))).toEqual({}));
});

describe("Whose order a registration makes: the pack's practitioner (decision 0170)", () => {
  it.each<[string, Parameters<typeof registrationPractitioner>[0], RegistrationPractitioner]>([
    [
      'the pack names one',
      { needsGdxId: false, packGsdlNo: 'P1001', gdxId: null },
      { kind: 'practitioner', gsdlNo: 'P1001' },
    ],
    [
      'a GDX ID given is ignored for a pack with one',
      { needsGdxId: false, packGsdlNo: 'P1001', gdxId: 'P1002' },
      { kind: 'practitioner', gsdlNo: 'P1001' },
    ],
    [
      'spec 3 §5: the number needs the GDX ID, none given',
      { needsGdxId: true, packGsdlNo: 'P1001', gdxId: null },
      { kind: 'gdxIdRequired' },
    ],
    [
      'the number needs it and it is the pack’s',
      { needsGdxId: true, packGsdlNo: 'P1001', gdxId: 'P1001' },
      { kind: 'practitioner', gsdlNo: 'P1001' },
    ],
    [
      'the number needs it and it is another’s',
      { needsGdxId: true, packGsdlNo: 'P1001', gdxId: 'P1002' },
      { kind: 'notThePacks' },
    ],
    [
      'a pack of no practitioner takes the GDX ID',
      { needsGdxId: false, packGsdlNo: null, gdxId: 'P1002' },
      { kind: 'practitioner', gsdlNo: 'P1002' },
    ],
    [
      'a pack of no practitioner without one',
      { needsGdxId: false, packGsdlNo: null, gdxId: null },
      { kind: 'gdxIdRequired' },
    ],
  ])('%s', (_, facts, outcome) => expect(registrationPractitioner(facts)).toEqual(outcome));
});

import { describe, expect, it } from 'vitest';
import { HANDOFF_MESSAGES, notACalendarDate, PATIENT_MESSAGES, textTooLong } from '../messages.ts';
import { order, patientInfo, requisition } from '../test-support/fixtures.ts';
import {
  type HandoffFacts,
  type HandoffForm,
  handoffAsksShippingMethod,
  handoffBodySchema,
  maySendHandoff,
  patientAfterHandoff,
  validateHandoff,
} from './handoff.ts';

const TODAY = '2026-11-26';
const form = (overrides: Partial<HandoffForm> = {}): HandoffForm => ({
  dateOfBirth: '1985-04-12',
  nameLast: 'Testpatient',
  email: 'jane@example.com',
  shippingMethod: null,
  ...overrides,
});
const inOffice: HandoffFacts = { today: TODAY, dropShip: false, shippingMethods: [] };
const dropShip: HandoffFacts = {
  today: TODAY,
  dropShip: true,
  shippingMethods: ['FedEx Ground', 'Second Day', 'Overnight', 'Overnight (Sat. Delivery)', 'Smart Post'],
};
const poBox: HandoffFacts = { ...dropShip, shippingMethods: ['Smart Post'] };

describe('validateHandoff (spec 3 §5 Handoff)', () => {
  it.each<[string, HandoffForm, HandoffFacts, { field: string; defaultMessage: string }[]]>([
    ['spec 3 §5: a complete form passes', form(), inOffice, []],
    [
      "spec 3 §5: 'Please provide a date of birth.'",
      form({ dateOfBirth: ' ' }),
      inOffice,
      [{ field: 'dateOfBirth', defaultMessage: 'Please provide a date of birth.' }],
    ],
    [
      "spec 3 §5: 'Please provide a last name.'",
      form({ nameLast: null }),
      inOffice,
      [{ field: 'nameLast', defaultMessage: 'Please provide a last name.' }],
    ],
    [
      "spec 3 §5: 'Please provide an email address.'",
      form({ email: '' }),
      inOffice,
      [{ field: 'email', defaultMessage: 'Please provide an email address.' }],
    ],
    [
      "spec 3 §5: '{value} is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.'",
      form({ dateOfBirth: '12.04.1985' }),
      inOffice,
      [
        {
          field: 'dateOfBirth',
          defaultMessage: '12.04.1985 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.',
        },
      ],
    ],
    ['spec 3 §5: MM/DD/YYYY is a valid date format', form({ dateOfBirth: '04/12/1985' }), inOffice, []],
    [
      'spec 3 §5: 31 April is not a date',
      form({ dateOfBirth: '1985-04-31' }),
      inOffice,
      [{ field: 'dateOfBirth', defaultMessage: notACalendarDate('1985-04-31') }],
    ],
    [
      'spec 1 §5 (ours): a date of birth in the future',
      form({ dateOfBirth: '2030-01-01' }),
      inOffice,
      [{ field: 'dateOfBirth', defaultMessage: PATIENT_MESSAGES.dateOfBirthOutOfRange }],
    ],
    [
      'spec 3 §9: email max 100',
      form({ email: `${'a'.repeat(89)}@example.com` }),
      inOffice,
      [{ field: 'email', defaultMessage: textTooLong('Email', 100) }],
    ],
    [
      'spec 3 §9: an email of exactly 100 passes',
      form({ email: `${'a'.repeat(88)}@example.com` }),
      inOffice,
      [],
    ],
    [
      'ours: an address that is not an email address',
      form({ email: 'jane at example' }),
      inOffice,
      [{ field: 'email', defaultMessage: HANDOFF_MESSAGES.emailInvalid }],
    ],
    [
      "spec 3 §5: drop-ship without a shipping method: 'Please select a shipping method.'",
      form(),
      dropShip,
      [{ field: 'shippingMethod', defaultMessage: 'Please select a shipping method.' }],
    ],
    ['spec 3 §5: drop-ship with a shipping method', form({ shippingMethod: 'Second Day' }), dropShip, []],
    [
      'spec 2 §9: a P.O. box allows Smart Post only',
      form({ shippingMethod: 'Second Day' }),
      poBox,
      [{ field: 'shippingMethod', defaultMessage: 'Please select a shipping method.' }],
    ],
    [
      'spec 3 §3: not drop-ship, the shipping method is not asked',
      form({ shippingMethod: 'anything' }),
      inOffice,
      [],
    ],
    [
      'spec 3 §5: every missing field at once',
      { dateOfBirth: null, nameLast: '', email: null, shippingMethod: null },
      dropShip,
      [
        { field: 'dateOfBirth', defaultMessage: 'Please provide a date of birth.' },
        { field: 'nameLast', defaultMessage: 'Please provide a last name.' },
        { field: 'email', defaultMessage: 'Please provide an email address.' },
        { field: 'shippingMethod', defaultMessage: 'Please select a shipping method.' },
      ],
    ],
  ])('%s', (_spec, given, facts, expected) => {
    expect(validateHandoff(given, facts)).toEqual(expected);
  });
});

describe('maySendHandoff (spec 3 §5: Send is disabled until email and date of birth are both given)', () => {
  it.each<[string, Partial<HandoffForm>, boolean]>([
    ['both given', {}, true],
    ['no email', { email: '  ' }, false],
    ['no date of birth', { dateOfBirth: null }, false],
    ['an email over 100 characters', { email: `${'a'.repeat(89)}@example.com` }, false],
    ['the last name is not needed to enable Send', { nameLast: null }, true],
  ])('%s', (_case, overrides, expected) => {
    expect(maySendHandoff(form(overrides))).toBe(expected);
  });
});

describe('handoffAsksShippingMethod (spec 3 §2: shipping method for drop-ship orders)', () => {
  it.each([
    ['a drop-ship requisition', [requisition({ dropShip: true })], true],
    ['ship to office', [requisition({ dropShip: false, shipToOffice: true })], false],
  ])('%s', (_case, requisitions, expected) => {
    const facts = {
      ...order({ requisitions }),
      dataConfirmed: false,
      containsDropShipRequisition: false,
      containsCovidRegistration: false,
      covidRegistration: false,
    };
    expect(handoffAsksShippingMethod(facts)).toBe(expected);
  });
});

describe('patientAfterHandoff', () => {
  it('keeps the patient on file and writes the date of birth as YYYY-MM-DD, the last name and the email', () => {
    const previous = patientInfo({ nameFirst: 'Jane', nameLast: 'Old', email: null, dateOfBirth: null });
    expect(
      patientAfterHandoff(previous, form({ dateOfBirth: '04/12/1985', email: ' jane@example.com ' })),
    ).toEqual({
      ...previous,
      nameLast: 'Testpatient',
      dateOfBirth: '1985-04-12',
      email: 'jane@example.com',
    });
  });
  it('starts a patient when the order has none', () => {
    const patient = patientAfterHandoff(null, form());
    expect(patient).toMatchObject({ nameFirst: null, nameLast: 'Testpatient', addresses: [] });
  });
});

describe('handoffBodySchema', () => {
  it.each<[string, unknown, boolean]>([
    ['the patient info fields', { dateOfBirth: '1985-04-12', nameLast: 'A', email: 'a@b.co' }, true],
    ['other patientInfo fields are ignored', { nameFirst: 'Jane', email: null }, true],
    ['a NUL character is refused', { nameLast: 'a\u0000b' }, false],
    ['broken Unicode (a lone surrogate) is refused', { nameLast: 'a\uD800b' }, false],
    ['a number is not text', { email: 5 }, false],
  ])('%s', (_case, body, ok) => {
    expect(handoffBodySchema.safeParse(body).success).toBe(ok);
  });
});

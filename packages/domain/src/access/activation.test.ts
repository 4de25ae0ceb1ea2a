import { describe, expect, it } from 'vitest';
import { MESSAGES, PATIENT_MESSAGES } from '../messages.ts';
import { order, orderWithSteps, practitioner, rows, users } from '../test-support/fixtures.ts';
import { landingStepAfterActivation } from '../workflow/landing-step.ts';
import type { NavigationUser } from '../workflow/validity.ts';
import {
  ACTIVATION_MESSAGES,
  type ActivationForm,
  activationFormErrors,
  activationGdxId,
  activationNeedsGdxId,
  frontDoorPageOf,
  isReturningVisitLive,
  onlineActivationNotRequired,
  RETURNING_VISIT_MS,
  unauthorisedGoesToLogin,
  type WelcomeBackForm,
  welcomeBackFormErrors,
} from './activation.ts';

describe('spec 3 §5 Activation: numbers of under 8 digits and over 4,000,000 require the GDX ID', () => {
  it.each<[string, boolean]>([
    ['4500000', true],
    ['4000001', true],
    ['4000000', false],
    ['3999999', false],
    ['50012345', false],
    ['450000', false],
    ['C824591515', false],
    ['', false],
    ['45-00-000', true],
  ])('%s → %s', (number, needed) => expect(activationNeedsGdxId(number)).toBe(needed));

  it('uppercases and trims the GDX ID; blank is none', () => {
    expect(activationGdxId(' p1001 ')).toBe('P1001');
    expect(activationGdxId('  ')).toBeNull();
    expect(activationGdxId(undefined)).toBeNull();
  });
});

const form = (overrides: Partial<ActivationForm> = {}): ActivationForm => ({
  activationNumber: 'C824591515',
  dateOfBirth: '04/12/1985',
  gdxId: '',
  captcha: 'payload',
  captchaRequired: true,
  ...overrides,
});

describe('spec 3 §5 Activation: number, date of birth and captcha are required', () => {
  it.each<[string, Partial<ActivationForm>, Record<string, string>]>([
    ['a complete form', {}, {}],
    ['no number', { activationNumber: ' ' }, { activationNumber: MESSAGES.requisitionNumberRequired }],
    ['no date of birth', { dateOfBirth: '' }, { dateOfBirth: PATIENT_MESSAGES.dateOfBirthRequired }],
    ['not a date', { dateOfBirth: '13/45/1985' }, { dateOfBirth: PATIENT_MESSAGES.dateOfBirthRequired }],
    ['no captcha', { captcha: null }, { captcha: ACTIVATION_MESSAGES.captchaRequired }],
    [
      'no captcha once the options are shown (§4: then hidden)',
      { captcha: null, captchaRequired: false },
      {},
    ],
    [
      '4500000 without GDX ID',
      { activationNumber: '4500000' },
      { gdxId: MESSAGES.practitionerGdxIdRequired },
    ],
    ['4500000 with GDX ID', { activationNumber: '4500000', gdxId: 'p1001' }, {}],
  ])('%s', (_name, overrides, expected) => expect(activationFormErrors(form(overrides))).toEqual(expected));
});

describe('spec 3 §5 Validation (Welcome Back) form: zip max 5, date of birth and captcha required', () => {
  const ok: WelcomeBackForm = { zipCode: '28801', dateOfBirth: '1985-04-12', captcha: 'payload' };
  it.each<[string, Partial<WelcomeBackForm>, Record<string, string>]>([
    ['complete', {}, {}],
    ['no zip', { zipCode: '' }, { zipCode: ACTIVATION_MESSAGES.zipRequired }],
    ['zip of 6', { zipCode: '288011' }, { zipCode: ACTIVATION_MESSAGES.zipInvalid }],
    ['no date of birth', { dateOfBirth: '' }, { dateOfBirth: PATIENT_MESSAGES.dateOfBirthRequired }],
    ['no captcha', { captcha: null }, { captcha: ACTIVATION_MESSAGES.captchaRequired }],
  ])('%s', (_name, overrides, expected) =>
    expect(welcomeBackFormErrors({ ...ok, ...overrides })).toEqual(expected),
  );
});

describe('spec 3 §2: after activation, the first incomplete step valid for the user, otherwise confirm', () => {
  const { patient, drAvery } = users;
  const landing = (o: ReturnType<typeof order>, user: NavigationUser = patient) => {
    const { step, gearReqId } = landingStepAfterActivation(o, user);
    return gearReqId === null ? step.key : `${step.key}/${gearReqId}`;
  };
  it.each<[string, ReturnType<typeof order>, string]>([
    ['nothing done: panel selection (prc skip the practitioner step)', order(), 'panels/101'],
    [
      'panels and billing done: sample collection',
      orderWithSteps(rows([101], 'notStarted', { 1: 'completed', 2: 'completed', 3: 'completed' })),
      'collection/101',
    ],
    [
      'a skipped step counts as done',
      orderWithSteps(
        rows([101], 'notStarted', { 1: 'completed', 2: 'completed', 3: 'skipped', 5: 'completed' }),
      ),
      'patient',
    ],
    ['every step done: confirm', orderWithSteps(rows([101], 'completed')), 'confirm'],
  ])('%s', (_name, o, expected) => expect(landing(o)).toBe(expected));

  it('a practitioner starts at the practitioner step', () => expect(landing(order(), drAvery)).toBe('pract'));
});

describe('spec 3 §8 Activation: a layout 3 order needs no online activation', () => {
  it.each<[number | null, boolean]>([
    [3, true],
    [0, false],
    [2, false],
    [null, false],
  ])('reqLayoutId %s → %s', (reqLayoutId, expected) => {
    const base = practitioner();
    const o = order({ practitioner: practitioner({ office: { ...base.office, reqLayoutId } }) });
    expect(onlineActivationNotRequired(o)).toBe(expected);
  });
});

describe('spec 2 §3/§9: a returning visit is remembered 30 minutes from its last refresh', () => {
  const t = 1_800_000_000_000;
  it.each<[string, number | null, number, boolean]>([
    ['just stored', t, t, true],
    ['29:59 later', t, t + RETURNING_VISIT_MS - 1000, true],
    ['30:00 later', t, t + RETURNING_VISIT_MS, false],
    ['never stored', null, t, false],
    ['stored in the future (clock moved back)', t + 5000, t, false],
    ['garbage', Number.NaN, t, false],
  ])('%s', (_name, storedAt, now, live) => expect(isReturningVisitLive(storedAt, now)).toBe(live));
});

describe('spec 3 §4 Login and captcha: a 401 goes to login unless register, connect or a returning visit', () => {
  it.each<[string, boolean, boolean]>([
    ['/order/12/panels', false, true],
    ['/order/12/panels', true, false],
    ['/register', false, false],
    ['/register/50012346', false, false],
    ['/connect/12', false, false],
    ['/connection', false, true],
  ])('%s (returning %s) → login %s', (path, returning, login) =>
    expect(unauthorisedGoesToLogin(path, returning)).toBe(login),
  );
});

describe('spec 3 §2 routes: the paths the patients’ front door serves (decision 0235)', () => {
  it.each([
    ['/', { page: 'activation' }],
    ['/kitordering', { page: 'activation' }],
    ['/kitordering/', { page: 'activation' }],
    ['/connect', { page: 'connect', id: undefined }],
    ['/connect/', { page: 'connect', id: undefined }],
    ['/connect/100123', { page: 'connect', id: '100123' }],
    ['/connect/a%20b', { page: 'connect', id: 'a b' }],
    ['/connect/%E0%A4%A', null],
    ['/connect/1/2', null],
    ['/login', null],
    ['/register/50012346', null],
    ['/order/100006/billing', null],
    ['/kitordering/x', null],
  ])('%s → %j', (path, page) => {
    expect(frontDoorPageOf(path)).toEqual(page);
  });
});

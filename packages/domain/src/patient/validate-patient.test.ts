import { describe, expect, it } from 'vitest';
import type { PatientAddress, PatientInfo } from '../contract/order.ts';
import { order, patientInfo, practitioner, requisition } from '../test-support/fixtures.ts';
import { type PatientFacts, patientFactsOfOrder, validatePatient } from './validate-patient.ts';

const home = (overrides: Partial<PatientAddress> = {}): PatientAddress => ({
  type: 'shipping',
  address1: '12 Elm St',
  address2: null,
  city: 'Asheville',
  state: 'NC',
  zipCode: '28801',
  country: 'United States',
  county: 'Buncombe',
  voicePhone: '+18285550100',
  alternatePhone: null,
  schoolDistrict: null,
  ...overrides,
});

const work = (overrides: Partial<PatientAddress> = {}): PatientAddress => ({
  ...home({
    type: 'employer',
    address1: '1 High St',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43215',
    county: null,
  }),
  ...overrides,
});

const jane = (overrides: Partial<PatientInfo> = {}): PatientInfo =>
  patientInfo({
    nameMiddle: 'Q',
    email: 'jane@example.com',
    voicePhone: '+18285550101',
    addresses: [home()],
    ...overrides,
  });

const facts = (overrides: Partial<PatientFacts> = {}): PatientFacts => ({
  today: '2026-06-15',
  userType: 'myGDX',
  dropShip: false,
  covid: false,
  pitl: false,
  dataConfirmed: false,
  capAuthorized: false,
  reqLayoutId: 0,
  hrsaBilling: false,
  nutritional: false,
  ageConfirmed: false,
  ...overrides,
});

type Case = [spec: string, patient: Partial<PatientInfo>, facts: Partial<PatientFacts>, expected: string[]];

const check = (patient: Partial<PatientInfo>, context: Partial<PatientFacts>): string[] =>
  validatePatient(jane(patient), facts(context)).map((error) => `${error.field}: ${error.defaultMessage}`);

const a = 'addresses.shipping';
const e = 'addresses.employer';
const minor = '2009-01-01';
const dropShip = { dropShip: true };

describe('validatePatient: a complete patient', () => {
  it('spec 2 §5: Jane Testpatient on a ship-to-office order passes', () => {
    expect(check({}, {})).toEqual([]);
  });
  it('spec 2 §5: …and on a drop-ship, COVID, PITL order entered by the patient', () => {
    const covidPatient = { race: 'White', ethnicity: 'Non-Hispanic' };
    expect(check(covidPatient, { dropShip: true, covid: true, pitl: true, userType: 'prc' })).toEqual([]);
  });
});

describe('validatePatient: names, date of birth, sex', () => {
  it.each<Case>([
    [
      'spec 2 §5: first name is required',
      { nameFirst: null },
      {},
      ['nameFirst: Please provide a first name.'],
    ],
    [
      'spec 2 §5: a blank first name is none',
      { nameFirst: '  ' },
      {},
      ['nameFirst: Please provide a first name.'],
    ],
    ['spec 2 §5: last name is required', { nameLast: '' }, {}, ['nameLast: Please provide a last name.']],
    ['spec 2 §5: first name max 50', { nameFirst: 'J'.repeat(50) }, {}, []],
    [
      'spec 2 §5: first name over 50',
      { nameFirst: 'J'.repeat(51) },
      {},
      ['nameFirst: First name can be at most 50 characters.'],
    ],
    [
      'spec 2 §5: last name over 50',
      { nameLast: 'T'.repeat(51) },
      {},
      ['nameLast: Last name can be at most 50 characters.'],
    ],
    [
      'spec 2 §5: middle 1 char',
      { nameMiddle: 'Qu' },
      {},
      ['nameMiddle: Middle initial can be at most 1 character.'],
    ],
    [
      'spec 2 §5: date of birth is required',
      { dateOfBirth: null },
      {},
      ['dateOfBirth: Please provide a date of birth.'],
    ],
    [
      'spec 2 §5: date of birth format YYYY-MM-DD or MM/DD/YYYY',
      { dateOfBirth: '12.04.1985' },
      {},
      ['dateOfBirth: 12.04.1985 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.'],
    ],
    ['spec 2 §5: MM/DD/YYYY is accepted', { dateOfBirth: '04/12/1985' }, {}, []],
    [
      'spec 1 §5: a date of birth after today',
      { dateOfBirth: '2026-06-16' },
      {},
      ['dateOfBirth: Please provide a valid date of birth.'],
    ],
    [
      "spec 2 §5: under 1 year: 'Please confirm patient's age.'",
      { dateOfBirth: '2025-12-01' },
      {},
      ["dateOfBirth: Please confirm patient's age."],
    ],
    ['spec 2 §4: …until the age is confirmed', { dateOfBirth: '2025-12-01' }, { ageConfirmed: true }, []],
    ['spec 2 §4: a one-year-old needs no confirmation', { dateOfBirth: '2025-06-15' }, {}, []],
    [
      'spec 2 §5: nutritional testing under 2 on a PITL order',
      { dateOfBirth: '2024-06-16', email: 'p@example.com' },
      { nutritional: true, pitl: true },
      ['dateOfBirth: Nutritional testing is not available for patients less than 2 years of age'],
    ],
    [
      'spec 2 §5: nutritional testing under 2 on a CAP-authorized order',
      { dateOfBirth: '2024-06-16' },
      { nutritional: true, capAuthorized: true },
      ['dateOfBirth: Nutritional testing is not available for patients less than 2 years of age'],
    ],
    [
      'spec 2 §5: nutritional under 2 is not refused on other orders',
      { dateOfBirth: '2024-06-16' },
      { nutritional: true },
      [],
    ],
    [
      'spec 2 §5: a two-year-old may have nutritional testing',
      { dateOfBirth: '2024-06-15' },
      { nutritional: true, capAuthorized: true },
      [],
    ],
    [
      'spec 2 §5: a non-nutritional order for a baby on a CAP-authorized order',
      { dateOfBirth: '2025-12-01' },
      { capAuthorized: true, ageConfirmed: true },
      [],
    ],
    ['spec 2 §5: sex is required', { gender: null }, {}, ['gender: Please provide a sex.']],
  ])('%s', (_spec, patient, context, expected) => {
    const adultResponsible = { responsibleNameFirst: 'Pat', responsibleNameLast: 'Testparent' };
    expect(check({ ...adultResponsible, ...patient }, context)).toEqual(expected);
  });
});

describe('validatePatient: contact', () => {
  const none = { email: null, voicePhone: null };
  const both = ['email: Please provide an email address.', 'voicePhone: Please provide a phone number.'];
  it.each<Case>([
    ['spec 2 §5: ship-to-office by a practitioner needs no email or cell phone', none, {}, []],
    ['spec 2 §5: email and cell phone required for PITL', none, { pitl: true }, both],
    ['spec 2 §5: …for drop-ship', none, dropShip, both],
    [
      'spec 2 §5: …for COVID',
      none,
      { covid: true, ageConfirmed: true },
      [
        ...both,

        'race: Please provide a race.',
        'ethnicity: Please provide an ethnicity.',
      ],
    ],
    ['spec 2 §5: …and for prc', none, { userType: 'prc' }, both],
    [
      'spec 2 §5: an invalid email address',
      { email: 'jane@example' },
      {},
      ['email: Please provide a valid email address.'],
    ],
    [
      'spec 2 §5: email max 100',
      { email: `${'j'.repeat(89)}@example.com` },
      {},
      ['email: Email can be at most 100 characters.'],
    ],
    ['spec 2 §5: email of 100 characters', { email: `${'j'.repeat(88)}@example.com` }, {}, []],
    [
      'spec 2 §5: a cell phone of too few digits',
      { voicePhone: '555-0100' },
      {},
      ['voicePhone: Please provide a valid phone number.'],
    ],
    [
      'spec 2 §5: an alternate phone of too few digits',
      { alternatePhone: '0100' },
      {},
      ['alternatePhone: Please provide a valid phone number.'],
    ],
  ])('%s', (_spec, patient, context, expected) => {
    expect(check(patient, context)).toEqual(expected);
  });
});

describe('validatePatient: address', () => {
  const address = (overrides: Partial<PatientAddress>) => ({ addresses: [home(overrides)] });
  const all = [
    `${a}.voicePhone: Please provide a phone number.`,
    `${a}.address1: Please provide a street address.`,
    `${a}.city: Please provide a city.`,
    `${a}.state: Please provide a valid state.`,
    `${a}.zipCode: Please provide a zip code.`,
    `${a}.country: Please provide a country.`,
  ];
  it.each<Case>([
    ['spec 2 §5: no address needed for ship-to-office by a practitioner', { addresses: [] }, {}, []],
    ['spec 2 §5: drop-ship needs the address', { addresses: [] }, dropShip, all],
    ['spec 2 §5: patient-facing (prc) needs the address', { addresses: [] }, { userType: 'prc' }, all],
    [
      'spec 2 §5: COVID needs the address with its county',
      { addresses: [], race: 'Asian', ethnicity: 'Hispanic' },
      { covid: true },
      [...all.slice(0, 3), `${a}.county: Please provide a county.`, ...all.slice(3)],
    ],
    [
      'spec 2 §5: phone of at least 11 digits including country code',
      address({ voicePhone: '555-0100' }),
      dropShip,
      [`${a}.voicePhone: Please provide a valid phone number.`],
    ],
    ['spec 2 §5: ten digits take the +1', address({ voicePhone: '828 555 0100' }), dropShip, []],
    ['spec 2 §5: state: valid US code', address({ state: 'oh', zipCode: '43215' }), dropShip, []],
    ['spec 2 §5: state: a territory code', address({ state: 'PR', zipCode: '00901' }), dropShip, []],
    ['spec 2 §5: state: a Canadian code', address({ state: 'ON' }), dropShip, []],
    [
      'spec 2 §5: state: not a code',
      address({ state: 'North Carolina' }),
      dropShip,
      [`${a}.state: Please provide a valid state.`],
    ],
    [
      'spec 2 §5: a given state is checked even where the address is optional',
      address({ state: 'XX' }),
      {},
      [`${a}.state: Please provide a valid state.`],
    ],
    [
      'spec 2 §5: PITL needs a US state (Ohio)',
      { ...address({ state: 'OH', zipCode: '43215' }), employmentStatus: 'Retired' },
      { pitl: true },
      [],
    ],
    [
      'spec 2 §5: PITL needs a US state (not Guam)',
      address({ state: 'GU' }),
      { pitl: true },
      [`${a}.state: Please provide a valid state.`],
    ],
    [
      'spec 2 §5: PITL needs a US state (not Ontario)',
      address({ state: 'ON' }),
      { pitl: true },
      [`${a}.state: Please provide a valid state.`],
    ],
    [
      'spec 2 §5: PITL in a restricted state (default list: New York)',
      address({ state: 'NY', zipCode: '10001' }),
      { pitl: true },
      [`${a}.state: Because of legal restrictions, tests are not able to be ordered from your state.`],
    ],
    [
      'spec 2 §5: PITL restricted states come from configuration',
      address({ state: 'NC' }),
      { pitl: true, pitlRestrictedStates: ['NC'] },
      [`${a}.state: Because of legal restrictions, tests are not able to be ordered from your state.`],
    ],
    ['spec 2 §5: restricted states apply to PITL only', address({ state: 'NY' }), dropShip, []],
    [
      'spec 2 §5: zip 5 (US)',
      address({ zipCode: '28801-1234' }),
      dropShip,
      [`${a}.zipCode: Please provide a valid zip code.`],
    ],
    [
      'spec 2 §5: a US zip code has five digits',
      address({ zipCode: '2880' }),
      dropShip,
      [`${a}.zipCode: Please provide a valid zip code.`],
    ],
    [
      'spec 2 §5: international (country not United States): any state, a postal code',
      address({ state: 'Ontario', zipCode: 'K1A 0B1', country: 'Canada' }),
      dropShip,
      [],
    ],
    [
      'spec 2 §5: international: the postal code is required',
      address({ state: 'Ontario', zipCode: null, country: 'Canada' }),
      dropShip,
      [`${a}.zipCode: Please provide a postal code.`],
    ],
    [
      'spec 2 §5: international (reqLayoutId 3) even with a US country',
      address({ state: 'Some Region', zipCode: '1234567890' }),
      { ...dropShip, reqLayoutId: 3 },
      [],
    ],
    [
      'spec 2 §5: reqLayoutId 2 is a US layout',
      address({ state: 'Some Region' }),
      { reqLayoutId: 2 },
      [`${a}.state: Please provide a valid state.`],
    ],
    [
      'spec 2 §5: international state max 32',
      address({ state: 'S'.repeat(33), country: 'Mexico' }),
      dropShip,
      [`${a}.state: State can be at most 32 characters.`],
    ],
    [
      'spec 2 §5: international zip max 10',
      address({ zipCode: '12345678901', country: 'Mexico', state: 'Jalisco' }),
      dropShip,
      [`${a}.zipCode: Postal code can be at most 10 characters.`],
    ],
    [
      'spec 2 §5: address lines 128',
      address({ address1: 'A'.repeat(129), address2: 'B'.repeat(129) }),
      {},
      [
        `${a}.address1: Address line 1 can be at most 128 characters.`,
        `${a}.address2: Address line 2 can be at most 128 characters.`,
      ],
    ],
    ['spec 2 §5: address line of 128', address({ address1: 'A'.repeat(128) }), dropShip, []],
    [
      'spec 2 §5: city 64',
      address({ city: 'C'.repeat(65) }),
      {},
      [`${a}.city: City can be at most 64 characters.`],
    ],
    [
      'spec 2 §5: county 64',
      address({ county: 'C'.repeat(65) }),
      {},
      [`${a}.county: County can be at most 64 characters.`],
    ],
  ])('%s', (_spec, patient, context, expected) => {
    expect(check(patient, context)).toEqual(expected);
  });
});

describe('validatePatient: responsible party for minors', () => {
  const both = [
    "responsibleNameFirst: Please provide the responsible party's first name.",
    "responsibleNameLast: Please provide the responsible party's last name.",
  ];
  it.each<Case>([
    ['spec 2 §5: an adult needs no responsible party', {}, {}, []],
    ['spec 2 §5: a minor (under 18) needs the responsible party', { dateOfBirth: minor }, {}, both],
    ['spec 2 §4: 18 today is not a minor', { dateOfBirth: '2008-06-15' }, {}, []],
    [
      'spec 2 §5: drop-ship not yet confirmed is exempt (practitioner entering it)',
      { dateOfBirth: minor },
      dropShip,
      [],
    ],
    [
      'spec 2 §5: drop-ship once data confirmed',
      { dateOfBirth: minor },
      { ...dropShip, dataConfirmed: true },
      both,
    ],
    [
      'spec 2 §5: drop-ship completed by the patient',
      { dateOfBirth: minor },
      { ...dropShip, userType: 'prc' },
      both,
    ],
    [
      'spec 2 §5: given names',
      { dateOfBirth: minor, responsibleNameFirst: 'Pat', responsibleNameLast: 'Testparent' },
      {},
      [],
    ],
    [
      'spec 2 §5: responsible names max 50, middle 1',
      {
        responsibleNameFirst: 'P'.repeat(51),
        responsibleNameMiddle: 'AB',
        responsibleNameLast: 'T'.repeat(51),
      },
      {},
      [
        'responsibleNameFirst: Responsible party first name can be at most 50 characters.',
        'responsibleNameMiddle: Responsible party middle initial can be at most 1 character.',
        'responsibleNameLast: Responsible party last name can be at most 50 characters.',
      ],
    ],
  ])('%s', (_spec, patient, context, expected) => {
    expect(check(patient, context)).toEqual(expected);
  });
});

describe('validatePatient: employer block', () => {
  const ohio = home({ state: 'OH', zipCode: '43215', city: 'Columbus' });
  const inOhio = (overrides: Partial<PatientInfo>): Partial<PatientInfo> => ({
    addresses: [ohio],
    ...overrides,
  });
  const employed = { employmentStatus: 'Employed', occupation: 'Nurse', employer: 'Columbus General' };
  const block = [
    'occupation: Please provide an occupation.',
    'employer: Please provide an employer or school name.',
    `${e}.address1: Please provide a street address.`,
    `${e}.city: Please provide a city.`,
    `${e}.state: Please provide a valid state.`,
    `${e}.zipCode: Please provide a zip code.`,
    `${e}.voicePhone: Please provide a phone number.`,
  ];
  it.each<Case>([
    ['spec 2 §5: an NC resident gives no employer', { employmentStatus: 'Employed' }, {}, []],
    [
      'spec 2 §9: OH is an employer-required state: the employment status',
      inOhio({}),
      {},
      ['employmentStatus: Please provide an employment status.'],
    ],
    ['spec 2 §5: OH, employed: the whole block', inOhio({ employmentStatus: 'Employed' }), {}, block],
    [
      'spec 2 §5: NH, student: the whole block',
      { addresses: [home({ state: 'NH', zipCode: '03301' })], employmentStatus: 'Student' },
      {},
      block,
    ],
    ['spec 2 §5: OH, retired: no block', inOhio({ employmentStatus: 'Retired' }), {}, []],
    ['spec 2 §5: OH, unemployed: no block', inOhio({ employmentStatus: 'Unemployed' }), {}, []],
    ['spec 2 §5: OH, employed, complete', { ...employed, addresses: [ohio, work()] }, {}, []],
    [
      'spec 2 §5: not drop-ship (practitioner entering an unconfirmed drop-ship order)',
      inOhio({ employmentStatus: 'Employed' }),
      dropShip,
      [],
    ],
    [
      'spec 2 §5: drop-ship completed by the patient',
      inOhio({ employmentStatus: 'Employed' }),
      { ...dropShip, userType: 'prc' },
      block,
    ],
    [
      'spec 2 §5: employer state 2 characters',
      { ...employed, addresses: [ohio, work({ state: 'Ohio' })] },
      {},
      [`${e}.state: Please provide a valid state.`],
    ],
    [
      'spec 2 §5: employer zip 5',
      { ...employed, addresses: [ohio, work({ zipCode: '432150' })] },
      {},
      [`${e}.zipCode: Please provide a valid zip code.`],
    ],
    [
      'spec 2 §5: employer phone',
      { ...employed, addresses: [ohio, work({ voicePhone: '0100' })] },
      {},
      [`${e}.voicePhone: Please provide a valid phone number.`],
    ],
    [
      'spec 2 §5: NY students also need the school district',
      { addresses: [home({ state: 'NY', zipCode: '10001' })], employmentStatus: 'Student' },
      {},
      [`${e}.schoolDistrict: Please provide a school district.`],
    ],
    [
      'spec 2 §5: …given',
      {
        addresses: [
          home({ state: 'NY', zipCode: '10001' }),
          work({ schoolDistrict: 'NYC Geographic District 2' }),
        ],
        employmentStatus: 'Student',
      },
      {},
      [],
    ],
    [
      'spec 2 §5: an OH student at a school in NY gives the school district',
      {
        employmentStatus: 'Student',
        occupation: 'Student',
        employer: 'Columbia University',
        addresses: [ohio, work({ state: 'NY', zipCode: '10027' })],
      },
      {},
      [`${e}.schoolDistrict: Please provide a school district.`],
    ],
    [
      'spec 2 §5: a NY employee needs no school district',
      { addresses: [home({ state: 'NY', zipCode: '10001' })], employmentStatus: 'Employed' },
      {},
      [],
    ],
    [
      'spec 2 §3: employment status is one of the options',
      { employmentStatus: 'Freelance' },
      {},
      ['employmentStatus: Please choose one of the options.'],
    ],
  ])('%s', (_spec, patient, context, expected) => {
    expect(check(patient, context)).toEqual(expected);
  });
});

describe('validatePatient: COVID, HRSA and identity numbers', () => {
  const covid = { covid: true };
  const answered = { race: 'Black/African-American', ethnicity: 'Unknown' };
  it.each<Case>([
    [
      'spec 2 §5: COVID: race, ethnicity (and county) required',
      {},
      covid,
      ['race: Please provide a race.', 'ethnicity: Please provide an ethnicity.'],
    ],
    ['spec 2 §5: COVID answered', answered, covid, []],
    [
      'spec 2 §3: race is one of the options',
      { ...answered, race: 'Purple' },
      covid,
      ['race: Please choose one of the options.'],
    ],
    [
      'spec 2 §3: ethnicity is one of the options',
      { ethnicity: 'Latino' },
      {},
      ['ethnicity: Please choose one of the options.'],
    ],
    [
      'spec 2 §5: HRSA billing needs an SSN or a driver licence',
      answered,
      { ...covid, hrsaBilling: true },
      ["ssn: Please provide a Social Security number or driver's license number."],
    ],
    ['spec 2 §5: HRSA with an SSN', { ...answered, ssn: '123-45-6789' }, { ...covid, hrsaBilling: true }, []],
    [
      'spec 2 §5: HRSA with a driver licence',
      { ...answered, driverLicenseNumber: 'D1234567' },
      { ...covid, hrsaBilling: true },
      [],
    ],
    [
      'spec 2 §5: HRSA, international: the SSN is hidden, so the licence is asked',
      {
        ...answered,
        ssn: '123-45-6789',
        addresses: [home({ country: 'Canada', state: 'ON', zipCode: 'M5V 2T6' })],
      },
      { ...covid, hrsaBilling: true },
      ["driverLicenseNumber: Please provide a Social Security number or driver's license number."],
    ],
    ['spec 2 §5: SSN ###-##-####', { ssn: '123-45-6789' }, {}, []],
    ['spec 2 §5: SSN nine digits', { ssn: '123456789' }, {}, []],
    ['spec 2 §5: an invalid SSN', { ssn: '123-45-678' }, {}, ['ssn: Please enter a valid SSN (###-##-####)']],
    ['spec 2 §5: SSN hidden for PITL (not checked)', { ssn: '123' }, { pitl: true }, []],
    [
      'spec 2 §5: SSN hidden for international (not checked)',
      { ssn: '123', addresses: [home({ country: 'Canada', state: 'ON', zipCode: 'M5V 2T6' })] },
      {},
      [],
    ],
    [
      'spec 2 §5: driver licence max 20',
      { driverLicenseNumber: 'D'.repeat(21) },
      {},
      ["driverLicenseNumber: Driver's license number can be at most 20 characters."],
    ],
    [
      'spec 2 §5: chart number max 7',
      { chartNumber: '12345678' },
      {},
      ['chartNumber: Chart number can be at most 7 characters.'],
    ],
    ['spec 2 §5: chart number of 7', { chartNumber: '1234567' }, {}, []],
  ])('%s', (_spec, patient, context, expected) => {
    expect(check(patient, context)).toEqual(expected);
  });
});

describe('patientFactsOfOrder', () => {
  it('spec 2 §3: the order flags, the practitioner and HRSA billing', () => {
    const subject = {
      ...order({
        requisitions: [requisition({ dropShip: true, billingMethod: 'Uninsured (HRSA Elligible)' })],
        practitioner: practitioner({
          capAuthorized: true,
          office: { ...practitioner().office, reqLayoutId: 3 },
        }),
      }),
      containsDropShipRequisition: false,
      containsCovidRegistration: false,
      covidRegistration: true,
      dataConfirmed: true,
    };
    expect(patientFactsOfOrder(subject)).toEqual({
      dropShip: true,
      covid: true,
      pitl: false,
      dataConfirmed: true,
      capAuthorized: true,
      reqLayoutId: 3,
      hrsaBilling: true,
    });
  });

  it('spec 2 §3: no practitioner yet: domestic, not CAP-authorized; PITL from a requisition', () => {
    const subject = {
      ...order({ requisitions: [requisition({ physicianInTheLoop: true })], practitioner: null }),
      containsDropShipRequisition: false,
      containsCovidRegistration: false,
      covidRegistration: false,
      dataConfirmed: false,
    };
    expect(patientFactsOfOrder(subject)).toMatchObject({
      pitl: true,
      capAuthorized: false,
      reqLayoutId: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { InputField, InputFieldParam } from '../contract/catalogue.ts';
import type { SpecificField } from '../contract/order.ts';
import {
  lastSampleDateWindow,
  requiredCollectionFields,
  type SampleCollectionAnswers,
  type SampleCollectionFacts,
  validateSampleCollection,
} from './sample-collection.ts';

/** Collection fields as the seed writes them (apps/server/src/seed/catalogue-data.ts). */
const field = (id: number, name: string, type: string, ...more: [string, string][]): InputField => ({
  id,
  name,
  inputType: 'Collection',
  cptCode: null,
  cptQuantity: null,
  displayOnly: false,
  gdxItemId: null,
  parentId: null,
  accessionKey: null,
  disclaimer: null,
  inputFieldParams: [
    { name: 'type', value: type },
    ...(more.some(([name]) => name === 'required') ? [] : [{ name: 'required', value: 'true' }]),
    ...more.map(([name, value]): InputFieldParam => ({ name, value })),
  ],
});

const instruction: InputField = {
  ...field(5439, 'Stool preparation', 'text'),
  inputType: 'Patient Instruction',
};
const stool = [
  field(4001, 'Sample Colour', 'select', ['option:Brown', 'Brown']),
  field(4002, 'Sample Consistency', 'select'),
  field(4003, 'Specimen Collection', 'radio'),
  instruction,
];
const urine = [
  field(4010, 'Total Urine Volume', 'number'),
  field(4012, 'First Morning Void', 'checkbox'),
  field(4013, 'Optional note', 'text', ['required', 'false']),
  field(4014, 'Urine Collection Time', 'time', ['dependsOn', '4012=true']),
];
const saliva = [
  field(4030, 'Sample Hours', 'text'),
  ...[1, 2, 3, 4, 5].map((n) =>
    field(4030 + n, `Collection Time ${n}`, 'time', ['group', 'collectionTimes']),
  ),
];
const tube = (n: number): InputField => {
  const params: [string, string][] = [['group', 'collectionTable']];
  if (n === 2) params.push(['blankOn8TubePacks', 'true']);
  if (n >= 8) params.push(['ignoredForPanel', '4710']);
  return field(4050 + n, `Tube ${n}`, 'time', ...params);
};
const sibo = [
  field(4050, 'Lactulose Drink Time', 'time', ['group', 'collectionTable']),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(tube),
];

const filled = (fields: InputField[], except: number[] = []): SpecificField[] =>
  fields.filter((f) => !except.includes(f.id)).map((f) => ({ id: f.id, value: '07:00' }));

const answers = (overrides: Partial<SampleCollectionAnswers> = {}): SampleCollectionAnswers => ({
  lastSampleCollected: true,
  dateLastSampleCollected: '2026-03-05',
  sampleCollectionData: [],
  patientInstructions: null,
  clinicalFindings: null,
  routeNumber: null,
  ...overrides,
});

const facts = (
  inputFields: InputField[],
  requisition: Partial<SampleCollectionFacts['requisition']> = {},
  covid = false,
): SampleCollectionFacts => ({
  today: '2026-03-05',
  requisition: {
    omsOrderableItemId: 540,
    panel: null,
    reqNumber: '50012345',
    covidRegistration: false,
    ...requisition,
  },
  item: { covid, inputFields },
});

const messages = (subject: SampleCollectionAnswers, context: SampleCollectionFacts): string[] =>
  validateSampleCollection(subject, context).map((error) => `${error.field}: ${error.defaultMessage}`);

describe('validateSampleCollection: the question and the date', () => {
  it.each<[string, Partial<SampleCollectionAnswers>, boolean, string[]]>([
    [
      'spec 2 §5: the Yes/No question must be answered',
      { lastSampleCollected: null, dateLastSampleCollected: null },
      false,
      ['lastSampleCollected: Please indicate whether the last sample has been collected.'],
    ],
    [
      'spec 2 §5: No needs no date and no fields',
      { lastSampleCollected: false, dateLastSampleCollected: null },
      false,
      [],
    ],
    [
      'spec 2 §5: Yes needs the date',
      { dateLastSampleCollected: null },
      false,
      ['dateLastSampleCollected: Please enter the last sample collection date.'],
    ],
    [
      'spec 2 §5: a blank date is no date',
      { dateLastSampleCollected: '  ' },
      false,
      ['dateLastSampleCollected: Please enter the last sample collection date.'],
    ],
    [
      'spec 3 §5: a date that is not YYYY-MM-DD or MM/DD/YYYY',
      { dateLastSampleCollected: '5 March' },
      false,
      ['dateLastSampleCollected: 5 March is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.'],
    ],
    ['spec 2 §5: today', { dateLastSampleCollected: '2026-03-05' }, false, []],
    ['spec 2 §5: MM/DD/YYYY is accepted', { dateLastSampleCollected: '03/05/2026' }, false, []],
    ['spec 2 §5: 14 days ago is within the window', { dateLastSampleCollected: '2026-02-19' }, false, []],
    [
      'spec 2 §5: 15 days ago is not',
      { dateLastSampleCollected: '2026-02-18' },
      false,
      ['dateLastSampleCollected: Please enter a collection date from 02/19/2026 to 03/08/2026.'],
    ],
    ['spec 2 §5: 3 days ahead is within the window', { dateLastSampleCollected: '2026-03-08' }, false, []],
    [
      'spec 2 §5: 4 days ahead is not',
      { dateLastSampleCollected: '2026-03-09' },
      false,
      ['dateLastSampleCollected: Please enter a collection date from 02/19/2026 to 03/08/2026.'],
    ],
    [
      'spec 2 §5: COVID: 1 month ahead is within the window',
      { dateLastSampleCollected: '2026-04-05' },
      true,
      [],
    ],
    [
      'spec 2 §5: COVID: 1 month and a day ahead is not',
      { dateLastSampleCollected: '2026-04-06' },
      true,
      ['dateLastSampleCollected: Please enter a collection date from 02/19/2026 to 04/05/2026.'],
    ],
    [
      'spec 2 §5: COVID keeps the 14 days back',
      { dateLastSampleCollected: '2026-02-18' },
      true,
      ['dateLastSampleCollected: Please enter a collection date from 02/19/2026 to 04/05/2026.'],
    ],
  ])('%s', (_spec, overrides, covid, expected) => {
    expect(messages(answers(overrides), facts([], {}, covid))).toEqual(expected);
  });

  it('spec 2 §5: a COVID registration requisition gets the COVID window', () => {
    const context = facts([], { covidRegistration: true });
    expect(messages(answers({ dateLastSampleCollected: '2026-04-05' }), context)).toEqual([]);
  });

  it.each<[string, boolean, { earliest: string; latest: string }]>([
    ['spec 2 §9: -14 to +3 days', false, { earliest: '2026-02-15', latest: '2026-03-04' }],
    ['spec 2 §9: +1 month for COVID', true, { earliest: '2026-02-15', latest: '2026-04-01' }],
  ])('%s', (_spec, covid, expected) => {
    expect(lastSampleDateWindow('2026-03-01', covid)).toEqual(expected);
  });
});

describe('validateSampleCollection: every listed collection field', () => {
  const fill = 'sampleCollectionData';
  it.each<[string, InputField[], SpecificField[], string[]]>([
    [
      'spec 2 §5: every listed collection field must be filled',
      stool,
      [],
      [
        `${fill}.4001: Please fill out this field.`,
        `${fill}.4002: Please fill out this field.`,
        `${fill}.4003: Please fill out this field.`,
      ],
    ],
    ['spec 2 §5: all filled', stool, filled(stool), []],
    [
      'spec 2 §5: spaces are not an answer',
      stool,
      [...filled(stool, [4002]), { id: 4002, value: '  ' }],
      [`${fill}.4002: Please fill out this field.`],
    ],
    [
      'spec 2 §5: a checkbox left unticked is an answer; required false is optional; a field depending on an unticked box is hidden',
      urine,
      filled(urine, [4012, 4013, 4014]),
      [],
    ],
    [
      'spec 2 §5: a field shown by its dependsOn answer must be filled',
      urine,
      [
        { id: 4010, value: '1200' },
        { id: 4012, value: 'true' },
      ],
      [`${fill}.4014: Please fill out this field.`],
    ],
    [
      'spec 2 §5: collection times must be filled (one message for all)',
      saliva,
      filled(saliva, [4032, 4035]),
      ['collectionTimes: Please fill out all collection times.'],
    ],
    ['spec 2 §5: all five collection times', saliva, filled(saliva), []],
    [
      'spec 2 §5: collection times and other fields each get their message',
      saliva,
      filled(saliva, [4030, 4031]),
      [`${fill}.4030: Please fill out this field.`, 'collectionTimes: Please fill out all collection times.'],
    ],
  ])('%s', (_spec, inputFields, values, expected) => {
    expect(messages(answers({ sampleCollectionData: values }), facts(inputFields))).toEqual(expected);
  });

  it('spec 2 §5: a No answer asks for no field', () => {
    expect(messages(answers({ lastSampleCollected: false }), facts(stool))).toEqual([]);
  });
});

describe('validateSampleCollection: the SIBO table (item 215)', () => {
  const tubeError = (n: number) => `sampleCollectionData.${4050 + n}: Please fill out this field.`;
  it.each<[string, Partial<SampleCollectionFacts['requisition']>, number[], string[]]>([
    ['spec 2 §5: every tube of the 3-hour test', { panel: 4700 }, [], []],
    [
      'spec 2 §5: tube 2 is required on a 9-tube pack',
      { panel: 4700, reqNumber: '50012347' },
      [4052],
      [tubeError(2)],
    ],
    [
      'spec 1 §9 / spec 2 §5: item 215: tube 2 is left blank on an 8-tube pack',
      { panel: 4700, reqNumber: '72406600' },
      [4052],
      [],
    ],
    [
      'spec 2 §5: the 8-tube exemption is tube 2 only',
      { panel: 4700, reqNumber: '72406600' },
      [4053],
      [tubeError(3)],
    ],
    ['spec 2 §5: panel 4710 ignores tubes 8 and 9', { panel: 4710 }, [4058, 4059], []],
    [
      'spec 2 §5: the 3-hour panel needs tubes 8 and 9',
      { panel: 4700 },
      [4058, 4059],
      [tubeError(8), tubeError(9)],
    ],
    ['spec 2 §5: panel 4710 still needs tube 7', { panel: 4710 }, [4057, 4058, 4059], [tubeError(7)]],
    [
      'spec 2 §5: the drink time is a listed field',
      { panel: 4700 },
      [4050],
      ['sampleCollectionData.4050: Please fill out this field.'],
    ],
  ])('%s', (_spec, requisition, missing, expected) => {
    const context = facts(sibo, { omsOrderableItemId: 215, reqNumber: '50012347', ...requisition });
    expect(messages(answers({ sampleCollectionData: filled(sibo, missing) }), context)).toEqual(expected);
  });

  it('spec 2 §5: the tube 2 exemption is for orderable item 215 only', () => {
    const context = facts(sibo, { omsOrderableItemId: 216, panel: 4700, reqNumber: '72406600' });
    expect(messages(answers({ sampleCollectionData: filled(sibo, [4052]) }), context)).toEqual([
      tubeError(2),
    ]);
  });

  it('spec 2 §5: the required fields of a 2-hour 8-tube pack', () => {
    const requisition = { omsOrderableItemId: 215, panel: 4710, reqNumber: '72406515' };
    expect(requiredCollectionFields({ inputFields: sibo }, requisition, []).map((f) => f.name)).toEqual([
      'Lactulose Drink Time',
      'Tube 1',
      'Tube 3',
      'Tube 4',
      'Tube 5',
      'Tube 6',
      'Tube 7',
    ]);
  });
});

describe('validateSampleCollection: text limits', () => {
  it.each<[string, Partial<SampleCollectionAnswers>, string[]]>([
    [
      'spec 2 §5: patient instructions max 512',
      { patientInstructions: 'a'.repeat(513) },
      ['patientInstructions: Patient instructions can be at most 512 characters.'],
    ],
    [
      'spec 2 §5: 512 characters are fine',
      { patientInstructions: 'a'.repeat(512), clinicalFindings: 'b'.repeat(512) },
      [],
    ],
    [
      'spec 2 §5: clinical findings max 512',
      { clinicalFindings: 'a'.repeat(513) },
      ['clinicalFindings: Clinical findings can be at most 512 characters.'],
    ],
    [
      'spec 2 §5: route number max 15',
      { routeNumber: '1234567890123456' },
      ['routeNumber: Route number can be at most 15 characters.'],
    ],
    [
      'spec 2 §5: the limits hold when the sample is not collected yet',
      { lastSampleCollected: false, routeNumber: '1234567890123456' },
      ['routeNumber: Route number can be at most 15 characters.'],
    ],
    [
      'spec 2 §5: …and while the question is unanswered',
      { lastSampleCollected: null, routeNumber: '1234567890123456' },
      [
        'lastSampleCollected: Please indicate whether the last sample has been collected.',
        'routeNumber: Route number can be at most 15 characters.',
      ],
    ],
  ])('%s', (_spec, overrides, expected) => {
    expect(messages(answers(overrides), facts([]))).toEqual(expected);
  });
});

/** Products of the demo catalogue (../shared/demo-data.md), cut down to what the rules read. */
import { INPUT_FIELD_PARAM } from '../catalogue/input-field-params.ts';
import type { InputField, InputFieldParam, OrderableItem, Profile } from '../contract/catalogue.ts';

const param = (name: string, value: string): InputFieldParam => ({ name, value });

export function inputField(overrides: Partial<InputField> & Pick<InputField, 'id' | 'name'>): InputField {
  return {
    inputType: 'Analyte',
    cptCode: null,
    cptQuantity: null,
    displayOnly: false,
    gdxItemId: null,
    parentId: null,
    accessionKey: null,
    disclaimer: null,
    inputFieldParams: [],
    ...overrides,
  };
}

const analyte = (id: number, parentId: number, cptQuantity = '1') =>
  inputField({ id, name: `Analyte ${id}`, parentId, cptCode: '80000', cptQuantity });

export const addOn = (id: number, name: string, cptQuantity = '1') =>
  inputField({
    id,
    name,
    cptCode: '83018',
    cptQuantity,
    inputFieldParams: [param(INPUT_FIELD_PARAM.addOn, 'true')],
  });

function profile(
  id: number,
  name: string,
  components: InputField[],
  addOnList: InputField[],
  more: Partial<InputField> = {},
): Profile {
  return {
    ...inputField({ id, name, inputType: 'Panel', ...more }),
    profileComponents: components,
    addOnList,
  };
}

export function orderableItem(
  overrides: Partial<OrderableItem> & Pick<OrderableItem, 'id' | 'name'>,
): OrderableItem {
  return {
    category: 'Nutritional',
    description: null,
    specimenType: 'Urine',
    dropShipOnly: false,
    mcrEligible: false,
    paperless: false,
    nutritional: false,
    covid: false,
    gbfName: null,
    mixedComponentPricing: false,
    containsCptCodeQuantity: false,
    notice: null,
    diagnosisCodes: [],
    profileList: [],
    inputFields: [],
    ...overrides,
  };
}

const metabolomixAddOns = [
  addOn(5877, 'Toxic Element Clearance (urine)'),
  addOn(5887, 'Comprehensive Urine Element Profile'),
  addOn(5878, 'Omega-3 Index (bloodspot)'),
];

/** 617 Metabolomix+: nutritional, add-ons 5877 and 5887 (an exclusive pair). */
export const metabolomix = orderableItem({
  id: 617,
  name: 'Metabolomix+',
  mcrEligible: true,
  nutritional: true,
  profileList: [
    profile(
      5860,
      'Metabolomix+',
      [5861, 5862, 5863].map((id) => analyte(id, 5860)),
      metabolomixAddOns,
      { inputFieldParams: [param(INPUT_FIELD_PARAM.basePanel, 'true')] },
    ),
  ],
});

const giComponents = [5401, 5404, 5405, 5406].map((id) => analyte(id, 5400));
const giDisplayOnly = giComponents.filter((component) => component.id !== 5401);

/** 540 GI Effects: a display-only panel (5415) standing for three of its components. */
export const giEffects = orderableItem({
  id: 540,
  name: 'GI Effects Comprehensive Profile - Stool (3-day)',
  category: 'Gastrointestinal',
  mcrEligible: true,
  profileList: [
    profile(
      5400,
      'GI Effects Comprehensive Profile',
      giComponents,
      [addOn(5413, 'H. pylori Stool Antigen')],
      {
        inputFieldParams: [param(INPUT_FIELD_PARAM.basePanel, 'true')],
      },
    ),
    profile(5415, 'Inflammation and Immunology Markers', giDisplayOnly, [], {
      displayOnly: true,
      inputFieldParams: giDisplayOnly.map((c) => param(INPUT_FIELD_PARAM.component, String(c.id))),
    }),
  ],
});

/** 215 SIBO: two selectable panels, no base-panel param on the second. */
export const sibo = orderableItem({
  id: 215,
  name: 'SIBO Breath Test',
  profileList: [
    profile(4700, 'SIBO 3-Hour Breath Test', [analyte(4701, 4700), analyte(4702, 4700)], []),
    profile(4710, 'SIBO 2-Hour Breath Test', [analyte(4711, 4710), analyte(4712, 4710)], []),
  ],
});

/** 902 COVID-19 PCR: a SARS add-on. */
export const covidPcr = orderableItem({
  id: 902,
  name: 'COVID-19 PCR',
  covid: true,
  profileList: [
    profile(9020, 'SARS-CoV-2 RT-PCR', [analyte(9021, 9020)], [addOn(9022, 'SARS-CoV-2 Variant Genotyping')]),
  ],
});

/** 260 IgG Food Antibodies: add-ons with CPT quantities 10 and 5. */
export const igGFood = orderableItem({
  id: 260,
  name: 'IgG Food Antibodies',
  containsCptCodeQuantity: true,
  profileList: [
    profile(
      4260,
      'IgG Food Antibodies (87 foods)',
      [analyte(4261, 4260, '20')],
      [addOn(4262, 'Vegetarian Panel IgG', '10'), addOn(4263, 'Spice Panel IgG', '5')],
    ),
  ],
});

const specific = (id: number, name: string, params: InputFieldParam[]) =>
  inputField({ id, name, inputType: 'ProfileSpecific', inputFieldParams: params });
const options = (...values: string[]) =>
  values.map((value) => param(`${INPUT_FIELD_PARAM.optionPrefix}${value}`, value));
const required = param(INPUT_FIELD_PARAM.required, 'true');

/** 554's provocation (required radio) and provoking agent (shown only after @POST). */
export const provocationFields = [
  specific(4102, 'Provocation', [
    param(INPUT_FIELD_PARAM.type, 'radio'),
    required,
    ...options('@PRE', '@POST'),
  ]),
  specific(4103, 'Provoking Agent', [
    param(INPUT_FIELD_PARAM.type, 'select'),
    required,
    ...options('DMSA', 'EDTA'),
    param(INPUT_FIELD_PARAM.dependsOn, '4102=@POST'),
  ]),
];

/** 902's collection type and its 'Other' text (max 50), and the resubmittal id (66, max 32, optional). */
export const covidCollectionFields = [
  specific(4118, 'Collection Type', [
    param(INPUT_FIELD_PARAM.type, 'radio'),
    required,
    ...options('@NP', '@OTHR'),
  ]),
  specific(4119, 'Other Collection Type', [
    param(INPUT_FIELD_PARAM.type, 'text'),
    required,
    param(INPUT_FIELD_PARAM.maxLength, '50'),
    param(INPUT_FIELD_PARAM.dependsOn, '4118=@OTHR'),
  ]),
  specific(4113, 'Date of symptom onset', [
    param(INPUT_FIELD_PARAM.type, 'date'),
    param(INPUT_FIELD_PARAM.maxLength, '10'),
  ]),
  inputField({
    id: 66,
    name: 'Resubmittal ID',
    inputType: 'Resubmittal',
    inputFieldParams: [param(INPUT_FIELD_PARAM.type, 'text'), param(INPUT_FIELD_PARAM.maxLength, '32')],
  }),
];

/**
 * The demo catalogue (demo-data.md): orderable items, their input fields (panels, analytes, add-ons, collection,
 * profile-specific and patient-instruction fields, the resubmittal id), price lists, diagnosis-code checklists and
 * collection packs. Ids that the spec or demo-data.md names are fixed; everything else is plausible demo content.
 *
 * Conventions (see also the server notes at the end of catalogue.ts' doc comment):
 * - inputType is one of INPUT_TYPES. Analytes (components) point at their panel with parentId. Add-ons have
 *   isAddOn true, inputType 'Analyte', parentId null and the param {name: 'Add-On', value: 'true'}.
 * - Every field an item uses (panels, analytes, add-ons, collection, profile-specific, instructions, 66) is linked
 *   to the item in orderable_item_input_fields, in display order (sortOrder).
 * - Param names (besides 'Add-On'): see PARAM below.
 */

import { INPUT_FIELD_PARAM, RESUBMITTAL_ID_FIELD_ID } from '@gear/domain';

// ---------------------------------------------------------------------------------------------------------------
// Types

export const INPUT_TYPES = [
  'Panel',
  'Analyte',
  'Collection',
  'ProfileSpecific',
  'Patient Instruction',
  'Resubmittal',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** Control types of Collection, ProfileSpecific and Resubmittal fields (param 'type'). */
export type ControlType = 'date' | 'time' | 'number' | 'select' | 'radio' | 'text' | 'checkbox';

export interface InputFieldParam {
  name: string;
  value: string;
}

/** Param names (spec 1 §3 inputFieldParams): one list, in the domain package, shared with the rules and the browser. */
export const PARAM = INPUT_FIELD_PARAM;

export interface CatalogueInputField {
  id: number;
  name: string;
  inputType: InputType;
  parentId: number | null;
  cptCode: string | null;
  cptQuantity: string | null;
  displayOnly: boolean;
  gdxItemId: string | null;
  accessionKey: string | null;
  disclaimer: string | null;
  isAddOn: boolean;
  params: InputFieldParam[];
}

export const CATEGORIES = [
  'Gastrointestinal',
  'Nutritional',
  'Metabolic',
  'Endocrinology',
  'Immunology',
  'Toxicology',
  'Cardiometabolic',
  'COVID-19',
  'Home Kits',
] as const;
export type Category = (typeof CATEGORIES)[number];

export type SpecimenType =
  | 'Stool'
  | 'Breath'
  | 'Blood'
  | 'Blood and urine'
  | 'Urine'
  | 'Saliva'
  | 'Bloodspot'
  | 'Nasal swab';

export interface CatalogueItem {
  id: number;
  name: string;
  category: Category;
  description: string;
  specimenType: SpecimenType;
  notice: string | null;
  gbfName: string | null;
  dropShipOnly: boolean;
  mcrEligible: boolean;
  paperless: boolean;
  mixedComponentPricing: boolean;
  containsCptCodeQuantity: boolean;
  nutritional: boolean;
  covid: boolean;
  popularity: number;
  active: boolean;
}

export interface CatalogueItemInputField {
  orderableItemId: number;
  inputFieldId: number;
  sortOrder: number;
}

export const PRICE_TYPES = ['PTPAY', 'IIP', 'MEDICARE', 'TRICARE', 'CLIENT'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/** A price row: item-level when inputFieldId is null, else the price of that add-on or component. */
export interface CataloguePrice {
  orderableItemId: number;
  inputFieldId: number | null;
  priceType: PriceType;
  /** null = list price; a gsdlNo = override for that practitioner's office. */
  gsdlNo: string | null;
  priceCents: number;
  /** IIP only: the most the patient pays after insurance (initial payment included). */
  maxOutOfPocketCents: number | null;
}

export interface CatalogueItemDiagnosisCode {
  orderableItemId: number;
  code: string;
  sortOrder: number;
}

export type PackSituation =
  | 'drop-ship-order'
  | 'unused'
  | 'paperless'
  | 'activation-pending'
  | 'removed'
  | 'received-by-lab'
  | 'needs-gdx-id';

export interface CataloguePack {
  activationCode: string | null;
  reqNumber: string | null;
  orderableItemId: number;
  paperless: boolean;
  gsdlNo: string | null;
  removed: boolean;
  removedNotice: string | null;
  preselection: { panel: number | null; components: number[]; addons: number[] } | null;
  /** Not stored: what the pack demonstrates (demo-data.md's table). Orders referring to packs are seeded elsewhere. */
  situation: PackSituation;
}

// ---------------------------------------------------------------------------------------------------------------
// Fixed ids

export const SIBO_ITEM_ID = 215;
export const SIBO_2_HOUR_PANEL_ID = 4710;
export const SIBO_3_HOUR_PANEL_ID = 4700;
/** spec 1 §9: component 6587 adds the price of component 6700 (item 700). */
export const PRICE_ADDING_COMPONENT = { componentId: 6587, addsPriceOf: 6700 } as const;

/** Shared collection fields. */
export const FIELD = {
  sampleColour: 4001,
  sampleConsistency: 4002,
  stoolCollectionDays: 4003,
  totalUrineVolume: 4010,
  collectionDurationHours: 4011,
  firstMorningVoid: 4012,
  urineCollectionTime: 4014,
  mobilePhlebotomy: 4020,
  fasting: 4021,
  drawTime: 4022,
  sampleHours: 4030,
  collectionTime1: 4031,
  collectionTime2: 4032,
  collectionTime3: 4033,
  collectionTime4: 4034,
  collectionTime5: 4035,
  lastMenstrualPeriod: 4036,
  cycleLength: 4037,
  circlesFilled: 4040,
  dryingHours: 4041,
  lactuloseTime: 4050,
  tube1: 4051,
  tube9: 4059,
  swabCollectionTime: 4060,
  hormoneReplacementTherapy: 4100,
  cyclePhase: 4101,
  provocation: 4102,
  provokingAgent: 4103,
  covidFirstTest: 4110,
  covidHealthcareWorker: 4111,
  covidSymptomatic: 4112,
  covidSymptomOnset: 4113,
  covidHospitalized: 4114,
  covidIcu: 4115,
  covidCongregateCare: 4116,
  covidPregnant: 4117,
  covidCollectionType: 4118,
  covidCollectionTypeOther: 4119,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Builders

const p = (name: string, value: string): InputFieldParam => ({ name, value });
const opts = (...options: [value: string, label: string][]) =>
  options.map(([value, label]) => p(`${PARAM.optionPrefix}${value}`, label));
const yesNo = () => opts(['true', 'Yes'], ['false', 'No']);

function field(f: Pick<CatalogueInputField, 'id' | 'name' | 'inputType'> & Partial<CatalogueInputField>) {
  const full: CatalogueInputField = {
    parentId: null,
    cptCode: null,
    cptQuantity: null,
    displayOnly: false,
    gdxItemId: null,
    accessionKey: null,
    disclaimer: null,
    isAddOn: false,
    params: [],
    ...f,
  };
  return full;
}

function panel(id: number, name: string, gdxItemId: string | null, base = false): CatalogueInputField {
  return field({ id, name, inputType: 'Panel', gdxItemId, params: base ? [p(PARAM.basePanel, 'true')] : [] });
}

function displayOnlyPanel(id: number, name: string, components: number[]): CatalogueInputField {
  return field({
    id,
    name,
    inputType: 'Panel',
    displayOnly: true,
    params: components.map((c) => p(PARAM.component, String(c))),
  });
}

function analyte(
  id: number,
  parentId: number,
  name: string,
  cptCode: string | null,
  cptQuantity: string | null = cptCode ? '1' : null,
  extra: InputFieldParam[] = [],
): CatalogueInputField {
  return field({ id, name, inputType: 'Analyte', parentId, cptCode, cptQuantity, params: extra });
}

function addOn(
  id: number,
  name: string,
  cptCode: string | null,
  cptQuantity: string | null,
  more: { gdxItemId?: string; exclusiveWith?: number; disclaimer?: string } = {},
): CatalogueInputField {
  const params = [p(PARAM.addOn, 'true')];
  if (more.exclusiveWith !== undefined) params.push(p(PARAM.exclusiveWith, String(more.exclusiveWith)));
  return field({
    id,
    name,
    inputType: 'Analyte',
    isAddOn: true,
    cptCode,
    cptQuantity,
    gdxItemId: more.gdxItemId ?? null,
    disclaimer: more.disclaimer ?? null,
    params,
  });
}

function instruction(id: number, name: string, text: string): CatalogueInputField {
  return field({ id, name, inputType: 'Patient Instruction', displayOnly: true, disclaimer: text });
}

function collection(
  id: number,
  name: string,
  accessionKey: string,
  type: ControlType,
  params: InputFieldParam[] = [],
  disclaimer: string | null = null,
): CatalogueInputField {
  return field({
    id,
    name,
    inputType: 'Collection',
    accessionKey,
    disclaimer,
    params: [p(PARAM.type, type), p(PARAM.required, 'true'), ...params],
  });
}

function profileSpecific(
  id: number,
  name: string,
  accessionKey: string,
  type: ControlType,
  params: InputFieldParam[],
  disclaimer: string | null = null,
  required = true,
): CatalogueInputField {
  return field({
    id,
    name,
    inputType: 'ProfileSpecific',
    accessionKey,
    disclaimer,
    params: [p(PARAM.type, type), p(PARAM.required, String(required)), ...params],
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Shared fields

const resubmittalId = field({
  id: RESUBMITTAL_ID_FIELD_ID,
  name: 'Resubmittal ID',
  inputType: 'Resubmittal',
  accessionKey: 'RESUB_ID',
  disclaimer: 'The accession number of the earlier specimen when this requisition re-submits a test.',
  params: [
    p(PARAM.type, 'text'),
    p(PARAM.required, 'false'),
    p(PARAM.maxLength, '32'),
    p(PARAM.emptyValue, 'Not Provided'),
  ],
});

const siboTubes: CatalogueInputField[] = [
  { tube: 1, offset: 0, label: 'baseline, before the lactulose drink' },
  { tube: 2, offset: 0, label: 'second baseline, just before the lactulose drink' },
  { tube: 3, offset: 20, label: '20 minutes after the drink' },
  { tube: 4, offset: 40, label: '40 minutes after the drink' },
  { tube: 5, offset: 60, label: '60 minutes after the drink' },
  { tube: 6, offset: 90, label: '90 minutes after the drink' },
  { tube: 7, offset: 120, label: '120 minutes after the drink' },
  { tube: 8, offset: 150, label: '150 minutes after the drink' },
  { tube: 9, offset: 180, label: '180 minutes after the drink' },
].map(({ tube, offset, label }) => {
  const params = [
    p(PARAM.group, 'collectionTable'),
    p(PARAM.offsetMinutes, String(offset)),
    p(PARAM.placeholder, 'hh:mm'),
  ];
  if (tube === 2) params.push(p(PARAM.blankOn8TubePacks, 'true'));
  if (tube >= 8) params.push(p(PARAM.ignoredForPanel, String(SIBO_2_HOUR_PANEL_ID)));
  return collection(
    FIELD.tube1 + tube - 1,
    `Tube ${tube}`,
    `TUBE${tube}`,
    'time',
    params,
    `Tube ${tube}: ${label}.`,
  );
});

const collectionTimes = [1, 2, 3, 4, 5].map((n) =>
  collection(FIELD.collectionTime1 + n - 1, `Collection Time ${n}`, `CT${n}`, 'time', [
    p(PARAM.group, 'collectionTimes'),
    p(PARAM.placeholder, 'hh:mm'),
  ]),
);

const COVID_YES_NO = 'Asked of every COVID-19 test by federal (HHS) reporting requirements.';

const sharedFields: CatalogueInputField[] = [
  resubmittalId,
  // Stool
  collection(
    FIELD.sampleColour,
    'Sample Colour',
    'STOOL_COLOR',
    'select',
    opts(['Green', 'Green'], ['Light Brown', 'Light Brown'], ['Brown', 'Brown'], ['Black', 'Black']),
  ),
  collection(
    FIELD.sampleConsistency,
    'Sample Consistency',
    'STOOL_CONSIST',
    'select',
    opts(
      ['Hard/Constipated', 'Hard/Constipated'],
      ['Formed/Normal', 'Formed/Normal'],
      ['Loose', 'Loose'],
      ['Watery/Diarrhea', 'Watery/Diarrhea'],
    ),
  ),
  collection(
    FIELD.stoolCollectionDays,
    'Specimen Collection',
    'STOOL_DAYS',
    'radio',
    opts(['1-day', '1-Day Specimen Collection'], ['3-day', '3-Day Specimen Collection']),
  ),
  // Urine
  collection(FIELD.totalUrineVolume, 'Total Urine Volume', 'URINE_VOL', 'number', [
    p(PARAM.unit, 'mL'),
    p(PARAM.min, '1'),
    p(PARAM.max, '5000'),
  ]),
  collection(FIELD.collectionDurationHours, 'Collection Duration (hours)', 'URINE_HRS', 'number', [
    p(PARAM.unit, 'hours'),
    p(PARAM.min, '1'),
    p(PARAM.max, '24'),
  ]),
  collection(FIELD.firstMorningVoid, 'First Morning Void', 'FMV', 'checkbox'),
  collection(FIELD.urineCollectionTime, 'Urine Collection Time', 'URINE_TIME', 'time', [
    p(PARAM.placeholder, 'hh:mm'),
  ]),
  // Blood
  collection(
    FIELD.mobilePhlebotomy,
    'Collected through a mobile phlebotomy service',
    'MOBILE_PHLEB',
    'checkbox',
  ),
  collection(FIELD.fasting, 'Fasting at least 12 hours', 'FASTING', 'checkbox'),
  collection(FIELD.drawTime, 'Draw Time', 'DRAW_TIME', 'time', [p(PARAM.placeholder, 'hh:mm')]),
  // Saliva
  collection(FIELD.sampleHours, 'Sample Hours', 'SALIVA_HRS', 'text', [
    p(PARAM.maxLength, '32'),
    p(PARAM.placeholder, 'e.g. 07:00-09:00'),
  ]),
  ...collectionTimes,
  collection(FIELD.lastMenstrualPeriod, 'First Day of Last Menstrual Period', 'LMP', 'date', [
    p(PARAM.format, 'MM/DD/YYYY'),
  ]),
  collection(FIELD.cycleLength, 'Usual Cycle Length (days)', 'CYCLE_LEN', 'number', [
    p(PARAM.unit, 'days'),
    p(PARAM.min, '14'),
    p(PARAM.max, '60'),
  ]),
  // Bloodspot
  collection(FIELD.circlesFilled, 'Circles Filled', 'DBS_CIRCLES', 'number', [
    p(PARAM.min, '1'),
    p(PARAM.max, '5'),
  ]),
  collection(FIELD.dryingHours, 'Drying Time (hours)', 'DBS_DRY_HRS', 'number', [
    p(PARAM.unit, 'hours'),
    p(PARAM.min, '0'),
    p(PARAM.max, '72'),
  ]),
  // Breath (SIBO)
  collection(FIELD.lactuloseTime, 'Lactulose Drink Time', 'LACTULOSE_TIME', 'time', [
    p(PARAM.group, 'collectionTable'),
    p(PARAM.placeholder, 'hh:mm'),
  ]),
  ...siboTubes,
  // Swab
  collection(FIELD.swabCollectionTime, 'Swab Collection Time', 'SWAB_TIME', 'time', [
    p(PARAM.placeholder, 'hh:mm'),
  ]),
  // Profile-specific
  profileSpecific(
    FIELD.hormoneReplacementTherapy,
    'Hormone Replacement Therapy',
    'HRT',
    'radio',
    yesNo(),
    'Has the patient used hormones (oral, transdermal, vaginal or sublingual) in the last 12 months? On hormone ' +
      'therapy, collect the morning sample before the dose.',
  ),
  profileSpecific(
    FIELD.cyclePhase,
    'Cycle Phase',
    'CYCLE_PHASE',
    'radio',
    opts(
      ['premenopausal-luteal', 'Premenopausal: luteal phase (cycle days 19 to 25)'],
      ['premenopausal-irregular', 'Premenopausal: irregular or unknown cycle'],
      ['perimenopausal', 'Perimenopausal'],
      ['postmenopausal', 'Postmenopausal'],
    ),
    'Premenopausal women assessing ovulation collect in the luteal phase, cycle days 19 to 25.',
  ),
  profileSpecific(
    FIELD.provocation,
    'Provocation',
    'PROVOKE',
    'radio',
    opts(['@PRE', 'Pre-provocation (baseline, no chelating agent)'], ['@POST', 'Post-provocation']),
    'Pre- and post-provocation collections are ordered on separate requisitions. Chelating agents are ' +
      'statutorily non-covered by Medicare.',
  ),
  profileSpecific(FIELD.provokingAgent, 'Provoking Agent', 'PROVOKE_AGENT', 'select', [
    ...opts(['DMSA', 'DMSA (oral)'], ['DMPS', 'DMPS'], ['EDTA', 'EDTA (IV)'], ['Other', 'Other']),
    p(PARAM.dependsOn, `${FIELD.provocation}=@POST`),
  ]),
  profileSpecific(
    FIELD.covidFirstTest,
    'First test for COVID-19',
    'C19_FIRST',
    'radio',
    yesNo(),
    COVID_YES_NO,
  ),
  profileSpecific(
    FIELD.covidHealthcareWorker,
    'Employed in health care with direct patient contact',
    'C19_HCW',
    'radio',
    yesNo(),
    COVID_YES_NO,
  ),
  profileSpecific(
    FIELD.covidSymptomatic,
    'Symptomatic as defined by the CDC',
    'C19_SYMPT',
    'radio',
    yesNo(),
    COVID_YES_NO,
  ),
  profileSpecific(FIELD.covidSymptomOnset, 'Date of symptom onset', 'C19_ONSET', 'date', [
    p(PARAM.maxLength, '10'),
    p(PARAM.format, 'MM/DD/YYYY'),
    p(PARAM.dependsOn, `${FIELD.covidSymptomatic}=true`),
  ]),
  profileSpecific(
    FIELD.covidHospitalized,
    'Hospitalized for COVID-19',
    'C19_HOSP',
    'radio',
    yesNo(),
    COVID_YES_NO,
  ),
  profileSpecific(
    FIELD.covidIcu,
    'Admitted to an intensive care unit',
    'C19_ICU',
    'radio',
    yesNo(),
    COVID_YES_NO,
  ),
  profileSpecific(
    FIELD.covidCongregateCare,
    'Resident in a congregate care setting',
    'C19_CONGREGATE',
    'radio',
    yesNo(),
    COVID_YES_NO,
  ),
  profileSpecific(FIELD.covidPregnant, 'Pregnant', 'C19_PREGNANT', 'radio', yesNo(), COVID_YES_NO),
  profileSpecific(
    FIELD.covidCollectionType,
    'Collection Type',
    'C19_COLL_TYPE',
    'radio',
    opts(
      ['@NP', 'Nasopharyngeal swab'],
      ['@OP', 'Oropharyngeal (throat) swab'],
      ['@NA', 'Anterior nasal swab'],
      ['@NM', 'Mid-turbinate nasal swab'],
      ['@OTHR', 'Other'],
    ),
  ),
  profileSpecific(FIELD.covidCollectionTypeOther, 'Other Collection Type', 'C19_COLL_OTHER', 'text', [
    p(PARAM.maxLength, '50'),
    p(PARAM.dependsOn, `${FIELD.covidCollectionType}=@OTHR`),
  ]),
];

const STOOL = [FIELD.sampleColour, FIELD.sampleConsistency, FIELD.stoolCollectionDays];
const TIMED_URINE = [FIELD.totalUrineVolume, FIELD.collectionDurationHours];
const FMV_URINE = [FIELD.firstMorningVoid, FIELD.urineCollectionTime];
const BLOODSPOT = [FIELD.circlesFilled, FIELD.dryingHours];
const COVID_QUESTIONS = [
  FIELD.covidFirstTest,
  FIELD.covidHealthcareWorker,
  FIELD.covidSymptomatic,
  FIELD.covidSymptomOnset,
  FIELD.covidHospitalized,
  FIELD.covidIcu,
  FIELD.covidCongregateCare,
  FIELD.covidPregnant,
  FIELD.covidCollectionType,
  FIELD.covidCollectionTypeOther,
];
const SIBO_TABLE = [FIELD.lactuloseTime, ...siboTubes.map((t) => t.id)];

// ---------------------------------------------------------------------------------------------------------------
// Products

interface PriceSet {
  ptpay: number;
  /** [initial payment, max out of pocket]; omitted = no IIP row (the price cannot be determined). */
  iip?: [number, number];
  client: number;
  medicare?: number;
  tricare?: number;
}

interface ProductDef {
  item: Omit<
    CatalogueItem,
    | 'dropShipOnly'
    | 'mcrEligible'
    | 'paperless'
    | 'mixedComponentPricing'
    | 'containsCptCodeQuantity'
    | 'nutritional'
    | 'covid'
    | 'active'
    | 'notice'
    | 'gbfName'
  > &
    Partial<CatalogueItem>;
  /** Fields created for this product, in display order. */
  own: CatalogueInputField[];
  /** Shared fields (collection, profile-specific), in display order; 66 is appended to every item. */
  shared: number[];
  dx: string[];
  prices: PriceSet;
  /** Prices of add-ons and components by input field id. */
  fieldPrices?: Record<number, PriceSet>;
}

const BLOODSPOT_NOTICE =
  'Bloodspot card: after an alcohol swab, prick the side of a fingertip, wipe away the first drop and let ' +
  'free-falling drops fill every circle without touching or layering them. Dry the card flat for at least 3 hours ' +
  'before sealing it in the foil pouch. Smeared, layered or damp cards cannot be tested.';

const GI_PREP =
  'Wait 14 days after antibiotics, antifungals or probiotics (28 days preferred after antibiotics) and 4 weeks after ' +
  'a colonoscopy or barium enema. Stop digestive enzymes, antacids, laxatives, NSAIDs, bismuth, charcoal and ' +
  'bentonite before collecting. Ship Monday to Thursday; specimens must reach the lab within 4 days of collection.';

const SALIVA_PREP =
  'Do not eat, drink (except water), brush teeth or chew gum for 1 hour before each sample. Hormone creams can ' +
  'contaminate the tube: wash hands well and wear gloves if you apply them. Wait 24 hours after sublingual hormones.';

const URINE_FMV_PREP =
  'Collect the first urine of the morning after an overnight fast. Limit fluids to three 8 oz glasses in the 24 hours ' +
  'before and no more than 8 oz after 8 pm. Do not collect during menstruation.';

const products: ProductDef[] = [
  {
    item: {
      id: 540,
      name: 'GI Effects Comprehensive Profile - Stool (3-day)',
      category: 'Gastrointestinal',
      specimenType: 'Stool',
      description:
        'Three-day stool profile of digestion and absorption (pancreatic elastase-1, fecal fats, products of ' +
        'protein breakdown), gut inflammation and immunology (calprotectin, eosinophil protein X, fecal secretory ' +
        'IgA) and the microbiome (PCR commensals, short-chain fatty acids, beta-glucuronidase, culture with ' +
        'MALDI-TOF identification and microscopy for parasites).',
      mcrEligible: true,
      gbfName: 'GI Effects Stool Kit',
      popularity: 98,
    },
    own: [
      panel(5400, 'GI Effects Comprehensive Profile', '2200', true),
      analyte(5401, 5400, 'Pancreatic Elastase-1', '82656'),
      analyte(5402, 5400, 'Products of Protein Breakdown', '82542'),
      analyte(5403, 5400, 'Fecal Fat, Total', '82710'),
      analyte(5404, 5400, 'Calprotectin', '83993'),
      analyte(5405, 5400, 'Eosinophil Protein X', '83520'),
      analyte(5406, 5400, 'Fecal Secretory IgA', '82784'),
      analyte(5407, 5400, 'Occult Blood (FIT)', '82274'),
      analyte(5408, 5400, 'Commensal Bacteria (PCR)', '87798'),
      analyte(5409, 5400, 'Short-Chain Fatty Acids', '82542'),
      analyte(5410, 5400, 'Beta-Glucuronidase', '82657'),
      analyte(5411, 5400, 'Bacteriology and Mycology Culture (MALDI-TOF)', '87046'),
      analyte(5412, 5400, 'Parasitology: Microscopic Ova and Parasites (3 specimens)', '87177', '3'),
      displayOnlyPanel(5415, 'Inflammation and Immunology Markers', [5404, 5405, 5406]),
      addOn(5413, 'Helicobacter pylori Stool Antigen', '87338', '1', { gdxItemId: '2290' }),
      addOn(5414, 'Clostridioides difficile Toxins A and B', '87324', '1', { gdxItemId: '2291' }),
      instruction(5419, 'Stool collection preparation', GI_PREP),
    ],
    shared: STOOL,
    dx: ['K58.0', 'K58.1', 'K58.2', 'R19.7', 'K59.00', 'R14.0', 'K86.81', 'K52.9'],
    prices: { ptpay: 45900, iip: [19900, 29900], client: 32500, medicare: 0, tricare: 0 },
    fieldPrices: {
      5413: { ptpay: 5900, iip: [2900, 5900], client: 3900, medicare: 0, tricare: 0 },
      5414: { ptpay: 6900, iip: [3900, 6900], client: 4900, medicare: 0, tricare: 0 },
    },
  },
  {
    item: {
      id: 542,
      name: 'GI Effects Comprehensive Profile - Stool (1-day)',
      category: 'Gastrointestinal',
      specimenType: 'Stool',
      description:
        'One-day version of the GI Effects stool profile: digestion, inflammation and immunology markers, PCR ' +
        'commensals, short-chain fatty acids, culture and a single-specimen parasitology exam.',
      mcrEligible: true,
      gbfName: 'GI Effects Stool Kit',
      popularity: 80,
    },
    own: [
      panel(5420, 'GI Effects Comprehensive Profile (1-day)', '2205', true),
      analyte(5421, 5420, 'Pancreatic Elastase-1', '82656'),
      analyte(5422, 5420, 'Products of Protein Breakdown', '82542'),
      analyte(5423, 5420, 'Fecal Fat, Total', '82710'),
      analyte(5424, 5420, 'Calprotectin', '83993'),
      analyte(5425, 5420, 'Eosinophil Protein X', '83520'),
      analyte(5426, 5420, 'Fecal Secretory IgA', '82784'),
      analyte(5427, 5420, 'Commensal Bacteria (PCR)', '87798'),
      analyte(5428, 5420, 'Short-Chain Fatty Acids', '82542'),
      analyte(5429, 5420, 'Beta-Glucuronidase', '82657'),
      analyte(5430, 5420, 'Bacteriology and Mycology Culture (MALDI-TOF)', '87046'),
      analyte(5431, 5420, 'Parasitology: Microscopic Ova and Parasites', '87177'),
      addOn(5432, 'Helicobacter pylori Stool Antigen', '87338', '1', { gdxItemId: '2290' }),
      instruction(5439, 'Stool collection preparation', GI_PREP),
    ],
    shared: STOOL,
    dx: ['K58.9', 'R19.7', 'K59.00', 'R14.0', 'R10.84'],
    prices: { ptpay: 35900, iip: [14900, 24900], client: 25900, medicare: 0, tricare: 0 },
    fieldPrices: { 5432: { ptpay: 5900, iip: [2900, 5900], client: 3900, medicare: 0, tricare: 0 } },
  },
  {
    item: {
      id: 215,
      name: 'SIBO Breath Test',
      category: 'Gastrointestinal',
      specimenType: 'Breath',
      description:
        'Lactulose breath test for small intestinal bacterial overgrowth: exhaled hydrogen and methane at baseline ' +
        'and at timed intervals after a 10 g lactulose drink. The 3-hour test is recommended for slow transit or ' +
        'constipation; the 2-hour test uses tubes 1 to 7.',
      popularity: 88,
    },
    own: [
      panel(SIBO_3_HOUR_PANEL_ID, 'SIBO 3-Hour Breath Test', '2307', true),
      analyte(4701, SIBO_3_HOUR_PANEL_ID, 'Hydrogen (H2), 9 breath samples', '91065'),
      analyte(4702, SIBO_3_HOUR_PANEL_ID, 'Methane (CH4), 9 breath samples', null),
      panel(SIBO_2_HOUR_PANEL_ID, 'SIBO 2-Hour Breath Test', '2306'),
      analyte(4711, SIBO_2_HOUR_PANEL_ID, 'Hydrogen (H2), 7 breath samples', '91065'),
      analyte(4712, SIBO_2_HOUR_PANEL_ID, 'Methane (CH4), 7 breath samples', null),
      instruction(
        4720,
        'Breath test preparation',
        'Fast for 12 hours after a 24-hour preparatory diet. No probiotics for 24 hours, no laxatives or antacids for ' +
          '7 days, and wait 4 weeks after antibiotics or a colonoscopy. No toothpaste, smoking, sleep or vigorous ' +
          'exercise in the hour before or during the test. Not for patients allergic to lactulose, on a galactose- ' +
          'or lactose-restricted diet, or children under 25 lb. Ship within 2 days.',
      ),
    ],
    shared: SIBO_TABLE,
    dx: ['K63.8219', 'K63.8211', 'R14.0', 'R14.3', 'K58.2', 'R19.7'],
    prices: { ptpay: 19900, iip: [9900, 19900], client: 13500 },
  },
  {
    item: {
      id: 534,
      name: 'NutrEval FMV',
      category: 'Nutritional',
      specimenType: 'Blood and urine',
      description:
        'Blood and first-morning-void urine profile of amino acids, fatty acids, organic acids, vitamins, nutrient ' +
        'and toxic elements and oxidative stress. Collect the urine the day before the blood draw; ship within 24 ' +
        'hours of the draw, Monday to Friday.',
      mcrEligible: true,
      nutritional: true,
      gbfName: 'NutrEval Kit',
      popularity: 90,
    },
    own: [
      panel(5900, 'NutrEval FMV', '3900', true),
      analyte(5901, 5900, 'Amino Acids (plasma)', '82139'),
      analyte(5902, 5900, 'Organic Acids (urine)', '83918'),
      analyte(5903, 5900, 'Essential and Metabolic Fatty Acids (RBC)', '82542'),
      analyte(5904, 5900, 'Oxidative Stress Markers', '83520'),
      analyte(5905, 5900, 'Nutrient Elements (RBC)', '84630'),
      analyte(5906, 5900, 'Toxic Elements (whole blood)', '83655'),
      analyte(5907, 5900, 'Vitamin D, 25-Hydroxy', '82306'),
      analyte(5908, 5900, 'Coenzyme Q10', '82542'),
      analyte(5909, 5900, 'Creatinine (urine)', '82570'),
      addOn(5924, 'Toxic Element Clearance (urine)', '83018', '1', {
        gdxItemId: '5554',
        exclusiveWith: 5925,
      }),
      addOn(5925, 'Comprehensive Urine Element Profile', '83018', '1', {
        gdxItemId: '5544',
        exclusiveWith: 5924,
        disclaimer: 'Includes the Toxic Element Clearance markers.',
      }),
      instruction(
        5929,
        'Blood and urine collection preparation',
        `${URINE_FMV_PREP} Collect the urine the day before the blood draw. Not for patients under 2 years of age.`,
      ),
    ],
    shared: [FIELD.mobilePhlebotomy, FIELD.fasting, FIELD.drawTime, ...FMV_URINE],
    dx: ['E63.9', 'E55.9', 'R53.83', 'E61.1', 'D51.9', 'Z13.21', 'E88.9'],
    prices: { ptpay: 49900, iip: [19900, 34900], client: 36900, medicare: 0, tricare: 2500 },
    fieldPrices: {
      5924: { ptpay: 9900, iip: [4900, 9900], client: 7500, medicare: 0, tricare: 0 },
      5925: { ptpay: 14900, iip: [6900, 14900], client: 10900, medicare: 0, tricare: 0 },
    },
  },
  {
    item: {
      id: 617,
      name: 'Metabolomix+',
      category: 'Nutritional',
      specimenType: 'Urine',
      description:
        'At-home first-morning-void urine profile of organic acids, amino acids, oxidative stress markers and ' +
        'nutrient elements, with optional finger-stick bloodspot and cheek-swab add-ons.',
      mcrEligible: true,
      nutritional: true,
      popularity: 85,
    },
    own: [
      panel(5860, 'Metabolomix+', '3200', true),
      analyte(5861, 5860, 'Organic Acids', '83918'),
      analyte(5862, 5860, 'Amino Acids (urine)', '82139'),
      analyte(5863, 5860, 'Oxidative Stress Markers', '83520'),
      analyte(5864, 5860, 'Nutrient Elements (urine)', '84630'),
      analyte(5865, 5860, 'Creatinine', '82570'),
      addOn(5877, 'Toxic Element Clearance (urine)', '83018', '1', {
        gdxItemId: '5554',
        exclusiveWith: 5887,
      }),
      addOn(5887, 'Comprehensive Urine Element Profile', '83018', '1', {
        gdxItemId: '5544',
        exclusiveWith: 5877,
        disclaimer: 'Includes the Toxic Element Clearance markers.',
      }),
      addOn(5878, 'Omega-3 Index (bloodspot)', '82542', '1', { gdxItemId: '3281' }),
      addOn(5879, 'Methylation Genomics (cheek swab)', '81479', '1', {
        gdxItemId: '3290',
        disclaimer: 'Genomic add-ons are not covered by Medicare or Tricare.',
      }),
      instruction(
        5889,
        'Urine collection preparation',
        `${URINE_FMV_PREP} Not for patients under 2 years of age.`,
      ),
    ],
    shared: FMV_URINE,
    dx: ['E63.9', 'E53.8', 'R53.83', 'F41.9', 'Z13.21'],
    prices: { ptpay: 29900, iip: [12900, 24900], client: 21900, medicare: 0, tricare: 1500 },
    fieldPrices: {
      5877: { ptpay: 9900, iip: [4900, 9900], client: 7500, medicare: 0, tricare: 0 },
      5887: { ptpay: 14900, iip: [6900, 14900], client: 10900, medicare: 0, tricare: 0 },
      5878: { ptpay: 4900, iip: [4900, 4900], client: 3500, medicare: 4900, tricare: 4900 },
      5879: { ptpay: 12900, iip: [12900, 12900], client: 9900, medicare: 12900, tricare: 12900 },
    },
  },
  {
    item: {
      id: 622,
      name: 'Organix Comprehensive Profile',
      category: 'Metabolic',
      specimenType: 'Urine',
      description:
        'Urinary organic acids: markers of malabsorption and dysbiosis, cellular energy and mitochondrial function, ' +
        'neurotransmitter metabolism, vitamin cofactor need and detoxification. For patients 2 years and older.',
      mcrEligible: true,
      popularity: 70,
    },
    own: [
      panel(6020, 'Organix Comprehensive Profile', '3100', true),
      analyte(6021, 6020, 'Malabsorption and Dysbiosis Markers', '83921'),
      analyte(6022, 6020, 'Cellular Energy and Mitochondrial Markers', '83921'),
      analyte(6023, 6020, 'Neurotransmitter Metabolites', '83921'),
      analyte(6024, 6020, 'Vitamin Cofactor Markers', '83921'),
      analyte(6025, 6020, 'Toxin and Detoxification Markers', '83921'),
      analyte(6026, 6020, 'Tyrosine Metabolism', '83921'),
      analyte(6027, 6020, 'Creatinine', '82570'),
      addOn(6036, 'Toxic Element Clearance (urine)', '83018', '1', {
        gdxItemId: '5554',
        exclusiveWith: 6037,
      }),
      addOn(6037, 'Comprehensive Urine Element Profile', '83018', '1', {
        gdxItemId: '5544',
        exclusiveWith: 6036,
        disclaimer: 'Includes the Toxic Element Clearance markers.',
      }),
      instruction(6039, 'Urine collection preparation', URINE_FMV_PREP),
    ],
    shared: FMV_URINE,
    dx: ['E88.9', 'R53.83', 'K63.8219', 'F32.A', 'Z13.89'],
    prices: { ptpay: 25900, iip: [9900, 19900], client: 17900, medicare: 0, tricare: 0 },
    fieldPrices: {
      6036: { ptpay: 9900, iip: [4900, 9900], client: 7500, medicare: 0, tricare: 0 },
      6037: { ptpay: 14900, iip: [6900, 14900], client: 10900, medicare: 0, tricare: 0 },
    },
  },
  {
    item: {
      id: 554,
      name: 'Toxic Element Clearance Profile',
      category: 'Toxicology',
      specimenType: 'Urine',
      description:
        'Urinary excretion of 20 potentially toxic elements such as lead, mercury, arsenic and cadmium, with or ' +
        'without provocation. Provoked collections run 6 to 8 hours after an oral or IV chelating agent; results ' +
        'are reported per gram of creatinine.',
      mcrEligible: true,
      notice:
        'Medicare: chelating (provocation) agents are statutorily non-covered. A post-provocation specimen cannot ' +
        'be billed to Medicare or Tricare; it is billed as No Insurance Billing: Pay Full Amount.',
      popularity: 40,
    },
    own: [
      panel(5540, 'Toxic Element Clearance Profile', '5554', true),
      analyte(5541, 5540, 'Lead', '83655'),
      analyte(5542, 5540, 'Mercury', '83825'),
      analyte(5543, 5540, 'Arsenic', '82175'),
      analyte(5544, 5540, 'Cadmium', '82300'),
      analyte(5545, 5540, 'Aluminum', '82108'),
      analyte(5546, 5540, 'Thallium', '83018'),
      analyte(5547, 5540, 'Nickel', '83018'),
      analyte(5548, 5540, 'Tin', '83018'),
      analyte(5549, 5540, 'Uranium', '83018'),
      analyte(5550, 5540, 'Gadolinium', '83018'),
      analyte(5551, 5540, 'Creatinine', '82570'),
      instruction(
        5559,
        'Urine collection preparation',
        'Avoid seafood for 5 days and mineral supplements for 2 days before collecting. For a provoked collection, ' +
          'empty the bladder, take the chelating agent as directed and collect all urine for the next 6 to 8 hours.',
      ),
    ],
    shared: [...TIMED_URINE, FIELD.provocation, FIELD.provokingAgent],
    dx: ['Z77.011', 'Z77.018', 'R78.71', 'R78.79', 'Z57.5'],
    prices: { ptpay: 17900, iip: [7900, 14900], client: 11900, medicare: 0, tricare: 0 },
  },
  {
    item: {
      id: 760,
      name: 'Rhythm Plus*',
      category: 'Endocrinology',
      specimenType: 'Saliva',
      description:
        'Saliva collections across a full 28-day cycle tracking estradiol, progesterone and testosterone, with ' +
        'the Adrenocortex Stress Profile (cortisol, DHEA) and a melatonin profile. For pre- and perimenopausal ' +
        'women not using hormones. Not available in New York.',
      popularity: 60,
    },
    own: [
      panel(7600, 'Rhythm Plus', '1450', true),
      analyte(7601, 7600, 'Estradiol (11 samples)', '82670'),
      analyte(7602, 7600, 'Progesterone (11 samples)', '84144'),
      analyte(7603, 7600, 'Testosterone', '84403'),
      analyte(7604, 7600, 'Cortisol (4 samples)', '82533', '4'),
      analyte(7605, 7600, 'DHEA', '82626'),
      analyte(7606, 7600, 'Melatonin (3 samples)', '83520', '3'),
      panel(7610, 'Rhythm (sex hormones only)', '1440'),
      analyte(7611, 7610, 'Estradiol (11 samples)', '82670'),
      analyte(7612, 7610, 'Progesterone (11 samples)', '84144'),
      analyte(7613, 7610, 'Testosterone', '84403'),
      instruction(7619, 'Saliva collection preparation', SALIVA_PREP),
    ],
    shared: [
      FIELD.sampleHours,
      FIELD.lastMenstrualPeriod,
      FIELD.cycleLength,
      FIELD.hormoneReplacementTherapy,
      FIELD.cyclePhase,
    ],
    dx: ['N92.6', 'N94.3', 'E28.2', 'N91.2', 'N97.9'],
    prices: { ptpay: 33900, iip: [33900, 33900], client: 23900 },
  },
  {
    item: {
      id: 895,
      name: 'Menopause Plus',
      category: 'Endocrinology',
      specimenType: 'Saliva',
      description:
        'Salivary estrone, estradiol, estriol, progesterone, testosterone and DHEA from collections on days 1, 3 ' +
        'and 5 (7 to 9 am), with a four-point cortisol rhythm and a melatonin profile.',
      mcrEligible: true,
      popularity: 62,
    },
    own: [
      panel(8950, 'Menopause Plus', '1460', true),
      analyte(8951, 8950, 'Estrone', '82679'),
      analyte(8952, 8950, 'Estradiol', '82670'),
      analyte(8953, 8950, 'Estriol', '82677'),
      analyte(8954, 8950, 'Progesterone', '84144'),
      analyte(8955, 8950, 'Testosterone', '84403'),
      analyte(8956, 8950, 'DHEA', '82626'),
      analyte(8957, 8950, 'Cortisol (4 samples)', '82533', '4'),
      analyte(8958, 8950, 'Melatonin (3 samples)', '83520', '3'),
      instruction(8959, 'Saliva collection preparation', SALIVA_PREP),
    ],
    shared: [FIELD.sampleHours, FIELD.hormoneReplacementTherapy],
    dx: ['N95.1', 'N95.9', 'Z78.0', 'R23.2', 'R68.82', 'Z79.890'],
    prices: { ptpay: 24900, iip: [11900, 19900], client: 16900, medicare: 4900, tricare: 7900 },
  },
  {
    item: {
      id: 260,
      name: 'IgG Food Antibodies',
      category: 'Immunology',
      specimenType: 'Bloodspot',
      description:
        'Finger-stick bloodspot assessment of IgG antibodies to 87 common foods, for delayed food reactions. ' +
        'Vegetarian and spice panels can be added.',
      containsCptCodeQuantity: true,
      notice:
        'Medicare: CPT 86001 (allergen-specific IgG) is billed once to Medicare for a total of 20 units, whatever ' +
        'the number of foods reported.',
      popularity: 75,
    },
    own: [
      panel(4260, 'IgG Food Antibodies (87 foods)', '2810', true),
      analyte(4261, 4260, 'Food-Specific IgG Antibodies', '86001', '20'),
      addOn(4262, 'Vegetarian Panel IgG (30 foods)', '86001', '10', { gdxItemId: '2811' }),
      addOn(4263, 'Spice Panel IgG (23 spices)', '86001', '5', { gdxItemId: '2812' }),
      instruction(4269, 'Bloodspot collection', BLOODSPOT_NOTICE),
    ],
    shared: BLOODSPOT,
    dx: ['T78.19XA', 'K52.29', 'Z91.018', 'L20.9', 'L50.9', 'R51.9'],
    prices: { ptpay: 21900, iip: [9900, 17900], client: 14900 },
    fieldPrices: {
      4262: { ptpay: 6900, iip: [2900, 6900], client: 4900 },
      4263: { ptpay: 4900, iip: [1900, 4900], client: 3500 },
    },
  },
  {
    item: {
      id: 981,
      name: 'Essential Fatty Acids - Bloodspot',
      category: 'Cardiometabolic',
      specimenType: 'Bloodspot',
      description:
        'Finger-stick bloodspot profile of red-cell omega-3 and omega-6 fatty acids, the Omega-3 Index and the ' +
        'AA:EPA ratio.',
      notice: BLOODSPOT_NOTICE,
      popularity: 35,
    },
    own: [
      panel(9810, 'Essential Fatty Acids - Bloodspot', '3281', true),
      analyte(9811, 9810, 'Omega-3 Index', '82542'),
      analyte(9812, 9810, 'Omega-6 to Omega-3 Ratio', null),
      analyte(9813, 9810, 'AA to EPA Ratio', null),
      analyte(9814, 9810, 'Trans Fatty Acids', '82542'),
      instruction(9819, 'Bloodspot collection', BLOODSPOT_NOTICE),
    ],
    shared: BLOODSPOT,
    dx: ['E78.5', 'E78.2', 'Z13.220', 'E88.810'],
    prices: { ptpay: 9900, iip: [9900, 9900], client: 6500 },
  },
  {
    item: {
      id: 949,
      name: 'Vitamin D - Bloodspot',
      category: 'Endocrinology',
      specimenType: 'Bloodspot',
      description:
        'Finger-stick bloodspot measurement of total 25-hydroxyvitamin D with the D2 and D3 fractions.',
      notice: BLOODSPOT_NOTICE,
      popularity: 30,
    },
    own: [
      panel(9490, 'Vitamin D, 25-Hydroxy - Bloodspot', '3285', true),
      analyte(9491, 9490, '25-Hydroxyvitamin D, Total', '82306'),
      analyte(9492, 9490, '25-Hydroxyvitamin D2', null),
      analyte(9493, 9490, '25-Hydroxyvitamin D3', null),
      instruction(9499, 'Bloodspot collection', BLOODSPOT_NOTICE),
    ],
    shared: BLOODSPOT,
    dx: ['E55.9', 'Z13.21', 'M81.0'],
    prices: { ptpay: 6900, iip: [4900, 6900], client: 3900 },
  },
  {
    item: {
      id: 902,
      name: 'COVID-19 PCR',
      category: 'COVID-19',
      specimenType: 'Nasal swab',
      description:
        'Real-time RT-PCR detection of SARS-CoV-2 RNA from a nasal or throat swab, with the answers federal ' +
        'reporting requires. Available for COVID registration accounts.',
      covid: true,
      popularity: 50,
    },
    own: [
      panel(9020, 'SARS-CoV-2 RT-PCR', 'C19PCR', true),
      analyte(9021, 9020, 'SARS-CoV-2 RNA (N1 and N2 targets)', '87635'),
      addOn(9022, 'SARS-CoV-2 Variant Genotyping', '87913', '1', {
        gdxItemId: 'C19VAR',
        disclaimer: 'Performed on positive specimens only.',
      }),
      instruction(
        9029,
        'Swab collection',
        'Do not eat, drink or use mouthwash for 30 minutes before the swab. Ship the same day by overnight service.',
      ),
    ],
    shared: [FIELD.swabCollectionTime, ...COVID_QUESTIONS],
    dx: ['U07.1', 'Z20.822', 'Z11.52', 'R05.9', 'R50.9', 'R43.0'],
    prices: { ptpay: 10900, iip: [0, 0], client: 7500 },
    fieldPrices: { 9022: { ptpay: 4900, iip: [0, 0], client: 3500 } },
  },
  {
    item: {
      id: 910,
      name: 'COVID-19 Antibody',
      category: 'COVID-19',
      specimenType: 'Blood',
      description: 'Serum IgG antibodies to the SARS-CoV-2 nucleocapsid protein, showing past infection.',
      covid: true,
      popularity: 25,
    },
    own: [
      panel(9100, 'COVID-19 Antibody (IgG)', 'C19AB', true),
      analyte(9101, 9100, 'SARS-CoV-2 IgG (nucleocapsid)', '86769'),
      addOn(9102, 'SARS-CoV-2 Spike Protein IgG (semi-quantitative)', '86769', '1', { gdxItemId: 'C19SP' }),
      instruction(9109, 'Blood draw', 'No fasting is needed. Ship the serum tube the day it is drawn.'),
    ],
    shared: [FIELD.mobilePhlebotomy, FIELD.drawTime, ...COVID_QUESTIONS],
    dx: ['Z86.16', 'U09.9', 'Z20.822', 'Z11.52'],
    prices: { ptpay: 6900, iip: [0, 0], client: 4500 },
    fieldPrices: { 9102: { ptpay: 3900, iip: [0, 0], client: 2500 } },
  },
  {
    item: {
      id: 700,
      name: 'Cardiometabolic Profile',
      category: 'Cardiometabolic',
      specimenType: 'Blood',
      description:
        'Fasting serum markers of cardiovascular and metabolic risk. Order the whole profile or only the ' +
        'components you need: each component is priced on its own.',
      mixedComponentPricing: true,
      popularity: 55,
    },
    own: [
      panel(6580, 'Cardiometabolic Profile', '4100', true),
      analyte(6700, 6580, 'Standard Lipid Panel', '80061'),
      analyte(6587, 6580, 'Lipoprotein Particle Profile (NMR)', '83704', '1', [
        p(PARAM.addsPriceOf, String(PRICE_ADDING_COMPONENT.addsPriceOf)),
      ]),
      analyte(6581, 6580, 'High-Sensitivity C-Reactive Protein', '86141'),
      analyte(6582, 6580, 'Hemoglobin A1c', '83036'),
      analyte(6583, 6580, 'Insulin, Fasting', '83525'),
      analyte(6584, 6580, 'Lipoprotein(a)', '83695'),
      analyte(6585, 6580, 'Apolipoprotein B', '82172'),
      analyte(6586, 6580, 'Homocysteine', '83090'),
      displayOnlyPanel(6590, 'Lipid Essentials', [6700, 6584, 6585]),
      displayOnlyPanel(6591, 'Glycemic Control', [6582, 6583]),
      instruction(6599, 'Blood draw preparation', 'Fast for 12 hours before the draw; water is allowed.'),
    ],
    shared: [FIELD.mobilePhlebotomy, FIELD.fasting, FIELD.drawTime],
    dx: ['E78.5', 'E78.00', 'E78.1', 'R73.03', 'E11.9', 'E88.810', 'I10', 'Z13.6'],
    prices: { ptpay: 29900, iip: [12900, 22900], client: 19900 },
    fieldPrices: {
      6700: { ptpay: 3900, iip: [1900, 3900], client: 2500 },
      6587: { ptpay: 9900, iip: [4900, 9900], client: 6900 },
      6581: { ptpay: 3900, iip: [1900, 3900], client: 2500 },
      6582: { ptpay: 3900, iip: [1900, 3900], client: 2500 },
      6583: { ptpay: 4900, iip: [2500, 4900], client: 3500 },
      6584: { ptpay: 5900, iip: [2900, 5900], client: 3900 },
      6585: { ptpay: 5900, iip: [2900, 5900], client: 3900 },
      6586: { ptpay: 4900, iip: [2500, 4900], client: 3500 },
    },
  },
  {
    item: {
      id: 930,
      name: 'Gut Microbiome Home Kit',
      category: 'Home Kits',
      specimenType: 'Stool',
      description:
        'At-home stool kit shipped straight to the patient: microbiome diversity and commensal balance by DNA ' +
        'sequencing. Not billable to insurance.',
      dropShipOnly: true,
      popularity: 45,
    },
    own: [
      panel(9300, 'Gut Microbiome Home Kit', '2250', true),
      analyte(9301, 9300, 'Microbiome Diversity (16S sequencing)', null),
      analyte(9302, 9300, 'Commensal Balance', null),
      analyte(9303, 9300, 'Short-Chain Fatty Acid Producers', null),
      instruction(
        9309,
        'Home stool collection',
        'Collect one stool specimen at home and mail it the same day.',
      ),
    ],
    shared: STOOL,
    dx: ['Z13.89', 'R14.0', 'K59.00'],
    prices: { ptpay: 14900, client: 9900 },
  },
  {
    item: {
      id: 897,
      name: 'Menopause',
      category: 'Endocrinology',
      specimenType: 'Saliva',
      description:
        'Salivary sex hormones (estrone, estradiol, estriol, progesterone, testosterone) from three collections on ' +
        'days 1, 3 and 5, each between 7 and 9 am.',
      mcrEligible: true,
      popularity: 38,
    },
    own: [
      panel(8970, 'Menopause', '1465', true),
      analyte(8971, 8970, 'Estrone', '82679'),
      analyte(8972, 8970, 'Estradiol', '82670'),
      analyte(8973, 8970, 'Estriol', '82677'),
      analyte(8974, 8970, 'Progesterone', '84144'),
      analyte(8975, 8970, 'Testosterone', '84403'),
      instruction(8979, 'Saliva collection preparation', SALIVA_PREP),
    ],
    shared: [FIELD.sampleHours],
    dx: ['N95.1', 'N95.9', 'Z78.0', 'R23.2'],
    prices: { ptpay: 19900, iip: [8900, 15900], client: 13900, medicare: 0, tricare: 0 },
  },
  {
    item: {
      id: 894,
      name: 'Adrenocortex Stress Profile',
      category: 'Endocrinology',
      specimenType: 'Saliva',
      description:
        'Four timed saliva cortisol samples over one day and a morning DHEA, for the adrenal rhythm.',
      mcrEligible: true,
      popularity: 52,
    },
    own: [
      panel(8940, 'Adrenocortex Stress Profile', '1400', true),
      analyte(8941, 8940, 'Cortisol (4 samples)', '82533', '4'),
      analyte(8942, 8940, 'DHEA', '82626'),
      instruction(8949, 'Saliva collection preparation', SALIVA_PREP),
    ],
    shared: [FIELD.collectionTime1, FIELD.collectionTime2, FIELD.collectionTime3, FIELD.collectionTime4],
    dx: ['R53.83', 'R53.82', 'G47.00', 'F41.9', 'E27.40'],
    prices: { ptpay: 17900, iip: [7900, 13900], client: 11900, medicare: 0, tricare: 0 },
  },
  {
    item: {
      id: 896,
      name: 'One Day Hormone Check',
      category: 'Endocrinology',
      specimenType: 'Saliva',
      description:
        'Five saliva specimens over 24 hours: estrone, estradiol, estriol, progesterone, testosterone, DHEA, four ' +
        'cortisols and three melatonins (one sample between 2:30 and 3:30 am in low light). Adults only.',
      mcrEligible: true,
      popularity: 42,
    },
    own: [
      panel(8960, 'One Day Hormone Check', '1470', true),
      analyte(8961, 8960, 'Estrone', '82679'),
      analyte(8962, 8960, 'Estradiol', '82670'),
      analyte(8963, 8960, 'Estriol', '82677'),
      analyte(8964, 8960, 'Progesterone', '84144'),
      analyte(8965, 8960, 'Testosterone', '84403'),
      analyte(8966, 8960, 'DHEA', '82626'),
      analyte(8967, 8960, 'Cortisol (4 samples)', '82533', '4'),
      analyte(8968, 8960, 'Melatonin (3 samples)', '83520', '3'),
      instruction(8969, 'Saliva collection preparation', SALIVA_PREP),
    ],
    shared: collectionTimes.map((f) => f.id),
    dx: ['N95.1', 'R53.83', 'G47.00', 'R68.82', 'E29.1'],
    prices: { ptpay: 29900, iip: [12900, 23900], client: 19900, medicare: 2900, tricare: 2900 },
  },
  {
    item: {
      id: 544,
      name: 'Comprehensive Urine Element Profile',
      category: 'Toxicology',
      specimenType: 'Urine',
      description:
        'Urinary nutrient elements and potentially toxic elements from a timed or 24-hour collection, reported ' +
        'per gram of creatinine.',
      mcrEligible: true,
      popularity: 33,
    },
    own: [
      panel(5440, 'Comprehensive Urine Element Profile', '5544', true),
      analyte(5441, 5440, 'Nutrient Elements (urine)', '84630'),
      analyte(5442, 5440, 'Potentially Toxic Elements (urine)', '83018'),
      analyte(5443, 5440, 'Creatinine', '82570'),
      instruction(
        5449,
        'Urine collection preparation',
        'Avoid seafood for 5 days and mineral supplements for 2 days before collecting. Collect all urine for ' +
          'the time your practitioner directs and record the total volume.',
      ),
    ],
    shared: TIMED_URINE,
    dx: ['Z77.018', 'R78.79', 'E63.9', 'Z13.89'],
    prices: { ptpay: 19900, iip: [8900, 16900], client: 13900, medicare: 0, tricare: 0 },
  },
  {
    item: {
      id: 545,
      name: 'Organix Dysbiosis',
      category: 'Gastrointestinal',
      specimenType: 'Urine',
      description:
        'Urinary microbial by-products of bacterial and yeast overgrowth in the gut, from a first-morning-void ' +
        'specimen.',
      mcrEligible: true,
      popularity: 47,
    },
    own: [
      panel(5450, 'Organix Dysbiosis', '3110', true),
      analyte(5451, 5450, 'Bacterial Dysbiosis Markers', '83921'),
      analyte(5452, 5450, 'Yeast and Fungal Dysbiosis Markers', '83921'),
      analyte(5453, 5450, 'Creatinine', '82570'),
      instruction(5459, 'Urine collection preparation', URINE_FMV_PREP),
    ],
    shared: FMV_URINE,
    dx: ['K63.8219', 'R14.0', 'K58.9', 'R19.7', 'R53.83'],
    prices: { ptpay: 15900, iip: [6900, 12900], client: 10900, medicare: 0, tricare: 0 },
  },
  {
    item: {
      id: 546,
      name: 'Thyroid Panel',
      category: 'Endocrinology',
      specimenType: 'Blood',
      description: 'Serum TSH, free T4, free T3, reverse T3 and thyroid antibodies (TPO and thyroglobulin).',
      mcrEligible: true,
      popularity: 36,
    },
    own: [
      panel(5460, 'Thyroid Panel', '4200', true),
      analyte(5461, 5460, 'TSH', '84443'),
      analyte(5462, 5460, 'Free T4', '84439'),
      analyte(5463, 5460, 'Free T3', '84481'),
      analyte(5464, 5460, 'Reverse T3', '84482'),
      analyte(5465, 5460, 'Thyroid Peroxidase Antibodies', '86376'),
      analyte(5466, 5460, 'Thyroglobulin Antibodies', '86800'),
      instruction(
        5469,
        'Blood draw preparation',
        'Take thyroid medication after the blood draw on the day of testing.',
      ),
    ],
    shared: [FIELD.mobilePhlebotomy, FIELD.drawTime],
    dx: ['E03.9', 'E06.3', 'E05.90', 'R53.83', 'Z13.29'],
    prices: { ptpay: 12900, iip: [4900, 9900], client: 8500, medicare: 0, tricare: 0 },
  },
  {
    item: {
      id: 547,
      name: 'Bone Resorption Assessment',
      category: 'Endocrinology',
      specimenType: 'Urine',
      description:
        'Urinary deoxypyridinoline, a marker of bone breakdown, from a second-morning-void specimen.',
      mcrEligible: true,
      popularity: 20,
    },
    own: [
      panel(5470, 'Bone Resorption Assessment', '4300', true),
      analyte(5471, 5470, 'Deoxypyridinoline (DPD)', '82523'),
      analyte(5472, 5470, 'Creatinine', '82570'),
      instruction(
        5479,
        'Urine collection preparation',
        'Discard the first morning urine and collect the second.',
      ),
    ],
    shared: FMV_URINE,
    dx: ['M81.0', 'M85.80', 'Z78.0', 'Z13.89'],
    prices: { ptpay: 8900, iip: [3900, 7900], client: 5900, medicare: 0, tricare: 0 },
  },
  {
    item: {
      id: 854,
      name: 'GI Pathogens Profile',
      category: 'Gastrointestinal',
      specimenType: 'Stool',
      description:
        'One-day stool screen for bacterial, viral and parasitic pathogens by multiplex PCR, with microscopy, ' +
        'H. pylori antigen and C. difficile toxins.',
      mcrEligible: true,
      popularity: 58,
    },
    own: [
      panel(8540, 'GI Pathogens Profile', '2230', true),
      analyte(8541, 8540, 'Gastrointestinal Pathogens (multiplex PCR)', '87507'),
      analyte(8542, 8540, 'Parasitology: Microscopic Ova and Parasites', '87177'),
      analyte(8543, 8540, 'Helicobacter pylori Stool Antigen', '87338'),
      analyte(8544, 8540, 'Clostridioides difficile Toxins A and B', '87324'),
      instruction(8549, 'Stool collection preparation', GI_PREP),
    ],
    shared: STOOL,
    dx: ['A07.1', 'B82.9', 'A04.8', 'R19.7', 'K52.9', 'R10.9'],
    prices: { ptpay: 27900, iip: [11900, 21900], client: 18900, medicare: 0, tricare: 1900 },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Derived tables

export const CATALOGUE_ITEMS: readonly CatalogueItem[] = products.map(({ item }) => ({
  notice: null,
  gbfName: null,
  dropShipOnly: false,
  mcrEligible: false,
  paperless: false,
  mixedComponentPricing: false,
  containsCptCodeQuantity: false,
  nutritional: false,
  covid: false,
  active: true,
  ...item,
}));

export const INPUT_FIELDS: readonly CatalogueInputField[] = [
  ...sharedFields,
  ...products.flatMap((d) => d.own),
];

export const ITEM_INPUT_FIELDS: readonly CatalogueItemInputField[] = products.flatMap((d) =>
  [...d.own.map((f) => f.id), ...d.shared, RESUBMITTAL_ID_FIELD_ID].map((inputFieldId, sortOrder) => ({
    orderableItemId: d.item.id,
    inputFieldId,
    sortOrder,
  })),
);

export const ITEM_DIAGNOSIS_CODES: readonly CatalogueItemDiagnosisCode[] = products.flatMap((d) =>
  d.dx.map((code, sortOrder) => ({ orderableItemId: d.item.id, code, sortOrder })),
);

function priceRows(
  orderableItemId: number,
  inputFieldId: number | null,
  set: PriceSet,
  gsdlNo: string | null = null,
): CataloguePrice[] {
  const row = (priceType: PriceType, priceCents: number, maxOutOfPocketCents: number | null = null) => ({
    orderableItemId,
    inputFieldId,
    priceType,
    gsdlNo,
    priceCents,
    maxOutOfPocketCents,
  });
  const rows: CataloguePrice[] = [row('PTPAY', set.ptpay)];
  if (set.iip) rows.push(row('IIP', set.iip[0], set.iip[1]));
  if (set.medicare !== undefined) rows.push(row('MEDICARE', set.medicare));
  if (set.tricare !== undefined) rows.push(row('TRICARE', set.tricare));
  rows.push(row('CLIENT', set.client));
  return rows;
}

/** Practitioner-specific overrides of single list prices (the other types keep the list price). */
const PRICE_OVERRIDES: CataloguePrice[] = [
  // P1001 (Asheville) has a negotiated physician-account price on GI Effects and NutrEval.
  {
    orderableItemId: 540,
    inputFieldId: null,
    priceType: 'CLIENT',
    gsdlNo: 'P1001',
    priceCents: 29500,
    maxOutOfPocketCents: null,
  },
  {
    orderableItemId: 534,
    inputFieldId: null,
    priceType: 'CLIENT',
    gsdlNo: 'P1001',
    priceCents: 33900,
    maxOutOfPocketCents: null,
  },
  // P1002 (New York) has a reduced patient-pay price on the SIBO breath test.
  {
    orderableItemId: 215,
    inputFieldId: null,
    priceType: 'PTPAY',
    gsdlNo: 'P1002',
    priceCents: 17900,
    maxOutOfPocketCents: null,
  },
];

export const PRICES: readonly CataloguePrice[] = [
  ...products.flatMap((d) => [
    ...priceRows(d.item.id, null, d.prices),
    ...Object.entries(d.fieldPrices ?? {}).flatMap(([fieldId, set]) =>
      priceRows(d.item.id, Number(fieldId), set),
    ),
  ]),
  ...PRICE_OVERRIDES,
];

// ---------------------------------------------------------------------------------------------------------------
// Collection packs (catalogue requisitions)

const pack = (
  activationCode: string | null,
  reqNumber: string | null,
  orderableItemId: number,
  situation: PackSituation,
  more: Partial<CataloguePack> = {},
): CataloguePack => ({
  activationCode,
  reqNumber,
  orderableItemId,
  paperless: false,
  gsdlNo: 'P1001',
  removed: false,
  removedNotice: null,
  preselection: null,
  situation,
  ...more,
});

export const REMOVED_PACK_NOTICE =
  'This Organix Comprehensive collection pack was withdrawn because its urine preservative expired. Please ' +
  'contact client services at 800-522-4762 for a free replacement pack.';

/** Activation numbers: 'C' + 9 digits passing the standard Luhn check over the 9 digits. */
export const CATALOGUE_PACKS: readonly CataloguePack[] = [
  // demo-data.md's table (identities fixed)
  pack('C824591515', '50012345', 540, 'drop-ship-order'),
  pack('C522552298', '50012346', 534, 'unused'),
  pack('C565591369', '50012347', 215, 'paperless', {
    paperless: true,
    gsdlNo: 'P1002',
    preselection: { panel: SIBO_2_HOUR_PANEL_ID, components: [4711, 4712], addons: [] },
  }),
  pack('C171521339', null, 617, 'activation-pending'),
  pack('C505860338', '50012349', 622, 'removed', { removed: true, removedNotice: REMOVED_PACK_NOTICE }),
  pack('C922499553', '50012350', 540, 'received-by-lab'),
  pack(null, '4500000', 542, 'needs-gdx-id'),
  // further unused packs
  pack('C317420685', '50012351', 542, 'unused'),
  pack('C409152733', '72406600', 215, 'unused', { gsdlNo: 'P1002' }),
  pack('C612873406', '50012352', 534, 'unused', { gsdlNo: null }),
  pack('C735029183', '50012353', 617, 'unused'),
  pack('C284601952', '50012354', 622, 'unused', { gsdlNo: 'P1002' }),
  pack('C950317628', '50012355', 554, 'unused'),
  pack('C146782032', '50012356', 760, 'unused', { gsdlNo: null }),
  pack('C862194578', '50012357', 895, 'unused'),
  pack('C503948267', '50012358', 260, 'unused', { gsdlNo: 'P1002' }),
  pack('C678205311', '50012359', 902, 'unused', { gsdlNo: null }),
];

/** Practitioners the catalogue rows refer to (the practitioners seed must have run first). */
export const REFERENCED_GSDL_NOS: readonly string[] = [
  ...new Set(
    [...PRICES.map((r) => r.gsdlNo), ...CATALOGUE_PACKS.map((r) => r.gsdlNo)].filter(
      (g): g is string => g !== null,
    ),
  ),
].sort();

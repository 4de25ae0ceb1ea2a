import type {
  CatalogueRequisition,
  InputField,
  InputFieldParam,
  OrderableItem,
  OrderableItemLists,
  OrderableItemSummary,
  Profile,
} from '@gear/domain';
import { inputField, orderableItem } from '@gear/domain/test-support';

/** A test catalogue shaped like the demo data (../shared/demo-data.md): ids fixed where the spec names them. */

const field = (id: number, name: string, more: Partial<InputField> = {}): InputField =>
  inputField({ id, name, ...more });

const p = (name: string, value: string): InputFieldParam => ({ name, value });
const options = (...list: [string, string][]) => list.map(([value, label]) => p(`option:${value}`, label));
const yesNo = () => options(['true', 'Yes'], ['false', 'No']);

export const addOn = (
  id: number,
  name: string,
  cptQuantity = '1',
  disclaimer: string | null = null,
): InputField =>
  field(id, name, { cptCode: '83018', cptQuantity, disclaimer, inputFieldParams: [p('Add-On', 'true')] });

const profile = (
  id: number,
  name: string,
  components: InputField[],
  addOnList: InputField[] = [],
  more: Partial<Profile> = {},
): Profile => ({
  ...field(id, name, { inputType: 'Panel' }),
  profileComponents: components.map((c) => ({ ...c, parentId: id })),
  addOnList,
  ...more,
});

const specific = (
  id: number,
  name: string,
  type: string,
  params: InputFieldParam[],
  required = true,
  disclaimer: string | null = null,
): InputField =>
  field(id, name, {
    inputType: 'ProfileSpecific',
    disclaimer,
    inputFieldParams: [p('type', type), p('required', String(required)), ...params],
  });

const resubmittal = field(66, 'Resubmittal ID', {
  inputType: 'Resubmittal',
  disclaimer: 'The accession number of the earlier specimen when this requisition re-submits a test.',
  inputFieldParams: [p('type', 'text'), p('maxLength', '32'), p('emptyValue', 'Not Provided')],
});

const summary = (item: OrderableItem): OrderableItemSummary => ({
  id: item.id,
  name: item.name,
  category: item.category,
  description: item.description,
  specimenType: item.specimenType,
  dropShipOnly: item.dropShipOnly,
  mcrEligible: item.mcrEligible,
  paperless: item.paperless,
  nutritional: item.nutritional,
  covid: item.covid,
  gbfName: item.gbfName,
});

const item = (
  more: Partial<OrderableItem> & Pick<OrderableItem, 'id' | 'name' | 'category'>,
): OrderableItem => orderableItem({ specimenType: null, inputFields: [resubmittal], ...more });

const giComponents = [
  field(5401, 'Pancreatic Elastase-1'),
  field(5404, 'Calprotectin'),
  field(5405, 'Eosinophil Protein X'),
  field(5406, 'Fecal Secretory IgA'),
];

export const gi540 = item({
  id: 540,
  name: 'GI Effects Comprehensive Profile - Stool (3-day)',
  category: 'Gastrointestinal',
  specimenType: 'Stool',
  description: 'Three-day stool profile.',
  mcrEligible: true,
  profileList: [
    profile(5400, 'GI Effects Comprehensive Profile', giComponents, [
      addOn(5413, 'Helicobacter pylori Stool Antigen', '1'),
      addOn(5416, 'SARS-CoV-2 Stool PCR', '1'),
      addOn(5417, 'Zonulin Family Peptide', '3'),
    ]),
    // As the server builds it: a display-only panel's components are the fields its 'component' params name.
    {
      ...profile(5415, 'Inflammation and Immunology Markers', []),
      displayOnly: true,
      profileComponents: giComponents
        .filter((c) => [5404, 5405, 5406].includes(c.id))
        .map((c) => ({ ...c, parentId: 5400 })),
      inputFieldParams: [p('component', '5404'), p('component', '5405'), p('component', '5406')],
    },
  ],
});

export const metabolomix617 = item({
  id: 617,
  name: 'Metabolomix+',
  category: 'Nutritional',
  specimenType: 'Urine',
  mcrEligible: true,
  nutritional: true,
  profileList: [
    profile(
      5860,
      'Metabolomix+',
      [field(5861, 'Organic Acids'), field(5862, 'Amino Acids (urine)')],
      [
        addOn(5877, 'Toxic Element Clearance (urine)'),
        addOn(
          5887,
          'Comprehensive Urine Element Profile',
          '1',
          'Includes the Toxic Element Clearance markers.',
        ),
        addOn(5878, 'Omega-3 Index (bloodspot)'),
      ],
    ),
  ],
});

export const toxic554 = item({
  id: 554,
  name: 'Toxic Element Clearance - Urine',
  category: 'Toxicology',
  specimenType: 'Urine',
  mcrEligible: true,
  profileList: [profile(5540, 'Toxic Element Clearance', [field(5541, 'Lead'), field(5542, 'Mercury')])],
  inputFields: [
    resubmittal,
    specific(
      4102,
      'Provocation',
      'radio',
      options(['@PRE', 'Pre-provocation'], ['@POST', 'Post-provocation']),
    ),
  ],
});

export const rhythm760 = item({
  id: 760,
  name: 'Rhythm Plus*',
  category: 'Endocrinology',
  specimenType: 'Saliva',
  profileList: [profile(7600, 'Rhythm Plus', [field(7601, 'Estradiol'), field(7602, 'Progesterone')])],
  inputFields: [
    resubmittal,
    specific(4100, 'Hormone Replacement Therapy', 'radio', yesNo()),
    specific(
      4101,
      'Cycle Phase',
      'radio',
      options(
        ['premenopausal-luteal', 'Premenopausal: luteal phase (cycle days 19 to 25)'],
        ['premenopausal-irregular', 'Premenopausal: irregular or unknown cycle'],
        ['perimenopausal', 'Perimenopausal'],
        ['postmenopausal', 'Postmenopausal'],
      ),
    ),
  ],
});

export const covid902 = item({
  id: 902,
  name: 'COVID-19 PCR',
  category: 'COVID-19',
  covid: true,
  profileList: [profile(9020, 'SARS-CoV-2 RT-PCR', [field(9021, 'SARS-CoV-2 RNA')])],
  inputFields: [
    resubmittal,
    specific(4110, 'First test for COVID-19', 'radio', yesNo()),
    specific(4112, 'Symptomatic as defined by the CDC', 'radio', yesNo()),
    specific(4113, 'Date of symptom onset', 'date', [
      p('maxLength', '10'),
      p('format', 'MM/DD/YYYY'),
      p('dependsOn', '4112=true'),
    ]),
    specific(
      4118,
      'Collection Type',
      'radio',
      options(['@NP', 'Nasopharyngeal swab'], ['@NA', 'Anterior nasal swab'], ['@OTHR', 'Other']),
    ),
    specific(4119, 'Other Collection Type', 'text', [p('maxLength', '50'), p('dependsOn', '4118=@OTHR')]),
  ],
});

export const covid910 = item({ id: 910, name: 'COVID-19 Antibody', category: 'COVID-19', covid: true });

export const homeKit930 = item({
  id: 930,
  name: 'Gut Microbiome Home Kit',
  category: 'Home Kits',
  dropShipOnly: true,
  profileList: [profile(9300, 'Gut Microbiome', [field(9301, 'Microbiome sequencing')])],
});

export const ITEMS = [gi540, metabolomix617, toxic554, rhythm760, covid902, covid910, homeKit930];
export const itemById = (id: number) => ITEMS.find((i) => i.id === id) as OrderableItem;

export const catalogueLists = (overrides: Partial<OrderableItemLists> = {}): OrderableItemLists => ({
  recentlyOrderedItems: [summary(gi540), summary(metabolomix617)],
  topProducts: [summary(metabolomix617), summary(gi540), summary(rhythm760)],
  categoryMap: {
    Gastrointestinal: [summary(gi540)],
    Nutritional: [summary(metabolomix617)],
    Toxicology: [summary(toxic554)],
    Endocrinology: [summary(rhythm760)],
    'COVID-19': [summary(covid902), summary(covid910)],
    'Home Kits': [summary(homeKit930)],
  },
  otherOrderableItems: ITEMS.map(summary),
  productHighlights: [summary(homeKit930)],
  savedBundles: [
    {
      gearBundleId: 3,
      gearOrderId: 12,
      name: 'Gut restoration',
      billingMethod: 'Physician Account',
      productNamesString: 'GI Effects Comprehensive Profile - Stool (3-day), Metabolomix+',
      practAgreement: true,
    },
  ],
  gbfSharedKitsMap: {},
  ...overrides,
});

export const catalogueRequisition = (
  orderableItem: OrderableItem,
  more: Partial<CatalogueRequisition> = {},
): CatalogueRequisition => ({
  id: null,
  reqNumber: null,
  activationCode: null,
  paperless: false,
  preselection: null,
  orderableItem,
  ...more,
});

/**
 * A curated subset of the CMS ICD-10-CM code set for the demo catalogue: common codes for the lab's products
 * (gastrointestinal, nutritional, endocrine, cardiometabolic, toxic-element, food-reaction and COVID-19 work-ups).
 * Every code here is a real, billable (leaf) ICD-10-CM code with its official long description.
 * A full release can be imported over it later (`npm run icd10:import`); rows are keyed by code.
 */
export interface Icd10Seed {
  code: string;
  description: string;
  shortDescription: string | null;
  billable: boolean;
  active: boolean;
  version: number;
  release: string;
}

/** The ICD-10-CM release the curated descriptions are taken from. */
export const CURATED_ICD10_RELEASE = '2026';

const codes: [code: string, description: string][] = [
  // Digestive system and abdominal symptoms
  ['K21.9', 'Gastro-esophageal reflux disease without esophagitis'],
  ['K29.70', 'Gastritis, unspecified, without bleeding'],
  ['K30', 'Functional dyspepsia'],
  ['K50.90', "Crohn's disease, unspecified, without complications"],
  ['K51.90', 'Ulcerative colitis, unspecified, without complications'],
  ['K52.29', 'Other allergic and dietetic gastroenteritis and colitis'],
  ['K52.9', 'Noninfective gastroenteritis and colitis, unspecified'],
  ['K58.0', 'Irritable bowel syndrome with diarrhea'],
  ['K58.1', 'Irritable bowel syndrome with constipation'],
  ['K58.2', 'Mixed irritable bowel syndrome'],
  ['K58.8', 'Other irritable bowel syndrome'],
  ['K58.9', 'Irritable bowel syndrome without diarrhea'],
  ['K59.00', 'Constipation, unspecified'],
  ['K59.1', 'Functional diarrhea'],
  ['K63.8211', 'Small intestinal bacterial overgrowth, hydrogen-subtype'],
  ['K63.8219', 'Small intestinal bacterial overgrowth, unspecified'],
  ['K86.81', 'Exocrine pancreatic insufficiency'],
  ['K90.41', 'Non-celiac gluten sensitivity'],
  ['K90.49', 'Malabsorption due to intolerance, not elsewhere classified'],
  ['R10.84', 'Generalized abdominal pain'],
  ['R10.9', 'Unspecified abdominal pain'],
  ['R11.0', 'Nausea'],
  ['R14.0', 'Abdominal distension (gaseous)'],
  ['R14.3', 'Flatulence'],
  ['R19.4', 'Change in bowel habit'],
  ['R19.7', 'Diarrhea, unspecified'],
  ['A04.8', 'Other specified bacterial intestinal infections'],
  ['A07.1', 'Giardiasis [lambliasis]'],
  ['B82.9', 'Intestinal parasitism, unspecified'],
  // Nutrition and metabolism
  ['D51.9', 'Vitamin B12 deficiency anemia, unspecified'],
  ['E53.8', 'Deficiency of other specified B group vitamins'],
  ['E55.9', 'Vitamin D deficiency, unspecified'],
  ['E61.1', 'Iron deficiency'],
  ['E63.9', 'Nutritional deficiency, unspecified'],
  ['E66.9', 'Obesity, unspecified'],
  ['E88.9', 'Metabolic disorder, unspecified'],
  ['R63.4', 'Abnormal weight loss'],
  ['R53.82', 'Chronic fatigue, unspecified'],
  ['R53.83', 'Other fatigue'],
  ['F32.A', 'Depression, unspecified'],
  ['F41.9', 'Anxiety disorder, unspecified'],
  ['G47.00', 'Insomnia, unspecified'],
  // Endocrine, reproductive and bone
  ['E03.9', 'Hypothyroidism, unspecified'],
  ['E05.90', 'Thyrotoxicosis, unspecified without thyrotoxic crisis or storm'],
  ['E06.3', 'Autoimmune thyroiditis'],
  ['E27.40', 'Unspecified adrenocortical insufficiency'],
  ['E28.2', 'Polycystic ovarian syndrome'],
  ['E29.1', 'Testicular hypofunction'],
  ['N91.2', 'Amenorrhea, unspecified'],
  ['N92.6', 'Irregular menstruation, unspecified'],
  ['N94.3', 'Premenstrual tension syndrome'],
  ['N95.1', 'Menopausal and female climacteric states'],
  ['N95.9', 'Unspecified menopausal and perimenopausal disorder'],
  ['N97.9', 'Female infertility, unspecified'],
  ['R23.2', 'Flushing'],
  ['R68.82', 'Decreased libido'],
  ['Z78.0', 'Asymptomatic menopausal state'],
  ['Z79.890', 'Hormone replacement therapy'],
  ['M81.0', 'Age-related osteoporosis without current pathological fracture'],
  ['M85.80', 'Other specified disorders of bone density and structure, unspecified site'],
  // Cardiometabolic
  ['E11.9', 'Type 2 diabetes mellitus without complications'],
  ['E78.00', 'Pure hypercholesterolemia, unspecified'],
  ['E78.1', 'Pure hyperglyceridemia'],
  ['E78.2', 'Mixed hyperlipidemia'],
  ['E78.5', 'Hyperlipidemia, unspecified'],
  ['E88.810', 'Metabolic syndrome'],
  ['I10', 'Essential (primary) hypertension'],
  ['R73.03', 'Prediabetes'],
  // Toxic elements and exposures
  ['R78.71', 'Abnormal lead level in blood'],
  ['R78.79', 'Finding of abnormal level of heavy metals in blood'],
  ['Z57.5', 'Occupational exposure to toxic agents in other industries'],
  ['Z77.011', 'Contact with and (suspected) exposure to lead'],
  ['Z77.018', 'Contact with and (suspected) exposure to other hazardous metals'],
  // Food reactions, skin, headache
  ['T78.19XA', 'Other adverse food reactions, not elsewhere classified, initial encounter'],
  ['Z91.018', 'Allergy to other foods'],
  ['L20.9', 'Atopic dermatitis, unspecified'],
  ['L50.9', 'Urticaria, unspecified'],
  ['R51.9', 'Headache, unspecified'],
  // COVID-19
  ['U07.1', 'COVID-19'],
  ['U09.9', 'Post COVID-19 condition, unspecified'],
  ['Z20.822', 'Contact with and (suspected) exposure to COVID-19'],
  ['Z11.52', 'Encounter for screening for COVID-19'],
  ['Z86.16', 'Personal history of COVID-19'],
  ['R05.9', 'Cough, unspecified'],
  ['R43.0', 'Anosmia'],
  ['R50.9', 'Fever, unspecified'],
  // Screening
  ['Z13.21', 'Encounter for screening for nutritional disorder'],
  ['Z13.220', 'Encounter for screening for lipoid disorders'],
  ['Z13.29', 'Encounter for screening for other suspected endocrine disorder'],
  ['Z13.6', 'Encounter for screening for cardiovascular disorders'],
  ['Z13.89', 'Encounter for screening for other disorder'],
  ['Z71.3', 'Dietary counseling and surveillance'],
];

/** Active, billable, version-10 codes (the diagnosis checklists of the catalogue use only these). */
export const CURATED_ICD10_CODES: readonly Icd10Seed[] = codes.map(([code, description]) => ({
  code,
  description,
  shortDescription: null,
  billable: true,
  active: true,
  version: 10,
  release: CURATED_ICD10_RELEASE,
}));

/** spec 2 §3 'Provider values': what the insurance form offers, in the spec's order. */
export const INSURANCE_PROVIDERS = [
  'medicare',
  'medicaid',
  'tricare',
  'medicare_railroad',
  'aetna',
  'bcbs',
  'bcbs-fep',
  'cigna',
  'humana',
  'kaiser',
  'principle',
  'tufts',
  'united-healthcare',
  'other',
] as const;
export type InsuranceProvider = (typeof INSURANCE_PROVIDERS)[number];

/** spec 1 §9 carrier codes that are labelled but not offered: no-coverage, champus, novalue. */
export const LEGACY_CARRIER_CODES = ['no-coverage', 'champus', 'novalue'] as const;
export type CarrierCode = InsuranceProvider | (typeof LEGACY_CARRIER_CODES)[number];

export const UNKNOWN_CARRIER_LABEL = 'Unknown Carrier';

/**
 * spec 1 §9 'Insurance carrier codes and labels' (only novalue's label is the spec's; the others name the
 * carrier).
 */
export const CARRIER_LABELS: Readonly<Record<CarrierCode, string>> = {
  medicare: 'Medicare',
  medicaid: 'Medicaid',
  tricare: 'Tricare',
  medicare_railroad: 'Railroad Medicare',
  aetna: 'Aetna',
  bcbs: 'Blue Cross Blue Shield',
  'bcbs-fep': 'Blue Cross Blue Shield Federal Employee Program',
  cigna: 'Cigna',
  humana: 'Humana',
  kaiser: 'Kaiser Permanente',
  principle: 'Principal',
  tufts: 'Tufts Health Plan',
  'united-healthcare': 'UnitedHealthcare',
  other: 'Other',
  'no-coverage': 'No Coverage',
  champus: 'CHAMPUS',
  novalue: UNKNOWN_CARRIER_LABEL,
};

export const isInsuranceProvider = (value: string | null): value is InsuranceProvider =>
  value !== null && (INSURANCE_PROVIDERS as readonly string[]).includes(value);

const isCarrierCode = (value: string): value is CarrierCode => Object.hasOwn(CARRIER_LABELS, value);

/** The label of a carrier code; novalue, an unknown code or none reads 'Unknown Carrier'. */
export const carrierLabel = (code: string | null): string =>
  code !== null && isCarrierCode(code) ? CARRIER_LABELS[code] : UNKNOWN_CARRIER_LABEL;

/** The form's select: value and label of each offered provider. */
export const INSURANCE_PROVIDER_OPTIONS: readonly { value: InsuranceProvider; label: string }[] =
  INSURANCE_PROVIDERS.map((value) => ({ value, label: CARRIER_LABELS[value] }));

/** Carriers billed as 'Medicare or Tricare' (CHAMPUS is Tricare's former name). */
export const MEDICARE_TYPE_PROVIDERS: readonly CarrierCode[] = [
  'medicare',
  'medicare_railroad',
  'tricare',
  'champus',
];

export const isMedicareTypeProvider = (code: string | null): boolean =>
  code !== null && isCarrierCode(code) && MEDICARE_TYPE_PROVIDERS.includes(code);

import type { FieldError } from '../contract/errors.ts';
import type { PatientAddress } from '../contract/order.ts';
import { isRegionCode, isUnitedStates, isUsStateCode } from '../identifiers/regions.ts';
import { ADDRESS_MESSAGES, PATIENT_MESSAGES } from '../messages.ts';
import { fieldError, isBlank, isUsZipCode, maxLength, phoneErrors, required } from './field-checks.ts';

/** spec 2 §5: 'address lines 128, city 64, county 64, state 2 (US) or 32, zip 5 (US) or 10'. */
export const ADDRESS_LIMITS = {
  addressLine: 128,
  city: 64,
  county: 64,
  usState: 2,
  state: 32,
  usZipCode: 5,
  zipCode: 10,
} as const;

/**
 * Default for the PITL restricted states (spec 2 §5 names the rule, not the states): New York, New Jersey and
 * Rhode Island, the states that do not allow consumer-initiated laboratory testing. Pass another list from
 * configuration.
 */
export const DEFAULT_PITL_RESTRICTED_STATES: readonly string[] = ['NY', 'NJ', 'RI'];

/**
 * spec 2 §5: 'International handling applies when reqLayoutId is not 0 or 2, or the country is not United
 * States'. A missing layout id is domestic (spec 1 §6); an empty country is not yet another country.
 */
export function isInternationalAddress(reqLayoutId: number | null, country: string | null): boolean {
  const domesticLayout = reqLayoutId === null || reqLayoutId === 0 || reqLayoutId === 2;
  return !domesticLayout || (!isBlank(country) && !isUnitedStates(country));
}

export interface PatientAddressRules {
  /** spec 2 §5 'When an address is required (drop-ship, COVID, patient-facing)'. */
  required: boolean;
  international: boolean;
  pitl: boolean;
  /** COVID asks for the county. */
  covid: boolean;
  pitlRestrictedStates: readonly string[];
}

const blankAddress: PatientAddress = {
  type: 'shipping',
  address1: null,
  address2: null,
  city: null,
  state: null,
  zipCode: null,
  country: null,
  county: null,
  voicePhone: null,
  alternatePhone: null,
  schoolDistrict: null,
};

function stateErrors(field: string, state: string | null, rules: PatientAddressRules): FieldError[] {
  if (rules.international && !rules.pitl) return maxLength(field, 'State', state, ADDRESS_LIMITS.state);
  if (isBlank(state)) return rules.required ? [fieldError(field, ADDRESS_MESSAGES.stateInvalid)] : [];
  const valid = rules.pitl ? isUsStateCode(state) : isRegionCode(state);
  if (!valid) return [fieldError(field, ADDRESS_MESSAGES.stateInvalid)];
  const restricted = rules.pitl && rules.pitlRestrictedStates.includes((state ?? '').trim().toUpperCase());
  return restricted ? [fieldError(field, PATIENT_MESSAGES.pitlRestrictedState)] : [];
}

function zipErrors(field: string, zipCode: string | null, rules: PatientAddressRules): FieldError[] {
  if (isBlank(zipCode)) {
    const message = rules.international ? ADDRESS_MESSAGES.postalCodeRequired : ADDRESS_MESSAGES.zipRequired;
    return rules.required ? [fieldError(field, message)] : [];
  }
  if (rules.international) return maxLength(field, 'Postal code', zipCode, ADDRESS_LIMITS.zipCode);
  return isUsZipCode(zipCode ?? '') ? [] : [fieldError(field, ADDRESS_MESSAGES.zipInvalid)];
}

/**
 * spec 2 §5 the patient's address: when required, phone (at least 11 digits with the country code), street,
 * city, state (a US, Canadian or territory code unless international; a US state for PITL, outside the
 * restricted states), zip or postal code and country, and the county for COVID; the limits always. Fields are
 * `<prefix>.<name>`.
 */
export function patientAddressErrors(
  address: PatientAddress | undefined,
  rules: PatientAddressRules,
  prefix = 'addresses.shipping',
): FieldError[] {
  const a = address ?? blankAddress;
  const at = (name: string) => `${prefix}.${name}`;
  const needed = rules.required;
  return [
    ...phoneErrors(at('voicePhone'), a.voicePhone, needed, {
      required: ADDRESS_MESSAGES.phoneRequired,
      invalid: ADDRESS_MESSAGES.phoneInvalid,
    }),
    ...phoneErrors(at('alternatePhone'), a.alternatePhone, false, {
      required: ADDRESS_MESSAGES.phoneRequired,
      invalid: ADDRESS_MESSAGES.phoneInvalid,
    }),
    ...(needed ? required(at('address1'), a.address1, ADDRESS_MESSAGES.streetRequired) : []),
    ...maxLength(at('address1'), 'Address line 1', a.address1, ADDRESS_LIMITS.addressLine),
    ...maxLength(at('address2'), 'Address line 2', a.address2, ADDRESS_LIMITS.addressLine),
    ...(needed ? required(at('city'), a.city, ADDRESS_MESSAGES.cityRequired) : []),
    ...maxLength(at('city'), 'City', a.city, ADDRESS_LIMITS.city),
    ...(needed && rules.covid ? required(at('county'), a.county, ADDRESS_MESSAGES.countyRequired) : []),
    ...maxLength(at('county'), 'County', a.county, ADDRESS_LIMITS.county),
    ...stateErrors(at('state'), a.state, rules),
    ...zipErrors(at('zipCode'), a.zipCode, rules),
    ...(needed ? required(at('country'), a.country, ADDRESS_MESSAGES.countryRequired) : []),
  ];
}

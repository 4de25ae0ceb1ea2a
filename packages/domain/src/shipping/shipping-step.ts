import type { FieldError } from '../contract/errors.ts';
import type { ShippingInformation } from '../contract/order.ts';
import { addressHasPoBox } from '../identifiers/po-box.ts';
import { countryName, isRegionCode, isSameCountry } from '../identifiers/regions.ts';
import { SHIPPING_MESSAGES } from '../messages.ts';
import { fieldError, isBlank, isUsZipCode, maxLength, required } from '../patient/field-checks.ts';
import { isInternationalAddress } from '../patient/patient-address.ts';

/**
 * spec 2 §5: 'company 128, attention 128, address1 128, address2 128, city 64, state 32, zip 10, instructions
 * 512'.
 */
export const SHIPPING_LIMITS = {
  company: 128,
  attention: 128,
  address1: 128,
  address2: 128,
  city: 64,
  state: 32,
  zipCode: 10,
  instructions: 512,
} as const;

/** The names people read for the shipping fields with a length limit (messages, the error summary). */
export const SHIPPING_FIELD_LABELS: Readonly<Record<keyof typeof SHIPPING_LIMITS, string>> = {
  company: 'Company',
  attention: 'Attention',
  address1: 'Address line 1',
  address2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  instructions: 'Order instructions',
};

/** spec 2 §8: the error keys the shipping save answers with. */
export const SHIPPING_ERROR_CODES = {
  countryMismatch: 'shipping.practitioner.country.mismatch',
  orderingRestricted: 'ordering.restricted.found',
} as const;
export type ShippingErrorCode = (typeof SHIPPING_ERROR_CODES)[keyof typeof SHIPPING_ERROR_CODES];

/** A field error that may carry one of the spec's error keys. */
export interface ShippingFieldError extends FieldError {
  code?: ShippingErrorCode;
}

/** spec 1 §5, spec 3 §3: 'a trailing * marks products not orderable in New York'. */
export const nyRestrictedProductNames = (productNames: readonly string[]): string[] =>
  productNames.filter((name) => name.trimEnd().endsWith('*'));

export interface ShippingFacts {
  /**
   * The practitioner office's country (spec 2 §8 'country must match the practitioner's'); null when unknown.
   */
  practitionerCountry: string | null;
  /** The office layout (spec 1 §6): 0, 2 or missing are domestic. */
  reqLayoutId: number | null;
  /** The names of the order's products (omsOrderableItemName). */
  productNames: readonly string[];
}

function addressErrors(info: ShippingInformation, international: boolean): ShippingFieldError[] {
  const zipMessage = international ? SHIPPING_MESSAGES.postalCodeRequired : SHIPPING_MESSAGES.zipRequired;
  const invalidState = !international && !isBlank(info.state) && !isRegionCode(info.state);
  const invalidZip = !international && !isBlank(info.zipCode) && !isUsZipCode(info.zipCode ?? '', true);
  return [
    ...required('address1', info.address1, SHIPPING_MESSAGES.addressRequired),
    ...required('city', info.city, SHIPPING_MESSAGES.cityRequired),
    ...required('state', info.state, SHIPPING_MESSAGES.stateRequired),
    ...(invalidState ? [fieldError('state', SHIPPING_MESSAGES.stateRequired)] : []),
    ...required('zipCode', info.zipCode, zipMessage),
    ...(invalidZip ? [fieldError('zipCode', zipMessage)] : []),
    ...required('country', info.country, SHIPPING_MESSAGES.countryRequired),
  ];
}

const limitErrors = (info: ShippingInformation): ShippingFieldError[] =>
  (Object.keys(SHIPPING_LIMITS) as (keyof typeof SHIPPING_LIMITS)[]).flatMap((field) =>
    maxLength(field, SHIPPING_FIELD_LABELS[field], info[field], SHIPPING_LIMITS[field]),
  );

function countryErrors(info: ShippingInformation, facts: ShippingFacts): ShippingFieldError[] {
  const { practitionerCountry } = facts;
  if (practitionerCountry === null || isBlank(practitionerCountry) || isBlank(info.country)) return [];
  if (isSameCountry(info.country ?? '', practitionerCountry)) return [];
  return [
    {
      field: 'country',
      defaultMessage: SHIPPING_MESSAGES.countryMismatch(countryName(practitionerCountry)),
      code: SHIPPING_ERROR_CODES.countryMismatch,
    },
  ];
}

function newYorkErrors(info: ShippingInformation, facts: ShippingFacts, international: boolean) {
  const restricted = nyRestrictedProductNames(facts.productNames);
  if (international || (info.state ?? '').trim().toUpperCase() !== 'NY' || restricted.length === 0) return [];
  return [
    {
      field: 'state',
      defaultMessage: SHIPPING_MESSAGES.orderingRestrictedProducts(restricted),
      code: SHIPPING_ERROR_CODES.orderingRestricted,
    },
  ];
}

/**
 * spec 2 §5 Shipping step: address, city, state, zip (or postal code if international) and country required;
 * the limits; NY with products ending in * refused, listing them; the country must match the practitioner's.
 * A domestic state is a region code and a domestic zip 5 digits or ZIP+4. The PO-box warning does not block
 * (shippingWarnings).
 */
export function validateShipping(info: ShippingInformation, facts: ShippingFacts): ShippingFieldError[] {
  const international = isInternationalAddress(facts.reqLayoutId, info.country);
  return [
    ...addressErrors(info, international),
    ...limitErrors(info),
    ...newYorkErrors(info, facts, international),
    ...countryErrors(info, facts),
  ];
}

/** spec 2 §4: 'a PO box pattern in either address line only warns that packs cannot ship to a P.O. Box'. */
export const shippingWarnings = (info: Pick<ShippingInformation, 'address1' | 'address2'>): string[] =>
  addressHasPoBox(info) ? [SHIPPING_MESSAGES.poBoxWarning] : [];

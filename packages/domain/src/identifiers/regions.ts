import { REGIONS } from './regions-data.ts';

export { REGIONS };
export type Region = (typeof REGIONS)[number];
export type RegionCode = Region['code'];
export type RegionCountry = Region['country'];

/** The US codes that are not states: the district is a state here (see US_STATE_CODES); these are not. */
export const US_TERRITORY_CODES: readonly RegionCode[] = ['AS', 'GU', 'MP', 'PR', 'VI'];
export const US_MILITARY_CODES: readonly RegionCode[] = ['AA', 'AE', 'AP'];

/**
 * The 50 states and the District of Columbia: what 'PITL needs a US state' (spec 2 §5) accepts. Territories
 * and military codes are refused there, because the independent physician must be licensed in the patient's
 * state.
 */
export const US_STATE_CODES: readonly RegionCode[] = REGIONS.filter(
  (region) =>
    region.country === 'US' &&
    !US_TERRITORY_CODES.includes(region.code) &&
    !US_MILITARY_CODES.includes(region.code),
).map((region) => region.code);

const canonicalCode = (code: string): string => code.trim().toUpperCase();

export function findRegion(code: string | null): Region | null {
  if (code === null) return null;
  const wanted = canonicalCode(code);
  return REGIONS.find((region) => region.code === wanted) ?? null;
}

/** spec 2 §5: 'valid US, Canadian or territory code' (military codes are USPS state codes too). */
export const isRegionCode = (code: string | null): boolean => findRegion(code) !== null;

export const isUsRegionCode = (code: string | null): boolean => findRegion(code)?.country === 'US';

/** spec 2 §5 'PITL needs a US state'. */
const US_STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

export const isUsStateCode = (code: string | null): boolean =>
  code !== null && US_STATES.has(canonicalCode(code));

const UNITED_STATES_NAMES = ['united states', 'united states of america', 'us', 'usa', 'u.s.', 'u.s.a.'];
const CANADA_NAMES = ['canada', 'ca', 'can'];

const canonicalCountry = (country: string): string => country.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Countries are names from a list of about 250 (spec 2 §9), 'United States' among them; the office address of
 * the seed stores ISO codes. Both spellings are recognised.
 */
export const isUnitedStates = (country: string | null): boolean =>
  country !== null && UNITED_STATES_NAMES.includes(canonicalCountry(country));

export const isCanada = (country: string | null): boolean =>
  country !== null && CANADA_NAMES.includes(canonicalCountry(country));

/** The name a person reads: 'United States' and 'Canada' for their codes, any other country as given. */
export function countryName(country: string): string {
  if (isUnitedStates(country)) return 'United States';
  if (isCanada(country)) return 'Canada';
  return country.trim();
}

/** Whether two countries are the same, whichever spelling each uses. */
export const isSameCountry = (a: string, b: string): boolean =>
  canonicalCountry(countryName(a)) === canonicalCountry(countryName(b));

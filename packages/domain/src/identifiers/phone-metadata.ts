import type { MetadataJson } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';

/** The country calling code the portal's numbers are read under (spec 2 §5 'normalised to +1 and ten digits'). */
export const NORTH_AMERICAN_CALLING_CODE = '1';

/**
 * libphonenumber-js's metadata kept to one country calling code: the code's countries exactly as the full metadata
 * has them, nothing else. The web build loads this instead of the whole (apps/web/north-american-phone-metadata.ts,
 * decision 0323); the numbers the rule reads with it (+1) get the same answers from both.
 */
export function metadataForCallingCode(full: MetadataJson, callingCode: string): MetadataJson {
  const countries = full.country_calling_codes[callingCode] ?? [];
  return {
    ...full,
    country_calling_codes: { [callingCode]: countries },
    countries: Object.fromEntries(countries.map((country) => [country, full.countries[country]])),
    nonGeographic: {},
  } as MetadataJson;
}

/** The metadata the phone rule reads North American numbers with (the server's and the tests': the whole). */
export const phoneMetadata: MetadataJson = metadata;

import { describe, expect, it } from 'vitest';
import { metadataForCallingCode, NORTH_AMERICAN_CALLING_CODE, phoneMetadata } from './phone-metadata.ts';

describe('metadataForCallingCode (decision 0323: the web build reads +1 numbers with this part only)', () => {
  const northAmerican = metadataForCallingCode(phoneMetadata, NORTH_AMERICAN_CALLING_CODE);

  it('keeps the calling code with every country that shares it, as the full metadata has them', () => {
    const countries = phoneMetadata.country_calling_codes[NORTH_AMERICAN_CALLING_CODE];
    expect(countries).toEqual(expect.arrayContaining(['US', 'CA', 'JM']));
    expect(northAmerican.country_calling_codes).toEqual({ [NORTH_AMERICAN_CALLING_CODE]: countries });
    for (const country of countries ?? [])
      expect(northAmerican.countries[country]).toBe(phoneMetadata.countries[country]);
  });

  it('drops every other calling code and country', () => {
    expect(Object.keys(northAmerican.countries)).toHaveLength(
      phoneMetadata.country_calling_codes[NORTH_AMERICAN_CALLING_CODE]?.length ?? 0,
    );
    expect(northAmerican.countries.GB).toBeUndefined();
    expect(northAmerican.nonGeographic).toEqual({});
    expect(northAmerican.version).toBe(phoneMetadata.version);
  });
});

import { describe, expect, it } from 'vitest';
import {
  countryName,
  findRegion,
  isCanada,
  isRegionCode,
  isSameCountry,
  isUnitedStates,
  isUsRegionCode,
  isUsStateCode,
  REGIONS,
  US_STATE_CODES,
} from './regions.ts';

type NodeFs = { readFileSync(path: string, encoding: 'utf8'): string };

/**
 * The domain is compiled without Node's types (it must not read files); this test alone reads the shared data
 * file, through a module name the compiler does not resolve.
 */
async function readRegionsFile(): Promise<string> {
  const fsModule = 'node:fs';
  const { readFileSync } = (await import(/* @vite-ignore */ fsModule)) as NodeFs;
  const { url } = import.meta as ImportMeta & { url: string };
  const here = decodeURIComponent(url.replace(/^file:\/\//, '').replace(/[^/]*$/, ''));
  return readFileSync(`${here}../../../../../shared/data/regions.tsv`, 'utf8');
}

describe('REGIONS', () => {
  it('../shared/data/regions.tsv: the constant is the file, row for row', async () => {
    const [header, ...lines] = (await readRegionsFile()).trim().split(/\r?\n/);
    expect(header).toBe('code\tname\tcountry');
    const rows = lines.map((line) => {
      const [code, name, country] = line.split('\t');
      return { code, name, country };
    });
    expect(REGIONS).toEqual(rows);
  });

  it('regions.tsv: 59 US codes and 13 Canadian ones', () => {
    expect(REGIONS.filter((region) => region.country === 'US')).toHaveLength(59);
    expect(REGIONS.filter((region) => region.country === 'CA')).toHaveLength(13);
  });
});

describe('isRegionCode', () => {
  it.each<[string, string | null, boolean]>([
    ['spec 2 §5: a US state', 'OH', true],
    ['spec 2 §5: lower case and spaces are forgiven', ' nh ', true],
    ['spec 2 §5: the District of Columbia', 'DC', true],
    ['spec 2 §5: a territory (Puerto Rico)', 'PR', true],
    ['spec 2 §5: a military code', 'AE', true],
    ['spec 2 §5: a Canadian province', 'ON', true],
    ['spec 2 §5: a Canadian territory', 'YT', true],
    ['spec 2 §5: not a code', 'XX', false],
    ['spec 2 §5: a state name is not a code', 'Ohio', false],
    ['spec 2 §5: empty', '', false],
    ['spec 2 §5: missing', null, false],
  ])('%s', (_spec, code, expected) => {
    expect(isRegionCode(code)).toBe(expected);
  });
});

describe('isUsStateCode and isUsRegionCode', () => {
  it.each<[string, string, boolean, boolean]>([
    ['spec 2 §5 PITL needs a US state: Ohio', 'OH', true, true],
    ['spec 2 §5 PITL: the District of Columbia counts as a state', 'DC', true, true],
    ['spec 2 §5 PITL: Guam is a US territory, not a state', 'GU', false, true],
    ['spec 2 §5 PITL: a military code is not a state', 'AP', false, true],
    ['spec 2 §5 PITL: Ontario is Canadian', 'ON', false, false],
    ['spec 2 §5 PITL: not a code', 'ZZ', false, false],
  ])('%s', (_spec, code, state, usRegion) => {
    expect([isUsStateCode(code), isUsRegionCode(code)]).toEqual([state, usRegion]);
  });

  it('spec 2 §5: 50 states and DC', () => {
    expect(US_STATE_CODES).toHaveLength(51);
  });

  it('regions.tsv: a code finds its name and country', () => {
    expect(findRegion('qc')).toEqual({ code: 'QC', name: 'Quebec', country: 'CA' });
  });
});

describe('countries', () => {
  it.each<[string, string, boolean, boolean, string]>([
    ['spec 2 §5: the country name', 'United States', true, false, 'United States'],
    ['spec 2 §5: the seed stores ISO codes', 'US', true, false, 'United States'],
    ['spec 2 §5: USA', ' usa ', true, false, 'United States'],
    ['spec 2 §9: Canada', 'Canada', false, true, 'Canada'],
    ['spec 2 §9: CA is Canada as a country', 'CA', false, true, 'Canada'],
    ['spec 2 §9: any other country is kept as written', ' Mexico ', false, false, 'Mexico'],
  ])('%s', (_spec, country, us, canada, name) => {
    expect([isUnitedStates(country), isCanada(country), countryName(country)]).toEqual([us, canada, name]);
  });

  it.each<[string, string, string, boolean]>([
    ['spec 2 §8 country mismatch: US and United States are the same', 'US', 'United States', true],
    ['spec 2 §8: CA and Canada are the same', 'CA', 'canada', true],
    ['spec 2 §8: Canada is not the United States', 'Canada', 'US', false],
  ])('%s', (_spec, a, b, expected) => {
    expect(isSameCountry(a, b)).toBe(expected);
  });
});

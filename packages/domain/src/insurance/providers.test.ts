import { describe, expect, it } from 'vitest';
import {
  carrierLabel,
  INSURANCE_PROVIDER_OPTIONS,
  INSURANCE_PROVIDERS,
  isInsuranceProvider,
  isMedicareTypeProvider,
} from './providers.ts';

describe('insurance providers', () => {
  it('spec 2 §3: the provider values', () => {
    expect(INSURANCE_PROVIDERS).toEqual([
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
    ]);
    expect(INSURANCE_PROVIDER_OPTIONS.map((option) => option.value)).toEqual(INSURANCE_PROVIDERS);
  });

  it.each<[string, string | null, boolean]>([
    ['spec 2 §3: aetna is offered', 'aetna', true],
    ['spec 2 §3: other is offered', 'other', true],
    ['spec 1 §9: novalue is a label only, not offered', 'novalue', false],
    ['spec 1 §9: champus is a label only, not offered', 'champus', false],
    ['spec 1 §9: no-coverage is a label only, not offered', 'no-coverage', false],
    ['spec 2 §3: not a provider', 'acme', false],
    ['spec 2 §3: none', null, false],
  ])('%s', (_spec, value, expected) => {
    expect(isInsuranceProvider(value)).toBe(expected);
  });

  it.each<[string, string | null, string]>([
    ['spec 1 §9: novalue is Unknown Carrier', 'novalue', 'Unknown Carrier'],
    ['spec 1 §9: an unknown code reads Unknown Carrier', 'acme', 'Unknown Carrier'],
    ['spec 1 §9: no code reads Unknown Carrier', null, 'Unknown Carrier'],
    ['spec 1 §9: an inherited property name is no code', 'toString', 'Unknown Carrier'],
    ['spec 1 §9: Railroad Medicare', 'medicare_railroad', 'Railroad Medicare'],
    ['spec 1 §9: no-coverage', 'no-coverage', 'No Coverage'],
    ['spec 1 §9: united-healthcare', 'united-healthcare', 'UnitedHealthcare'],
  ])('%s', (_spec, code, expected) => {
    expect(carrierLabel(code)).toBe(expected);
  });

  it.each<[string, string | null, boolean]>([
    ['spec 2 §5: Medicare is Medicare-type', 'medicare', true],
    ['spec 2 §5: Railroad Medicare', 'medicare_railroad', true],
    ['spec 2 §5: Tricare', 'tricare', true],
    ['spec 1 §9: CHAMPUS, the former Tricare', 'champus', true],
    ['spec 2 §5: Medicaid is not', 'medicaid', false],
    ['spec 2 §5: a commercial carrier is not', 'aetna', false],
    ['spec 2 §5: none', null, false],
  ])('%s', (_spec, code, expected) => {
    expect(isMedicareTypeProvider(code)).toBe(expected);
  });
});

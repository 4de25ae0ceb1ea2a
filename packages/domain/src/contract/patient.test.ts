import { describe, expect, it } from 'vitest';
import { patientInfoSchema, patientStepSchema } from './patient.ts';

const body = (overrides: Record<string, unknown> = {}) => ({
  nameFirst: ' Jane ',
  nameLast: 'Testpatient',
  dateOfBirth: '04/12/1985',
  gender: 'F',
  email: 'jane@example.com',
  voicePhone: '(828) 555-0101',
  addresses: [
    {
      type: 'shipping',
      address1: '12 Elm St',
      city: 'Asheville',
      state: 'nc',
      zipCode: '28801',
      country: 'United States',
      voicePhone: '828.555.0100',
    },
  ],
  ...overrides,
});

describe('patientInfoSchema', () => {
  it('spec 2 §5: texts trimmed, phones normalised to +1 and ten digits, the state as its code, the date as YYYY-MM-DD', () => {
    const parsed = patientInfoSchema.parse(body());
    expect(parsed).toMatchObject({
      nameFirst: 'Jane',
      nameMiddle: null,
      dateOfBirth: '1985-04-12',
      voicePhone: '+18285550101',
      marketingOptIn: false,
    });
    expect(parsed.addresses[0]).toEqual({
      type: 'shipping',
      address1: '12 Elm St',
      address2: null,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      country: 'United States',
      county: null,
      voicePhone: '+18285550100',
      alternatePhone: null,
      schoolDistrict: null,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'spec 2 §5: what is not a phone is kept for its message',
      { voicePhone: '555-0100' },
      { voicePhone: '555-0100' },
    ],
    [
      'spec 2 §5: what is not a date is kept for its message',
      { dateOfBirth: '1985.04.12' },
      { dateOfBirth: '1985.04.12' },
    ],
    ['spec 2 §5: empty texts are null', { nameFirst: '   ', email: '' }, { nameFirst: null, email: null }],
    ['spec 2 §3: an empty sex is none', { gender: '' }, { gender: null }],
    [
      'spec 2 §5: a state that is not a code is kept (international)',
      { addresses: [{ type: 'shipping', state: 'Jalisco' }] },
      { addresses: [expect.objectContaining({ state: 'Jalisco' })] },
    ],
  ])('%s', (_spec, overrides, expected) => {
    expect(patientInfoSchema.parse(body(overrides))).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>]>([
    ['spec 2 §3: gender is M or F', { gender: 'X' }],
    [
      'spec 2 §3: an address type is shipping, employer, claims or secondaryClaims',
      { addresses: [{ type: 'home' }] },
    ],
    ['spec 2 §3: one address of each type', { addresses: [{ type: 'shipping' }, { type: 'shipping' }] }],
    ['a text longer than any form allows', { nameFirst: 'J'.repeat(1001) }],
    ['spec 2 §3: marketingOptIn is a boolean', { marketingOptIn: 'yes' }],
    ['spec 2 §3: names are texts', { nameLast: 42 }],
  ])('%s is refused', (_spec, overrides) => {
    expect(patientInfoSchema.safeParse(body(overrides)).success).toBe(false);
  });
});

describe('patientStepSchema', () => {
  it('spec 2 §7: the order with patientInfo and the shipping method; the rest passes through', () => {
    const parsed = patientStepSchema.parse({
      id: 100001,
      version: 2,
      patientInfo: body(),
      shippingMethod: 'Smart Post',
      requisitions: [],
    });
    expect(parsed).toMatchObject({ id: 100001, shippingMethod: 'Smart Post', requisitions: [] });
  });

  it.each<[string, Record<string, unknown>]>([
    [
      'spec 2 §9: a shipping method of the list',
      { id: 100001, patientInfo: body(), shippingMethod: 'Pony Express' },
    ],
    ['spec 2 §7: a saved order', { id: 'new', patientInfo: body() }],
    ['spec 2 §7: patientInfo is required', { id: 100001 }],
  ])('%s', (_spec, input) => {
    expect(patientStepSchema.safeParse(input).success).toBe(false);
  });
});

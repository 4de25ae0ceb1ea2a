import { describe, expect, it } from 'vitest';
import type { ShippingInformation } from '../contract/order.ts';
import { shippingInformationSchema, shippingStepSchema } from '../contract/shipping.ts';
import { messages, SHIPPING_MESSAGES } from '../messages.ts';
import {
  nyRestrictedProductNames,
  type ShippingFacts,
  shippingWarnings,
  validateShipping,
} from './shipping-step.ts';

const office = (overrides: Partial<ShippingInformation> = {}): ShippingInformation => ({
  shippingMethod: 'FedEx Ground',
  company: 'Avery Family Medicine',
  attention: 'Front desk',
  address1: '1 Main St',
  address2: null,
  city: 'Asheville',
  state: 'NC',
  zipCode: '28801',
  country: 'United States',
  instructions: null,
  ...overrides,
});

const facts = (overrides: Partial<ShippingFacts> = {}): ShippingFacts => ({
  practitionerCountry: 'US',
  reqLayoutId: 0,
  productNames: ['GI Effects Comprehensive', 'Rhythm Plus*'],
  ...overrides,
});

const check = (info: Partial<ShippingInformation>, context: Partial<ShippingFacts> = {}): string[] =>
  validateShipping(office(info), facts(context)).map((error) => `${error.field}: ${error.defaultMessage}`);

const toronto = { state: 'ON', zipCode: 'M5V 2T6', city: 'Toronto', country: 'Canada' };

describe('validateShipping', () => {
  it.each<[string, Partial<ShippingInformation>, Partial<ShippingFacts>, string[]]>([
    ['spec 2 §5: a complete US address', {}, {}, []],
    ['spec 2 §5: address1 required', { address1: null }, {}, ['address1: Please enter an address']],
    ['spec 2 §5: city required', { city: ' ' }, {}, ['city: Please enter a city']],
    ['spec 2 §5: state required', { state: null }, {}, ['state: Please enter a state']],
    ['spec 2 §5: a US state is a code', { state: 'Carolina' }, {}, ['state: Please enter a state']],
    ['spec 2 §5: zip code required', { zipCode: '' }, {}, ['zipCode: Please enter a zip code']],
    ['spec 2 §5: ZIP+4 fits zip 10', { zipCode: '28801-1234' }, {}, []],
    ['spec 2 §5: a US zip code has 5 digits', { zipCode: '2880' }, {}, ['zipCode: Please enter a zip code']],
    ['spec 2 §5: country required', { country: null }, {}, ['country: Please enter a country']],
    [
      'spec 2 §5: postal code if international',
      { ...toronto, zipCode: null },
      { practitionerCountry: 'CA', reqLayoutId: 3 },
      ['zipCode: Please enter a postal code'],
    ],
    ['spec 2 §5: an international address', toronto, { practitionerCountry: 'Canada', reqLayoutId: 3 }, []],
    [
      'spec 2 §5: max lengths: company, attention, address lines 128',
      {
        company: 'C'.repeat(129),
        attention: 'A'.repeat(129),
        address1: '1'.repeat(129),
        address2: '2'.repeat(129),
      },
      {},
      [
        'company: Company can be at most 128 characters.',
        'attention: Attention can be at most 128 characters.',
        'address1: Address line 1 can be at most 128 characters.',
        'address2: Address line 2 can be at most 128 characters.',
      ],
    ],
    [
      'spec 2 §5: max lengths: city 64, instructions 512',
      { city: 'C'.repeat(65), instructions: 'I'.repeat(513) },
      {},
      [
        'city: City can be at most 64 characters.',
        'instructions: Order instructions can be at most 512 characters.',
      ],
    ],
    [
      'spec 2 §5: max lengths: state 32, zip 10 (international)',
      { ...toronto, state: 'S'.repeat(33), zipCode: 'Z'.repeat(11) },
      { practitionerCountry: 'Canada', reqLayoutId: 3 },
      ['state: State can be at most 32 characters.', 'zipCode: Zip code can be at most 10 characters.'],
    ],
    [
      'spec 2 §5: at the limits',
      { company: 'C'.repeat(128), city: 'C'.repeat(64), instructions: 'I'.repeat(512) },
      {},
      [],
    ],
    [
      'spec 2 §5: NY with products ending in * is refused, listing them',
      { state: 'NY', zipCode: '10001', city: 'New York' },
      { productNames: ['GI Effects Comprehensive', 'Rhythm Plus*', 'Another*'] },
      ['state: The panel(s) selected may not be ordered in this state. Rhythm Plus*, Another*'],
    ],
    [
      'spec 2 §5: NY without such products',
      { state: 'ny', zipCode: '10001', city: 'New York' },
      { productNames: ['GI Effects Comprehensive'] },
      [],
    ],
    [
      'spec 2 §8: the shipping country must match the practitioner country',
      toronto,
      {},
      [
        'country: The shipping country must match the practitioner country. Please provide a United States address.',
      ],
    ],
    [
      'spec 2 §8: …for a Canadian practitioner',
      {},
      { practitionerCountry: 'CA', reqLayoutId: 3 },
      ['country: The shipping country must match the practitioner country. Please provide a Canada address.'],
    ],
    [
      'spec 2 §8: US and United States are the same country',
      {},
      { practitionerCountry: 'United States' },
      [],
    ],
    [
      'spec 2 §8: no practitioner country, no comparison',
      toronto,
      { practitionerCountry: null, reqLayoutId: 3 },
      [],
    ],
  ])('%s', (_spec, info, context, expected) => {
    expect(check(info, context)).toEqual(expected);
  });

  it('spec 2 §8: the errors carry their keys', () => {
    const errors = validateShipping(office({ ...toronto }), facts({ productNames: [] }));
    expect(errors.map((error) => error.code)).toEqual(['shipping.practitioner.country.mismatch']);
    const ny = validateShipping(office({ state: 'NY', zipCode: '10001' }), facts());
    expect(ny.map((error) => error.code)).toEqual(['ordering.restricted.found']);
  });
});

describe('shippingWarnings', () => {
  it.each<[string, string | null, string | null, string[]]>([
    [
      'spec 2 §4: a PO box in address line 1 warns',
      'PO Box 12',
      null,
      ['Collection packs cannot ship to a P.O. Box.'],
    ],
    [
      'spec 2 §4: …or in address line 2',
      '1 Main St',
      'P.O. Box 12',
      ['Collection packs cannot ship to a P.O. Box.'],
    ],
    ['spec 2 §4: a street address does not', '1 Boxwood Rd', null, []],
  ])('%s', (_spec, address1, address2, expected) => {
    expect(shippingWarnings({ address1, address2 })).toEqual(expected);
  });

  it('spec 2 §4: the warning does not block', () => {
    expect(validateShipping(office({ address1: 'PO Box 12' }), facts())).toEqual([]);
  });
});

describe('nyRestrictedProductNames', () => {
  it('spec 3 §3: a trailing * marks products not orderable in New York', () => {
    expect(nyRestrictedProductNames(['Rhythm Plus* ', 'GI*Effects', 'Menopause Plus'])).toEqual([
      'Rhythm Plus* ',
    ]);
  });
});

describe('shipping schemas', () => {
  it('spec 2 §3, §7: FedEx Ground by default; trimmed; the state as its code; gearOrderId', () => {
    const parsed = shippingStepSchema.parse({
      gearOrderId: 100001,
      address1: ' 1 Main St ',
      state: 'nc',
      company: '',
    });
    expect(parsed).toMatchObject({
      gearOrderId: 100001,
      shippingMethod: 'FedEx Ground',
      address1: '1 Main St',
      state: 'NC',
      company: null,
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['spec 2 §9: a method of the list', { shippingMethod: 'Pony Express' }],
    ['spec 2 §3: texts are texts', { city: 7 }],
  ])('%s is refused', (_spec, input) => {
    expect(shippingInformationSchema.safeParse(input).success).toBe(false);
  });
});

describe('shipping messages', () => {
  it('spec 2 §8: charges load failure, other errors and the save failure, verbatim', () => {
    const phone = messages('800-522-4762');
    expect([
      SHIPPING_MESSAGES.chargesLoadFailed,
      phone.shippingUnexpectedError,
      phone.unexpectedError,
    ]).toEqual([
      'An unexpected error occurred while loading the shipping charges.',
      "We're sorry, an unexpected error has occurred. Please call us at 800-522-4762.",
      'An unexpected error has occurred. Please call us at 800-522-4762.',
    ]);
    expect(SHIPPING_MESSAGES.orderingRestricted).toBe(
      'The panel(s) selected may not be ordered in this state.',
    );
    expect(SHIPPING_MESSAGES.poBoxQuestion).toBe('Is this a P.O. Box?');
  });
});

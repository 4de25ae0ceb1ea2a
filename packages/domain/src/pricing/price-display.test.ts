import { describe, expect, it } from 'vitest';
import type { UserType } from '../contract/order.ts';
import { requisition } from '../test-support/fixtures.ts';
import {
  formatCents,
  includedFeesText,
  insurancePriceRange,
  insurancePriceText,
  isInsuranceColumnHidden,
  isPricingSlow,
  needsPriceFetch,
  PRICING_SLOW_AFTER_MS,
  PRICING_TIMER_TICK_MS,
  type PriceCell,
  type PriceCellFacts,
  type PriceFetch,
  type PricingRegion,
  priceCell,
  priceFailureNotice,
  priceRefetchKey,
  pricingRegion,
  pricingRegionNote,
  showsOutOfPocketRange,
} from './price-display.ts';

const PHONE = '800-555-0199';
const PA = 'Physician Account';
const INS = 'Bill Insurance with Patient Payment';
const PAY = 'No Insurance Billing: Pay Full Amount';
const MCR = 'Medicare or Tricare';
const SELECT = 'Let my patient select their billing option';

const facts = (overrides: Partial<PriceCellFacts> = {}): PriceCellFacts => ({
  billingMethod: PAY,
  doNotQuotePrices: false,
  insuranceProvider: 'aetna',
  ...overrides,
});

const loading = (waitedMs = 0): PriceFetch => ({ status: 'loading', waitedMs });
const done = (price: number | null, maxOutOfPocket: number | null = null): PriceFetch => ({
  status: 'done',
  result: { price, maxOutOfPocket, error: null },
});
const unable: PriceFetch = {
  status: 'done',
  result: { price: null, maxOutOfPocket: null, error: 'unableToDeterminePrice' },
};

const failure = (userType: UserType): PriceCell => ({
  state: 'error',
  price: 'Unable to determine price.',
  detail: 'We apologize, but we were not able to determine pricing information at this time.',
  notice:
    userType === 'prc'
      ? `We are having difficulty retrieving your price. Please call us at ${PHONE}`
      : `We are having difficulty retrieving your price. Please call us at ${PHONE} or consult our Fee Schedule`,
});

describe('priceCell', () => {
  it.each<[string, Partial<PriceCellFacts>, PriceFetch, UserType, PriceCell]>([
    [
      'spec 3 §6: no pricing when the practitioner set doNotQuotePrices',
      { doNotQuotePrices: true },
      done(45900),
      'prc',
      {
        state: 'doNotQuote',
        message: 'Your practitioner has asked us to refer pricing questions to their office...',
      },
    ],
    [
      'spec 3 §6: do-not-quote wins over Physician Account',
      { doNotQuotePrices: true, billingMethod: PA },
      done(0),
      'myGDX',
      {
        state: 'doNotQuote',
        message: 'Your practitioner has asked us to refer pricing questions to their office...',
      },
    ],
    [
      'spec 1 §4.6: Physician Account is not fetched (price 0 placeholder)',
      { billingMethod: PA },
      loading(),
      'myGDX',
      { state: 'physicianAccount', price: 0 },
    ],
    [
      'spec 3 §8: billing method required',
      { billingMethod: null },
      loading(),
      'prc',
      {
        state: 'billingMethodRequired',
        message: 'Price cannot be determined until the Billing Options step is completed.',
      },
    ],
    [
      'spec 3 §8 (assumption): Let my patient select leaves the billing option unknown',
      { billingMethod: SELECT },
      loading(),
      'prc',
      {
        state: 'billingOptionUnknown',
        message: `We cannot estimate a price because the billing option is unknown. Please contact your practitioner or call us at ${PHONE}...`,
      },
    ],
    [
      'spec 3 §8: Bill Insurance before the insurance step',
      { billingMethod: INS, insuranceProvider: null },
      loading(),
      'prc',
      {
        state: 'insuranceRequired',
        message: 'Price cannot be determined until the Insurance step is completed.',
      },
    ],
    [
      'spec 3 §8: a blank insurance provider is no insurance',
      { billingMethod: INS, insuranceProvider: '  ' },
      loading(),
      'prc',
      {
        state: 'insuranceRequired',
        message: 'Price cannot be determined until the Insurance step is completed.',
      },
    ],
    [
      'decision 0012: the billing options step shows the insurance estimate before the insurance step',
      { billingMethod: INS, insuranceProvider: null, shownOn: 'billingOptions' },
      done(19900, 29900),
      'myGDX',
      { state: 'priced', price: 19900, maxOutOfPocket: 29900, fees: [] },
    ],
    [
      'decision 0012: the billing options step still does not fetch Physician Account',
      { billingMethod: PA, insuranceProvider: null, shownOn: 'billingOptions' },
      loading(),
      'myGDX',
      { state: 'physicianAccount', price: 0 },
    ],
    [
      'spec 3 §8 (assumption): Medicare or Tricare does not wait for the insurance step',
      { billingMethod: MCR, insuranceProvider: null },
      done(4900),
      'prc',
      { state: 'priced', price: 4900, maxOutOfPocket: null, fees: [] },
    ],
    [
      'spec 1 §4.6: a placeholder while loading',
      {},
      loading(PRICING_SLOW_AFTER_MS - 1),
      'prc',
      { state: 'loading', slowWarning: null },
    ],
    [
      'spec 1 §8: after 30 seconds the slow-pricing warning',
      {},
      loading(PRICING_SLOW_AFTER_MS),
      'prc',
      {
        state: 'loading',
        slowWarning:
          'Price calculation is taking longer than expected. Calculations can take up to a minute...',
      },
    ],
    [
      'spec 1 §4.6: then priced',
      { billingMethod: INS },
      done(19900, 29900),
      'prc',
      { state: 'priced', price: 19900, maxOutOfPocket: 29900, fees: [] },
    ],
    ['spec 1 §8: a failed fetch, for a patient', {}, { status: 'failed' }, 'prc', failure('prc')],
    [
      'spec 1 §8: a failed fetch, for a practitioner (Fee Schedule)',
      {},
      { status: 'failed' },
      'myGDX',
      failure('myGDX'),
    ],
    ['spec 1 §8: an unable-to-determine result is the price failure', {}, unable, 'myGDX', failure('myGDX')],
    ['spec 1 §8: a result without a price is the price failure', {}, done(null), 'prc', failure('prc')],
    [
      'spec 1 §8: a result in error is the price failure, even with a price',
      {},
      { status: 'done', result: { price: 45900, maxOutOfPocket: null, error: 'unableToDeterminePrice' } },
      'prc',
      failure('prc'),
    ],
    [
      'spec 3 §9, decision 0051: a priced cell carries the fee lines of the result, not the tests',
      { billingMethod: PAY },
      {
        status: 'done',
        result: {
          price: 45900 + 2500,
          maxOutOfPocket: null,
          error: null,
          items: [
            { name: 'GI Effects Comprehensive Profile', price: 45900, feeItem: false },
            { name: 'Physician Fee', price: 2500, feeItem: true },
          ],
        },
      },
      'prc',
      {
        state: 'priced',
        price: 48400,
        maxOutOfPocket: null,
        fees: [{ name: 'Physician Fee', price: 2500, feeItem: true }],
      },
    ],
    [
      'spec 3 §8: a billing-option-unknown result shows that message',
      {},
      { status: 'done', result: { price: null, maxOutOfPocket: null, error: 'billingOptionUnknown' } },
      'prc',
      {
        state: 'billingOptionUnknown',
        message: `We cannot estimate a price because the billing option is unknown. Please contact your practitioner or call us at ${PHONE}...`,
      },
    ],
  ])('%s', (_name, overrides, fetch, userType, expected) => {
    expect(priceCell(facts(overrides), fetch, { type: userType }, PHONE)).toEqual(expected);
  });
});

describe('needsPriceFetch', () => {
  it.each<[string, Partial<PriceCellFacts>, boolean]>([
    ['spec 1 §4.6: Physician Account is not fetched', { billingMethod: PA }, false],
    ['spec 3 §6: do-not-quote is not fetched', { doNotQuotePrices: true }, false],
    ['spec 3 §8: no billing method, nothing to fetch', { billingMethod: null }, false],
    [
      'spec 3 §8: Bill Insurance without insurance, nothing to fetch',
      { billingMethod: INS, insuranceProvider: null },
      false,
    ],
    ['spec 1 §4.6: No Insurance Billing is fetched', { billingMethod: PAY }, true],
    ['spec 1 §4.6: Bill Insurance with an insurance provider is fetched', { billingMethod: INS }, true],
  ])('%s', (_name, overrides, expected) => {
    expect(needsPriceFetch(facts(overrides))).toBe(expected);
  });
});

describe('priceFailureNotice', () => {
  it('spec 1 §8: the phone comes from configuration', () => {
    expect(priceFailureNotice({ type: 'prc' }, '800-522-4762')).toBe(
      'We are having difficulty retrieving your price. Please call us at 800-522-4762',
    );
  });
});

describe('slow pricing', () => {
  it.each<[string, number, boolean]>([
    ['spec 1 §9: not slow at 29.999 s', 29_999, false],
    ['spec 1 §9: slow at 30 s', 30_000, true],
  ])('%s', (_name, waitedMs, expected) => {
    expect(isPricingSlow(waitedMs)).toBe(expected);
  });

  it('spec 1 §9: the timer ticks every second', () => {
    expect(PRICING_TIMER_TICK_MS).toBe(1000);
  });
});

describe('formatCents', () => {
  it.each<[string, number, string]>([
    ['spec 1 §9: two decimals', 45900, '$459.00'],
    ['spec 1 §9: zero is $0.00', 0, '$0.00'],
    ['spec 1 §9: cents below a dollar', 5, '$0.05'],
    ['spec 1 §9: odd cents', 12345, '$123.45'],
    ['spec 3 §9: thousands are grouped', 123456789, '$1,234,567.89'],
    ['spec 3 §3: a discount is negative', -1550, '-$15.50'],
  ])('%s', (_name, cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('ARCHITECTURE Money: fractions of a cent are refused', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
  });
});

const office = (state: string, country = 'United States', reqLayoutId: number | null = 0) => ({
  reqLayoutId,
  address: { state, country },
});

describe('out-of-pocket range', () => {
  it.each<[string, string, boolean]>([
    ['spec 1 §6: shown for a North Carolina office', 'NC', true],
    ['spec 1 §6: not shown for a New York office', 'NY', false],
    ['spec 1 §6: not shown for a Florida office', 'FL', false],
    ['spec 1 §6: the state is compared uppercased', 'fl', false],
  ])('%s', (_name, state, expected) => {
    expect(showsOutOfPocketRange(office(state))).toBe(expected);
  });

  it.each<[string, number, number | null, ReturnType<typeof insurancePriceRange>]>([
    [
      'spec 1 §9: the range runs from $0.00 to maxOutOfPocket minus price',
      19900,
      29900,
      { initialPayment: 19900, additionalAfterInsurance: { from: 0, to: 10000 } },
    ],
    [
      'spec 3 §9: no maximum means nothing after insurance',
      19900,
      null,
      { initialPayment: 19900, additionalAfterInsurance: { from: 0, to: 0 } },
    ],
    [
      'spec 3 §9: a maximum below the price never gives a negative range',
      19900,
      9900,
      { initialPayment: 19900, additionalAfterInsurance: { from: 0, to: 0 } },
    ],
  ])('%s', (_name, price, max, expected) => {
    expect(insurancePriceRange(price, max)).toEqual(expected);
  });

  it.each<[string, number, number | null, string, string]>([
    [
      'spec 1 §9: initial payment plus the range',
      19900,
      29900,
      'NC',
      '$199.00 initial payment, plus $0.00 to $100.00 additional after insurance',
    ],
    ['spec 1 §6: no range for a New York office', 19900, 29900, 'NY', '$199.00 initial payment'],
    ['spec 1 §9 (assumption): no range when nothing is added', 9900, 9900, 'NC', '$99.00 initial payment'],
  ])('%s', (_name, price, max, state, expected) => {
    expect(insurancePriceText(price, max, office(state))).toBe(expected);
  });
});

describe('isInsuranceColumnHidden', () => {
  it.each<[string, string | null, string, boolean]>([
    ['spec 3 §6: hidden for Medicare', 'medicare', 'NC', true],
    ['spec 3 §6: hidden for Medicaid', 'medicaid', 'NC', true],
    ['spec 3 §6: hidden for Tricare', 'tricare', 'NC', true],
    ['spec 3 §6: hidden for Railroad Medicare', 'medicare_railroad', 'NC', true],
    ['spec 3 §6: hidden for a New York practitioner', 'aetna', 'NY', true],
    ['spec 3 §6: hidden for a Florida practitioner', null, 'FL', true],
    ['spec 3 §6: shown for a commercial carrier elsewhere', 'aetna', 'NC', false],
    ['spec 3 §6: shown before the insurance step elsewhere', null, 'NC', false],
  ])('%s', (_name, provider, state, expected) => {
    expect(isInsuranceColumnHidden(provider, office(state))).toBe(expected);
  });
});

describe('pricingRegion', () => {
  it.each<[string, ReturnType<typeof office>, PricingRegion]>([
    ['spec 1 §6: layout 0 is domestic', office('NC', 'United States', 0), 'domestic'],
    ['spec 1 §6: layout 2 is domestic', office('NC', 'United States', 2), 'domestic'],
    ['spec 1 §6: a missing layout is domestic', office('NC', 'United States', null), 'domestic'],
    ['spec 1 §6: layout 3 is international', office('', 'Mexico', 3), 'international'],
    ['spec 1 §6: an office in Canada', office('ON', 'Canada', 3), 'canada'],
    ['spec 1 §6: an office in NY', office('NY', 'United States', 2), 'newYorkOrFlorida'],
    ['spec 1 §6: an office in FL', office('FL'), 'newYorkOrFlorida'],
  ])('%s', (_name, where, expected) => {
    expect(pricingRegion(where)).toBe(expected);
  });

  it.each<[string, ReturnType<typeof office>, string | null]>([
    ['spec 1 §6: no extra text for a domestic office', office('NC'), null],
    [
      'spec 1 §6, spec 3 §9: the Canada text names the $30.00 surcharge',
      office('ON', 'Canada', 3),
      'Prices are in US dollars. Collection packs shipped to a patient in Canada carry an International Surcharge of $30.00 unless they are billed to the physician account.',
    ],
    ['spec 1 §6: the international layout text', office('', 'Mexico', 3), 'Prices are in US dollars.'],
    [
      'spec 1 §6: the NY and FL text',
      office('NY'),
      'Any amount due after insurance depends on the insurance plan and is not estimated here.',
    ],
  ])('%s', (_name, where, expected) => {
    expect(pricingRegionNote(where)).toBe(expected);
  });
});

describe('priceRefetchKey', () => {
  const before = requisition({
    billingMethod: PAY,
    panel: 5400,
    components: [5401, 5402],
    addons: [{ omsInputFieldID: 5413, cptQuantity: null }],
  });
  const keyBefore = priceRefetchKey(before, 'aetna');

  it.each<[string, Parameters<typeof priceRefetchKey>[0], string | null]>([
    ['spec 3 §4: re-fetched when the billing method changes', { ...before, billingMethod: INS }, 'aetna'],
    ['spec 3 §4: re-fetched when the panel changes', { ...before, panel: 5415 }, 'aetna'],
    ['spec 3 §4: re-fetched when the components change', { ...before, components: [5401] }, 'aetna'],
    ['spec 3 §4: re-fetched when the add-ons change', { ...before, addons: [] }, 'aetna'],
    [
      'spec 3 §4: re-fetched when an add-on CPT quantity changes',
      { ...before, addons: [{ omsInputFieldID: 5413, cptQuantity: 2 }] },
      'aetna',
    ],
    ['spec 3 §4: re-fetched when the insurance changes', before, 'medicare'],
    ['spec 3 §4: another requisition has its own price', { ...before, id: 102 }, 'aetna'],
  ])('%s', (_name, after, insurance) => {
    expect(priceRefetchKey(after, insurance)).not.toBe(keyBefore);
  });

  it.each<[string, Parameters<typeof priceRefetchKey>[0]]>([
    ['spec 3 §4: not re-fetched for other changes', { ...before, patientInstructions: 'Fast overnight' }],
    [
      'spec 3 §4: not re-fetched when only the order of components changes',
      { ...before, components: [5402, 5401] },
    ],
  ])('%s', (_name, after) => {
    expect(priceRefetchKey(after, 'aetna')).toBe(keyBefore);
  });
});

describe('includedFeesText', () => {
  it.each<[string, Parameters<typeof includedFeesText>[0], string | null]>([
    ['decision 0051: no fee lines, no text', [], null],
    [
      'spec 3 §9: the fee lines by name with 2 decimals',
      [
        { name: 'Physician Fee', price: 2500, feeItem: true },
        { name: 'Shipping & Handling Fee', price: 1495, feeItem: true },
      ],
      'Includes Physician Fee $25.00, Shipping & Handling Fee $14.95',
    ],
    [
      'spec 3 §9: a discount keeps its minus sign',
      [{ name: 'Multiple Product Discount', price: -2000, feeItem: true }],
      'Includes Multiple Product Discount -$20.00',
    ],
  ])('%s', (_name, fees, expected) => {
    expect(includedFeesText(fees)).toBe(expected);
  });
});

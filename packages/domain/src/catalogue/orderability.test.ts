import { describe, expect, it } from 'vitest';
import type { Practitioner } from '../contract/order.ts';
import { wholeYearsBetween } from '../identifiers/calendar-days.ts';
import { MESSAGES } from '../messages.ts';
import { practitioner, requisition } from '../test-support/fixtures.ts';
import type { OrderType } from './order-types.ts';
import {
  discardsSpecimenForAge,
  isAlreadyOnOrder,
  isDisabledForShipToOffice,
  mayOrderInOfficeState,
  type OrderabilityFacts,
  onlineOrderingRefusal,
  orderabilityErrors,
} from './orderability.ts';

const newYork = (): Partial<Practitioner> => ({
  office: {
    ...practitioner().office,
    address: { ...practitioner().office.address, city: 'New York', state: 'NY' },
  },
});

describe('New York', () => {
  it.each<[string, string, Partial<Practitioner>, boolean]>([
    ['spec 1 §5: a product ending with * cannot be ordered in New York', 'Rhythm Plus*', newYork(), false],
    ['spec 1 §5: …trailing spaces do not hide the *', 'Rhythm Plus* ', newYork(), false],
    ['spec 1 §5: other products can', 'Menopause Plus', newYork(), true],
    ['spec 1 §5: a * product outside New York can', 'Rhythm Plus*', {}, true],
  ])('%s', (_spec, name, overrides, expected) => {
    expect(mayOrderInOfficeState({ name }, practitioner(overrides))).toBe(expected);
  });
});

describe('isDisabledForShipToOffice', () => {
  it.each<[string, boolean, boolean, boolean]>([
    ['spec 1 §5: drop-ship-only, practitioner not permitted: disabled', true, false, true],
    ['spec 1 §5: drop-ship-only, permitted: enabled', true, true, false],
    ['spec 1 §5: any other product: enabled', false, false, false],
  ])('%s', (_spec, dropShipOnly, shipToOfficePermitted, expected) => {
    expect(isDisabledForShipToOffice({ dropShipOnly }, { shipToOfficePermitted })).toBe(expected);
  });
});

describe('isAlreadyOnOrder', () => {
  const onOrder = [
    requisition({ id: 101, omsOrderableItemId: 540 }),
    requisition({ id: 102, omsOrderableItemId: 617, canceled: true }),
  ];
  it.each<[string, number, number | null, boolean]>([
    ['spec 1 §5: a product already on the order', 540, null, true],
    ['spec 1 §5: the requisition being edited is not another', 540, 101, false],
    ['spec 1 §5: a canceled requisition does not count', 617, null, false],
    ['spec 1 §5: a new product', 534, null, false],
  ])('%s', (_spec, itemId, except, expected) => {
    expect(isAlreadyOnOrder(itemId, onOrder, except)).toBe(expected);
  });
});

describe('onlineOrderingRefusal', () => {
  it("spec 1 §6: no eligible items gives 'You are not eligible for online ordering.'", () => {
    expect(onlineOrderingRefusal(0)).toBe('You are not eligible for online ordering.');
    expect(onlineOrderingRefusal(3)).toBeNull();
  });
});

describe('nutritional products and patients under 2', () => {
  it.each<[string, string, string, number]>([
    ['the day before the second birthday', '2024-04-12', '2026-04-11', 1],
    ['on the second birthday', '2024-04-12', '2026-04-12', 2],
    ['Jane Testpatient (demo data)', '1985-04-12', '2026-01-05', 40],
  ])('wholeYearsBetween: %s', (_case, dateOfBirth, today, expected) => {
    expect(wholeYearsBetween(dateOfBirth, today)).toBe(expected);
  });

  it.each<[string, boolean, string | null, boolean]>([
    ['spec 1 §9: a nutritional product for a patient under 2 is noted', true, '2025-01-01', true],
    ['spec 1 §9: not for a patient of 2', true, '2024-01-05', false],
    ['spec 1 §9: not for other products', false, '2025-01-01', false],
    ['spec 1 §9: not without a date of birth', true, null, false],
  ])('%s', (_spec, nutritional, dateOfBirth, expected) => {
    expect(discardsSpecimenForAge({ nutritional }, dateOfBirth, '2026-01-05')).toBe(expected);
    expect(MESSAGES.nutritionalUnderTwo).toBe(
      'Nutritional products: specimens from patients under 2 years are discarded.',
    );
  });
});

describe('orderabilityErrors', () => {
  const facts = (
    overrides: Partial<OrderabilityFacts> & { practitionerOverrides?: Partial<Practitioner> } = {},
  ) => {
    const { practitionerOverrides = {}, ...rest } = overrides;
    return {
      practitioner: practitioner(practitionerOverrides),
      orderType: 'dropShip' as OrderType,
      recollection: false,
      medicare: false,
      requisitionsOnOrder: [],
      requisitionId: null,
      ...rest,
    };
  };
  const messages = (item: { id: number; name: string; dropShipOnly?: boolean }, f: OrderabilityFacts) =>
    orderabilityErrors(item, f).map((e) => e.defaultMessage);

  it.each<[string, { id: number; name: string; dropShipOnly?: boolean }, OrderabilityFacts, string[]]>([
    [
      'spec 1 §5: an eligible product on a Medicare order',
      { id: 540, name: 'GI Effects' },
      facts({ medicare: true }),
      [],
    ],
    [
      'spec 1 §5: an ineligible product on a Medicare order',
      { id: 215, name: 'SIBO Breath Test' },
      facts({ medicare: true }),
      [MESSAGES.medicareNotAvailableForTest('SIBO Breath Test')],
    ],
    [
      'spec 1 §2.6/§4.4: no Ship to Office on a recollection order',
      { id: 540, name: 'GI Effects' },
      facts({ orderType: 'bulk', recollection: true }),
      [MESSAGES.recollectionShipsToPatient],
    ],
    [
      'spec 1 §4.4: a recollection order ships to the patient',
      { id: 540, name: 'GI Effects' },
      facts({ orderType: 'dropShip', recollection: true }),
      [],
    ],
    [
      'spec 1 §5: a * product for a New York office',
      { id: 760, name: 'Rhythm Plus*' },
      facts({ practitionerOverrides: newYork() }),
      [MESSAGES.notOrderableInNewYork],
    ],
    [
      'spec 1 §5/§6: shipping to an office not permitted (drop-ship-only products included)',
      { id: 930, name: 'Gut Microbiome Home Kit', dropShipOnly: true },
      facts({ orderType: 'bulk', practitionerOverrides: { shipToOfficePermitted: false } }),
      [MESSAGES.orderTypeNotAvailable('Ship to Office')],
    ],
    [
      'spec 1 §5: a product already on the order',
      { id: 540, name: 'GI Effects' },
      facts({ requisitionsOnOrder: [requisition({ id: 101, omsOrderableItemId: 540 })] }),
      [MESSAGES.productAlreadyAdded],
    ],
    [
      'spec 1 §9: a COVID registration is for items 902 and 910 only',
      { id: 540, name: 'GI Effects' },
      facts({ orderType: 'covidRegistration', practitionerOverrides: { covidRegistrationAccount: true } }),
      [MESSAGES.testNotOffered],
    ],
    [
      'spec 1 §9: item 902 on a COVID registration',
      { id: 902, name: 'COVID-19 PCR' },
      facts({ orderType: 'covidRegistration', practitionerOverrides: { covidRegistrationAccount: true } }),
      [],
    ],
    [
      'spec 1 §6: Ship to Patient for an international office',
      { id: 540, name: 'GI Effects' },
      facts({ practitionerOverrides: { office: { ...practitioner().office, reqLayoutId: 3 } } }),
      [MESSAGES.orderTypeNotAvailable('Ship to Patient')],
    ],
  ])('%s', (_spec, item, f, expected) => {
    expect(messages(item, f)).toEqual(expected);
  });

  it('spec 1 §8: the already-added text is verbatim', () => {
    expect(MESSAGES.productAlreadyAdded).toBe(
      'This product has already been added to the order. If you need to order the product multiple times, please do so on separate orders.',
    );
  });
});

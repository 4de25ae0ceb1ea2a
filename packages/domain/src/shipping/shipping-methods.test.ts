import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../contract/order.ts';
import { users } from '../test-support/fixtures.ts';
import {
  asksPoBoxQuestion,
  availableShippingMethods,
  DEFAULT_SHIPPING_METHOD,
  isFreeShippingMethod,
  mayWaiveExpeditedShippingFee,
  SHIPPING_CUTOFFS,
  SHIPPING_METHOD_VALUES,
  type ShippingDestination,
  type ShippingMethod,
  shippingMethodFor,
  showsShippingMethodChoice,
} from './shipping-methods.ts';

const us: ShippingDestination = { country: 'United States', poBox: false };

describe('shipping methods', () => {
  it('spec 2 §9: the five methods, FedEx Ground the default', () => {
    expect(SHIPPING_METHOD_VALUES).toEqual([
      'FedEx Ground',
      'Second Day',
      'Overnight',
      'Overnight (Sat. Delivery)',
      'Smart Post',
    ]);
    expect(DEFAULT_SHIPPING_METHOD).toBe('FedEx Ground');
  });

  it.each<[string, string, boolean]>([
    ['spec 2 §9: FedEx Ground is free', 'FedEx Ground', true],
    ['spec 2 §9: Smart Post is free', 'Smart Post', true],
    ['spec 2 §9: Second Day is charged', 'Second Day', false],
    ['spec 2 §9: Overnight is charged', 'Overnight', false],
    ['spec 2 §9: Overnight (Sat. Delivery) is charged', 'Overnight (Sat. Delivery)', false],
  ])('%s', (_spec, method, free) => {
    expect(isFreeShippingMethod(method)).toBe(free);
  });

  it.each<[string, ShippingMethod, string]>([
    ['spec 2 §9: 2:30 PM ET for standard', 'FedEx Ground', '2:30 PM ET'],
    ['spec 2 §9: 2:30 PM ET for second day', 'Second Day', '2:30 PM ET'],
    ['spec 2 §9: 12:00 noon ET for overnight', 'Overnight', '12:00 noon ET'],
    ['spec 2 §9: 12:00 noon ET for Saturday overnight', 'Overnight (Sat. Delivery)', '12:00 noon ET'],
  ])('%s', (_spec, method, cutoff) => {
    expect(SHIPPING_CUTOFFS[method]).toBe(cutoff);
  });
});

describe('availableShippingMethods and shippingMethodFor', () => {
  it.each<[string, ShippingDestination, string[]]>([
    ['spec 2 §9: a US street address has every method', us, [...SHIPPING_METHOD_VALUES]],
    ['spec 2 §9: PO box → Smart Post only', { ...us, poBox: true }, ['Smart Post']],
    ['spec 2 §9: Canada is forced to Ground', { country: 'Canada', poBox: false }, ['FedEx Ground']],
    ['spec 2 §9: Canada with a PO box is still Ground', { country: 'CA', poBox: true }, ['FedEx Ground']],
  ])('%s', (_spec, destination, expected) => {
    expect(availableShippingMethods(destination)).toEqual(expected);
  });

  it.each<[string, string | null, ShippingDestination, string]>([
    ['spec 2 §4: the chosen method stays when allowed', 'Overnight', us, 'Overnight'],
    ['spec 2 §4: PO box Yes sets Smart Post', 'Overnight', { ...us, poBox: true }, 'Smart Post'],
    [
      'spec 2 §9: Canada is forced to Ground',
      'Second Day',
      { country: 'Canada', poBox: false },
      'FedEx Ground',
    ],
    ['spec 2 §3: nothing chosen is FedEx Ground', null, us, 'FedEx Ground'],
    ['spec 2 §9: an unknown method falls back to Ground', 'Pony Express', us, 'FedEx Ground'],
  ])('%s', (_spec, chosen, destination, expected) => {
    expect(shippingMethodFor(chosen, destination)).toBe(expected);
  });
});

describe('showsShippingMethodChoice', () => {
  it.each<[string, UserInfo, boolean, string | null, boolean]>([
    ['spec 2 §2: myGDX on a drop-ship order', users.drAvery, true, 'United States', true],
    ['spec 2 §2: not for Canada', users.drAvery, true, 'Canada', false],
    ['spec 2 §2: not for patients', users.patient, true, 'United States', false],
    ['spec 2 §2: not for ship-to-office', users.drAvery, false, 'United States', false],
  ])('%s', (_spec, user, dropShip, country, expected) => {
    expect(showsShippingMethodChoice(user, dropShip, country)).toBe(expected);
  });
});

describe('mayWaiveExpeditedShippingFee', () => {
  const acting = { ...users.admin, onBehalfOf: 'P1002, p1001' };
  const order = (orderFormId: string | null, gsdlNo = 'P1001') => ({ orderFormId, practitioner: { gsdlNo } });
  it.each<[string, Pick<UserInfo, 'adminUser' | 'onBehalfOf'>, ReturnType<typeof order>, boolean]>([
    ['spec 2 §6: an admin acting for the practitioner, no order form', acting, order(null), true],
    ['spec 2 §6: not when the order has an orderFormId', acting, order('F-123'), false],
    ['spec 2 §6: not when not acting for this practitioner', acting, order(null, 'P1006'), false],
    ['spec 2 §6: an admin acting for nobody', users.admin, order(null), false],
    ['spec 2 §6: not a practitioner, even acting for one', users.staffKim, order(null), false],
  ])('%s', (_spec, user, subject, expected) => {
    expect(mayWaiveExpeditedShippingFee(user, subject)).toBe(expected);
  });
});

describe('asksPoBoxQuestion', () => {
  it.each<[string, boolean, { address1: string | null; address2: string | null } | undefined, boolean]>([
    [
      'spec 2 §4: a drop-ship address that looks like a PO box',
      true,
      { address1: 'PO Box 12', address2: null },
      true,
    ],
    ['spec 2 §4: …in address line 2', true, { address1: '1 Main St', address2: 'Box 7' }, true],
    ['spec 2 §4: a drop-ship street address', true, { address1: '1 Boxwood Rd', address2: null }, false],
    ['spec 2 §4: only for drop-ship addresses', false, { address1: 'PO Box 12', address2: null }, false],
    ['spec 2 §4: no address yet', true, undefined, false],
  ])('%s', (_spec, dropShip, address, expected) => {
    expect(asksPoBoxQuestion(dropShip, address)).toBe(expected);
  });
});

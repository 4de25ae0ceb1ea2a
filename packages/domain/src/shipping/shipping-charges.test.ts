import { describe, expect, it } from 'vitest';
import { type ShippingCharge, shippingMethodChoices } from './shipping-charges.ts';

const charges: ShippingCharge[] = [
  { shippingMethod: 'FedEx Ground', price: 0 },
  { shippingMethod: 'Second Day', price: 1995 },
  { shippingMethod: 'Overnight', price: 3495 },
  { shippingMethod: 'Overnight (Sat. Delivery)', price: 4995 },
  { shippingMethod: 'Smart Post', price: 0 },
];

describe('shippingMethodChoices', () => {
  it('spec 2 §9: every method with its charge and cutoff for a US street address', () => {
    expect(shippingMethodChoices({ country: 'United States', poBox: false }, charges)).toEqual([
      { shippingMethod: 'FedEx Ground', price: 0, cutoff: '2:30 PM ET' },
      { shippingMethod: 'Second Day', price: 1995, cutoff: '2:30 PM ET' },
      { shippingMethod: 'Overnight', price: 3495, cutoff: '12:00 noon ET' },
      { shippingMethod: 'Overnight (Sat. Delivery)', price: 4995, cutoff: '12:00 noon ET' },
      { shippingMethod: 'Smart Post', price: 0, cutoff: '2:30 PM ET' },
    ]);
  });

  it('spec 2 §9: a PO box gets Smart Post only', () => {
    expect(
      shippingMethodChoices({ country: 'US', poBox: true }, charges).map((c) => c.shippingMethod),
    ).toEqual(['Smart Post']);
  });

  it('spec 2 §9: Canada is forced to Ground', () => {
    expect(
      shippingMethodChoices({ country: 'Canada', poBox: false }, charges).map((c) => c.shippingMethod),
    ).toEqual(['FedEx Ground']);
  });

  it('spec 2 §9: without the charges, free methods are free and the others unknown', () => {
    expect(shippingMethodChoices({ country: 'US', poBox: false }, undefined).map((c) => c.price)).toEqual([
      0,
      null,
      null,
      null,
      0,
    ]);
  });
});

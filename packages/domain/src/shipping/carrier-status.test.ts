import { describe, expect, it } from 'vitest';
import { carrierStatusTitle } from './carrier-status.ts';

describe('carrierStatusTitle: the carrier codes read as words (decision 0251, issue 17 timeline)', () => {
  it.each([
    ['LABEL_CREATED', 'Shipping label created'],
    ['IN_TRANSIT', 'In transit'],
    ['OUT_FOR_DELIVERY', 'Out for delivery'],
    ['DELIVERED', 'Delivered'],
    ['CANCELED', 'Shipment canceled'],
    ['delivered', 'Delivered'],
    ['ARRIVED_AT_FACILITY', 'Arrived at facility'],
    ['HELD-AT-LOCATION', 'Held at location'],
    ['___', 'Carrier update'],
  ])('%s reads "%s"', (code, title) => {
    expect(carrierStatusTitle(code)).toBe(title);
  });
});

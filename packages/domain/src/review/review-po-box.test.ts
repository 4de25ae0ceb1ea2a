import { describe, expect, it } from 'vitest';
import { SHIPPING_METHODS } from '../shipping/shipping-methods.ts';
import { janeReadyToShip, order, requisition } from '../test-support/fixtures.ts';
import { asksReviewPoBoxQuestion } from './review-po-box.ts';

const poBox = janeReadyToShip({
  addresses: [
    {
      type: 'shipping',
      address1: 'P.O. Box 1234',
      address2: null,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28806',
      country: 'United States',
    },
  ],
} as never);

const facts = (overrides: {
  dropShip?: boolean;
  street?: boolean;
  shippingMethod?: string;
  noPatient?: boolean;
}) => ({
  ...order({ requisitions: [requisition({ dropShip: overrides.dropShip ?? true })] }),
  containsDropShipRequisition: false,
  containsCovidRegistration: false,
  covidRegistration: false,
  dataConfirmed: false,
  patientInfo: overrides.noPatient ? null : overrides.street ? janeReadyToShip() : poBox,
  shippingMethod: overrides.shippingMethod ?? SHIPPING_METHODS.ground,
});

describe('asksReviewPoBoxQuestion', () => {
  it.each<[string, Parameters<typeof facts>[0], boolean]>([
    [
      "spec 3 §2 Review modals 'PO-box confirmation': a drop-ship P.O. box shipping by FedEx Ground",
      {},
      true,
    ],
    ['spec 3 §5: also by an expedited method', { shippingMethod: SHIPPING_METHODS.overnight }, true],
    [
      "spec 3 §5 'limits shipping to Smart Post': already Smart Post, no question",
      { shippingMethod: SHIPPING_METHODS.smartPost },
      false,
    ],
    ['spec 2 §4: a street address asks nothing', { street: true }, false],
    ['spec 2 §4: only drop-ship orders (packs to the patient)', { dropShip: false }, false],
    ['no patient information yet', { noPatient: true }, false],
  ])('%s', (_spec, overrides, expected) => {
    expect(asksReviewPoBoxQuestion(facts(overrides) as never)).toBe(expected);
  });
});

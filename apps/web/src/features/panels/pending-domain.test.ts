/** Tests of the temporary adapter (pending-domain.ts); deleted with it when the domain's rules are merged. */
import { describe, expect, it } from 'vitest';
import { makePractitioner } from '../../test/fixtures.ts';
import {
  availableOrderTypes,
  conflictingAddOn,
  initialOrderType,
  isRefusedInNewYork,
  panelBillingMethod,
  setBulkQuantity,
} from './pending-domain.ts';

const item = (id: number) => ({ id, name: `Item ${id}` });

describe('setBulkQuantity (spec 1 §5, §9)', () => {
  it.each([
    ['clamps to 99', 150, 99],
    ['drops to nothing at 0', 0, null],
    ['drops negatives', -3, null],
    ['keeps whole numbers', 4.7, 4],
  ])('%s', (_, wanted, kept) => {
    const { lines } = setBulkQuantity([], item(1), wanted, { international: false });
    expect(lines.map((l) => l.quantity)).toEqual(kept === null ? [] : [kept]);
  });

  it('caps an international order at 25 across lines, reducing the changed line, with overLimit', () => {
    const first = setBulkQuantity([], item(1), 20, { international: true });
    const second = setBulkQuantity(first.lines, item(2), 9, { international: true });
    expect(second.lines.map((l) => l.quantity)).toEqual([20, 5]);
    expect(second.overLimit).toBe(true);
    const lowered = setBulkQuantity(second.lines, item(1), 25, { international: true });
    expect(lowered.lines.map((l) => l.quantity)).toEqual([20, 5]);
    const full = setBulkQuantity(lowered.lines, item(3), 1, { international: true });
    expect(full).toEqual({ lines: lowered.lines, overLimit: true });
  });
});

describe('order types (spec 1 §2.6, §4.4, §6)', () => {
  it('CAP, permission, layout and COVID decide the buttons', () => {
    expect(availableOrderTypes(makePractitioner(), {})).toEqual(['bulk', 'dropShip', 'registration']);
    expect(availableOrderTypes(makePractitioner({ capAuthorized: true }), {})).toEqual([
      'dropShip',
      'registration',
    ]);
    expect(
      availableOrderTypes(makePractitioner({ covidRegistrationAccount: true }), { recollectionFor: 3 }),
    ).toEqual(['dropShip', 'registration', 'covidRegistration']);
  });

  it('the initial type follows the order', () => {
    const user = { type: 'myGDX' as const };
    const none = { user, requisition: null, addingRequisition: false };
    expect(initialOrderType({ ...none, order: {} })).toBeNull();
    expect(initialOrderType({ ...none, order: { containsShipToOfficeRequisition: true } })).toBe('bulk');
    expect(initialOrderType({ ...none, order: { myGDXKitOrder: true } })).toBe('dropShip');
    expect(initialOrderType({ ...none, order: { covidRegistration: true } })).toBe('covidRegistration');
    expect(initialOrderType({ ...none, order: { recollectionFor: 5 } })).toBe('dropShip');
    expect(initialOrderType({ ...none, order: {}, fromBundles: true })).toBe('dropShip');
    expect(initialOrderType({ ...none, order: {}, inlineType: 'registration' })).toBe('registration');
    expect(initialOrderType({ ...none, user: { type: 'prc' }, order: {}, addingRequisition: true })).toBe(
      'registration',
    );
    const covidPack = {
      omsOrderableItemId: 910,
      dropShip: false,
      shipToOffice: false,
      covidRegistration: false,
      canceled: false,
    };
    expect(initialOrderType({ ...none, user: { type: 'prc' }, order: {}, requisition: covidPack })).toBe(
      'covidRegistration',
    );
    expect(initialOrderType({ ...none, order: {}, requisition: covidPack })).toBe('registration');
  });
});

describe('rules of spec 1 §5', () => {
  it.each([
    [5877, [5887], 5887],
    [5887, [5877], 5877],
    [5924, [5925], 5925],
    [6037, [6036], 6036],
    [5877, [5925], null],
    [5878, [5877], null],
  ])('add-on %i with %j conflicts with %s', (candidate, selected, conflict) => {
    expect(conflictingAddOn(selected, candidate)).toBe(conflict);
  });

  it('refuses starred products in New York only', () => {
    expect(isRefusedInNewYork('Rhythm Plus*', 'NY')).toBe(true);
    expect(isRefusedInNewYork('Rhythm Plus*', 'NJ')).toBe(false);
    expect(isRefusedInNewYork('Rhythm Plus', 'NY')).toBe(false);
  });

  it('forces the billing method of Medicare, chelation and Client-only practitioners', () => {
    const practitioner = makePractitioner({ billingMethods: ['Client'] });
    expect(panelBillingMethod({ medicare: true, provocation: false, practitioner, current: null })).toBe(
      'Medicare or Tricare',
    );
    expect(panelBillingMethod({ medicare: true, provocation: true, practitioner, current: null })).toBe(
      'No Insurance Billing: Pay Full Amount',
    );
    expect(panelBillingMethod({ medicare: false, provocation: false, practitioner, current: null })).toBe(
      'Physician Account',
    );
    expect(
      panelBillingMethod({
        medicare: false,
        provocation: false,
        practitioner: makePractitioner(),
        current: null,
      }),
    ).toBeNull();
  });
});

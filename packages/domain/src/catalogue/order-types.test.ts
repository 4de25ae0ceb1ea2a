import { describe, expect, it } from 'vitest';
import type { Practitioner, UserType } from '../contract/order.ts';
import { practitioner } from '../test-support/fixtures.ts';
import {
  availableOrderTypeChoices,
  type InitialOrderTypeFacts,
  initialOrderType,
  isOrderTypeAvailable,
  type OrderType,
  orderTypeOfRequisition,
  showsRecollectionModal,
} from './order-types.ts';

const layout = (reqLayoutId: number | null): Partial<Practitioner> => ({
  office: { ...practitioner().office, reqLayoutId },
});

const choices = (overrides: Partial<Practitioner>, recollection = false, userType: UserType = 'myGDX') =>
  availableOrderTypeChoices({ userType, practitioner: practitioner(overrides), recollection }).map(
    (choice) => choice.label,
  );

describe('availableOrderTypeChoices', () => {
  it.each<[string, Partial<Practitioner>, boolean, string[]]>([
    [
      'spec 1 §2.6: P1001 (permitted, domestic) sees Ship to Office, Ship to Patient, Activate Online',
      {},
      false,
      ['Ship to Office', 'Ship to Patient', 'Activate Online'],
    ],
    [
      'spec 1 §6: Ship to Office hidden for CAP-authorized',
      { capAuthorized: true },
      false,
      ['Ship to Patient', 'Activate Online'],
    ],
    [
      'spec 1 §6: Ship to Office requires shipToOfficePermitted',
      { shipToOfficePermitted: false },
      false,
      ['Ship to Patient', 'Activate Online'],
    ],
    [
      'spec 1 §2.6: no Ship to Office when there is a recollection',
      {},
      true,
      ['Ship to Patient', 'Activate Online'],
    ],
    [
      'spec 1 §6: layout 2 is domestic',
      layout(2),
      false,
      ['Ship to Office', 'Ship to Patient', 'Activate Online'],
    ],
    [
      'spec 1 §6: a missing layout is domestic',
      layout(null),
      false,
      ['Ship to Office', 'Ship to Patient', 'Activate Online'],
    ],
    [
      'spec 1 §6: Activate Online also for the international layout (no Ship to Patient)',
      { ...layout(3), shipToOfficePermitted: false },
      false,
      ['Activate Online'],
    ],
    [
      'spec 1 §6 (decision 0005): a CAP-authorized international office keeps Ship to Patient',
      { ...layout(3), capAuthorized: true },
      false,
      ['Ship to Patient', 'Activate Online'],
    ],
    [
      'spec 1 §6: an unknown layout (e.g. 5) offers neither Ship to Patient nor Activate Online',
      { ...layout(5), shipToOfficePermitted: false },
      false,
      [],
    ],
    [
      'spec 1 §6: Activate COVID Test requires covidRegistrationAccount',
      { covidRegistrationAccount: true, shipToOfficePermitted: false },
      false,
      ['Ship to Patient', 'Activate Online', 'Activate COVID Test'],
    ],
  ])('%s', (_spec, overrides, recollection, expected) => {
    expect(choices(overrides, recollection)).toEqual(expected);
  });

  it('spec 1 §6: a prc user has no order-type choice', () => {
    expect(choices({}, false, 'prc')).toEqual([]);
  });
});

describe('isOrderTypeAvailable', () => {
  const facts = (overrides: Partial<Practitioner>) => ({
    practitioner: practitioner(overrides),
    recollection: false,
  });
  it.each<[string, OrderType, Partial<Practitioner>, boolean]>([
    ['spec 1 §6: bulk is Ship to Office', 'bulk', { capAuthorized: true }, false],
    ['spec 1 §6: dropShip is Ship to Patient', 'dropShip', layout(3), false],
    ['spec 1 §1: noCardRegistration starts from Activate Online', 'noCardRegistration', layout(3), true],
    ['spec 1 §1: unknownIdActivation starts from Activate Online', 'unknownIdActivation', {}, true],
    ['spec 1 §6: covidRegistration needs a COVID account', 'covidRegistration', {}, false],
  ])('%s', (_spec, orderType, overrides, expected) => {
    expect(isOrderTypeAvailable(orderType, facts(overrides))).toBe(expected);
  });
});

describe('orderTypeOfRequisition', () => {
  const flags = { shipToOffice: false, dropShip: false, covidRegistration: false, noCardActivation: false };
  it.each<[string, Partial<typeof flags>, OrderType]>([
    ['ship to office is bulk', { shipToOffice: true }, 'bulk'],
    [
      'COVID registration wins over drop ship',
      { covidRegistration: true, dropShip: true },
      'covidRegistration',
    ],
    ['drop ship', { dropShip: true }, 'dropShip'],
    ['activation without a card', { noCardActivation: true }, 'noCardRegistration'],
    ['a plain requisition is a registration', {}, 'registration'],
  ])('spec 1 §1: %s', (_case, overrides, expected) => {
    expect(orderTypeOfRequisition({ ...flags, ...overrides })).toBe(expected);
  });
});

describe('initialOrderType', () => {
  const facts = (
    overrides: Partial<InitialOrderTypeFacts> = {},
    order: Partial<InitialOrderTypeFacts['order']> = {},
  ) =>
    initialOrderType({
      inlineType: null,
      userType: 'myGDX',
      addingRequisition: false,
      fromBundles: false,
      requisition: null,
      ...overrides,
      order: {
        containsShipToOfficeRequisition: false,
        myGDXKitOrder: false,
        covidRegistration: false,
        recollectionFor: null,
        requisitions: [],
        ...order,
      },
    });

  it.each<
    [string, OrderType | null, Partial<InitialOrderTypeFacts>, Partial<InitialOrderTypeFacts['order']>]
  >([
    [
      'spec 1 §4.4: the inline type if supplied',
      'dropShip',
      { inlineType: 'dropShip' },
      { containsShipToOfficeRequisition: true },
    ],
    [
      'spec 1 §4.4: a patient adding a new requisition gives registration',
      'registration',
      { userType: 'prc', addingRequisition: true },
      { myGDXKitOrder: true },
    ],
    ['spec 1 §4.4: a ship-to-office order gives bulk', 'bulk', {}, { containsShipToOfficeRequisition: true }],
    ['spec 1 §4.4: a kit order gives dropShip', 'dropShip', {}, { myGDXKitOrder: true }],
    [
      'spec 1 §4.4: a COVID registration gives covidRegistration',
      'covidRegistration',
      {},
      { covidRegistration: true },
    ],
    [
      'spec 1 §4.4: a patient with an item 910 gives covidRegistration',
      'covidRegistration',
      { userType: 'prc' },
      { requisitions: [{ omsOrderableItemId: 910 }] },
    ],
    [
      'spec 1 §4.4: a practitioner with an item 902 on the order still chooses',
      null,
      {},
      { requisitions: [{ omsOrderableItemId: 902 }] },
    ],
    ['spec 1 §4.4: a recollection gives dropShip', 'dropShip', {}, { recollectionFor: 100001 }],
    [
      'spec 1 §4.4: an existing active requisition gives registration',
      'registration',
      { requisition: { canceled: false, covidRegistration: false } },
      {},
    ],
    [
      'spec 1 §4.4: a canceled requisition does not',
      null,
      { requisition: { canceled: true, covidRegistration: false } },
      {},
    ],
    [
      'spec 1 §4.4: arriving from bundles forces dropShip',
      'dropShip',
      { fromBundles: true },
      { containsShipToOfficeRequisition: true },
    ],
    ['spec 1 §2.6: a practitioner with nothing chosen sees the order-type buttons', null, {}, {}],
    ['spec 1 §6: a patient has no choice and registers', 'registration', { userType: 'prc' }, {}],
  ])('%s', (_spec, expected, overrides, order) => {
    expect(facts(overrides, order)).toBe(expected);
  });
});

describe('showsRecollectionModal (spec 1 §2.6 recollection order modal, decision 0049)', () => {
  it.each<[string, number | null, UserType, boolean, boolean]>([
    ['spec 1 §2.6: a practitioner opening a recollection order', 100002, 'myGDX', false, true],
    ['spec 1 §2.6: not an ordinary order', null, 'myGDX', false, false],
    ['decision 0049: not a patient', 100002, 'prc', false, false],
    ['spec 1 §4.2: not once panel selection is locked', 100002, 'myGDX', true, false],
  ])('%s', (_name, recollectionFor, type, locked, expected) => {
    expect(showsRecollectionModal({ recollectionFor }, { type }, locked)).toBe(expected);
  });
});

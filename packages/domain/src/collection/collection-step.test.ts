import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../contract/order.ts';
import { messages } from '../messages.ts';
import { requisition, users } from '../test-support/fixtures.ts';
import {
  type AddAnotherTestFacts,
  canAddAnotherTest,
  mayEditCollectionNotes,
  showsDropShipInstructions,
  validateDropShipInstructions,
} from './collection-step.ts';
import type { CollectionNotes } from './sample-collection.ts';

const open: AddAnotherTestFacts = {
  requisitions: [requisition()],
  dataConfirmed: false,
  simplifiedClientBilling: false,
  physicianInTheLoop: false,
  recollectionFor: null,
};

describe('canAddAnotherTest', () => {
  it.each<[string, Partial<AddAnotherTestFacts>, boolean]>([
    ['spec 2 §4: an open order with a requisition', {}, true],
    ['spec 2 §4: the order has requisitions', { requisitions: [] }, false],
    ['spec 2 §4: not data-confirmed', { dataConfirmed: true }, false],
    [
      'spec 2 §4: no accession numbers',
      { requisitions: [requisition(), requisition({ id: 102, accessionNo: 'A1234567' })] },
      false,
    ],
    ['spec 2 §4: not simplified client billing', { simplifiedClientBilling: true }, false],
    ['spec 2 §4: not PITL (the order)', { physicianInTheLoop: true }, false],
    [
      'spec 2 §4: not PITL (a requisition)',
      { requisitions: [requisition({ physicianInTheLoop: true })] },
      false,
    ],
    ['spec 2 §4: not a recollection', { recollectionFor: 100000 }, false],
  ])('%s', (_spec, overrides, expected) => {
    expect(canAddAnotherTest({ ...open, ...overrides })).toBe(expected);
  });
});

describe('showsDropShipInstructions', () => {
  it.each<[string, UserInfo, boolean, string | null, boolean]>([
    ['spec 2 §2: myGDX, drop-ship, no requisition number', users.drAvery, true, null, true],
    ['spec 2 §2: an empty requisition number is none', users.staffKim, true, ' ', true],
    [
      'spec 2 §2: a drop-ship requisition with a number gets the collection form',
      users.drAvery,
      true,
      '50012345',
      false,
    ],
    ['spec 2 §2: not drop-ship', users.drAvery, false, null, false],
    ['spec 2 §2: patients get the collection form', users.patient, true, null, false],
  ])('%s', (_spec, user, dropShip, reqNumber, expected) => {
    expect(showsDropShipInstructions(user, requisition({ dropShip, reqNumber }))).toBe(expected);
  });
});

describe('validateDropShipInstructions', () => {
  const notes: CollectionNotes = { patientInstructions: null, clinicalFindings: null, routeNumber: null };
  it.each<[string, Partial<CollectionNotes>, string[]]>([
    ['spec 2 §5: all empty is fine', {}, []],
    [
      'spec 2 §5: patient instructions at 512 characters',
      {
        patientInstructions: 'a'.repeat(512),
        clinicalFindings: 'b'.repeat(512),
        routeNumber: 'R'.repeat(15),
      },
      [],
    ],
    [
      'spec 2 §5: patient instructions over 512',
      { patientInstructions: 'a'.repeat(513) },
      ['patientInstructions: Patient instructions can be at most 512 characters.'],
    ],
    [
      'spec 2 §5: clinical findings over 512',
      { clinicalFindings: 'a'.repeat(513) },
      ['clinicalFindings: Clinical findings can be at most 512 characters.'],
    ],
    [
      'spec 2 §5: route number over 15',
      { routeNumber: 'R'.repeat(16) },
      ['routeNumber: Route number can be at most 15 characters.'],
    ],
  ])('%s', (_spec, overrides, expected) => {
    const errors = validateDropShipInstructions({ ...notes, ...overrides });
    expect(errors.map((error) => `${error.field}: ${error.defaultMessage}`)).toEqual(expected);
  });
});

describe('mayEditCollectionNotes', () => {
  it.each<[string, UserInfo, boolean]>([
    ['spec 2 §6: myGDX users edit patient instructions and the route number', users.drAvery, true],
    ['spec 2 §6: patients do not', users.patient, false],
  ])('%s', (_spec, user, expected) => {
    expect(mayEditCollectionNotes(user)).toBe(expected);
  });
});

describe('collection save failure', () => {
  it('spec 2 §8: collection save returns no id (the support phone is configuration)', () => {
    expect(messages('800-522-4762').collectionSaveFailed).toBe(
      'Please try again or call us at 800-522-4762 if the issue continues.',
    );
  });
});

import { BILLING_METHODS, MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { catalogueRequisition, gi540 } from '../../test/catalogue.ts';
import { requisitionOf540 } from '../../test/requisition-fixtures.ts';
import { emptySelection, type TestSelection } from './selection.ts';
import {
  type Chosen,
  initialSingleRequisitionState,
  singleRequisitionReducer as reduce,
  type SingleRequisitionState,
} from './single-requisition-state.ts';

const fresh = (governmentPayor = false) =>
  initialSingleRequisitionState({ order: { governmentPayor }, requisition: null, acknowledged: null });

const chosenOf = (item = gi540, more: Partial<Chosen['requisition']> = {}): Chosen => ({
  requisition: catalogueRequisition(item, more),
  reqNumber: null,
  activationCode: null,
});

const picked: TestSelection = {
  ...emptySelection(),
  panel: 5400,
  components: [5401],
  medicalNecessity: true,
};

describe('single requisition form state (spec 1 §2.6), without rendering', () => {
  it('starts from the Medicare answer of the order, or of the edited requisition (decision 0005)', () => {
    expect(fresh(true).medicare).toBe(true);
    const editing = initialSingleRequisitionState({
      order: { governmentPayor: false },
      requisition: requisitionOf540({ billingMethod: BILLING_METHODS.medicare }),
      acknowledged: null,
    });
    expect(editing.medicare).toBe(true);
    expect(editing.selection.panel).toBe(5400);
  });

  it('a new product starts its tests again, keeping only the medical-necessity answer', () => {
    const state: SingleRequisitionState = { ...fresh(), selection: picked, chooseError: 'earlier' };
    const next = reduce(state, { type: 'chosen', chosen: chosenOf(), editing: null, practitionerUser: true });
    expect(next.chosen?.requisition.orderableItem.id).toBe(540);
    expect(next.selection).toEqual({ ...emptySelection(), medicalNecessity: true });
    expect(next.chooseError).toBeNull();
  });

  it("choosing the edited requisition's own product keeps its tests", () => {
    const state = { ...fresh(), selection: picked };
    const next = reduce(state, {
      type: 'chosen',
      chosen: chosenOf(),
      editing: { omsOrderableItemId: 540 },
      practitionerUser: true,
    });
    expect(next.selection).toBe(picked);
  });

  it("spec 1 §4.4: a patient's paperless pack takes the tests the provider chose", () => {
    const chosen = chosenOf(gi540, {
      paperless: true,
      preselection: { panel: 5400, components: [5401, 5404], addons: [5413] },
    });
    const next = reduce(fresh(), { type: 'chosen', chosen, editing: null, practitionerUser: false });
    expect(next.selection).toMatchObject({ panel: 5400, components: [5401, 5404] });
    expect(next.selection.addons.map((a) => a.omsInputFieldID)).toEqual([5413]);
  });

  it('edits are checked again only once errors are shown', () => {
    const state = { ...fresh(), chosen: chosenOf() };
    const quiet = reduce(state, { type: 'edited', selection: emptySelection(), userType: 'myGDX' });
    expect(quiet.errors).toBeNull();
    const shown = { ...state, errors: { test: MESSAGES.selectTest, fields: {} } };
    expect(
      reduce(shown, { type: 'edited', selection: emptySelection(), userType: 'myGDX' }).errors?.test,
    ).toBe(MESSAGES.selectTest);
    const fixed = reduce(shown, { type: 'edited', selection: picked, userType: 'myGDX' });
    expect(fixed.errors?.test).toBeUndefined();
  });

  it('changing the Medicare answer clears the errors and recomputes the add-on quantities (spec 1 §5)', () => {
    const withAddOn = { ...picked, addons: [{ omsInputFieldID: 5417, cptQuantity: null }] };
    const state = { ...fresh(), chosen: chosenOf(), selection: withAddOn, errors: { fields: {} } };
    const next = reduce(state, { type: 'medicareChanged', medicare: true, item: gi540 });
    expect(next.medicare).toBe(true);
    expect(next.errors).toBeNull();
    expect(next.selection.addons).toEqual([{ omsInputFieldID: 5417, cptQuantity: 3 }]);
  });

  it('spec 1 §4.4: No to the price increase restores the tests as saved; Yes only closes the question', () => {
    const body = { id: 7, version: 2, requisitions: [] };
    const asked = reduce({ ...fresh(), selection: picked }, { type: 'priceIncreaseAsked', body });
    expect(asked.pendingIncrease).toBe(body);
    expect(reduce(asked, { type: 'priceIncreaseConfirmed' })).toMatchObject({
      pendingIncrease: null,
      selection: picked,
    });
    const restored = emptySelection();
    expect(reduce(asked, { type: 'priceIncreaseDeclined', restore: restored })).toMatchObject({
      pendingIncrease: null,
      selection: restored,
      errors: null,
    });
  });

  it('a cleared activation search forgets the pack, the product and the messages', () => {
    const state = {
      ...fresh(),
      chosen: chosenOf(),
      pack: chosenOf(),
      chooseError: 'x',
      errors: { fields: {} },
    };
    expect(reduce(state, { type: 'searchCleared' })).toMatchObject({
      chosen: null,
      pack: null,
      chooseError: null,
      errors: null,
    });
  });
});

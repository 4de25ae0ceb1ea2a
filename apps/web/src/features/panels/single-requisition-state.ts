import {
  BILLING_METHODS,
  type CatalogueRequisition,
  type GearOrder,
  paperlessSelection,
  type Requisition,
  type SingleTestSelectionRequest,
  type UserType,
} from '@gear/domain';
import {
  emptySelection,
  type SelectionErrors,
  selectionFromRequisition,
  type TestSelection,
  validateSelection,
  withMedicare,
} from './selection.ts';

/** A requisition chosen for the form: the lab's pack or product, with the numbers it is activated by. */
export interface Chosen {
  requisition: CatalogueRequisition;
  reqNumber: string | null;
  activationCode: string | null;
}

/** Everything the single-requisition form holds between renders (spec 1 §2.6 'Requisition details'). */
export interface SingleRequisitionState {
  chosen: Chosen | null;
  /** The pack a search found, kept while it is used for another test (spec 1 §4.4 repurpose). */
  pack: Chosen | null;
  repurposing: boolean;
  selection: TestSelection;
  errors: SelectionErrors | null;
  chooseError: string | null;
  loadingItem: boolean;
  /** The Medicare/Tricare answer (decision 0005). */
  medicare: boolean;
  /** A save the server refused until the price increase is confirmed (spec 1 §4.4), waiting for Yes or No. */
  pendingIncrease: SingleTestSelectionRequest | null;
  confirmError: string | null;
  bundleError: string | null;
}

export interface SingleRequisitionStart {
  order: Pick<GearOrder, 'governmentPayor'>;
  /** The requisition being edited, if any. */
  requisition: Requisition | null;
  /** The order's acknowledgement, which an edited requisition's selection starts from. */
  acknowledged: string | null;
}

export function initialSingleRequisitionState({
  order,
  requisition,
  acknowledged,
}: SingleRequisitionStart): SingleRequisitionState {
  return {
    chosen: null,
    pack: null,
    repurposing: false,
    selection: requisition
      ? selectionFromRequisition(requisition, { dateMedicalNecessityAcknowledged: acknowledged })
      : emptySelection(),
    errors: null,
    chooseError: null,
    loadingItem: false,
    medicare: requisition ? requisition.billingMethod === BILLING_METHODS.medicare : order.governmentPayor,
    pendingIncrease: null,
    confirmError: null,
    bundleError: null,
  };
}

export type SingleRequisitionAction =
  | { type: 'loading'; loading: boolean }
  /** A product could not be chosen (already on the order, not orderable here) or loaded. */
  | { type: 'refused'; message: string }
  /** A pack or product chosen for the form; the tests start again unless the same product is kept. */
  | {
      type: 'chosen';
      chosen: Chosen;
      /** The requisition being edited, whose tests a choice of its own product keeps. */
      editing: Pick<Requisition, 'omsOrderableItemId'> | null;
      /** A patient takes a paperless pack's tests as the provider ordered them (spec 1 §4.4). */
      practitionerUser: boolean;
    }
  /** The saved requisition's pack and product, read back for editing: its tests stay as saved. */
  | { type: 'savedLoaded'; chosen: Chosen }
  | { type: 'packFound'; pack: Chosen | null }
  | { type: 'repurposing'; open: boolean }
  | { type: 'searchCleared' }
  | {
      type: 'medicareChanged';
      medicare: boolean;
      item: CatalogueRequisition['orderableItem'] | null;
    }
  /** The tests edited; errors shown before are checked again against the edit. */
  | { type: 'edited'; selection: TestSelection; userType: UserType }
  | { type: 'validated'; errors: SelectionErrors }
  | { type: 'saving' }
  | { type: 'priceIncreaseAsked'; body: SingleTestSelectionRequest }
  | { type: 'priceIncreaseConfirmed' }
  /** spec 1 §4.4 'No restores the form': the tests as saved (none to restore for a new requisition). */
  | { type: 'priceIncreaseDeclined'; restore: TestSelection | null }
  | { type: 'confirmFailed'; message: string }
  | { type: 'bundleFailed'; message: string | null };

/** The form's state after an action: pure, so each rule of the form is tested without rendering it. */
export function singleRequisitionReducer(
  state: SingleRequisitionState,
  action: SingleRequisitionAction,
): SingleRequisitionState {
  switch (action.type) {
    case 'loading':
      return { ...state, loadingItem: action.loading };
    case 'refused':
      return { ...state, chooseError: action.message };
    case 'chosen': {
      const { chosen, editing, practitionerUser } = action;
      const item = chosen.requisition.orderableItem;
      const base = { ...state, chosen, chooseError: null, errors: null };
      if (chosen.requisition.paperless && !practitionerUser)
        return {
          ...base,
          selection: { ...emptySelection(), ...paperlessSelection(item, chosen.requisition.preselection) },
        };
      if (!editing || editing.omsOrderableItemId !== item.id)
        return {
          ...base,
          selection: { ...emptySelection(), medicalNecessity: state.selection.medicalNecessity },
        };
      return base;
    }
    case 'savedLoaded':
      return { ...state, chosen: action.chosen };
    case 'packFound':
      return { ...state, pack: action.pack };
    case 'repurposing':
      return { ...state, repurposing: action.open };
    case 'searchCleared':
      return { ...state, chosen: null, pack: null, chooseError: null, errors: null };
    case 'medicareChanged': {
      const { item, medicare } = action;
      if (!item) return { ...state, medicare, errors: null };
      // spec 1 §4.4: switching the Medicare flag resets a mixed-pricing panel.
      const base = item.mixedComponentPricing
        ? { ...state.selection, panel: null, components: [] }
        : state.selection;
      return { ...state, medicare, errors: null, selection: withMedicare(base, item, medicare) };
    }
    case 'edited': {
      const item = state.chosen?.requisition.orderableItem;
      const errors =
        state.errors && item
          ? validateSelection(action.selection, { item, userType: action.userType, medicare: state.medicare })
          : state.errors;
      return { ...state, selection: action.selection, errors };
    }
    case 'validated':
      return { ...state, errors: action.errors };
    case 'saving':
      return { ...state, confirmError: null };
    case 'priceIncreaseAsked':
      return { ...state, pendingIncrease: action.body };
    case 'priceIncreaseConfirmed':
      return { ...state, pendingIncrease: null };
    case 'priceIncreaseDeclined':
      return {
        ...state,
        pendingIncrease: null,
        selection: action.restore ?? state.selection,
        errors: null,
      };
    case 'confirmFailed':
      return { ...state, confirmError: action.message };
    case 'bundleFailed':
      return { ...state, bundleError: action.message };
  }
}

import type {
  AddOnSelection,
  BillingMethod,
  GearOrder,
  InputField,
  OrderableItem,
  Profile,
  Requisition,
} from '@gear/domain';
import type { SingleRequisitionBody, SingleSelectionBody } from '../../api/catalogue.ts';
import {
  addOnSelection,
  conflictingAddOn,
  displayOnlyPanelFor,
  isAddOnField,
  isAddOnShown,
  isMedicareEligibleItem,
  medicareNotAvailableMessage,
  type OrderType,
  PANEL_MESSAGES,
  panelComponents,
  RESUBMITTAL_FIELD_ID,
  resubmittalValue,
} from './pending-domain.ts';

/** What the user has chosen for one requisition (spec 1 §2.6 'Requisition details'). */
export interface TestSelection {
  panel: number | null;
  components: number[];
  addons: AddOnSelection[];
  /** Profile-specific answers by input field id (spec 1 §3 'Specific sample fields'). */
  fields: Record<number, string>;
  resubmittalId: string;
  patientInstructions: string;
  medicalNecessity: boolean;
}

export const emptySelection = (): TestSelection => ({
  panel: null,
  components: [],
  addons: [],
  fields: {},
  resubmittalId: '',
  patientInstructions: '',
  medicalNecessity: false,
});

/** A saved requisition's choices, to edit them. */
export function selectionFromRequisition(
  requisition: Requisition,
  order: Partial<Pick<GearOrder, 'dateMedicalNecessityAcknowledged'>>,
): TestSelection {
  const fields: Record<number, string> = {};
  let resubmittalId = '';
  for (const field of requisition.profileSpecificFields) {
    if (field.id === RESUBMITTAL_FIELD_ID) resubmittalId = field.value === 'Not Provided' ? '' : field.value;
    else fields[field.id] = field.value;
  }
  return {
    panel: requisition.panel,
    components: [...requisition.components],
    addons: requisition.addons.map((a) => ({ ...a })),
    fields,
    resubmittalId,
    patientInstructions: requisition.patientInstructions ?? '',
    medicalNecessity: Boolean(order.dateMedicalNecessityAcknowledged),
  };
}

/** The item's base panel (param basePanel), else its first selectable panel. */
export const basePanel = (item: OrderableItem): Profile | null =>
  item.profileList.find((p) =>
    p.inputFieldParams.some((x) => x.name === 'basePanel' && x.value === 'true'),
  ) ??
  item.profileList.find((p) => !p.displayOnly) ??
  null;

/** spec 1 §4.4 'Paperless requisitions (patients): the tests are preselected and locked; the base panel is used
 * when the provider did not order.' */
export function paperlessSelection(
  item: OrderableItem,
  preselection: { panel: number | null; components: number[]; addons: number[] } | null | undefined,
): TestSelection {
  if (preselection && (preselection.panel || preselection.components.length > 0)) {
    return {
      ...emptySelection(),
      panel: preselection.panel,
      components: [...preselection.components],
      addons: preselection.addons.map((id) => ({ omsInputFieldID: id, cptQuantity: null })),
    };
  }
  const base = basePanel(item);
  return { ...emptySelection(), panel: base?.id ?? null, components: panelComponents(base) };
}

export const selectableProfiles = (item: OrderableItem): Profile[] =>
  item.profileList.filter((p) => !p.displayOnly);

/** The add-ons offered with the item: each profile's addOnList and the item's own Add-On fields, once each. */
export function addOnsOf(item: OrderableItem, shipToOffice: boolean): InputField[] {
  const seen = new Set<number>();
  const all = [...item.profileList.flatMap((p) => p.addOnList), ...item.inputFields.filter(isAddOnField)];
  return all.filter((field) => {
    if (seen.has(field.id)) return false;
    seen.add(field.id);
    return isAddOnShown(field, shipToOffice);
  });
}

/** spec 1 §4.4: selecting a panel sets its components; clearing it clears them. */
export function togglePanel(selection: TestSelection, profile: Profile, checked: boolean): TestSelection {
  return {
    ...selection,
    panel: checked ? profile.id : null,
    components: checked ? panelComponents(profile) : [],
  };
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The panel that a set of components stands for: a panel with exactly these components; else a display-only panel
 * that matches (spec 1 §4.4); else the panel holding them all (the current one first); else 0, an à-la-carte choice.
 */
export function panelForComponents(
  profiles: Profile[],
  components: number[],
  current: number | null,
): number | null {
  if (components.length === 0) return null;
  const selectable = profiles.filter((p) => !p.displayOnly);
  const exact = selectable.find((p) => sameSet(panelComponents(p), components));
  if (exact) return exact.id;
  const displayOnly = displayOnlyPanelFor(profiles, components);
  if (displayOnly !== null) return displayOnly;
  const holding = [...selectable]
    .sort((a, b) => Number(b.id === current) - Number(a.id === current))
    .find((p) => components.every((c) => panelComponents(p).includes(c)));
  return holding?.id ?? 0;
}

export function toggleComponent(
  selection: TestSelection,
  profiles: Profile[],
  componentId: number,
  checked: boolean,
): TestSelection {
  const components = checked
    ? [...new Set([...selection.components, componentId])]
    : selection.components.filter((c) => c !== componentId);
  return { ...selection, components, panel: panelForComponents(profiles, components, selection.panel) };
}

/** spec 1 §5 exclusions: a conflicting add-on is not added; conflict names the one already chosen. */
export function toggleAddOn(
  selection: TestSelection,
  field: InputField,
  checked: boolean,
  medicare: boolean,
): { selection: TestSelection; conflict: number | null } {
  if (!checked) {
    return {
      selection: { ...selection, addons: selection.addons.filter((a) => a.omsInputFieldID !== field.id) },
      conflict: null,
    };
  }
  const conflict = conflictingAddOn(
    selection.addons.map((a) => a.omsInputFieldID),
    field.id,
  );
  if (conflict !== null) return { selection, conflict };
  return {
    selection: { ...selection, addons: [...selection.addons, addOnSelection(field, medicare)] },
    conflict: null,
  };
}

export const setCptQuantity = (
  selection: TestSelection,
  addOnId: number,
  quantity: number,
): TestSelection => ({
  ...selection,
  addons: selection.addons.map((a) => (a.omsInputFieldID === addOnId ? { ...a, cptQuantity: quantity } : a)),
});

/** Medicare changed: CPT quantities apply only to Medicare orders (spec 1 §5). */
export const withMedicare = (
  selection: TestSelection,
  addOns: InputField[],
  medicare: boolean,
): TestSelection => ({
  ...selection,
  addons: selection.addons.map((a) => {
    const field = addOns.find((f) => f.id === a.omsInputFieldID);
    return field ? addOnSelection(field, medicare) : { ...a, cptQuantity: medicare ? a.cptQuantity : null };
  }),
});

// ------------------------------------------------------------------------------------------------------------
// Profile-specific fields (spec 1 §2.6): rendered from the item's input fields and their params.

export interface FieldOption {
  value: string;
  label: string;
}

export interface ProfileField {
  field: InputField;
  control: 'radio' | 'select' | 'text' | 'date' | 'number' | 'checkbox' | 'time';
  options: FieldOption[];
  required: boolean;
  maxLength: number | undefined;
  placeholder: string | undefined;
  dependsOn: { id: number; value: string } | null;
}

const param = (field: InputField, name: string) => field.inputFieldParams.find((p) => p.name === name)?.value;

export function profileFields(item: OrderableItem): ProfileField[] {
  return item.inputFields
    .filter((field) => field.inputType === 'ProfileSpecific')
    .map((field) => {
      const control = (param(field, 'type') ?? 'text') as ProfileField['control'];
      const maxLength = Number(param(field, 'maxLength')) || (control === 'date' ? 10 : undefined);
      const depends = param(field, 'dependsOn')?.split('=');
      return {
        field,
        control,
        options: field.inputFieldParams
          .filter((p) => p.name.startsWith('option:'))
          .map((p) => ({ value: p.name.slice('option:'.length), label: p.value })),
        required: param(field, 'required') === 'true',
        maxLength,
        placeholder: control === 'date' ? 'mm/dd/yyyy' : param(field, 'placeholder'),
        dependsOn:
          depends && depends.length === 2 ? { id: Number(depends[0]), value: depends[1] as string } : null,
      };
    });
}

export const isFieldShown = (field: ProfileField, selection: TestSelection): boolean =>
  !field.dependsOn || selection.fields[field.dependsOn.id] === field.dependsOn.value;

/** spec 1 §4.4: chelation provocation (the post-provocation marker) changes a Medicare order's billing. */
export const choosesProvocation = (selection: TestSelection): boolean =>
  Object.values(selection.fields).includes('@POST');

// ------------------------------------------------------------------------------------------------------------
// Validation and the saved body.

export interface SelectionContext {
  item: OrderableItem;
  practitionerUser: boolean;
  medicare: boolean;
}

export interface SelectionErrors {
  test?: string;
  medicare?: string;
  medicalNecessity?: string;
  fields: Record<number, string>;
}

export const hasErrors = (errors: SelectionErrors) =>
  Boolean(errors.test || errors.medicare || errors.medicalNecessity || Object.keys(errors.fields).length > 0);

/** spec 1 §5 'Panel selection' rules for one requisition. */
export function validateSelection(selection: TestSelection, context: SelectionContext): SelectionErrors {
  const errors: SelectionErrors = { fields: {} };
  if ((selection.panel === null || selection.panel === 0) && selection.components.length === 0) {
    errors.test = PANEL_MESSAGES.selectTest;
  }
  if (context.medicare && !isMedicareEligibleItem(context.item)) {
    errors.medicare = medicareNotAvailableMessage(context.item.name);
  }
  if (context.practitionerUser && context.medicare && !selection.medicalNecessity) {
    errors.medicalNecessity = PANEL_MESSAGES.medicalNecessityRequired;
  }
  for (const field of profileFields(context.item)) {
    if (field.required && isFieldShown(field, selection) && !selection.fields[field.field.id]?.trim()) {
      errors.fields[field.field.id] = PANEL_MESSAGES.fillOutField;
    }
  }
  return errors;
}

export interface BodyContext {
  order: Pick<GearOrder, 'id' | 'version'> & Partial<Pick<GearOrder, 'dateMedicalNecessityAcknowledged'>>;
  item: OrderableItem;
  requisitionId: number | null;
  orderType: OrderType;
  reqNumber: string | null;
  activationCode: string | null;
  billingMethod: BillingMethod | null;
  practitionerUser: boolean;
  medicare: boolean;
  now: () => Date;
}

/** The body of PUT /gear/testSelection for one requisition (spec 1 §7). */
export function singleSelectionBody(selection: TestSelection, context: BodyContext): SingleSelectionBody {
  const shown = profileFields(context.item).filter((f) => isFieldShown(f, selection));
  const profileSpecificFields: SingleRequisitionBody['profileSpecificFields'] = shown
    .map((f) => ({ id: f.field.id, value: selection.fields[f.field.id]?.trim() ?? '' }))
    .filter((f) => f.value !== '');
  if (context.practitionerUser) {
    profileSpecificFields.push({
      id: RESUBMITTAL_FIELD_ID,
      value: resubmittalValue(selection.resubmittalId),
    });
  }
  const acknowledged =
    context.practitionerUser && context.medicare && selection.medicalNecessity
      ? (context.order.dateMedicalNecessityAcknowledged ?? context.now().toISOString())
      : context.medicare
        ? context.order.dateMedicalNecessityAcknowledged
        : null;
  return {
    id: context.order.id,
    version: context.order.version,
    dateMedicalNecessityAcknowledged: acknowledged ?? null,
    requisitions: [
      {
        id: context.requisitionId,
        omsOrderableItemId: context.item.id,
        panel: selection.panel,
        components: selection.components,
        addons: selection.addons,
        profileSpecificFields,
        patientInstructions: selection.patientInstructions.trim() || null,
        dropShip: context.orderType === 'dropShip',
        shipToOffice: false,
        covidRegistration: context.orderType === 'covidRegistration',
        noCardActivation: context.orderType === 'noCardRegistration',
        reqNumber: context.reqNumber,
        activationCode: context.activationCode,
        billingMethod: context.billingMethod,
      },
    ],
  };
}

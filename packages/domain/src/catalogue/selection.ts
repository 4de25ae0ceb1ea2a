import type { InputField, OrderableItem, Profile, TestPreselection } from '../contract/catalogue.ts';
import type { FieldError } from '../contract/errors.ts';
import type { AddOnSelection } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { INPUT_FIELD_PARAM, isFlagParam, paramValues } from './input-field-params.ts';

type ItemProfiles = Pick<OrderableItem, 'profileList'>;

export interface PanelSelection {
  panel: number | null;
  components: number[];
}

export interface TestSelection extends PanelSelection {
  addons: AddOnSelection[];
}

export const findPanel = (item: ItemProfiles, panelId: number): Profile | undefined =>
  item.profileList.find((profile) => profile.id === panelId);

export const componentIdsOf = (profile: Pick<Profile, 'profileComponents'>): number[] =>
  profile.profileComponents.map((component) => component.id);

/** spec 1 §4.4: 'Selecting a panel sets the components to that panel's components; clearing it clears them.' */
export function selectPanel(item: ItemProfiles, panelId: number | null): PanelSelection {
  const profile = panelId === null ? undefined : findPanel(item, panelId);
  return profile
    ? { panel: profile.id, components: componentIdsOf(profile) }
    : { panel: null, components: [] };
}

const sameIds = (a: readonly number[], b: readonly number[]): boolean => {
  const wanted = new Set(a);
  return wanted.size === new Set(b).size && b.every((id) => wanted.has(id));
};

/** spec 1 §4.4: 'Selecting components selects a display-only panel if the components match one.' */
export function displayOnlyPanelMatching(item: ItemProfiles, components: readonly number[]): number | null {
  if (components.length === 0) return null;
  const match = item.profileList.find(
    (profile) => profile.displayOnly && sameIds(componentIdsOf(profile), components),
  );
  return match?.id ?? null;
}

/** The item's base panel (param basePanel 'true'), else its first panel that is not display-only. */
export const basePanelOf = (item: ItemProfiles): Profile | null =>
  item.profileList.find((profile) => isFlagParam(profile, INPUT_FIELD_PARAM.basePanel)) ??
  item.profileList.find((profile) => !profile.displayOnly) ??
  null;

/** The selection of a product taken as a whole: its base panel with all its components. */
export const defaultSelection = (item: ItemProfiles): PanelSelection =>
  selectPanel(item, basePanelOf(item)?.id ?? null);

/** The panels a user may tick: all but the display-only ones (spec 1 §4.4). */
export const selectableProfiles = (item: ItemProfiles): Profile[] =>
  item.profileList.filter((profile) => !profile.displayOnly);

/**
 * The panel a set of ticked components stands for (spec 1 §4.4): a selectable panel with exactly these components;
 * else a display-only panel that matches; else the selectable panel holding them all (the current one first); else
 * 0, an à-la-carte choice. No components, no panel.
 */
export function panelForComponents(
  item: ItemProfiles,
  components: readonly number[],
  current: number | null,
): number | null {
  if (components.length === 0) return null;
  const selectable = selectableProfiles(item);
  const exact = selectable.find((profile) => sameIds(componentIdsOf(profile), components));
  if (exact) return exact.id;
  const displayOnly = displayOnlyPanelMatching(item, components);
  if (displayOnly !== null) return displayOnly;
  const holding = [...selectable]
    .sort((a, b) => Number(b.id === current) - Number(a.id === current))
    .find((profile) => components.every((id) => componentIdsOf(profile).includes(id)));
  return holding?.id ?? 0;
}

/**
 * spec 1 §4.4 'Paperless requisitions (patients): the tests are preselected and locked; the base panel is used when
 * the provider did not order.' Add-ons carry no CPT quantity (patients do not answer Medicare).
 */
export function paperlessSelection(
  item: ItemProfiles,
  preselection: TestPreselection | null | undefined,
): TestSelection {
  if (preselection && isTestSelected(preselection)) {
    return {
      panel: preselection.panel,
      components: [...preselection.components],
      addons: preselection.addons.map((id) => ({ omsInputFieldID: id, cptQuantity: null })),
    };
  }
  return { ...defaultSelection(item), addons: [] };
}

/** The ids of the components a display-only panel stands for (its repeated 'component' params). */
export const displayOnlyComponentIds = (panel: Pick<InputField, 'inputFieldParams'>): number[] =>
  paramValues(panel, INPUT_FIELD_PARAM.component).map(Number);

/** Every add-on offered with the item, once each, in the order of its profiles. */
export function addOnsOfItem(item: ItemProfiles): InputField[] {
  const byId = new Map<number, InputField>();
  for (const profile of item.profileList) {
    for (const addOn of profile.addOnList) if (!byId.has(addOn.id)) byId.set(addOn.id, addOn);
  }
  return [...byId.values()];
}

/** spec 1 §5: 'Add-ons whose name contains SARS are hidden unless the order is ship-to-office.' */
export const isAddOnShown = (addOn: Pick<InputField, 'name'>, context: { shipToOffice: boolean }): boolean =>
  context.shipToOffice || !addOn.name.includes('SARS');

export const visibleAddOns = (item: ItemProfiles, context: { shipToOffice: boolean }): InputField[] =>
  addOnsOfItem(item).filter((addOn) => isAddOnShown(addOn, context));

/** spec 1 §5: the toxic elements clearance add-ons and the comprehensive urine elements add-ons. */
export const TOXIC_ELEMENTS_CLEARANCE_ADD_ON_IDS: readonly number[] = [5877, 5924, 6036];
export const COMPREHENSIVE_URINE_ELEMENTS_ADD_ON_IDS: readonly number[] = [5887, 5925, 6037];

/** The add-ons that may not be chosen together with this one (spec 1 §5 'mutually exclusive'). */
export function addOnsExcludedBy(addOnId: number): readonly number[] {
  if (TOXIC_ELEMENTS_CLEARANCE_ADD_ON_IDS.includes(addOnId)) return COMPREHENSIVE_URINE_ELEMENTS_ADD_ON_IDS;
  if (COMPREHENSIVE_URINE_ELEMENTS_ADD_ON_IDS.includes(addOnId)) return TOXIC_ELEMENTS_CLEARANCE_ADD_ON_IDS;
  return [];
}

export const hasAddOnExclusionConflict = (addOnIds: readonly number[]): boolean =>
  addOnIds.some((id) => addOnsExcludedBy(id).some((excluded) => addOnIds.includes(excluded)));

/**
 * Ticking or unticking an add-on. Ticking one that excludes a chosen add-on leaves the choice as it was and gives
 * the spec's warning (spec 1 §5).
 */
export function toggleAddOn(
  chosen: readonly number[],
  addOnId: number,
): { addOns: number[]; warning: string | null } {
  if (chosen.includes(addOnId)) return { addOns: chosen.filter((id) => id !== addOnId), warning: null };
  if (hasAddOnExclusionConflict([...chosen, addOnId]))
    return { addOns: [...chosen], warning: MESSAGES.addOnExclusion };
  return { addOns: [...chosen, addOnId], warning: null };
}

/** spec 1 §5: an add-on as chosen: on a Medicare order with its CPT quantity (at most the catalogue's), else none. */
export const addOnSelectionOf = (
  field: Pick<InputField, 'id' | 'cptQuantity'>,
  medicare: boolean,
): AddOnSelection => ({ omsInputFieldID: field.id, cptQuantity: medicare ? parsedCptQuantity(field) : null });

/**
 * Ticking or unticking an add-on among the chosen ones (spec 1 §5): the exclusions of toggleAddOn; a newly ticked
 * add-on takes its CPT quantity on a Medicare order; the others keep theirs.
 */
export function toggleAddOnSelection(
  chosen: readonly AddOnSelection[],
  field: Pick<InputField, 'id' | 'cptQuantity'>,
  medicare: boolean,
): { addons: AddOnSelection[]; warning: string | null } {
  const { addOns, warning } = toggleAddOn(
    chosen.map((addOn) => addOn.omsInputFieldID),
    field.id,
  );
  const addons = addOns.map(
    (id) => chosen.find((addOn) => addOn.omsInputFieldID === id) ?? addOnSelectionOf(field, medicare),
  );
  return { addons, warning };
}

/** spec 1 §5: 'A panel that is empty or '0' with no components gives 'Please select a test.'' */
export function isTestSelected(selection: {
  panel: number | string | null;
  components: readonly unknown[];
}): boolean {
  const { panel } = selection;
  const noPanel = panel === null || panel === '' || panel === 0 || panel === '0';
  return !noPanel || selection.components.length > 0;
}

/** The catalogue's CPT quantity of a field as a number (at least 1). */
export function parsedCptQuantity(field: Pick<InputField, 'cptQuantity'>): number {
  const quantity = Number.parseInt(field.cptQuantity ?? '', 10);
  return Number.isFinite(quantity) && quantity >= 1 ? quantity : 1;
}

/** spec 1 §5: 'Medicare CPT quantity input: min 1, max the parsed quantity.' */
export const cptQuantityBounds = (field: Pick<InputField, 'cptQuantity'>): { min: number; max: number } => ({
  min: 1,
  max: parsedCptQuantity(field),
});

export function isCptQuantityInBounds(quantity: number, field: Pick<InputField, 'cptQuantity'>): boolean {
  const { min, max } = cptQuantityBounds(field);
  return Number.isInteger(quantity) && quantity >= min && quantity <= max;
}

function componentErrors(item: ItemProfiles, selection: PanelSelection): FieldError[] {
  const panel = selection.panel ? findPanel(item, selection.panel) : undefined;
  if (selection.panel && !panel) return [{ field: 'panel', defaultMessage: MESSAGES.testNotOffered }];
  const offered = new Set(
    panel && !panel.displayOnly
      ? componentIdsOf(panel)
      : item.profileList.filter((profile) => !profile.displayOnly).flatMap(componentIdsOf),
  );
  return selection.components.every((id) => offered.has(id))
    ? []
    : [{ field: 'components', defaultMessage: MESSAGES.testNotOffered }];
}

function addOnErrors(item: ItemProfiles, addons: readonly AddOnSelection[], shipToOffice: boolean) {
  const shown = new Map(visibleAddOns(item, { shipToOffice }).map((addOn) => [addOn.id, addOn]));
  const errors: FieldError[] = [];
  const ids = addons.map((addOn) => addOn.omsInputFieldID);
  if (ids.some((id) => !shown.has(id)) || new Set(ids).size !== ids.length)
    errors.push({ field: 'addons', defaultMessage: MESSAGES.testNotOffered });
  if (hasAddOnExclusionConflict(ids))
    errors.push({ field: 'addons', defaultMessage: MESSAGES.addOnExclusion });
  for (const { omsInputFieldID, cptQuantity } of addons) {
    const field = shown.get(omsInputFieldID);
    if (field && cptQuantity !== null && !isCptQuantityInBounds(cptQuantity, field)) {
      errors.push({
        field: 'addons',
        defaultMessage: MESSAGES.cptQuantityOutOfRange(parsedCptQuantity(field)),
      });
    }
  }
  return errors;
}

/**
 * The selection rules of spec 1 §4.4 and §5 for one requisition: a test is chosen, the panel, components and
 * add-ons are the product's (components within the chosen panel unless it is display-only), SARS add-ons only when
 * shipping to the office, no excluded pair, CPT quantities within bounds. Fields are the requisition's.
 */
export function testSelectionErrors(
  item: ItemProfiles,
  selection: TestSelection,
  context: { shipToOffice: boolean },
): FieldError[] {
  if (!isTestSelected(selection)) return [{ field: 'panel', defaultMessage: MESSAGES.selectTest }];
  return [...componentErrors(item, selection), ...addOnErrors(item, selection.addons, context.shipToOffice)];
}

import {
  type AddOnSelection,
  addOnSelectionOf,
  type BillingMethod,
  type FieldError,
  fieldOptions,
  type GearOrder,
  INPUT_FIELD_PARAM,
  type InputField,
  isFieldShown,
  isFlagParam,
  isTestSelected,
  MESSAGES,
  medicareItemRefusal,
  normaliseResubmittalId,
  numericParam,
  type OrderableItem,
  type OrderType,
  orderTypeOfRequisition,
  type Profile,
  panelForComponents,
  paramValue,
  profileSpecificFieldErrors,
  RESUBMITTAL_ID_EMPTY_VALUE,
  RESUBMITTAL_ID_FIELD_ID,
  type Requisition,
  requiresMedicalNecessity,
  type SingleRequisitionRequest,
  type SingleTestSelectionRequest,
  type SpecificField,
  selectPanel,
  toggleAddOnSelection,
  type UserType,
  visibleAddOns,
} from '@gear/domain';

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
    if (field.id !== RESUBMITTAL_ID_FIELD_ID) fields[field.id] = field.value;
    else if (field.value !== RESUBMITTAL_ID_EMPTY_VALUE) resubmittalId = field.value;
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

/** spec 1 §4.4: selecting a panel sets its components; clearing it clears them. */
export const togglePanel = (
  selection: TestSelection,
  item: OrderableItem,
  profile: Profile,
  checked: boolean,
): TestSelection => ({ ...selection, ...selectPanel(item, checked ? profile.id : null) });

export function toggleComponent(
  selection: TestSelection,
  item: OrderableItem,
  componentId: number,
  checked: boolean,
): TestSelection {
  const components = checked
    ? [...new Set([...selection.components, componentId])]
    : selection.components.filter((c) => c !== componentId);
  return { ...selection, components, panel: panelForComponents(item, components, selection.panel) };
}

/** spec 1 §5 exclusions: an excluded add-on is not added and the spec's warning is given. */
export function toggleAddOn(
  selection: TestSelection,
  field: InputField,
  medicare: boolean,
): { selection: TestSelection; warning: string | null } {
  const { addons, warning } = toggleAddOnSelection(selection.addons, field, medicare);
  return { selection: { ...selection, addons }, warning };
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
export function withMedicare(
  selection: TestSelection,
  item: OrderableItem,
  medicare: boolean,
): TestSelection {
  const offered = visibleAddOns(item, { shipToOffice: false });
  return {
    ...selection,
    addons: selection.addons.map((a) => {
      const field = offered.find((f) => f.id === a.omsInputFieldID);
      return field
        ? addOnSelectionOf(field, medicare)
        : { ...a, cptQuantity: medicare ? a.cptQuantity : null };
    }),
  };
}

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
}

const DATE_TEXT_MAX_LENGTH = 10;

/** The item's profile-specific questions, with the controls their params describe. */
export function profileFields(item: OrderableItem): ProfileField[] {
  return item.inputFields
    .filter((field) => field.inputType === 'ProfileSpecific')
    .map((field) => {
      const control = (paramValue(field, INPUT_FIELD_PARAM.type) ?? 'text') as ProfileField['control'];
      const maxLength =
        numericParam(field, INPUT_FIELD_PARAM.maxLength) ??
        (control === 'date' ? DATE_TEXT_MAX_LENGTH : undefined);
      return {
        field,
        control,
        options: fieldOptions(field).map((option) => ({ value: option.name, label: option.value })),
        required: isFlagParam(field, INPUT_FIELD_PARAM.required),
        maxLength,
        placeholder:
          control === 'date' ? 'mm/dd/yyyy' : (paramValue(field, INPUT_FIELD_PARAM.placeholder) ?? undefined),
      };
    });
}

/** The profile-specific answers as the spec's specific sample fields (id and value). */
export const answersOf = (selection: TestSelection): SpecificField[] =>
  Object.entries(selection.fields).map(([id, value]) => ({ id: Number(id), value: value.trim() }));

export const isProfileFieldShown = (field: ProfileField, selection: TestSelection): boolean =>
  isFieldShown(field.field, answersOf(selection));

/** The answers of the shown questions, without empty ones (a hidden dependant's answer is not sent). */
const shownProfileAnswers = (item: OrderableItem, selection: TestSelection): SpecificField[] =>
  profileFields(item)
    .filter((f) => isProfileFieldShown(f, selection))
    .map((f) => ({ id: f.field.id, value: selection.fields[f.field.id]?.trim() ?? '' }))
    .filter((answer) => answer.value !== '');

// ------------------------------------------------------------------------------------------------------------
// Validation and the saved body.

export interface SelectionContext {
  item: OrderableItem;
  userType: UserType;
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

const PROFILE_FIELD_ERROR = /^profileSpecificFields\.(\d+)$/;

/** The domain's profile-specific errors by input field id, the first for each. */
function fieldErrorsById(errors: readonly FieldError[]): Record<number, string> {
  const byId: Record<number, string> = {};
  for (const error of errors) {
    const id = PROFILE_FIELD_ERROR.exec(error.field)?.[1];
    if (id !== undefined && byId[Number(id)] === undefined) byId[Number(id)] = error.defaultMessage;
  }
  return byId;
}

/** spec 1 §5 'Panel selection' rules for one requisition, as the server applies them. */
export function validateSelection(selection: TestSelection, context: SelectionContext): SelectionErrors {
  const { item, medicare, userType } = context;
  const fields = item.inputFields.filter((field) => field.inputType === 'ProfileSpecific');
  return {
    test: isTestSelected(selection) ? undefined : MESSAGES.selectTest,
    medicare: medicareItemRefusal(item, medicare) ?? undefined,
    medicalNecessity:
      requiresMedicalNecessity({ userType, medicare }) && !selection.medicalNecessity
        ? MESSAGES.medicalNecessityRequired
        : undefined,
    fields: fieldErrorsById(profileSpecificFieldErrors(fields, shownProfileAnswers(item, selection))),
  };
}

export interface BodyContext {
  order: Pick<GearOrder, 'id' | 'version'> & Partial<Pick<GearOrder, 'dateMedicalNecessityAcknowledged'>>;
  item: OrderableItem;
  /** The requisition being edited: it keeps its own order type (drop ship, COVID, activation). */
  requisition: Pick<
    Requisition,
    'id' | 'shipToOffice' | 'dropShip' | 'covidRegistration' | 'noCardActivation'
  > | null;
  orderType: OrderType;
  reqNumber: string | null;
  activationCode: string | null;
  billingMethod: BillingMethod | null;
  userType: UserType;
  medicare: boolean;
  now: () => Date;
}

/** spec 1 §5: a practitioner's acknowledgement keeps its first date; leaving Medicare withdraws it. */
function acknowledgement(selection: TestSelection, context: BodyContext): string | null {
  if (!context.medicare) return null;
  const earlier = context.order.dateMedicalNecessityAcknowledged ?? null;
  if (context.userType !== 'myGDX' || !selection.medicalNecessity) return earlier;
  return earlier ?? context.now().toISOString();
}

/** The body of PUT /gear/testSelection for one requisition (spec 1 §7); governmentPayor is the Medicare answer. */
export function singleSelectionBody(
  selection: TestSelection,
  context: BodyContext,
): SingleTestSelectionRequest {
  const profileSpecificFields = shownProfileAnswers(context.item, selection);
  if (context.userType === 'myGDX') {
    profileSpecificFields.push({
      id: RESUBMITTAL_ID_FIELD_ID,
      value: normaliseResubmittalId(selection.resubmittalId),
    });
  }
  const orderType = context.requisition ? orderTypeOfRequisition(context.requisition) : context.orderType;
  const requisition: SingleRequisitionRequest = {
    id: context.requisition?.id ?? null,
    omsOrderableItemId: context.item.id,
    panel: selection.panel,
    components: selection.components,
    addons: selection.addons,
    profileSpecificFields,
    patientInstructions: selection.patientInstructions.trim() || null,
    dropShip: orderType === 'dropShip',
    shipToOffice: false,
    covidRegistration: orderType === 'covidRegistration',
    noCardActivation: orderType === 'noCardRegistration',
    reqNumber: context.reqNumber,
    activationCode: context.activationCode,
    billingMethod: context.billingMethod,
  };
  return {
    id: context.order.id,
    version: context.order.version,
    governmentPayor: context.medicare,
    dateMedicalNecessityAcknowledged: acknowledgement(selection, context),
    requisitions: [requisition],
  };
}

import {
  type BillingMethod,
  type BulkLineInput,
  type BulkTestSelectionBody,
  billingMethodForPanels,
  bulkQuantityErrors,
  completeStep,
  defaultSelection,
  type FieldError,
  type GearOrder,
  isMedicareEligibleItem,
  isPackCapApplied,
  isTestSelected,
  keepsPaperlessSelection,
  MESSAGES,
  medicareRefusal,
  needsPractitionerGdxId,
  needsSelectionPriceIncreaseConfirmation,
  type OrderableItem,
  orderabilityErrors,
  orderTypeOfRequisition,
  PAPERLESS_LOCKED_MESSAGE,
  type PhoneMessages,
  type Practitioner,
  packRepurposeRefusal,
  panelInputFieldsOf,
  parseRequisitionSearch,
  profileSpecificFieldErrors,
  type Requisition,
  requiresMedicalNecessity,
  type SingleRequisitionInput,
  type SingleTestSelectionBody,
  STEP_IDS,
  selectionPriceIncreaseIsPossible,
  shownAnswers,
  stepsForRequisition,
  supportsMedicareQuestion,
  testSelectionErrors,
  type UserInfo,
  updateStepApplicability,
  type WorkflowStep,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, gone, HttpError, prefixed, refuseIfAny } from '../../lib/http-error.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot.ts';
import type { OrderChanges } from '../order/order.repository.ts';
import type { SavedOrder } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan, type OrderWrite } from '../order/order-change.ts';
import { priceOfRequisition } from '../pricing/pricing.service.ts';
import {
  findPackByNumbers,
  findRequisitionsUsingPack,
  type PackRow,
  type RequisitionValues,
} from './requisition.repository.ts';
import { removedPackNotice } from './requisition-lookup.service.ts';

/**
 * The practitioner of an order a panel-selection save changes (the practitioner step comes first: 400 without one).
 * The locks (received by the lab, confirmed: 409, spec 1 §4.2) are the change core's.
 */
export function practitionerOfPanelOrder(order: SavedOrder): Practitioner {
  const { practitioner } = order;
  if (!practitioner)
    throw badRequest(MESSAGES.invalidInput, [
      { field: 'practitioner', defaultMessage: MESSAGES.invalidInput },
    ]);
  return practitioner;
}

type SavedFlags = Pick<Requisition, 'id' | 'dropShip' | 'shipToOffice'>;

/**
 * The workflow rows after panel selection saved some requisitions (spec 1 §4.1, decision 0001): a new requisition
 * brings its rows, step 2 is completed for each saved one, and shipping applies while any requisition ships packs.
 */
export function stepsAfterPanelSave(
  steps: readonly WorkflowStep[],
  savedIds: readonly number[],
  requisitionsAfter: readonly SavedFlags[],
  user: UserInfo,
): WorkflowStep[] {
  const owners = new Set(steps.map((row) => row.gearReqId));
  const added = savedIds.filter((id) => !owners.has(id)).flatMap((id) => stepsForRequisition({ id }));
  const stepDate = new Date().toISOString();
  const completed = savedIds.reduce(
    (rows, gearReqId) =>
      completeStep(rows, { id: STEP_IDS.panels, gearReqId, userType: user.type, stepDate }),
    [...steps, ...added],
  );
  return updateStepApplicability(completed, {
    requisitions: requisitionsAfter,
    containsDropShipRequisition: false,
    containsShipToOfficeRequisition: false,
  });
}

// --- Bulk (ship to office): PUT /gear/testSelection/ -------------------------------------------------------------

type BulkInput = Pick<BulkTestSelectionBody, 'id' | 'requisitions'>;

interface PlannedLine {
  existing: Requisition | null;
  values: RequisitionValues;
}

function planBulkLine(
  line: BulkLineInput,
  item: OrderableItem,
  existing: Requisition | null,
  order: SavedOrder,
  practitioner: Practitioner,
): PlannedLine {
  const selection = isTestSelected(line) ? line : { ...defaultSelection(item), addons: line.addons };
  return {
    existing,
    values: {
      orderableItemId: item.id,
      quantity: line.quantity,
      panel: selection.panel,
      components: selection.components,
      addons: selection.addons,
      patientInstructions: line.patientInstructions,
      dropShip: false,
      shipToOffice: true,
      covidRegistration: false,
      billingMethod: billingMethodForPanels({
        medicare: order.governmentPayor,
        profileSpecificFields: [],
        practitioner,
        current: existing?.billingMethod ?? null,
      }),
    },
  };
}

interface BulkPlan {
  errors: FieldError[];
  planned: PlannedLine[];
  /** The order's ship-to-office requisitions before the save. */
  bulkOnOrder: Requisition[];
  othersOnOrder: Requisition[];
}

/** Checks every line sent (quantities, products, selections) and plans the requisitions it becomes. */
function planBulkSave(
  body: BulkInput,
  order: SavedOrder,
  practitioner: Practitioner,
  catalogue: CatalogueSnapshot,
  phoneMessages: PhoneMessages,
): BulkPlan {
  const errors = bulkQuantityErrors(body.requisitions, isPackCapApplied(practitioner), phoneMessages);
  const lines = body.requisitions
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.quantity > 0);
  if (lines.length === 0) errors.push({ field: 'requisitions', defaultMessage: MESSAGES.selectTest });
  const onOrder = order.requisitions.filter((requisition) => !requisition.canceled);
  const bulkOnOrder = onOrder.filter((requisition) => requisition.shipToOffice);
  const othersOnOrder = onOrder.filter((requisition) => !requisition.shipToOffice);
  const planned: PlannedLine[] = [];
  for (const { line, index } of lines) {
    const at = `requisitions.${index}`;
    const existing =
      line.id === null ? null : (bulkOnOrder.find((requisition) => requisition.id === line.id) ?? null);
    const item = catalogue.activeItem(line.omsOrderableItemId);
    if (line.id !== null && !existing) {
      errors.push({ field: `${at}.id`, defaultMessage: MESSAGES.requisitionNotOnOrder });
      continue;
    }
    if (!item) {
      errors.push({ field: `${at}.omsOrderableItemId`, defaultMessage: MESSAGES.productNotFound });
      continue;
    }
    const plan = planBulkLine(line, item, existing, order, practitioner);
    // The other lines count as on the order: a product may be on one line only.
    const otherLines = lines
      .filter((other) => other.index !== index)
      .map((other) => ({
        id: -1 - other.index,
        omsOrderableItemId: other.line.omsOrderableItemId,
        canceled: false,
      }));
    const { panel = null, components = [], addons = [] } = plan.values;
    const lineErrors = [
      ...orderabilityErrors(item, {
        practitioner,
        orderType: 'bulk',
        recollection: order.recollectionFor !== null,
        medicare: order.governmentPayor,
        requisitionsOnOrder: [...othersOnOrder, ...otherLines],
        requisitionId: null,
      }),
      ...testSelectionErrors(item, { panel, components, addons }, { shipToOffice: true }),
    ];
    errors.push(...prefixed(lineErrors, at));
    planned.push(plan);
  }
  return { errors, planned, bulkOnOrder, othersOnOrder };
}

/**
 * The ship-to-office lines' change (spec 1 §4.4, §5): lines at 0 drop off; each line's product must be orderable as
 * Ship to Office, once per order; a line without a chosen test takes the product's base panel; the international
 * layout is capped at 25 packs. Ship-to-office requisitions not sent are removed.
 */
export function planBulkTestSelection(
  order: SavedOrder,
  user: UserInfo,
  body: BulkInput,
  facts: { catalogue: CatalogueSnapshot; phoneMessages: PhoneMessages },
): OrderChangePlan {
  const practitioner = practitionerOfPanelOrder(order);
  const { errors, planned, bulkOnOrder, othersOnOrder } = planBulkSave(
    body,
    order,
    practitioner,
    facts.catalogue,
    facts.phoneMessages,
  );
  refuseIfAny(errors);
  const keptIds = new Set(planned.flatMap(({ existing }) => (existing ? [existing.id] : [])));
  const removedIds = bulkOnOrder.filter((requisition) => !keptIds.has(requisition.id)).map((r) => r.id);
  const writes: OrderWrite[] = [
    ...(removedIds.length > 0 ? [{ kind: 'deleteRequisitions', ids: removedIds } as const] : []),
    ...planned.map(
      ({ existing, values }): OrderWrite =>
        existing
          ? { kind: 'updateRequisition', id: existing.id, values }
          : { kind: 'insertRequisition', values },
    ),
  ];
  const before = order.workflow.steps.filter(
    (row) => row.gearReqId === null || !removedIds.includes(row.gearReqId),
  );
  return {
    writes,
    steps: (inserted) => {
      const newIds = [...inserted];
      const savedIds = planned.map(({ existing }) => existing?.id ?? (newIds.shift() as number));
      const after = [
        ...othersOnOrder,
        ...savedIds.map((id) => ({ id, dropShip: false, shipToOffice: true })),
      ];
      return stepsAfterPanelSave(before, savedIds, after, user);
    },
  };
}

/** PUT /gear/testSelection/ (spec 1 §4.4, §5) through the change core (decision 0065). */
export async function saveBulkTestSelection(
  db: Db,
  user: UserInfo,
  body: BulkInput,
  phoneMessages: PhoneMessages,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const saved = await changeOrder(db, {
    user,
    subject: { orderId: body.id },
    basedOn,
    kind: ORDER_CHANGES.testSelection,
    plan: async ({ order }) =>
      planBulkTestSelection(order, user, body, { catalogue: await catalogueOf(db), phoneMessages }),
  });
  return saved.order;
}

// --- Single requisition: PUT /gear/testSelection --------------------------------------------------------------

interface PackUse {
  pack: PackRow | null;
  reqNumber: string | null;
  activationCode: string | null;
}

/**
 * The collection pack a requisition comes from, by the numbers sent or those it already has. Numbers no pack
 * carries are kept as given (a pack the portal does not know yet: unknownIdActivation). A removed pack answers 410,
 * a pack on another requisition 409, numbers of two different packs 400.
 */
async function packInUse(
  db: Db,
  input: SingleRequisitionInput,
  existing: Requisition | null,
  practitioner: Practitioner,
): Promise<PackUse> {
  const reqNumber = input.reqNumber ?? existing?.reqNumber ?? null;
  const activationCode = input.activationCode ?? existing?.activationCode ?? null;
  const pack = await findPackByNumbers(db, { reqNumber, activationCode });
  if (!pack) return { pack: null, reqNumber, activationCode };
  if (pack.removed) throw gone(removedPackNotice(pack));
  const otherPractitionersPack =
    needsPractitionerGdxId(parseRequisitionSearch(pack.reqNumber ?? '')) &&
    pack.gsdlNo !== null &&
    pack.gsdlNo !== practitioner.gsdlNo;
  if ((reqNumber && pack.reqNumber && reqNumber !== pack.reqNumber) || otherPractitionersPack) {
    const message = MESSAGES.requisitionNotFound;
    throw badRequest(message, [{ field: 'requisitions.0.reqNumber', defaultMessage: message }]);
  }
  if ((await findRequisitionsUsingPack(db, pack, existing?.id ?? null)).length > 0)
    throw conflict(MESSAGES.requisitionOnAnotherOrder);
  return {
    pack,
    reqNumber: pack.reqNumber ?? reqNumber,
    activationCode: pack.activationCode ?? activationCode,
  };
}

/** spec 1 §5 medical necessity: undefined leaves the order's acknowledgement as it is. */
function acknowledgementAfter(body: SingleInput, order: SavedOrder): Date | null {
  const sent = body.dateMedicalNecessityAcknowledged;
  if (sent === undefined)
    return order.dateMedicalNecessityAcknowledged ? new Date(order.dateMedicalNecessityAcknowledged) : null;
  if (sent === null) return null;
  return order.dateMedicalNecessityAcknowledged
    ? new Date(order.dateMedicalNecessityAcknowledged)
    : new Date();
}

/** spec 1 §4.4/§5 Medicare: the practitioner may answer Yes, and every product on the order is eligible. */
function medicareErrors(practitioner: Practitioner, others: readonly Requisition[]): FieldError[] {
  const refusal = medicareRefusal(practitioner);
  if (refusal) return [{ field: 'governmentPayor', defaultMessage: refusal }];
  return others
    .filter((requisition) => !isMedicareEligibleItem(requisition.omsOrderableItemId))
    .map((requisition) => ({
      field: 'governmentPayor',
      defaultMessage: MESSAGES.medicareNotAvailableForTest(requisition.omsOrderableItemName),
    }));
}

type SingleInput = Pick<
  SingleTestSelectionBody,
  'id' | 'governmentPayor' | 'dateMedicalNecessityAcknowledged' | 'priceIncreaseConfirmed' | 'requisitions'
>;

export interface SingleSave {
  user: UserInfo;
  order: SavedOrder;
  practitioner: Practitioner;
  input: SingleRequisitionInput;
  existing: Requisition | null;
  item: OrderableItem;
  /** The order's Medicare answer after the save. */
  medicare: boolean;
  acknowledged: Date | null;
}

/** The requisition being saved, and the product it is for (400 for ids not on the order or not in the catalogue). */
async function subjectOfSave(db: Db, order: SavedOrder, input: SingleRequisitionInput) {
  const existing =
    input.id === null
      ? null
      : (order.requisitions.find((requisition) => requisition.id === input.id) ?? null);
  if (input.id !== null && !existing) {
    const message = MESSAGES.requisitionNotOnOrder;
    throw badRequest(message, [{ field: 'requisitions.0.id', defaultMessage: message }]);
  }
  const item = (await catalogueOf(db)).activeItem(input.omsOrderableItemId);
  if (!item) {
    const message = MESSAGES.productNotFound;
    throw badRequest(message, [{ field: 'requisitions.0.omsOrderableItemId', defaultMessage: message }]);
  }
  return { existing, item };
}

/** A ship-to-office requisition stays one (its lines are saved in bulk); others take the flags sent. */
const flagsOf = ({ input, existing }: Pick<SingleSave, 'input' | 'existing'>) => {
  const shipToOffice = existing?.shipToOffice ?? false;
  return {
    shipToOffice,
    dropShip: shipToOffice ? false : input.dropShip,
    covidRegistration: input.covidRegistration,
    noCardActivation: input.noCardActivation,
  };
};

const otherRequisitions = ({ order, existing }: Pick<SingleSave, 'order' | 'existing'>) =>
  order.requisitions.filter((requisition) => requisition.id !== existing?.id && !requisition.canceled);

/**
 * spec 1 §5 'Medicare support requires a prc user, a practitioner who has Medicare, an eligible item, and the
 * practitioner being the authorizing doctor': a patient may turn an order into a Medicare order only then (the
 * practitioner's own Medicare answer on the order stays as it is).
 */
function patientMedicareErrors({ user, order, practitioner, item, medicare }: SingleSave): FieldError[] {
  if (user.type !== 'prc' || !medicare || order.governmentPayor) return [];
  return supportsMedicareQuestion({ userType: user.type, practitioner, itemId: item.id })
    ? []
    : [{ field: 'governmentPayor', defaultMessage: MESSAGES.medicareNotOffered }];
}

function singleSaveErrors(save: SingleSave): FieldError[] {
  const { user, order, practitioner, input, existing, item, medicare } = save;
  const flags = flagsOf(save);
  const needsAcknowledgement =
    requiresMedicalNecessity({ userType: user.type, medicare }) && !save.acknowledged;
  return [
    ...(medicare ? medicareErrors(practitioner, otherRequisitions(save)) : []),
    ...(needsAcknowledgement
      ? [{ field: 'dateMedicalNecessityAcknowledged', defaultMessage: MESSAGES.medicalNecessityRequired }]
      : []),
    ...prefixed(
      [
        ...orderabilityErrors(item, {
          practitioner,
          orderType: orderTypeOfRequisition(flags),
          recollection: order.recollectionFor !== null,
          medicare,
          requisitionsOnOrder: order.requisitions,
          requisitionId: existing?.id ?? null,
        }),
        ...testSelectionErrors(item, input, { shipToOffice: flags.shipToOffice }),
        ...profileSpecificFieldErrors(panelInputFieldsOf(item), input.profileSpecificFields),
      ],
      'requisitions.0',
    ),
    ...patientMedicareErrors(save),
  ];
}

function requisitionValues(
  save: SingleSave,
  { pack, reqNumber, activationCode }: PackUse,
): RequisitionValues {
  const { input, existing, item, practitioner } = save;
  const profileSpecificFields = shownAnswers(panelInputFieldsOf(item), input.profileSpecificFields);
  return {
    ...flagsOf(save),
    orderableItemId: item.id,
    panel: input.panel,
    components: input.components,
    addons: input.addons,
    profileSpecificFields,
    patientInstructions: input.patientInstructions,
    catalogueRequisitionId: pack?.id ?? null,
    reqNumber,
    activationCode,
    paperless: pack?.paperless ?? false,
    repurposedCollectionPack:
      pack && pack.orderableItemId !== item.id
        ? { reqNumber: pack.reqNumber, activationCode: pack.activationCode, gearReqId: existing?.id ?? null }
        : null,
    billingMethod: billingMethodForPanels({
      medicare: save.medicare,
      profileSpecificFields,
      practitioner,
      current: existing?.billingMethod ?? null,
    }),
  };
}

/** spec 1 §4.4: 'Other requisitions on the order get the same billing method when the flag changes.' */
function rebilledOthers(save: SingleSave): { id: number; billingMethod: string | null }[] {
  if (save.medicare === save.order.governmentPayor) return [];
  return otherRequisitions(save).flatMap((other) => {
    const billingMethod = billingMethodForPanels({
      medicare: save.medicare,
      profileSpecificFields: other.profileSpecificFields,
      practitioner: save.practitioner,
      current: other.billingMethod,
    });
    return billingMethod === other.billingMethod ? [] : [{ id: other.id, billingMethod }];
  });
}

/**
 * spec 1 §4.4 repurpose: a pack used for another test than its own is a practitioner's choice, for a test of the
 * pack's specimen (decision 0047); a requisition already saved that way keeps its test.
 */
async function refuseRepurposeNotAllowed(db: Db, save: SingleSave, { pack }: PackUse) {
  if (!pack || pack.orderableItemId === save.item.id) return;
  if (save.existing?.omsOrderableItemId === save.item.id && save.existing.repurposedCollectionPack) return;
  const packItem = (await catalogueOf(db)).item(pack.orderableItemId);
  const refusal = packItem
    ? packRepurposeRefusal(packItem, save.item, save.user.type)
    : MESSAGES.repurposeSpecimenMismatch;
  if (refusal)
    throw badRequest(refusal, [{ field: 'requisitions.0.omsOrderableItemId', defaultMessage: refusal }]);
}

/**
 * spec 1 §4.4 price-increase confirmation: a practitioner's change of the tests of a requisition the patient already
 * confirmed, which raises its price under its billing method, needs 'Yes' first (the body's priceIncreaseConfirmed);
 * without it the save answers 409 with the field priceIncreaseConfirmed, and nothing is written (decision 0045).
 */
async function refuseUnconfirmedPriceIncrease(
  db: Db,
  save: SingleSave,
  values: RequisitionValues,
  confirmed: boolean,
) {
  const { order, user, existing } = save;
  if (confirmed || !existing) return;
  // requisitionValues takes the billing method from billingMethodForPanels: one of the spec's names.
  const billingMethod = (values.billingMethod ?? null) as BillingMethod | null;
  const facts = { order, user, requisition: { paymentInfo: existing.paymentInfo, billingMethod } };
  if (!billingMethod || !selectionPriceIncreaseIsPossible(facts)) return;
  const changed: Requisition = {
    ...existing,
    omsOrderableItemId: values.orderableItemId ?? existing.omsOrderableItemId,
    panel: values.panel ?? null,
    components: values.components ?? [],
    addons: values.addons ?? [],
  };
  const [before, after] = await Promise.all([
    existing.billingMethod ? priceOfRequisition(db, order, existing, existing.billingMethod) : null,
    priceOfRequisition(db, order, changed, billingMethod),
  ]);
  const change = { fromPriceCents: before?.price ?? null, toPriceCents: after.price };
  if (!needsSelectionPriceIncreaseConfirmation({ ...facts, change })) return;
  const message = MESSAGES.priceIncreaseNeedsConfirmation;
  throw new HttpError(409, message, [{ field: 'priceIncreaseConfirmed', defaultMessage: message }]);
}

/**
 * The single test selection's change once its pack and prices are checked (spec 1 §4.4, §5): the requisition's
 * values, the order's Medicare answer and acknowledgement, the other requisitions re-billed when the Medicare answer
 * changes, and panel selection completed for the requisition (a new one brings its workflow rows).
 */
export function planSingleTestSelection(save: SingleSave, values: RequisitionValues): OrderChangePlan {
  const { order, user, existing } = save;
  const flags = flagsOf(save);
  const changes: OrderChanges = {
    governmentPayor: save.medicare,
    dateMedicalNecessityAcknowledged: save.acknowledged,
    myGDXKitOrder: order.myGDXKitOrder || (flags.dropShip && user.type === 'myGDX'),
    covidRegistration: order.covidRegistration || flags.covidRegistration,
  };
  const rebilled = rebilledOthers(save).map(
    ({ id, billingMethod }): OrderWrite => ({ kind: 'updateRequisition', id, values: { billingMethod } }),
  );
  const steps = order.workflow.steps;
  const stepsAfter = (savedId: number) =>
    stepsAfterPanelSave(steps, [savedId], [...otherRequisitions(save), { id: savedId, ...flags }], user);
  if (existing)
    return {
      changes,
      writes: [{ kind: 'updateRequisition', id: existing.id, values }, ...rebilled],
      steps: stepsAfter(existing.id),
    };
  // A new requisition: its id (from the insert) keys its workflow rows.
  return {
    changes,
    writes: [{ kind: 'insertRequisition', values }, ...rebilled],
    steps: ([savedId]) => stepsAfter(savedId as number),
  };
}

/**
 * PUT /gear/testSelection (spec 1 §4.4, §5) through the change core (decision 0065): one requisition's product,
 * panel, components, add-ons, profile-specific answers, patient instructions and pack numbers, with the order's
 * Medicare answer (governmentPayor) and medical-necessity acknowledgement.
 */
export async function saveSingleTestSelection(
  db: Db,
  user: UserInfo,
  body: SingleInput,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const saved = await changeOrder(db, {
    user,
    subject: { orderId: body.id },
    basedOn,
    kind: ORDER_CHANGES.testSelection,
    plan: async ({ order }) => {
      const practitioner = practitionerOfPanelOrder(order);
      const [input] = body.requisitions;
      if (!input) throw badRequest(MESSAGES.invalidInput);
      const { existing, item } = await subjectOfSave(db, order, input);
      if (!keepsPaperlessSelection(user, existing, input))
        throw badRequest(PAPERLESS_LOCKED_MESSAGE, [
          { field: 'requisitions.0.panel', defaultMessage: PAPERLESS_LOCKED_MESSAGE },
        ]);
      const save: SingleSave = {
        user,
        order,
        practitioner,
        input,
        existing,
        item,
        medicare: body.governmentPayor ?? order.governmentPayor,
        acknowledged: acknowledgementAfter(body, order),
      };
      refuseIfAny(singleSaveErrors(save));
      const packUse = await packInUse(db, input, existing, practitioner);
      await refuseRepurposeNotAllowed(db, save, packUse);
      const values = requisitionValues(save, packUse);
      await refuseUnconfirmedPriceIncrease(db, save, values, body.priceIncreaseConfirmed === true);
      return planSingleTestSelection(save, values);
    },
  });
  return saved.order;
}

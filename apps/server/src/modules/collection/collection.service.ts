import {
  type CollectionNotes,
  collectionAnswersToKeep,
  collectionValueErrors,
  completeStep,
  DROP_SHIP_INSTRUCTION_MESSAGES,
  type DropShipInstructionsBody,
  type GearOrder,
  MESSAGES,
  markStepInProgress,
  mayEditCollectionNotes,
  type OrderableItem,
  panelInputFieldsOf,
  profileSpecificFieldErrors,
  type Requisition,
  readCalendarDate,
  type SampleCollectionBody,
  STEP_IDS,
  shownAnswers,
  showsDropShipInstructions,
  type UserInfo,
  validateDropShipInstructions,
  validateSampleCollection,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, refuseIfAny } from '../../lib/http-error.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import type { SavedOrder } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';

/** The requisition a body names on the order (400 when it is not there: the body is wrong, not the address). */
function requisitionOn(order: SavedOrder, id: number, field: string): Requisition {
  const requisition = order.requisitions.find((candidate) => candidate.id === id && !candidate.canceled);
  if (!requisition) {
    throw badRequest(MESSAGES.requisitionNotOnOrder, [
      { field, defaultMessage: MESSAGES.requisitionNotOnOrder },
    ]);
  }
  return requisition;
}

async function productOf(db: Db, requisition: Requisition): Promise<OrderableItem> {
  const item = (await catalogueOf(db)).item(requisition.omsOrderableItemId);
  if (!item) throw badRequest(MESSAGES.productNotFound);
  return item;
}

/** spec 2 §6: patients read the notes; only practitioners and their staff change them. */
const notesAfter = (user: UserInfo, sent: CollectionNotes, requisition: Requisition): CollectionNotes =>
  mayEditCollectionNotes(user)
    ? {
        patientInstructions: sent.patientInstructions,
        clinicalFindings: sent.clinicalFindings,
        routeNumber: sent.routeNumber,
      }
    : {
        patientInstructions: requisition.patientInstructions,
        clinicalFindings: requisition.clinicalFindings,
        routeNumber: requisition.routeNumber,
      };

type SampleCollectionInput = Omit<SampleCollectionBody, 'version'>;

/**
 * The sample collection's change (spec 2 §3, §5, §7; decision 0031): the answer to 'whether the last sample has been
 * collected', on Yes the date (within the window, counted from the lab's today) and the product's collection fields,
 * the profile-specific answers when sent, and the notes. Yes completes step 5 of the requisition; No leaves it In
 * Progress, to be finished once the sample is collected.
 */
export function planSampleCollection(
  order: SavedOrder,
  user: UserInfo,
  body: SampleCollectionInput,
  facts: { today: string; item: OrderableItem },
): OrderChangePlan {
  const { today, item } = facts;
  const requisition = requisitionOn(order, body.id, 'id');
  const notes = notesAfter(user, body, requisition);
  const collected = body.lastSampleCollected === true;
  const answers = {
    lastSampleCollected: body.lastSampleCollected,
    dateLastSampleCollected: collected ? body.dateLastSampleCollected : null,
    sampleCollectionData: collected ? body.sampleCollectionData : [],
    ...notes,
  };
  const panelFields = panelInputFieldsOf(item);
  refuseIfAny([
    ...validateSampleCollection(answers, { today, requisition, item }),
    ...collectionValueErrors(item, answers.sampleCollectionData),
    ...(body.profileSpecificFields
      ? profileSpecificFieldErrors(panelFields, body.profileSpecificFields)
      : []),
  ]);
  const values = {
    dateLastSampleCollected: answers.dateLastSampleCollected
      ? readCalendarDate(answers.dateLastSampleCollected)
      : null,
    sampleCollectionData: collectionAnswersToKeep(item, answers.sampleCollectionData),
    ...(body.profileSpecificFields
      ? { profileSpecificFields: shownAnswers(panelFields, body.profileSpecificFields) }
      : {}),
    ...notes,
  };
  const mark = {
    id: STEP_IDS.collection,
    gearReqId: requisition.id,
    userType: user.type,
    stepDate: new Date().toISOString(),
  };
  const steps = order.workflow.steps;
  return {
    writes: [{ kind: 'updateRequisition', id: requisition.id, values }],
    steps: collected ? completeStep(steps, mark) : markStepInProgress(steps, mark),
  };
}

/** PUT /gear/sampleCollection (spec 2 §7; decision 0031) through the change core (decision 0065). */
export async function saveSampleCollection(
  db: Db,
  user: UserInfo,
  body: SampleCollectionInput,
  today: string,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const saved = await changeOrder(db, {
    user,
    subject: { orderId: body.gearOrderId },
    basedOn,
    kind: ORDER_CHANGES.sampleCollection,
    plan: async ({ order }) => {
      const item = await productOf(db, requisitionOn(order, body.id, 'id'));
      return planSampleCollection(order, user, body, { today, item });
    },
  });
  return saved.order;
}

type DropShipInstructionsInput = Omit<DropShipInstructionsBody, 'version'>;

/**
 * The drop-ship instructions' change (spec 2 §2, §7): the practitioner's notes for a drop-ship requisition that has no
 * requisition number yet. The collection itself is the patient's, later: step 5 is In Progress (a step already
 * completed stays so).
 */
export function planDropShipInstructions(
  order: SavedOrder,
  user: UserInfo,
  body: DropShipInstructionsInput,
): OrderChangePlan {
  const requisition = requisitionOn(order, body.gearReqId, 'gearReqId');
  if (!showsDropShipInstructions(user, requisition)) {
    const message = DROP_SHIP_INSTRUCTION_MESSAGES.notDropShip;
    throw badRequest(message, [{ field: 'gearReqId', defaultMessage: message }]);
  }
  const notes: CollectionNotes = {
    patientInstructions: body.patientInstructions,
    clinicalFindings: body.clinicalFindings,
    routeNumber: body.routeNumber,
  };
  refuseIfAny(validateDropShipInstructions(notes));
  const steps = order.workflow.steps;
  const row = steps.find((step) => step.id === STEP_IDS.collection && step.gearReqId === requisition.id);
  return {
    writes: [{ kind: 'updateRequisition', id: requisition.id, values: notes }],
    steps:
      row && !row.completed
        ? markStepInProgress(steps, {
            id: STEP_IDS.collection,
            gearReqId: requisition.id,
            userType: user.type,
            stepDate: new Date().toISOString(),
          })
        : steps,
  };
}

/** PUT /gear/dropShipInstructions (spec 2 §2, §7): myGDX users only (403 otherwise), through the change core. */
export async function saveDropShipInstructions(
  db: Db,
  user: UserInfo,
  body: DropShipInstructionsInput,
  basedOn: number | undefined,
): Promise<GearOrder> {
  if (user.type !== 'myGDX') throw forbidden(MESSAGES.forbidden);
  const saved = await changeOrder(db, {
    user,
    subject: { orderId: body.gearOrderId },
    basedOn,
    kind: ORDER_CHANGES.sampleCollection,
    plan: ({ order }) => planDropShipInstructions(order, user, body),
  });
  return saved.order;
}

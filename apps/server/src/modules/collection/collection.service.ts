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
import { claimOrder, orderToChange, type SavedOrder } from '../../lib/order-write.ts';
import { transaction } from '../../lib/transaction.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { saveWorkflowSteps } from '../order/order.repository.ts';
import { savedOrder } from '../order/order.service.ts';
import { updateRequisition } from '../requisition/requisition.repository.ts';

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

/**
 * PUT /gear/sampleCollection (spec 2 §3, §5, §7; decision 0031): the answer to 'whether the last sample has been
 * collected', on Yes the date (within the window, counted from the lab's today) and the product's collection fields,
 * the profile-specific answers when sent, and the notes. Yes completes step 5 of the requisition; No leaves it In
 * Progress, to be finished once the sample is collected.
 */
export async function saveSampleCollection(
  db: Db,
  user: UserInfo,
  body: SampleCollectionBody,
  today: string,
): Promise<GearOrder> {
  const order = await orderToChange(db, user, body.gearOrderId);
  const requisition = requisitionOn(order, body.id, 'id');
  const item = await productOf(db, requisition);
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

  await transaction(db, async (tx) => {
    await claimOrder(tx, order, body.version);
    await updateRequisition(tx, requisition.id, {
      dateLastSampleCollected: answers.dateLastSampleCollected
        ? readCalendarDate(answers.dateLastSampleCollected)
        : null,
      sampleCollectionData: collectionAnswersToKeep(item, answers.sampleCollectionData),
      ...(body.profileSpecificFields
        ? { profileSpecificFields: shownAnswers(panelFields, body.profileSpecificFields) }
        : {}),
      ...notes,
    });
    const mark = {
      id: STEP_IDS.collection,
      gearReqId: requisition.id,
      userType: user.type,
      stepDate: new Date().toISOString(),
    };
    const steps = order.workflow.steps;
    const after = collected ? completeStep(steps, mark) : markStepInProgress(steps, mark);
    await saveWorkflowSteps(tx, order.id, steps, after);
  });
  return savedOrder(db, order.id);
}

/**
 * PUT /gear/dropShipInstructions (spec 2 §2, §7): the practitioner's notes for a drop-ship requisition that has no
 * requisition number yet (myGDX only, 403 otherwise). The collection itself is the patient's, later: step 5 is In
 * Progress (a step already completed stays so).
 */
export async function saveDropShipInstructions(
  db: Db,
  user: UserInfo,
  body: DropShipInstructionsBody,
): Promise<GearOrder> {
  if (user.type !== 'myGDX') throw forbidden(MESSAGES.forbidden);
  const order = await orderToChange(db, user, body.gearOrderId);
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

  await transaction(db, async (tx) => {
    await claimOrder(tx, order, body.version);
    await updateRequisition(tx, requisition.id, notes);
    const steps = order.workflow.steps;
    const row = steps.find((step) => step.id === STEP_IDS.collection && step.gearReqId === requisition.id);
    if (row && !row.completed) {
      const after = markStepInProgress(steps, {
        id: STEP_IDS.collection,
        gearReqId: requisition.id,
        userType: user.type,
        stepDate: new Date().toISOString(),
      });
      await saveWorkflowSteps(tx, order.id, steps, after);
    }
  });
  return savedOrder(db, order.id);
}

import type {
  IdCardAttachmentType,
  PatientInfo,
  SavedOrder,
  ShippingInformation,
  WorkflowStep,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  billRequisitionsToMedicare,
  deleteAttachments,
  replaceAttachment,
} from '../insurance/insurance.repository.ts';
import { type CreateRecollection, createRecollection } from '../recollect/recollect.repository.ts';
import { cancelRequisitionsOf, insertOrderLike, moveRequisition } from '../removal/removal.repository.ts';
import {
  deleteRequisitions,
  insertRequisition,
  nextRequisitionPosition,
  type RequisitionValues,
  updateRequisition,
} from '../requisition/requisition.repository.ts';
import { saveWorkflowSteps } from './order.repository.ts';

/** A row a change writes besides the order's own facts, as data (so plans are pure and tested without a database). */
export type OrderWrite =
  | { kind: 'updateRequisition'; id: number; values: Partial<RequisitionValues> }
  /** A new requisition after the order's last one; the plan's steps receive its id. */
  | { kind: 'insertRequisition'; values: RequisitionValues }
  /** Requisitions removed with their workflow rows (ON DELETE CASCADE). */
  | { kind: 'deleteRequisitions'; ids: readonly number[] }
  /** Every requisition of the order canceled (frees their packs). */
  | { kind: 'cancelRequisitions' }
  /** spec 2 §4 Medicare/Tricare Yes: every requisition not canceled billed 'Medicare or Tricare'. */
  | { kind: 'billRequisitionsToMedicare' }
  /** An ID-card slot pointed at a stored file; the slot's previous file is to be deleted once committed. */
  | {
      kind: 'replaceAttachment';
      type: IdCardAttachmentType;
      storageKey: string;
      contentType: string;
      sizeBytes: number;
    }
  /** ID-card slots emptied; their files are to be deleted once committed. */
  | { kind: 'deleteAttachments'; types: readonly IdCardAttachmentType[] }
  | { kind: 'audit'; actor: string; action: string; detail: Record<string, unknown> }
  /** A recollection order linked to this one, and its recollections rows (decision 0252). */
  | CreateRecollection
  /** A requisition with its workflow rows moved to a new order like this one, whose rows become `steps`. */
  | {
      kind: 'moveToNewOrder';
      gearReqId: number;
      createdByUserId: number | null;
      steps: readonly WorkflowStep[];
    }
  /**
   * spec 3 §4 Transfer (decision 0290): requisitions, with their workflow rows, moved to a new order like this one for
   * another patient, whose rows become `steps`.
   */
  | {
      kind: 'transferToNewOrder';
      gearReqIds: readonly number[];
      createdByUserId: number | null;
      patientInfo: PatientInfo;
      shippingInformation: ShippingInformation | null;
      steps: readonly WorkflowStep[];
    };

/** What the writes leave for the caller: a new order's id, files to delete from storage. */
export interface WriteOutcome {
  newOrderId: number | null;
  removedStorageKeys: string[];
}

interface WriteState {
  inserted: number[];
  outcome: WriteOutcome;
  position: { next: number | null };
}

/** Runs one write inside the transaction that claimed the order's version. */
export async function runOrderWrite(tx: Db, order: SavedOrder, write: OrderWrite, state: WriteState) {
  switch (write.kind) {
    case 'updateRequisition':
      await updateRequisition(tx, write.id, write.values);
      return;
    case 'insertRequisition': {
      state.position.next ??= await nextRequisitionPosition(tx, order.id);
      state.inserted.push(await insertRequisition(tx, order.id, state.position.next++, write.values));
      return;
    }
    case 'deleteRequisitions':
      await deleteRequisitions(tx, order.id, write.ids);
      return;
    case 'cancelRequisitions':
      await cancelRequisitionsOf(tx, order.id);
      return;
    case 'billRequisitionsToMedicare':
      await billRequisitionsToMedicare(tx, order.id);
      return;
    case 'replaceAttachment': {
      const { kind: _kind, ...values } = write;
      const previous = await replaceAttachment(tx, { orderId: order.id, ...values });
      if (previous !== null && previous !== write.storageKey) state.outcome.removedStorageKeys.push(previous);
      return;
    }
    case 'deleteAttachments':
      state.outcome.removedStorageKeys.push(...(await deleteAttachments(tx, order.id, write.types)));
      return;
    case 'audit':
      await recordAudit(tx, {
        orderId: order.id,
        actor: write.actor,
        action: write.action,
        detail: write.detail,
      });
      return;
    case 'createRecollection':
      state.outcome.newOrderId = await createRecollection(tx, order, write);
      return;
    case 'moveToNewOrder': {
      const created = await insertOrderLike(tx, order, write.createdByUserId);
      await moveRequisition(tx, write.gearReqId, created);
      const movedRows = order.workflow.steps.filter((row) => row.gearReqId === write.gearReqId);
      await saveWorkflowSteps(tx, created, movedRows, write.steps);
      state.outcome.newOrderId = created;
      return;
    }
    case 'transferToNewOrder': {
      // The new patient's order starts without the original patient's insurance (decision 0290).
      const created = await insertOrderLike(tx, order, write.createdByUserId, {
        patientInfo: write.patientInfo,
        shippingInformation: write.shippingInformation,
        insurance: null,
        secondaryInsurance: null,
      });
      for (const [position, gearReqId] of write.gearReqIds.entries())
        await moveRequisition(tx, gearReqId, created, position);
      const movedRows = order.workflow.steps.filter(
        (row) => row.gearReqId !== null && write.gearReqIds.includes(row.gearReqId),
      );
      await saveWorkflowSteps(tx, created, movedRows, write.steps);
      state.outcome.newOrderId = created;
      return;
    }
  }
}

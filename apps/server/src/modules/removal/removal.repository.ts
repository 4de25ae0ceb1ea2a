import type { SavedOrder } from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { orders, requisitions, workflowSteps } from '../../db/schema/index.ts';

/** Cancels every requisition of an order (the order's own flag is set with its version). */
export const cancelRequisitionsOf = (db: Db, orderId: number) =>
  db.update(requisitions).set({ canceled: true }).where(eq(requisitions.orderId, orderId));

type NewOrderRow = typeof orders.$inferInsert;

/**
 * A new order for the same practitioner and patient as another (save for later, decision 0035): the practitioner
 * and the authority to order for them, the patient, insurance and shipping, and the order's kind. What belongs to
 * the original order's progress (confirmations, agreements of the patient, payments) starts afresh.
 */
export async function insertOrderLike(
  db: Db,
  order: SavedOrder,
  createdByUserId: number | null,
  /**
   * What the new order has of its own instead (a PITL transfer's new patient, decision 0290), or carries on besides
   * (a recollection's confirmations and its link to the original, decision 0252).
   */
  own: Partial<Pick<SavedOrder, 'patientInfo' | 'shippingInformation' | 'insurance' | 'secondaryInsurance'>> &
    Partial<
      Pick<NewOrderRow, 'dataConfirmed' | 'patientAgreement' | 'nsaAcknowledged' | 'recollectionFor'>
    > = {},
): Promise<number> {
  const { dataConfirmed, patientAgreement, nsaAcknowledged, recollectionFor, ...replaced } = own;
  const like = { ...order, ...replaced };
  const [row] = await changing(['orders'], () =>
    db
      .insert(orders)
      .values({
        practitionerGsdlNo: order.practitioner?.gsdlNo ?? null,
        onBehalfOf: order.onBehalfOf,
        practAgreement: order.practAgreement,
        practAgreementDate: order.practAgreementDate ? new Date(order.practAgreementDate) : null,
        patientInfo: like.patientInfo,
        insurance: like.insurance,
        secondaryInsurance: like.secondaryInsurance,
        shippingMethod: order.shippingMethod,
        shippingInformation: like.shippingInformation,
        governmentPayor: order.governmentPayor,
        simplifiedClientBilling: order.simplifiedClientBilling,
        patientRegistration: order.patientRegistration,
        myGDXKitOrder: order.myGDXKitOrder,
        covidRegistration: order.covidRegistration,
        physicianInTheLoop: order.physicianInTheLoop,
        dataConfirmed,
        patientAgreement,
        nsaAcknowledged,
        recollectionFor,
        createdByUserId,
      })
      .returning({ id: orders.id }),
  );
  if (!row) throw new Error('order insert returned nothing');
  return row.id;
}

/** Moves a requisition, with its workflow rows, to another order (as that order's first requisition, or at position). */
export async function moveRequisition(db: Db, gearReqId: number, toOrderId: number, position = 0) {
  await db.update(requisitions).set({ orderId: toOrderId, position }).where(eq(requisitions.id, gearReqId));
  await db.update(workflowSteps).set({ orderId: toOrderId }).where(eq(workflowSteps.gearReqId, gearReqId));
}

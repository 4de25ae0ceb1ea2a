import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { orders, requisitions, workflowSteps } from '../../db/schema/index.ts';
import type { SavedOrder } from '../order/order.service.ts';

/** Cancels every requisition of an order (the order's own flag is set with its version). */
export const cancelRequisitionsOf = (db: Db, orderId: number) =>
  db.update(requisitions).set({ canceled: true }).where(eq(requisitions.orderId, orderId));

/**
 * A new order for the same practitioner and patient as another (save for later, decision 0035): the practitioner
 * and the authority to order for them, the patient, insurance and shipping, and the order's kind. What belongs to
 * the original order's progress (confirmations, agreements of the patient, payments) starts afresh.
 */
export async function insertOrderLike(
  db: Db,
  order: SavedOrder,
  createdByUserId: number | null,
): Promise<number> {
  const [row] = await changing(['orders'], () =>
    db
      .insert(orders)
      .values({
        practitionerGsdlNo: order.practitioner?.gsdlNo ?? null,
        onBehalfOf: order.onBehalfOf,
        practAgreement: order.practAgreement,
        practAgreementDate: order.practAgreementDate ? new Date(order.practAgreementDate) : null,
        patientInfo: order.patientInfo,
        insurance: order.insurance,
        secondaryInsurance: order.secondaryInsurance,
        shippingMethod: order.shippingMethod,
        shippingInformation: order.shippingInformation,
        governmentPayor: order.governmentPayor,
        simplifiedClientBilling: order.simplifiedClientBilling,
        patientRegistration: order.patientRegistration,
        myGDXKitOrder: order.myGDXKitOrder,
        covidRegistration: order.covidRegistration,
        physicianInTheLoop: order.physicianInTheLoop,
        createdByUserId,
      })
      .returning({ id: orders.id }),
  );
  if (!row) throw new Error('order insert returned nothing');
  return row.id;
}

/** Moves a requisition, with its workflow rows, to another order (as that order's first requisition). */
export async function moveRequisition(db: Db, gearReqId: number, toOrderId: number) {
  await db
    .update(requisitions)
    .set({ orderId: toOrderId, position: 0 })
    .where(eq(requisitions.id, gearReqId));
  await db.update(workflowSteps).set({ orderId: toOrderId }).where(eq(workflowSteps.gearReqId, gearReqId));
}

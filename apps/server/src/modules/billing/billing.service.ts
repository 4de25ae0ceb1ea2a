import type { SavedOrder } from '@gear/domain';
import {
  BILLING_METHODS,
  type BillingMethod,
  type BillingMethodBody,
  billingMethodForPanels,
  billingOptions,
  completeStep,
  type FieldError,
  type GearOrder,
  isChelationProvocationChosen,
  isMedicareEligibleItem,
  MESSAGES,
  medicareRefusal,
  type Practitioner,
  type Requisition,
  requiresMedicalNecessity,
  STEP_IDS,
  skipStep,
  type UserInfo,
  validateBillingChoice,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { badRequest, notFound, refuseIfAny } from '../../lib/http-error.ts';
import { claimOrder, refuseLockedOrder } from '../../lib/order-write.ts';
import { transaction } from '../../lib/transaction.ts';
import type { Caller } from '../../plugins/auth.ts';
import { saveWorkflowSteps } from '../order/order.repository.ts';
import { orderForCaller, requisitionForCaller, savedOrder } from '../order/order.service.ts';
import { priceOfRequisition } from '../pricing/pricing.service.ts';
import { updateRequisition } from '../requisition/requisition.repository.ts';

const fieldError = (field: string, defaultMessage: string): FieldError => ({ field, defaultMessage });

/**
 * Whether the order is a Medicare order after the choice: choosing Medicare or Tricare makes it one; any other choice
 * leaves Medicare, except patient pay for a chelation provocation, which a Medicare order bills that way (spec 1 §4.4).
 */
function medicareAfter(order: GearOrder, requisition: Requisition, chosen: BillingMethod): boolean {
  if (chosen === BILLING_METHODS.medicare) return true;
  return (
    order.governmentPayor &&
    chosen === BILLING_METHODS.patientPay &&
    isChelationProvocationChosen(requisition.profileSpecificFields)
  );
}

const othersOf = (order: GearOrder, requisition: Requisition) =>
  order.requisitions.filter((other) => other.id !== requisition.id && !other.canceled);

interface MedicareToggle {
  order: SavedOrder;
  requisition: Requisition;
  practitioner: Practitioner;
  user: UserInfo;
  acknowledged: Date | null;
}

/**
 * spec 1 §4.3/§4.4/§5: turning the order into a Medicare order from the billing step needs what the panel step's
 * Medicare answer needs: a practitioner who may bill Medicare, only eligible products, no chelation provocation on
 * this test, and (from a practitioner) the medical-necessity acknowledgement.
 */
function medicareToggleErrors({ order, requisition, practitioner, user, acknowledged }: MedicareToggle) {
  const refusal = medicareRefusal(practitioner);
  if (refusal) return [fieldError('billingMethod', refusal)];
  const errors = othersOf(order, requisition)
    .filter((other) => !isMedicareEligibleItem(other.omsOrderableItemId))
    .map((other) =>
      fieldError('billingMethod', MESSAGES.medicareNotAvailableForTest(other.omsOrderableItemName)),
    );
  if (isChelationProvocationChosen(requisition.profileSpecificFields))
    errors.push(fieldError('billingMethod', MESSAGES.chelationNotCovered));
  if (requiresMedicalNecessity({ userType: user.type, medicare: true }) && !acknowledged)
    errors.push(fieldError('dateMedicalNecessityAcknowledged', MESSAGES.medicalNecessityRequired));
  return errors;
}

/** The order's acknowledgement after the save: kept when given before, the server's time when first given now. */
function acknowledgementAfter(order: GearOrder, body: BillingMethodBody): Date | null {
  if (order.dateMedicalNecessityAcknowledged) return new Date(order.dateMedicalNecessityAcknowledged);
  return body.dateMedicalNecessityAcknowledged ? new Date() : null;
}

/**
 * PUT /gear/billingMethod/ (spec 1 §2.5, §4.3, §5, §6): saves the billing option of one requisition. The choice must
 * be one of the options offered to this user for this requisition ('Please select a billing option.'); an order
 * received by the lab answers 409 (spec 1 §4.2); a stale version 409. Choosing Medicare or Tricare, or leaving it,
 * converts every requisition of the order (the Medicare toggle). The billing step is completed for the requisition,
 * or marked skipped when the practitioner lets the patient select.
 */
export async function saveBillingMethod(
  db: Db,
  user: UserInfo,
  body: BillingMethodBody,
  hrsaGsdlNumbers: readonly string[],
): Promise<GearOrder> {
  const { order, requisition } = await requisitionForCaller(db, user, body.gearReqId);
  refuseLockedOrder(order, user);
  const { practitioner } = order;
  if (!practitioner)
    throw badRequest(MESSAGES.invalidInput, [fieldError('practitioner', MESSAGES.invalidInput)]);
  const offered = billingOptions({ user, practitioner, order, requisition, hrsaGsdlNumbers });
  refuseIfAny(validateBillingChoice(body.billingMethod, offered));
  const chosen = body.billingMethod as BillingMethod;
  const medicare = medicareAfter(order, requisition, chosen);
  const acknowledged = acknowledgementAfter(order, body);
  if (medicare && !order.governmentPayor)
    refuseIfAny(medicareToggleErrors({ order, requisition, practitioner, user, acknowledged }));

  await transaction(db, async (tx) => {
    await claimOrder(tx, order, body.version, {
      governmentPayor: medicare,
      dateMedicalNecessityAcknowledged: acknowledged,
    });
    await updateRequisition(tx, requisition.id, { billingMethod: chosen });
    if (medicare !== order.governmentPayor) {
      // spec 1 §4.3: 'The Medicare toggle on a saved order converts all items between Medicare and Non-Medicare.'
      for (const other of othersOf(order, requisition)) {
        const billingMethod = billingMethodForPanels({
          medicare,
          profileSpecificFields: other.profileSpecificFields,
          practitioner,
          current: other.billingMethod,
        });
        if (billingMethod !== other.billingMethod) await updateRequisition(tx, other.id, { billingMethod });
      }
    }
    const completion = {
      id: STEP_IDS.billing,
      gearReqId: requisition.id,
      userType: user.type,
      stepDate: new Date().toISOString(),
    };
    const steps = order.workflow.steps;
    const after =
      chosen === BILLING_METHODS.patientSelects
        ? skipStep(steps, completion)
        : completeStep(steps, completion);
    await saveWorkflowSteps(tx, order.id, steps, after);
  });
  return savedOrder(db, order.id);
}

/**
 * PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source} (spec 1 §4.3, §7): records that the caller confirmed
 * a price increase of a requisition, as an audit event with who, when, the screen (source), the billing method and
 * the price at that moment (docs/decisions/0012). Bumps the order's version; answers the order.
 */
export async function confirmPriceIncrease(
  db: Db,
  caller: Caller,
  orderId: number,
  gearReqId: number,
  source: string,
): Promise<GearOrder> {
  const user = caller.userInfo;
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  const requisition = order.requisitions.find((r) => r.id === gearReqId);
  if (!requisition) throw notFound(MESSAGES.requisitionNotOnOrder);
  refuseLockedOrder(order, user);
  const price =
    requisition.billingMethod === null
      ? null
      : (await priceOfRequisition(db, order, requisition, requisition.billingMethod)).price;
  await transaction(db, async (tx) => {
    await claimOrder(tx, order, order.version);
    await tx.insert(auditEvents).values({
      orderId: order.id,
      actor: `user:${caller.userId}`,
      action: 'priceIncreaseConfirmed',
      detail: {
        gearReqId,
        source,
        userType: user.type,
        billingMethod: requisition.billingMethod,
        priceCents: price,
      },
    });
  });
  return savedOrder(db, order.id);
}

import {
  BILLING_METHODS,
  type BillingMethod,
  type BillingMethodBody,
  type BillingOption,
  billingChoiceNeedsMedicalNecessity,
  billingMethodForPanels,
  billingOptions,
  billingPriceIncreaseIsPossible,
  completeStep,
  type FieldError,
  type GearOrder,
  isChelationProvocationChosen,
  isMedicareEligibleItem,
  MESSAGES,
  medicareRefusal,
  needsPriceFetch,
  needsPriceIncreaseConfirmation,
  type Practitioner,
  type Requisition,
  STEP_IDS,
  skipStep,
  type UserInfo,
  validateBillingChoice,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, HttpError, notFound, refuseIfAny } from '../../lib/http-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { SavedOrder } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan, type OrderWrite } from '../order/order-change.ts';
import { priceOfRequisition } from '../pricing/pricing.service.ts';

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
  if (
    billingChoiceNeedsMedicalNecessity({ chosen: BILLING_METHODS.medicare, order, userType: user.type }) &&
    !acknowledged
  )
    errors.push(fieldError('dateMedicalNecessityAcknowledged', MESSAGES.medicalNecessityRequired));
  return errors;
}

/** The order's acknowledgement after the save: kept when given before, the server's time when first given now. */
function acknowledgementAfter(order: GearOrder, body: BillingMethodBody): Date | null {
  if (order.dateMedicalNecessityAcknowledged) return new Date(order.dateMedicalNecessityAcknowledged);
  return body.dateMedicalNecessityAcknowledged ? new Date() : null;
}

type BillingInput = Omit<BillingMethodBody, 'version'>;

/** The practitioner a billing choice is made for (400 before the practitioner step). */
function practitionerOf(order: SavedOrder): Practitioner {
  if (!order.practitioner)
    throw badRequest(MESSAGES.invalidInput, [fieldError('practitioner', MESSAGES.invalidInput)]);
  return order.practitioner;
}

/**
 * The billing step's change (spec 1 §2.5, §4.3, §5, §6): the choice must be one of the options offered to this user
 * for this requisition ('Please select a billing option.'). Choosing Medicare or Tricare, or leaving it, converts
 * every requisition of the order (the Medicare toggle). The billing step is completed for the requisition, or marked
 * skipped when the practitioner lets the patient select.
 */
export function planBillingMethod(
  order: SavedOrder,
  requisition: Requisition,
  user: UserInfo,
  body: BillingInput,
  offered: readonly BillingOption[],
): OrderChangePlan {
  const practitioner = practitionerOf(order);
  refuseIfAny(validateBillingChoice(body.billingMethod, offered));
  const chosen = body.billingMethod as BillingMethod;
  const medicare = medicareAfter(order, requisition, chosen);
  const acknowledged = acknowledgementAfter(order, body);
  if (medicare && !order.governmentPayor)
    refuseIfAny(medicareToggleErrors({ order, requisition, practitioner, user, acknowledged }));
  const writes: OrderWrite[] = [
    { kind: 'updateRequisition', id: requisition.id, values: { billingMethod: chosen } },
  ];
  if (medicare !== order.governmentPayor) {
    // spec 1 §4.3: 'The Medicare toggle on a saved order converts all items between Medicare and Non-Medicare.'
    for (const other of othersOf(order, requisition)) {
      const billingMethod = billingMethodForPanels({
        medicare,
        profileSpecificFields: other.profileSpecificFields,
        practitioner,
        current: other.billingMethod,
      });
      if (billingMethod !== other.billingMethod)
        writes.push({ kind: 'updateRequisition', id: other.id, values: { billingMethod } });
    }
  }
  const completion = {
    id: STEP_IDS.billing,
    gearReqId: requisition.id,
    userType: user.type,
    stepDate: new Date().toISOString(),
  };
  const steps = order.workflow.steps;
  return {
    changes: { governmentPayor: medicare, dateMedicalNecessityAcknowledged: acknowledged },
    writes,
    steps:
      chosen === BILLING_METHODS.patientSelects
        ? skipStep(steps, completion)
        : completeStep(steps, completion),
  };
}

/**
 * A requisition's applied price under a billing method as the billing step shows it: null when the step fetches no
 * price for that option (needsPriceFetch) or the price cannot be determined.
 */
async function shownPrice(
  db: Db,
  order: SavedOrder,
  requisition: Requisition,
  billingMethod: BillingMethod | null,
): Promise<number | null> {
  const facts = {
    doNotQuotePrices: order.practitioner?.doNotQuotePrices ?? false,
    insuranceProvider: order.insurance?.insuranceProvider ?? null,
    shownOn: 'billingOptions' as const,
  };
  if (billingMethod === null || !needsPriceFetch({ ...facts, billingMethod })) return null;
  const applied = await priceOfRequisition(db, order, requisition, billingMethod);
  return applied.error === null ? applied.price : null;
}

/**
 * spec 1 §4.3 price-increase confirmation, enforced by the server (docs/decisions/0066, superseding the browser-only
 * part of 0012): a change of billing option that needsPriceIncreaseConfirmation says needs 'Yes' answers 409 with the
 * field priceIncreaseConfirmed unless the body carries priceIncreaseConfirmed: true; nothing is written.
 */
async function refuseUnconfirmedPriceIncrease(
  db: Db,
  order: SavedOrder,
  requisition: Requisition,
  user: UserInfo,
  body: BillingInput,
) {
  if (body.priceIncreaseConfirmed === true) return;
  const change = { from: requisition.billingMethod, to: body.billingMethod as BillingMethod };
  const facts = { order, user, requisition };
  if (!billingPriceIncreaseIsPossible({ ...facts, change })) return;
  const [fromPriceCents, toPriceCents] = await Promise.all([
    shownPrice(db, order, requisition, change.from),
    shownPrice(db, order, requisition, change.to),
  ]);
  if (!needsPriceIncreaseConfirmation({ ...facts, change: { ...change, fromPriceCents, toPriceCents } }))
    return;
  const message = MESSAGES.priceIncreaseNeedsConfirmation;
  throw new HttpError(409, message, [{ field: 'priceIncreaseConfirmed', defaultMessage: message }]);
}

/** PUT /gear/billingMethod/ (spec 1 §2.5, §4.3, §5, §7) through the change core (decision 0065). */
export async function saveBillingMethod(
  db: Db,
  user: UserInfo,
  body: BillingInput,
  hrsaGsdlNumbers: readonly string[],
  basedOn: number | undefined,
): Promise<GearOrder> {
  const saved = await changeOrder(db, {
    user,
    subject: { gearReqId: body.gearReqId },
    basedOn,
    kind: ORDER_CHANGES.billingMethod,
    plan: async ({ order, requisition }) => {
      const subject = requisition as Requisition;
      const practitioner = practitionerOf(order);
      const offered = billingOptions({ user, practitioner, order, requisition: subject, hrsaGsdlNumbers });
      const plan = planBillingMethod(order, subject, user, body, offered);
      await refuseUnconfirmedPriceIncrease(db, order, subject, user, body);
      return plan;
    },
  });
  return saved.order;
}

/**
 * The record of a confirmed price increase (spec 1 §4.3, §7; docs/decisions/0012): an audit event with who, when, the
 * screen (source), the billing method and the price at that moment.
 */
export function planPriceIncreaseRecord(
  requisition: Requisition,
  facts: { actor: string; user: UserInfo; source: string; priceCents: number | null },
): OrderChangePlan {
  return {
    writes: [
      {
        kind: 'audit',
        actor: facts.actor,
        action: 'priceIncreaseConfirmed',
        detail: {
          gearReqId: requisition.id,
          source: facts.source,
          userType: facts.user.type,
          billingMethod: requisition.billingMethod,
          priceCents: facts.priceCents,
        },
      },
    ],
  };
}

/**
 * PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source} (spec 1 §4.3, §7) through the change core (the version
 * in If-Match): records the confirmation, bumps the order's version and answers the order.
 */
export async function confirmPriceIncrease(
  db: Db,
  caller: Caller,
  orderId: number,
  gearReqId: number,
  source: string,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const user = caller.userInfo;
  const saved = await changeOrder(db, {
    user,
    subject: { orderId },
    basedOn,
    kind: ORDER_CHANGES.priceIncreaseConfirmation,
    plan: async ({ order }) => {
      const requisition = order.requisitions.find((r) => r.id === gearReqId);
      if (!requisition) throw notFound(MESSAGES.requisitionNotOnOrder);
      const priceCents =
        requisition.billingMethod === null
          ? null
          : (await priceOfRequisition(db, order, requisition, requisition.billingMethod)).price;
      return planPriceIncreaseRecord(requisition, {
        actor: `user:${caller.userId}`,
        user,
        source,
        priceCents,
      });
    },
  });
  return saved.order;
}

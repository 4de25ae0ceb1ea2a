import {
  asksPoBoxQuestion,
  completeStep,
  type GearOrder,
  isCanada,
  isPatientAddressLocked,
  isPatientLastNameLocked,
  MESSAGES,
  type PatientAddress,
  type PatientFacts,
  type PatientInfo,
  type PatientStepBody,
  patientFactsOfOrder,
  SHIPPING_METHODS,
  STEP_IDS,
  shippingAddressOf,
  shippingMethodFor,
  showsShippingMethodChoice,
  type UserInfo,
  validatePatient,
} from '@gear/domain';
import type { Subscription, SubscriptionList } from '../../adapters/subscription/subscription-list.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, refuseIfAny } from '../../lib/http-error.ts';
import { orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
import { labToday } from './lab-day.ts';

type SavedOrder = GearOrder & { id: number };

/** Where a patient's details came from (spec 2 §3 'source (EMR-sourced or the product's own)'). */
export const PATIENT_SOURCES = ['portal', 'EMR'] as const;

const NUTRITIONAL_CATEGORY = 'Nutritional';

/** The body of PUT /gear/order/{id}/patient/ with the age answer (decision 0021). */
export type PatientStepInput = PatientStepBody & { confirmedAge?: unknown };

/** spec 2 §5 facts of the patient rules for this order, user and answer to the age dialog. */
export function patientFacts(order: GearOrder, user: UserInfo, ageConfirmed: boolean): PatientFacts {
  return {
    today: labToday(),
    userType: user.type,
    ...patientFactsOfOrder(order),
    nutritional: order.requisitions.some(
      (requisition) => !requisition.canceled && requisition.omsOrderableItemCategory === NUTRITIONAL_CATEGORY,
    ),
    ageConfirmed,
  };
}

const withShippingAddress = (patient: PatientInfo, address: PatientAddress | undefined): PatientInfo => ({
  ...patient,
  addresses: [
    ...patient.addresses.filter((candidate) => candidate.type !== 'shipping'),
    ...(address ? [address] : []),
  ],
});

/**
 * What is kept whatever the browser sent (spec 2 §4, §6): a confirmed last name, a drop-ship address locked after
 * practitioner confirmation, the marketing answer of anyone but the patient, and a known source.
 */
function keepLockedFields(patient: PatientInfo, order: SavedOrder, user: UserInfo): PatientInfo {
  const previous = order.patientInfo;
  let kept: PatientInfo = {
    ...patient,
    source: PATIENT_SOURCES.find((source) => source === patient.source) ?? 'portal',
    marketingOptIn: user.type === 'prc' ? patient.marketingOptIn : (previous?.marketingOptIn ?? false),
  };
  if (previous && isPatientLastNameLocked(order, user)) kept = { ...kept, nameLast: previous.nameLast };
  if (previous && isPatientAddressLocked(order, user))
    kept = withShippingAddress(kept, shippingAddressOf(previous));
  return kept;
}

/**
 * The shipping method after a patient save (spec 2 §2, §4, §9): the choice is for myGDX users on drop-ship orders;
 * anyone may answer Yes to the P.O. box question (Smart Post); Canada is forced to FedEx Ground. Orders that ship no
 * packs to the patient keep theirs.
 */
function shippingMethodAfter(
  order: SavedOrder,
  user: UserInfo,
  patient: PatientInfo,
  chosen: string | undefined,
) {
  const dropShip = patientFactsOfOrder(order).dropShip;
  if (!dropShip) return order.shippingMethod;
  const country = shippingAddressOf(patient)?.country ?? null;
  const mayChoose = showsShippingMethodChoice(user, dropShip, country);
  const wanted =
    chosen === undefined || (!mayChoose && chosen !== SHIPPING_METHODS.smartPost)
      ? order.shippingMethod
      : chosen;
  return isCanada(country) ? SHIPPING_METHODS.ground : shippingMethodFor(wanted, { country, poBox: false });
}

/**
 * The patient step's change (spec 2 §4, §5, §7): every rule of validatePatient with the order's facts (400 listing
 * each field), then patientInfo and the shipping method saved and the patient step completed.
 */
export function planPatientSave(
  order: SavedOrder,
  user: UserInfo,
  body: PatientStepInput,
  today: string,
): OrderChangePlan {
  const patient = keepLockedFields(body.patientInfo, order, user);
  refuseIfAny(validatePatient(patient, { ...patientFacts(order, user, body.confirmedAge === true), today }));
  const shippingMethod = shippingMethodAfter(order, user, patient, body.shippingMethod);
  return {
    changes: { patientInfo: patient, shippingMethod },
    steps: completeStep(order.workflow.steps, {
      id: STEP_IDS.patient,
      userType: user.type,
      stepDate: new Date().toISOString(),
    }),
  };
}

/** PUT /gear/order/{id}/patient/ (spec 2 §4, §5, §7) through the change core (decision 0065). */
export async function savePatientStep(
  db: Db,
  user: UserInfo,
  body: PatientStepInput,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const today = labToday();
  const saved = await changeOrder(db, {
    user,
    subject: { orderId: body.id },
    basedOn,
    kind: ORDER_CHANGES.patient,
    plan: ({ order }) => planPatientSave(order, user, body, today),
  });
  return saved.order;
}

/**
 * POST /gear/is-po-box-patient-address (spec 2 §4, §7): whether the P.O. box question applies to the address sent,
 * for this order (a drop-ship order whose shipping address looks like a P.O. box).
 */
export async function isPoBoxPatientAddress(
  db: Db,
  user: UserInfo,
  body: { id: number; patientInfo: Pick<PatientInfo, 'addresses'> },
): Promise<boolean> {
  const order = await orderForCaller(db, user, body.id);
  return asksPoBoxQuestion(patientFactsOfOrder(order).dropShip, shippingAddressOf(body.patientInfo));
}

export interface SubscribeInput {
  email: string;
  first_name?: string | undefined;
  gender?: 'M' | 'F' | undefined;
  age?: number | undefined;
  subscription_list_id?: string | undefined;
}

/**
 * POST /subscribe (spec 2 §5, §7): 'Marketing subscription is sent only for prc users who opted in'. Others are
 * refused (403); an unknown list is a bad request. The age is sent as the browser computed it from the form.
 */
export async function subscribe(
  list: SubscriptionList,
  user: UserInfo,
  userId: number | null,
  input: SubscribeInput,
): Promise<void> {
  if (user.type !== 'prc') throw forbidden(MESSAGES.forbidden);
  const listId = input.subscription_list_id ?? list.lists[0];
  if (listId === undefined || !list.lists.includes(listId))
    throw badRequest(MESSAGES.invalidInput, [
      { field: 'subscription_list_id', defaultMessage: MESSAGES.invalidInput },
    ]);
  const subscription: Subscription = {
    listId,
    email: input.email,
    firstName: input.first_name ?? null,
    gender: input.gender ?? null,
    age: input.age ?? null,
    userId,
  };
  await list.subscribe(subscription);
}

import {
  BILLING_METHODS,
  type BillingMethod,
  type Requisition,
  type UserInfo,
  type Workflow,
} from '../model.ts';

/** A change of a requisition's billing method on the billing step, with the applied prices (cents; null = unknown). */
export interface BillingMethodChange {
  from: BillingMethod | null;
  to: BillingMethod;
  fromPriceCents: number | null;
  toPriceCents: number | null;
}

export interface PriceIncreaseFacts {
  order: { workflow: Pick<Workflow, 'patientConfirmed'> };
  user: Pick<UserInfo, 'type'>;
  requisition: Pick<Requisition, 'paymentInfo'>;
  change: BillingMethodChange;
}

const PATIENT_PAY_OPTIONS: readonly BillingMethod[] = [BILLING_METHODS.insurance, BILLING_METHODS.patientPay];

const isPatientPayOption = (method: BillingMethod | null): boolean =>
  method !== null && PATIENT_PAY_OPTIONS.includes(method);

/**
 * spec 1 §4.3: the warning is possible only when 'the order is patient-confirmed, is viewed by a myGDX user, and there
 * is no payment or the payment came from prc'.
 */
const warningIsPossible = ({
  order,
  user,
  requisition,
}: Pick<PriceIncreaseFacts, 'order' | 'user' | 'requisition'>): boolean =>
  order.workflow.patientConfirmed &&
  user.type === 'myGDX' &&
  (requisition.paymentInfo === null || requisition.paymentInfo.paymentFrom === 'prc');

/** 'from Medicare or Tricare, or from Physician Account, to No Insurance Billing or Bill Insurance'. */
const leavesMedicareOrPhysicianAccountForPatientPay = ({ from, to }: BillingMethodChange): boolean =>
  (from === BILLING_METHODS.medicare || from === BILLING_METHODS.physicianAccount) && isPatientPayOption(to);

/**
 * 'when the new price is higher (or unknown) between the two patient-pay options'. Assumption (spec silent): an
 * unknown old price cannot show that the new one is not higher, so it warns too.
 */
const raisesPriceBetweenPatientPayOptions = (change: BillingMethodChange): boolean =>
  isPatientPayOption(change.from) &&
  isPatientPayOption(change.to) &&
  (change.toPriceCents === null ||
    change.fromPriceCents === null ||
    change.toPriceCents > change.fromPriceCents);

/**
 * 'for a first choice of a non-Physician option whose price is non-zero'. Assumptions (spec silent): an unknown price
 * is not known to be zero, so it warns; 'Let my patient select their billing option' carries no price of its own.
 */
const isPricedFirstChoice = ({ from, to, toPriceCents }: BillingMethodChange): boolean =>
  from === null && to !== BILLING_METHODS.patientSelects && toPriceCents !== 0;

/** 'from Physician Account to Medicare when a Medicare price is present' ($0.00 is read as no Medicare price). */
const movesPhysicianAccountToPricedMedicare = ({ from, to, toPriceCents }: BillingMethodChange): boolean =>
  from === BILLING_METHODS.physicianAccount &&
  to === BILLING_METHODS.medicare &&
  toPriceCents !== null &&
  toPriceCents > 0;

/**
 * Whether a billing change could need the confirmation at all, before any price is known (the server prices the
 * options only then): the §4.3 conditions, and 'It never appears for a move to Physician Account.'
 */
export const billingPriceIncreaseIsPossible = (
  facts: Omit<PriceIncreaseFacts, 'change'> & { change: Pick<BillingMethodChange, 'from' | 'to'> },
): boolean =>
  warningIsPossible(facts) &&
  facts.change.to !== BILLING_METHODS.physicianAccount &&
  facts.change.to !== facts.change.from;

/**
 * spec 1 §4.3: whether saving the billing step needs the price-increase confirmation. The browser asks before saving;
 * the server refuses a save without it (docs/decisions/0066).
 */
export function needsPriceIncreaseConfirmation(facts: PriceIncreaseFacts): boolean {
  const { change } = facts;
  if (!billingPriceIncreaseIsPossible(facts)) return false;
  return (
    leavesMedicareOrPhysicianAccountForPatientPay(change) ||
    raisesPriceBetweenPatientPayOptions(change) ||
    isPricedFirstChoice(change) ||
    movesPhysicianAccountToPricedMedicare(change)
  );
}

/** A change of a requisition's tests on panel selection, priced under its billing method (cents; null = unknown). */
export interface SelectionPriceChange {
  fromPriceCents: number | null;
  toPriceCents: number | null;
}

export interface SelectionPriceIncreaseFacts {
  order: { workflow: Pick<Workflow, 'patientConfirmed'> };
  user: Pick<UserInfo, 'type'>;
  requisition: Pick<Requisition, 'paymentInfo' | 'billingMethod'>;
  change: SelectionPriceChange;
}

/** Billing methods whose price the patient does not pay or has not chosen yet: no confirmation on panel selection. */
const NO_PATIENT_PRICE: readonly (BillingMethod | null)[] = [
  null,
  BILLING_METHODS.physicianAccount,
  BILLING_METHODS.patientSelects,
];

/** Whether a price rise on panel selection would need confirming at all (no prices needed to tell). */
export const selectionPriceIncreaseIsPossible = (
  facts: Omit<SelectionPriceIncreaseFacts, 'change'>,
): boolean => warningIsPossible(facts) && !NO_PATIENT_PRICE.includes(facts.requisition.billingMethod);

/**
 * spec 1 §4.4 'Price-increase confirmation: appears when a practitioner edits an order the patient already confirmed
 * (unless physician billing, or already confirmed by payment) and the selection raises the price.' Read with §4.3's
 * conditions (a myGDX user; no payment, or the patient's own). An unknown new price warns unless it is known to be
 * no higher (docs/decisions/0045).
 */
export function needsSelectionPriceIncreaseConfirmation(facts: SelectionPriceIncreaseFacts): boolean {
  if (!selectionPriceIncreaseIsPossible(facts)) return false;
  const { fromPriceCents: from, toPriceCents: to } = facts.change;
  if (to === null) return true;
  if (from === null) return to > 0;
  return to > from;
}

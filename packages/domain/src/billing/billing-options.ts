import type { FieldError } from '../contract/errors.ts';
import {
  BILLING_METHODS,
  type BillingMethod,
  type GearOrder,
  type Practitioner,
  type PractitionerBillingMethod,
  type Requisition,
  type UserInfo,
} from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';

/** spec 1 §9: 'items 902 and 910 are COVID products'. */
export const COVID_PRODUCT_IDS: readonly number[] = [902, 910];

export const isCovidProduct = (orderableItemId: number): boolean =>
  COVID_PRODUCT_IDS.includes(orderableItemId);

/** spec 1 §9 billing method names with their labels (spec 3 §3 'Billing option: name'). */
export interface BillingOption {
  name: BillingMethod;
  label: string;
  shortLabel: string;
}

/** spec 1 §9: the short labels in brackets: 'Bill Insurance', 'Patient Pay', 'Bill Practitioner'. */
const SHORT_LABELS: Readonly<Record<BillingMethod, string>> = {
  [BILLING_METHODS.physicianAccount]: 'Bill Practitioner',
  [BILLING_METHODS.insurance]: 'Bill Insurance',
  [BILLING_METHODS.patientPay]: 'Patient Pay',
  [BILLING_METHODS.medicare]: BILLING_METHODS.medicare,
  [BILLING_METHODS.uninsured]: BILLING_METHODS.uninsured,
  [BILLING_METHODS.uninsuredHrsa]: BILLING_METHODS.uninsuredHrsa,
  [BILLING_METHODS.patientSelects]: BILLING_METHODS.patientSelects,
};

export const billingOption = (name: BillingMethod): BillingOption => ({
  name,
  label: name,
  shortLabel: SHORT_LABELS[name],
});

/** spec 1 §6: 'Client gives Physician Account; Insurance gives Bill Insurance …; Patient gives …; Medicare gives …'. */
const OPTION_OF_PRACTITIONER_METHOD: Readonly<Record<PractitionerBillingMethod, BillingMethod>> = {
  Client: BILLING_METHODS.physicianAccount,
  Insurance: BILLING_METHODS.insurance,
  Patient: BILLING_METHODS.patientPay,
  Medicare: BILLING_METHODS.medicare,
};

/** The order options are listed in (spec 1 §6's order of billing methods, then §9's COVID names); ours. */
const DISPLAY_ORDER: readonly BillingMethod[] = [
  BILLING_METHODS.physicianAccount,
  BILLING_METHODS.insurance,
  BILLING_METHODS.patientPay,
  BILLING_METHODS.medicare,
  BILLING_METHODS.uninsured,
  BILLING_METHODS.uninsuredHrsa,
  BILLING_METHODS.patientSelects,
];

export interface BillingOptionFacts {
  user: Pick<UserInfo, 'type'>;
  practitioner: Pick<Practitioner, 'gsdlNo' | 'billingMethods'>;
  order: Pick<GearOrder, 'patientRegistration'>;
  requisition: Pick<Requisition, 'omsOrderableItemId' | 'medicareEligible' | 'billingMethod'>;
  /** Configuration: the GSDL numbers that get the HRSA option (spec/README.md resolution 3). */
  hrsaGsdlNumbers: readonly string[];
}

const isHrsaPractitioner = (gsdlNo: string, hrsaGsdlNumbers: readonly string[]): boolean =>
  hrsaGsdlNumbers.some((hrsa) => hrsa.trim().toUpperCase() === gsdlNo.trim().toUpperCase());

/**
 * Assumption (spec silent): Medicare or Tricare is offered only on a Medicare-eligible requisition, because
 * 'products not eligible for Medicare cannot be ordered on a Medicare order' (spec 1 §5).
 */
function optionsFromPractitionerMethods({ practitioner, requisition }: BillingOptionFacts): BillingMethod[] {
  return practitioner.billingMethods
    .map((method) => OPTION_OF_PRACTITIONER_METHOD[method])
    .filter((option) => option !== BILLING_METHODS.medicare || requisition.medicareEligible);
}

/**
 * spec 1 §9: COVID products get Uninsured and Uninsured (HRSA Elligible); 'GSDL {code} gets the HRSA option and loses
 * Physician Account'. Read together: every COVID product gets Uninsured, and only the configured HRSA practitioners
 * get the HRSA option (losing Physician Account on that product).
 */
function applyCovidRules(options: BillingMethod[], facts: BillingOptionFacts): BillingMethod[] {
  if (!isCovidProduct(facts.requisition.omsOrderableItemId)) return options;
  if (!isHrsaPractitioner(facts.practitioner.gsdlNo, facts.hrsaGsdlNumbers))
    return [...options, BILLING_METHODS.uninsured];
  return [
    ...options.filter((option) => option !== BILLING_METHODS.physicianAccount),
    BILLING_METHODS.uninsured,
    BILLING_METHODS.uninsuredHrsa,
  ];
}

/**
 * spec 1 §6: a prc user sees Physician Account only when no other option exists, the order is a patient registration,
 * or the requisition is already Physician Account.
 */
function applyPatientRule(options: BillingMethod[], facts: BillingOptionFacts): BillingMethod[] {
  if (facts.user.type !== 'prc') return options;
  const hasOtherOptions = options.some((option) => option !== BILLING_METHODS.physicianAccount);
  const keepsPhysicianAccount =
    !hasOtherOptions ||
    facts.order.patientRegistration ||
    facts.requisition.billingMethod === BILLING_METHODS.physicianAccount;
  return keepsPhysicianAccount ? options : options.filter((o) => o !== BILLING_METHODS.physicianAccount);
}

/**
 * spec 1 §4.3: 'Let my patient select their billing option' skips the billing step. Assumption (the spec names no
 * other condition): it is offered to practitioners (myGDX) only, since a patient cannot hand the choice to a patient.
 */
function applyPatientSelectsRule(options: BillingMethod[], facts: BillingOptionFacts): BillingMethod[] {
  return facts.user.type === 'myGDX' ? [...options, BILLING_METHODS.patientSelects] : options;
}

const inDisplayOrder = (options: BillingMethod[]): BillingMethod[] =>
  DISPLAY_ORDER.filter((option) => options.includes(option));

/** The billing options step's radio list for one requisition (spec 1 §2.5, §6, §9). */
export function billingOptions(facts: BillingOptionFacts): BillingOption[] {
  const fromPractitioner = optionsFromPractitionerMethods(facts);
  const withCovid = applyCovidRules(fromPractitioner, facts);
  const forUser = applyPatientSelectsRule(applyPatientRule(withCovid, facts), facts);
  return inDisplayOrder(forUser).map(billingOption);
}

/**
 * spec 1 §5 'A billing option is required: 'Please select a billing option.'' A choice that is not among the offered
 * options is not a selection of one, so it gets the same message.
 */
export function validateBillingChoice(
  choice: string | null | undefined,
  offered: readonly BillingOption[],
): FieldError[] {
  const isOffered = offered.some((option) => option.name === choice);
  return isOffered ? [] : [{ field: 'billingMethod', defaultMessage: MESSAGES.billingOptionRequired }];
}

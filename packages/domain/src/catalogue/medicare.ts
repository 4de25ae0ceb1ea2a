import { MESSAGES } from '../messages.ts';
import {
  BILLING_METHODS,
  type BillingMethod,
  type GearOrder,
  type Practitioner,
  type Requisition,
  type SpecificField,
  type UserType,
} from '../model.ts';
import { isPractitionerConfirmed } from '../workflow/workflow-rows.ts';
import { isInternationalLayout } from './office-layout.ts';

/** spec 1 §9 'Medicare-eligible orderable item ids'. */
export const MEDICARE_ELIGIBLE_ITEM_IDS: readonly number[] = [
  540, 542, 895, 897, 894, 896, 544, 545, 546, 547, 617, 622, 554, 854, 534,
];

export const isMedicareEligibleItem = (itemId: number): boolean =>
  MEDICARE_ELIGIBLE_ITEM_IDS.includes(itemId);

/**
 * spec 1 §4.4 'switching the Medicare flag … refilters products', §5 'products not eligible for Medicare cannot be
 * ordered on a Medicare order': whether a product is offered on an order with this Medicare answer (decision 0046).
 */
export const isOfferedForMedicareAnswer = (item: { id: number }, medicare: boolean): boolean =>
  !medicare || isMedicareEligibleItem(item.id);

/** spec 1 §5 'products not eligible for Medicare cannot be ordered on a Medicare order': the message, else null. */
export const medicareItemRefusal = (item: { id: number; name: string }, medicare: boolean): string | null =>
  isOfferedForMedicareAnswer(item, medicare) ? null : MESSAGES.medicareNotAvailableForTest(item.name);

/**
 * Degrees whose holders Medicare accepts as ordering providers of laboratory tests. The spec shows a notice for a
 * degree that is 'not eligible' without naming them (docs/decisions/0005).
 */
export const MEDICARE_ELIGIBLE_DEGREES: readonly string[] = ['MD', 'DO', 'NP', 'PA', 'DPM'];

export const isMedicareEligibleDegree = (degree: string): boolean =>
  MEDICARE_ELIGIBLE_DEGREES.includes(degree.replaceAll('.', '').trim().toUpperCase());

type MedicarePractitioner = Pick<Practitioner, 'billingMethods' | 'degree' | 'office'>;

/** Medicare billing is offered: a domestic-or-helper layout (not international) and Medicare among the billing methods. */
export const offersMedicareBilling = (
  practitioner: Pick<Practitioner, 'billingMethods' | 'office'>,
): boolean => !isInternationalLayout(practitioner) && practitioner.billingMethods.includes('Medicare');

/**
 * spec 1 §6: myGDX users see the Medicare/Tricare selector, 'unless international layout or inline'; only when the
 * practitioner bills Medicare (docs/decisions/0005, 0006).
 */
export const showsMedicareSelector = (facts: {
  userType: UserType;
  practitioner: Pick<Practitioner, 'billingMethods' | 'office'>;
  inline: boolean;
}): boolean => facts.userType === 'myGDX' && !facts.inline && offersMedicareBilling(facts.practitioner);

/**
 * Why a practitioner's order may not be a Medicare order, or null when it may: the selector is not offered
 * (international layout, or Medicare is not among the practitioner's billing methods), or the degree is not eligible
 * (spec 1 §5 'must answer No').
 */
export function medicareRefusal(practitioner: MedicarePractitioner): string | null {
  if (!offersMedicareBilling(practitioner)) return MESSAGES.medicareNotOffered;
  return isMedicareEligibleDegree(practitioner.degree) ? null : MESSAGES.medicareDegreeNotEligible;
}

/**
 * spec 1 §5: 'Medicare support requires a prc user, a practitioner who has Medicare, an eligible item, and the
 * practitioner being the authorizing doctor' (the patient's Medicare question).
 */
export const supportsMedicareQuestion = (facts: {
  userType: UserType;
  practitioner: Pick<Practitioner, 'billingMethods' | 'gsdlNo' | 'authorizingDoctorGsdlNo'>;
  itemId: number;
}): boolean =>
  facts.userType === 'prc' &&
  facts.practitioner.billingMethods.includes('Medicare') &&
  isMedicareEligibleItem(facts.itemId) &&
  facts.practitioner.authorizingDoctorGsdlNo === facts.practitioner.gsdlNo;

/** spec 1 §3: the provocation field's answers (pre- or post-provocation) mark a chelation challenge. */
export const PROVOCATION_MARKERS: readonly string[] = ['@PRE', '@POST'];

export const isChelationProvocationChosen = (fields: readonly Pick<SpecificField, 'value'>[]): boolean =>
  fields.some((field) => PROVOCATION_MARKERS.includes(field.value));

/** spec 1 §4.4: 'A single 'Client' billing method defaults to 'Physician Account'; an international layout also'. */
export function defaultBillingMethod(
  practitioner: Pick<Practitioner, 'billingMethods' | 'office'>,
): BillingMethod | null {
  const clientOnly = practitioner.billingMethods.length === 1 && practitioner.billingMethods[0] === 'Client';
  return clientOnly || isInternationalLayout(practitioner) ? BILLING_METHODS.physicianAccount : null;
}

/**
 * spec 1 §4.4: the billing method of a requisition saved on panel selection. On a Medicare order it is forced to
 * 'Medicare or Tricare', or to 'No Insurance Billing: Pay Full Amount' when chelation provocation is chosen. Leaving
 * Medicare drops the Medicare method; an empty method takes the practitioner's default.
 */
export function billingMethodForPanels(facts: {
  medicare: boolean;
  profileSpecificFields: readonly Pick<SpecificField, 'value'>[];
  practitioner: Pick<Practitioner, 'billingMethods' | 'office'>;
  current: BillingMethod | null;
}): BillingMethod | null {
  if (facts.medicare)
    return isChelationProvocationChosen(facts.profileSpecificFields)
      ? BILLING_METHODS.patientPay
      : BILLING_METHODS.medicare;
  const kept = facts.current === BILLING_METHODS.medicare ? null : facts.current;
  return kept ?? defaultBillingMethod(facts.practitioner);
}

/** spec 1 §5: 'Medical necessity is required for practitioners on Medicare orders.' */
export const requiresMedicalNecessity = (facts: { userType: UserType; medicare: boolean }): boolean =>
  facts.userType === 'myGDX' && facts.medicare;

/**
 * spec 1 §8 'Medicare unregistered': the order is Medicare or Tricare, the requisition has a reqNumber, the order is
 * not practitioner-confirmed with agreement, and there is no medical-necessity acknowledgement.
 */
export function showsMedicareUnregisteredWarning(
  order: Pick<GearOrder, 'workflow' | 'practAgreement' | 'dateMedicalNecessityAcknowledged'>,
  requisition: Pick<Requisition, 'billingMethod' | 'reqNumber'>,
): boolean {
  const confirmedWithAgreement = isPractitionerConfirmed(order) && order.practAgreement === true;
  return (
    requisition.billingMethod === BILLING_METHODS.medicare &&
    Boolean(requisition.reqNumber) &&
    !confirmedWithAgreement &&
    !order.dateMedicalNecessityAcknowledged
  );
}

/**
 * spec 1 §4.3/§5 on the billing step: choosing Medicare or Tricare turns an order that is not yet a Medicare order
 * into one, and then a practitioner must acknowledge medical necessity, once per order (an acknowledgement already
 * given stands). The browser shows the checkbox exactly then; the server refuses the save without it.
 */
export const billingChoiceNeedsMedicalNecessity = (facts: {
  chosen: BillingMethod | null;
  order: Pick<GearOrder, 'governmentPayor' | 'dateMedicalNecessityAcknowledged'>;
  userType: UserType;
}): boolean =>
  facts.chosen === BILLING_METHODS.medicare &&
  !facts.order.governmentPayor &&
  !facts.order.dateMedicalNecessityAcknowledged &&
  requiresMedicalNecessity({ userType: facts.userType, medicare: true });

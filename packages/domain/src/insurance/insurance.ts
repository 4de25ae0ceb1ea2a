import type { FieldError } from '../contract/errors.ts';
import { BILLING_METHODS, type GearOrder, type Insurance, type Requisition } from '../contract/order.ts';
import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { looksLikeMedicareId } from '../identifiers/mbi.ts';
import { isValidPhone } from '../identifiers/phones.ts';
import { isRegionCode } from '../identifiers/regions.ts';
import { ADDRESS_MESSAGES, INSURANCE_MESSAGES, notACalendarDate, PATIENT_MESSAGES } from '../messages.ts';
import { isPlausibleDateOfBirth } from '../patient/age.ts';
import { fieldError, isBlank, isUsZipCode, maxLength, required } from '../patient/field-checks.ts';
import { ADDRESS_LIMITS } from '../patient/patient-address.ts';
import { isInsuranceProvider, isMedicareTypeProvider } from './providers.ts';

/**
 * spec 2 §5: 'Subscriber ID and group number alphanumeric, max 50; claims zip max 5; subscriber name max 50;
 * other provider max 100.'
 */
export const INSURANCE_LIMITS = {
  subscriberId: 50,
  groupNumber: 50,
  subscriberName: 50,
  otherProvider: 100,
  claimsZipCode: 5,
} as const;

/** spec 2 §3 'subscriberRelation (Self, Spouse, Other)'. */
export const SUBSCRIBER_RELATIONS = ['Self', 'Spouse', 'Other'] as const;

/** spec 2 §3 'insuranceRank (0 primary, 1 secondary)'. */
export const INSURANCE_RANK = { primary: 0, secondary: 1 } as const;

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

/** A member or group number as stored: without the spaces and dashes cards print for reading, upper case. */
export const compactMemberNumber = (text: string): string => text.replace(/[\s-]/g, '').toUpperCase();

/** spec 2 §5 'Unless the order is Medicare-type': a requisition billed 'Medicare or Tricare'. */
export const isMedicareTypeOrder = (order: Pick<GearOrder, 'requisitions'>): boolean =>
  order.requisitions.some(
    (requisition) =>
      requisition.billingMethod === BILLING_METHODS.medicare || requisition.medicareTricareBillingSelected,
  );

export interface InsuranceRulesFacts {
  /** isMedicareTypeOrder of the order. */
  medicareOrder: boolean;
  /** The user answered Yes to the Medicare/Tricare question (spec 2 §4). */
  medicareBeneficiaryIdConfirmed: boolean;
}

/**
 * spec 2 §5: the claims address and phone are required 'unless the order is Medicare-type or the beneficiary
 * ID is confirmed'; a Medicare-type carrier (Medicare, Railroad Medicare, Tricare) needs no claims address
 * either.
 */
export const requiresClaimsAddress = (
  insurance: Pick<Insurance, 'insuranceProvider'>,
  facts: InsuranceRulesFacts,
): boolean =>
  !facts.medicareOrder &&
  !facts.medicareBeneficiaryIdConfirmed &&
  !isMedicareTypeProvider(insurance.insuranceProvider);

function memberNumberErrors(field: string, label: string, text: string | null, max: number): FieldError[] {
  if (isBlank(text)) return [];
  if (!ALPHANUMERIC.test((text ?? '').trim()))
    return [fieldError(field, INSURANCE_MESSAGES.lettersAndNumbersOnly)];
  return maxLength(field, label, text, max);
}

function subscriberDobErrors(text: string | null, today: string): FieldError[] {
  const field = 'subscriberDOB';
  if (text === null || isBlank(text)) return [fieldError(field, INSURANCE_MESSAGES.subscriberDobRequired)];
  if (readCalendarDate(text) === null) return [fieldError(field, notACalendarDate(text.trim()))];
  return isPlausibleDateOfBirth(text, today)
    ? []
    : [fieldError(field, PATIENT_MESSAGES.dateOfBirthOutOfRange)];
}

function subscriberErrors(insurance: Insurance, today: string): FieldError[] {
  const relation = insurance.subscriberRelation;
  return [
    ...required('subscriberName', insurance.subscriberName, INSURANCE_MESSAGES.subscriberNameRequired),
    ...maxLength(
      'subscriberName',
      'Subscriber name',
      insurance.subscriberName,
      INSURANCE_LIMITS.subscriberName,
    ),
    ...required('subscriberId', insurance.subscriberId, INSURANCE_MESSAGES.subscriberIdRequired),
    ...memberNumberErrors(
      'subscriberId',
      'Subscriber ID',
      insurance.subscriberId,
      INSURANCE_LIMITS.subscriberId,
    ),
    ...subscriberDobErrors(insurance.subscriberDOB, today),
    ...(relation === null
      ? [fieldError('subscriberRelation', INSURANCE_MESSAGES.subscriberRelationRequired)]
      : []),
    ...(relation === 'Other'
      ? required(
          'otherSubscriberRelation',
          insurance.otherSubscriberRelation,
          INSURANCE_MESSAGES.otherSubscriberRelationRequired,
        )
      : []),
    ...memberNumberErrors('groupNumber', 'Group number', insurance.groupNumber, INSURANCE_LIMITS.groupNumber),
  ];
}

function claimsAddressErrors(insurance: Insurance, needed: boolean): FieldError[] {
  const address = insurance.claimsAddress;
  const at = (name: string) => `claimsAddress.${name}`;
  const limits = [
    ...maxLength(at('address1'), 'Address line 1', address?.address1, ADDRESS_LIMITS.addressLine),
    ...maxLength(at('address2'), 'Address line 2', address?.address2, ADDRESS_LIMITS.addressLine),
    ...maxLength(at('city'), 'City', address?.city, ADDRESS_LIMITS.city),
    ...maxLength(at('zipCode'), 'Zip code', address?.zipCode, INSURANCE_LIMITS.claimsZipCode),
  ];
  if (!needed) return limits;
  const zipCode = address?.zipCode ?? null;
  const zipErrors = isBlank(zipCode)
    ? [fieldError(at('zipCode'), ADDRESS_MESSAGES.zipRequired)]
    : isUsZipCode(zipCode ?? '')
      ? []
      : [fieldError(at('zipCode'), ADDRESS_MESSAGES.zipInvalid)];
  return [
    ...required(at('address1'), address?.address1, ADDRESS_MESSAGES.streetRequired),
    ...required(at('city'), address?.city, ADDRESS_MESSAGES.cityRequired),
    ...(isRegionCode(address?.state ?? null)
      ? []
      : [fieldError(at('state'), INSURANCE_MESSAGES.stateInvalid)]),
    ...limits.filter((error) => error.field !== at('zipCode')),
    ...zipErrors,
    ...(isValidPhone(insurance.phoneNumber)
      ? []
      : [fieldError('phoneNumber', INSURANCE_MESSAGES.phoneInvalid)]),
  ];
}

/**
 * spec 2 §5 Insurance, every rule with its message: provider (and the other provider when other), subscriber
 * name, ID (alphanumeric), date of birth and relationship (and the other relationship when Other), group
 * number, and, unless Medicare-type or confirmed, the claims street, city, state (2-character code), zip and
 * phone (11 digits with the country code). Fields are the insurance's names, the address's as
 * `claimsAddress.<name>`.
 */
export function validateInsurance(
  insurance: Insurance,
  facts: InsuranceRulesFacts & { today: string },
): FieldError[] {
  const provider = insurance.insuranceProvider;
  return [
    ...(isInsuranceProvider(provider)
      ? []
      : [fieldError('insuranceProvider', INSURANCE_MESSAGES.providerRequired)]),
    ...(provider === 'other'
      ? required('otherProvider', insurance.otherProvider, INSURANCE_MESSAGES.otherProviderRequired)
      : []),
    ...maxLength(
      'otherProvider',
      'Other insurance provider',
      insurance.otherProvider,
      INSURANCE_LIMITS.otherProvider,
    ),
    ...subscriberErrors(insurance, facts.today),
    ...claimsAddressErrors(insurance, requiresClaimsAddress(insurance, facts)),
  ];
}

/**
 * spec 2 §4: leaving the subscriber ID field with a Medicare-style ID asks the Medicare/Tricare question,
 * once.
 */
export const asksMedicareQuestion = (
  insurance: Pick<Insurance, 'subscriberId'>,
  medicareBeneficiaryIdConfirmed: boolean,
): boolean => !medicareBeneficiaryIdConfirmed && looksLikeMedicareId(insurance.subscriberId);

const billedToMedicare = (requisition: Requisition): Requisition => ({
  ...requisition,
  billingMethod: BILLING_METHODS.medicare,
  physicianBillingSelected: false,
  insuranceBillingSelected: false,
  medicareTricareBillingSelected: true,
  noInsuranceBillingSelected: false,
});

/**
 * spec 2 §4: 'Yes sets provider to medicare, marks the Medicare beneficiary ID as confirmed and sets
 * billingMethod to 'Medicare or Tricare' on all requisitions'. The insurance answered is the primary or the
 * secondary one.
 */
export function answerMedicareQuestionYes<
  Order extends Pick<GearOrder, 'insurance' | 'secondaryInsurance' | 'requisitions'>,
>(order: Order, rank: 0 | 1): { order: Order; medicareBeneficiaryIdConfirmed: true } {
  const key = rank === INSURANCE_RANK.primary ? 'insurance' : 'secondaryInsurance';
  const answered = order[key];
  return {
    order: {
      ...order,
      [key]: answered === null ? null : { ...answered, insuranceProvider: 'medicare' },
      requisitions: order.requisitions.map(billedToMedicare),
    },
    medicareBeneficiaryIdConfirmed: true,
  };
}

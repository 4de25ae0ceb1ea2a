import type { FieldError } from '../contract/errors.ts';
import { BILLING_METHODS, type BillingMethod } from '../contract/order.ts';
import { isUnitedStates } from '../identifiers/regions.ts';
import { INSTALMENT_COUNT } from '../pricing/instalments.ts';
import { cardFieldErrors } from './card.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';

/** spec 3 §3 'Payment types'. 'useExpeditedShipping' is a UI-only choice sent as card. */
export const PAYMENT_TYPES = [
  'card',
  'check',
  'prepay',
  'cardOnFile',
  'paypal',
  'resubmittal',
  'expeditedShipping',
  'pitlclientfee',
  'pitlpendingtransfer',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The choices a patient has for a test (spec 3 §6 'Pay by card, check, prepay code (6 digits) or payment plan'). */
export const PATIENT_PAYMENT_CHOICES = ['card', 'check', 'prepay'] as const;

/**
 * How a practitioner pays expedited shipping (spec 3 §6): the saved shipping card on file, the practitioner's card on
 * file, or a check (and an admin may enter a card).
 */
export const PRACTITIONER_SHIPPING_CHOICES = ['shippingCardOnFile', 'cardOnFile', 'check'] as const;
export type PractitionerShippingChoice = (typeof PRACTITIONER_SHIPPING_CHOICES)[number];

/**
 * spec/README.md resolution 4: the fixed saved-card marker the admin Token ID field accepts in place of a
 * 6-character token: 'use the card saved on file' (decision 0120).
 */
export const SAVED_CARD_MARKER = 'SAVED-CARD-ON-FILE';

/** spec 3 §9 'Prepay code and admin token: 6 characters.' */
export const PREPAY_CODE_LENGTH = 6;
export const ADMIN_TOKEN_LENGTH = 6;

/** spec 3 §5 'Admin token id: 6 characters, or the fixed saved-card marker {token}'. */
export function tokenIdErrors(tokenId: string | null | undefined, field = 'tokenId'): FieldError[] {
  const text = (tokenId ?? '').trim();
  const valid = text === SAVED_CARD_MARKER || text.length === ADMIN_TOKEN_LENGTH;
  return valid ? [] : [{ field, defaultMessage: PAYMENT_MESSAGES.tokenIdInvalid }];
}

/** spec 3 §5 'Prepay code: required … and exactly 6 characters'. */
export function prepayCodeErrors(code: string | null | undefined, field = 'prcConfirmationNo'): FieldError[] {
  const text = (code ?? '').trim();
  if (text === '') return [{ field, defaultMessage: PAYMENT_MESSAGES.prepayCodeRequired }];
  if (text.length !== PREPAY_CODE_LENGTH)
    return [{ field, defaultMessage: PAYMENT_MESSAGES.prepayCodeInvalid }];
  return [];
}

/** The billing methods a patient pays for (spec 3 §5, NSA: insurance with patient payment, Medicare/Tricare, no insurance). */
const PATIENT_PAID_BILLING: readonly BillingMethod[] = [
  BILLING_METHODS.insurance,
  BILLING_METHODS.medicare,
  BILLING_METHODS.patientPay,
];

export interface AcknowledgementFacts {
  userType: 'prc' | 'myGDX';
  /** The country the packs ship to; null when none is given. */
  shippingCountry: string | null;
  configError: boolean;
  pitl: boolean;
  /** Billing methods of the order's live requisitions. */
  billingMethods: readonly (BillingMethod | null)[];
  /** Already given on the order (a patient returning to pay). */
  patientAgreementGiven: boolean;
  nsaAlreadyAcknowledged: boolean;
}

/**
 * The helper check of spec 3 §5 that may exempt the NSA acknowledgement ('the helper's rule is not shown'). Our rule
 * (decision 0120): an NSA acknowledgement already given on the order is not asked again, as for the patient
 * agreement ('unless already given').
 */
export const nsaExempted = (facts: Pick<AcknowledgementFacts, 'nsaAlreadyAcknowledged'>): boolean =>
  facts.nsaAlreadyAcknowledged;

/** spec 3 §5 'NSA acknowledgement … is required when all hold'. */
export function requiresNsaAcknowledgement(facts: AcknowledgementFacts): boolean {
  return (
    facts.userType !== 'myGDX' &&
    (facts.shippingCountry === null ||
      facts.shippingCountry.trim() === '' ||
      isUnitedStates(facts.shippingCountry)) &&
    !facts.configError &&
    !facts.pitl &&
    facts.billingMethods.some((method) => method !== null && PATIENT_PAID_BILLING.includes(method)) &&
    !nsaExempted(facts)
  );
}

/** spec 3 §5 'Patient agreement required for non-practitioners unless already given or a config error exists'. */
export const requiresPatientAgreement = (facts: AcknowledgementFacts): boolean =>
  facts.userType !== 'myGDX' && !facts.patientAgreementGiven && !facts.configError;

/** spec 3 §5: the acknowledgements and captcha a submit must carry, as field errors. */
export function submitPaymentAcknowledgementErrors(
  facts: AcknowledgementFacts,
  body: { patientAgreement: boolean; nsaAcknowledged: boolean; recaptcha: string | null },
): FieldError[] {
  const errors: FieldError[] = [];
  if (facts.userType === 'prc' && (body.recaptcha ?? '').trim() === '')
    errors.push({ field: 'recaptcha', defaultMessage: PAYMENT_MESSAGES.captchaRequired });
  if (requiresPatientAgreement(facts) && !body.patientAgreement)
    errors.push({ field: 'patientAgreement', defaultMessage: PAYMENT_MESSAGES.patientAgreementRequired });
  if (requiresNsaAcknowledgement(facts) && !body.nsaAcknowledged)
    errors.push({ field: 'nsaAcknowledged', defaultMessage: PAYMENT_MESSAGES.nsaRequired });
  return errors;
}

export interface PlanEligibilityFacts {
  shippingCountry: string | null;
  /** The order carries insurance (a primary insurance saved). */
  hasInsurance: boolean;
  /** Any requisition is a PITL requisition. */
  pitlRequisition: boolean;
  billingMethods: readonly (BillingMethod | null)[];
  /** The order's net price, cents (after discounts). */
  netPriceCents: number;
  /** A Practicum Testing discount applies. */
  practicumDiscount: boolean;
}

/** spec 3 §9 'Payment-plan eligibility: net price over 100 dollars.' */
export const PLAN_MINIMUM_CENTS = 10_000;

/**
 * spec 3 §5 'Payment-plan eligibility requires all of: US shipping and an insurance-free order; no PITL requisition;
 * no-insurance billing selected; a net price over 100 dollars, unless a Practicum Testing discount applies.'
 */
export function paymentPlanEligible(facts: PlanEligibilityFacts): boolean {
  const usShipping =
    facts.shippingCountry === null ||
    facts.shippingCountry.trim() === '' ||
    isUnitedStates(facts.shippingCountry);
  const live = facts.billingMethods.filter((method) => method !== null);
  return (
    usShipping &&
    !facts.hasInsurance &&
    !facts.pitlRequisition &&
    live.length > 0 &&
    live.every((method) => method === BILLING_METHODS.patientPay) &&
    (facts.netPriceCents > PLAN_MINIMUM_CENTS || facts.practicumDiscount)
  );
}

/** A payment as the browser sends it (spec 3 §7), the fields validation reads. */
export interface PaymentFields {
  paymentType: string | null;
  tokenId?: string | null;
  prcConfirmationNo?: string | null;
  checkNo?: string | null;
  cardNo?: string | null;
  cardExpDate?: string | null;
  cardCvv?: string | null;
  cardholderName?: string | null;
  cardZipCode?: string | null;
  installmentIntervalType?: string | null;
  installmentCount?: number | null;
}

/**
 * spec 3 §5: the field errors of one payment of the payment form, fields prefixed (e.g. 'payments.0.'). A card is
 * checked as typed (the browser) or, once tokenized, by its token; an admin may give a token id instead.
 */
export function paymentFieldErrors(
  payment: PaymentFields,
  options: { international: boolean; prefix?: string; tokenized?: boolean; admin?: boolean },
): FieldError[] {
  const prefix = options.prefix ?? '';
  const error = (field: string, defaultMessage: string): FieldError[] => [
    { field: `${prefix}${field}`, defaultMessage },
  ];
  switch (payment.paymentType) {
    case null:
    case '':
      return error('paymentType', PAYMENT_MESSAGES.paymentTypeRequired);
    case 'card': {
      if (options.tokenized || (options.admin && (payment.tokenId ?? '') !== '' && !payment.cardNo)) {
        const token = payment.tokenId ?? '';
        if (options.admin && !options.tokenized) return tokenIdErrors(token, `${prefix}tokenId`);
        return token === '' ? error('cardNo', PAYMENT_MESSAGES.cardNumberRequired) : [];
      }
      return [
        ...cardFieldErrors(payment, { international: options.international, prefix }),
        ...planErrors(payment, prefix),
      ];
    }
    case 'check':
      return (payment.checkNo ?? '').trim() === ''
        ? error('checkNo', PAYMENT_MESSAGES.checkNumberRequired)
        : [];
    case 'prepay':
      return prepayCodeErrors(payment.prcConfirmationNo, `${prefix}prcConfirmationNo`);
    case 'cardOnFile':
      return [];
    default:
      return [];
  }
}

/** spec 3 §5 'Month plan installment count: 2 to 4 … Interval type: 'Please select a payment option.''. */
export function planErrors(payment: PaymentFields, prefix = ''): FieldError[] {
  const type = payment.installmentIntervalType ?? 'full';
  if (type !== 'full' && type !== 'month')
    return [
      { field: `${prefix}installmentIntervalType`, defaultMessage: PAYMENT_MESSAGES.intervalTypeRequired },
    ];
  if (type === 'month') {
    const count = payment.installmentCount;
    if (
      typeof count !== 'number' ||
      !Number.isInteger(count) ||
      count < INSTALMENT_COUNT.min ||
      count > INSTALMENT_COUNT.max
    )
      return [
        { field: `${prefix}installmentCount`, defaultMessage: PAYMENT_MESSAGES.instalmentCountOutOfRange },
      ];
  }
  return [];
}

/** The dates of a plan's instalments: the first today, then one a month (interval months apart), same day or month end. */
export function instalmentDates(firstDate: string, count: number, intervalMonths = 1): string[] {
  const [year, month, day] = firstDate.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, index) => {
    const monthIndex = month - 1 + index * intervalMonths;
    const y = year + Math.floor(monthIndex / 12);
    const m = monthIndex % 12;
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const d = Math.min(day, lastDay);
    return `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  });
}

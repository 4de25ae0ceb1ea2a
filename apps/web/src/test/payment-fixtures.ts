import type { PaymentSummary } from '@gear/domain';

type SummaryRequisition = PaymentSummary['requisitions'][number];

/** One test the patient pays in full (GI Effects, $359.00), as the payment summary lists it. */
export const payingRequisition = (overrides: Partial<SummaryRequisition> = {}): SummaryRequisition => ({
  gearReqId: 7,
  name: 'GI Effects Comprehensive',
  billingMethod: 'No Insurance Billing: Pay Full Amount',
  amountCents: 35_900,
  paid: false,
  ...overrides,
});

/** The payment summary the server answers (decision 0120): by default a patient owes $359.00 today. */
export const paymentSummary = (overrides: Partial<PaymentSummary> = {}): PaymentSummary => ({
  requisitions: [payingRequisition()],
  expeditedShippingCents: 0,
  expeditedShippingWaived: false,
  mayWaiveExpeditedShipping: false,
  shippingMethod: 'FedEx Ground',
  discountCode: null,
  discountCents: 0,
  discountMessage: null,
  dueTodayCents: 35_900,
  paymentRequired: true,
  configError: false,
  planEligible: true,
  international: false,
  nsaRequired: true,
  patientAgreementRequired: true,
  captchaRequired: true,
  cardOnFile: null,
  shippingCardOnFile: null,
  payments: [],
  paymentReopened: false,
  ...overrides,
});

/** Nothing is due today: the practitioner's view, or tests billed elsewhere. */
export const nothingDueToday: Partial<PaymentSummary> = {
  dueTodayCents: 0,
  paymentRequired: false,
  planEligible: false,
  nsaRequired: false,
  patientAgreementRequired: false,
  captchaRequired: false,
};

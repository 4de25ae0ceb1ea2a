import { CAPTCHA_INVALID_MESSAGE } from '../messages.ts';

/**
 * The payment messages of spec 3 §5 'Card payment', 'Other payment rules' and §8 'Review' (submit errors), verbatim,
 * and ours where the spec names a condition without a text (docs/decisions/0120).
 */
export const PAYMENT_MESSAGES = {
  // spec 3 §5 Card payment, verbatim.
  cardNumberRequired: 'Please provide a card number.',
  cardNumberLength: 'Card number must be between 12 and 19 digits.',
  expiryRequired: 'Please provide an expiration date.',
  expiryInvalid: 'Please provide a valid expiration date.',
  cvvRequired: 'Please provide a CVV code.',
  cardholderNameRequired: 'Please provide a cardholder name.',
  zipRequired: 'Please provide a billing zip code.',
  postalCodeRequired: 'Please provide a billing postal code',
  // spec 3 §5 Other payment rules, verbatim.
  paymentTypeRequired: 'Please select a payment type.',
  tokenIdInvalid: 'Please provide a valid token id.',
  prepayCodeRequired: 'Please provide your 6-digit confirmation code.',
  prepayCodeInvalid: 'Please provide a valid 6-digit confirmation code.',
  instalmentCountOutOfRange: 'Please select a value between 2 and 4.',
  intervalTypeRequired: 'Please select a payment option.',
  captchaRequired: 'Please complete the CAPTCHA.',
  patientAgreementRequired: 'Patient/Responsible Party Acknowledgement is required.',
  nsaRequired: 'Non Surprise Act(NSA) Acknowledgement is required.',
  // spec 3 §8 Review submit errors, verbatim.
  testPaymentPrefix: 'There was a problem with your test payment.',
  shippingPaymentPrefix: 'There was a problem with your shipping charges payment.',
  captchaInvalid: CAPTCHA_INVALID_MESSAGE,
  // Ours (decision 0120): conditions the spec names without a text.
  cvvTooLong: 'Please provide a valid CVV code.',
  zipTooLong: 'Please provide a valid billing zip code.',
  cardNumberInvalid: 'Please check the card number.',
  checkNumberRequired: 'Please provide a check number.',
  prepayCodeUnknown: 'This confirmation code is not valid or has already been used.',
  cardOnFileMissing: 'There is no card on file for this practitioner.',
  planNotEligible: 'A payment plan is not available for this order.',
  paymentNotExpected: 'No payment is due for this requisition.',
  paymentMissing: 'Please provide a payment for each test.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  cardExpired: 'Your card has expired.',
  cvvMismatch: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Please try again.',
  tokenUnknown: 'The card details have expired. Please enter the card again.',
  customAmountNegative: 'The payment amount cannot be negative.',
  noReceipt: 'There is no payment on this order yet.',
  practitionerMethodNotAllowed:
    'Practitioners pay with the card on file, the shipping card on file or a check.',
} as const;

/** spec 3 §8: 'Patients see a prefix': the server message after the prefix of the payment that failed. */
export function submitPaymentErrorText(
  userType: 'prc' | 'myGDX',
  kind: 'RequisitionPaymentException' | 'ExpeditedShippingPaymentException',
  serverMessage: string,
): string {
  if (userType !== 'prc') return serverMessage;
  const prefix =
    kind === 'RequisitionPaymentException'
      ? PAYMENT_MESSAGES.testPaymentPrefix
      : PAYMENT_MESSAGES.shippingPaymentPrefix;
  return `${prefix} ${serverMessage}`;
}

import { PAYMENT_MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { payingRequisition, paymentSummary } from '../../test/payment-fixtures.ts';
import { paymentSummaryErrors } from './payment-summary-errors.ts';

const summary = paymentSummary;

// Issue 15 (decision 0332): the payment section's messages, in its order, named as its fields are labelled.
describe('paymentSummaryErrors', () => {
  it.each([
    ['nothing wrong', {}, summary(), []],
    [
      'shipping before the tests, the card after the type, the acknowledgements and the captcha last',
      {
        recaptcha: PAYMENT_MESSAGES.captchaRequired,
        nsaAcknowledged: PAYMENT_MESSAGES.nsaRequired,
        'card.cardCvv': PAYMENT_MESSAGES.cvvRequired,
        'shipping.cardNo': PAYMENT_MESSAGES.cardNumberRequired,
        shippingType: PAYMENT_MESSAGES.paymentTypeRequired,
        patientAgreement: PAYMENT_MESSAGES.patientAgreementRequired,
      },
      summary(),
      [
        `Pay shipping with: ${PAYMENT_MESSAGES.paymentTypeRequired}`,
        `Card number: ${PAYMENT_MESSAGES.cardNumberRequired}`,
        `CVV: ${PAYMENT_MESSAGES.cvvRequired}`,
        `Patient/Responsible Party Acknowledgement: ${PAYMENT_MESSAGES.patientAgreementRequired}`,
        `No Surprises Act (NSA) Acknowledgement: ${PAYMENT_MESSAGES.nsaRequired}`,
        `Verification: ${PAYMENT_MESSAGES.captchaRequired}`,
      ],
    ],
    [
      'a postal code abroad; the plan',
      {
        installmentCount: PAYMENT_MESSAGES.instalmentCountOutOfRange,
        'card.cardZipCode': PAYMENT_MESSAGES.postalCodeRequired,
      },
      summary({ international: true }),
      [
        `Billing postal code: ${PAYMENT_MESSAGES.postalCodeRequired}`,
        `Number of monthly payments: ${PAYMENT_MESSAGES.instalmentCountOutOfRange}`,
      ],
    ],
    [
      'prepay codes named by their test when there are several',
      { 'prepay.8': PAYMENT_MESSAGES.prepayCodeRequired, 'prepay.7': PAYMENT_MESSAGES.prepayCodeInvalid },
      summary({
        requisitions: [
          payingRequisition({ gearReqId: 7, name: 'GI Effects' }),
          payingRequisition({ gearReqId: 8, name: 'NutrEval' }),
        ],
      }),
      [
        `Confirmation code for GI Effects: ${PAYMENT_MESSAGES.prepayCodeInvalid}`,
        `Confirmation code for NutrEval: ${PAYMENT_MESSAGES.prepayCodeRequired}`,
      ],
    ],
  ])('%s', (_, errors, payment, lines) => {
    const listed = paymentSummaryErrors(errors, payment);
    expect(listed.map((error) => `${error.label}: ${error.message}`)).toEqual(lines);
    for (const error of listed) expect(errors[error.field as keyof typeof errors]).toBe(error.message);
  });
});

/**
 * The payment section the review composes (spec 3 §2 'Payment section'; decision 0120). Features reach each other
 * through the wizard (decision 0062): the review takes the payment feature's pieces from here.
 */
export { PaymentSection } from '../payment/payment-section.tsx';
export { type PaymentSubmission, usePaymentForm } from '../payment/use-payment-form.ts';

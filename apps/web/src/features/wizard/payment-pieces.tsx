import { Text } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { PaymentSection as EagerPaymentSection } from '../payment/payment-section.tsx';

/**
 * The payment section the review composes (spec 3 §2 'Payment section'; decision 0120). Features reach each other
 * through the wizard (decision 0062): the review takes the payment feature's pieces from here.
 */
export { type PaymentSubmission, usePaymentForm } from '../payment/use-payment-form.ts';

const LazyPaymentSection = lazy(() =>
  import('../payment/payment-section.tsx').then((module) => ({ default: module.PaymentSection })),
);

/** The payment section, loaded with the amounts it shows rather than with the review (decision 0235). */
export function PaymentSection(props: ComponentProps<typeof EagerPaymentSection>) {
  return (
    <Suspense fallback={<Text>Loading the amounts due…</Text>}>
      <LazyPaymentSection {...props} />
    </Suspense>
  );
}

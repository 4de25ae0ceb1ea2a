import type { PaymentSummary } from '@gear/domain';
import { CAPTCHA_LABEL } from '../../components/captcha-field.tsx';
import { cardSummaryErrors } from '../../components/card-form.tsx';
import type { SummaryError } from '../../components/error-summary.tsx';
import { dueRequisitions } from './payment-form.ts';

const one = (errors: Record<string, string>, field: string, label: string): SummaryError[] => {
  const message = errors[field];
  return message ? [{ field, label, message }] : [];
};

/**
 * The payment section's messages (paymentFormErrors, a refused card or captcha) as its error summary lists them, in
 * the section's order: expedited shipping, the tests' payment, the acknowledgements, the captcha (decision 0332).
 */
export function paymentSummaryErrors(
  errors: Record<string, string>,
  summary: PaymentSummary,
): SummaryError[] {
  const due = dueRequisitions(summary);
  const { international } = summary;
  return [
    ...one(errors, 'shippingType', 'Pay shipping with'),
    ...cardSummaryErrors(errors, { prefix: 'shipping.', international }),
    ...one(errors, 'shippingCheckNo', 'Check number'),
    ...one(errors, 'type', 'Payment type'),
    ...one(errors, 'card.adminTokenId', 'Token ID'),
    ...cardSummaryErrors(errors, { prefix: 'card.', international }),
    ...one(errors, 'installmentIntervalType', 'Payment option'),
    ...one(errors, 'installmentCount', 'Number of monthly payments'),
    ...one(errors, 'checkNo', 'Check number'),
    ...due.flatMap((requisition) =>
      one(
        errors,
        `prepay.${requisition.gearReqId}`,
        due.length > 1 ? `Confirmation code for ${requisition.name}` : 'Confirmation code',
      ),
    ),
    ...one(errors, 'patientAgreement', 'Patient/Responsible Party Acknowledgement'),
    ...one(errors, 'nsaAcknowledged', 'No Surprises Act (NSA) Acknowledgement'),
    ...one(errors, 'recaptcha', CAPTCHA_LABEL),
  ];
}

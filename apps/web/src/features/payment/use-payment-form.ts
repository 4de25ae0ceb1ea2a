import {
  type PaymentSummary,
  type SavedOrder,
  type SubmitPayment,
  submitPaymentErrorText,
  type UserInfo,
} from '@gear/domain';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { useAppliedDiscount } from '../../api/discounts.ts';
import { isApiError } from '../../api/errors.ts';
import { tokenizeCard, usePaymentSummary } from '../../api/payment.ts';
import { useErrorSummary } from '../../components/error-summary.tsx';
import {
  type CardState,
  cardBody,
  initialPaymentForm,
  type PaymentFormState,
  paymentFormErrors,
  paymentsOf,
} from './payment-form.ts';
import { paymentSummaryErrors } from './payment-summary-errors.ts';

/** What the submit sends besides the order: the acknowledgements, the captcha and the payments (spec 3 §7). */
export interface PaymentSubmission {
  patientAgreement: boolean;
  nsaAcknowledged: boolean;
  recaptcha: string | null;
  payments: SubmitPayment[];
}

class TokenizeFailure extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The payment section's state for the review's Submit: the summary from the server, the form, its messages, and
 * `prepare` (checks the form by spec 3 §5, then tokenizes cards: the submit's body, or null with the messages shown).
 */
export function usePaymentForm(order: SavedOrder, user: UserInfo) {
  const api = useApi();
  // The code applied in the discount box (page state, decision 0130): the summary's amounts are less it, and the
  // payments carry it to the submit, which checks it again (decision 0132).
  const applied = useAppliedDiscount(order.id);
  const summary = usePaymentSummary(order.id, order.version, applied?.discountCode ?? null);
  const [state, setState] = useState<PaymentFormState>(() => initialPaymentForm(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorSummary = useErrorSummary();
  const clearSummary = errorSummary.clear;
  /** Each message beside its field and in the summary at the top of the section (issue 15, decision 0332). */
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    if (summary.data) errorSummary.show(paymentSummaryErrors(found, summary.data));
  };
  const [captchaResetKey, setCaptchaResetKey] = useState(0);
  // spec 3 §4 'Payment page' (decision 0161): a paid order that owes again clears the fields, sets the plan back to
  // full and opens the modal 'Updated Payment Information Required'.
  const reopened = summary.data?.paymentReopened === true;
  const [reopenNotice, setReopenNotice] = useState(false);
  useEffect(() => {
    if (!reopened) return;
    setState(initialPaymentForm(user));
    setErrors({});
    clearSummary();
    setReopenNotice(true);
  }, [reopened, user, clearSummary]);

  const prepare = async (): Promise<PaymentSubmission | null> => {
    const data: PaymentSummary | undefined = summary.data;
    if (!data) return null;
    const found = paymentFormErrors(state, data, user);
    showErrors(found);
    if (Object.keys(found).length > 0) return null;
    try {
      const payments = await paymentsOf(state, data, user, order.id, async (card: CardState, which) => {
        try {
          return (await tokenizeCard(api, cardBody(card))).token;
        } catch (error) {
          const message = isApiError(error) ? error.message : 'The card could not be checked.';
          const field = isApiError(error) ? (error.fieldErrors[0]?.field ?? 'cardNo') : 'cardNo';
          throw new TokenizeFailure(`${which === 'card' ? 'card.' : 'shipping.'}${field}`, message);
        }
      });
      return {
        patientAgreement: state.patientAgreement,
        nsaAcknowledged: state.nsaAcknowledged,
        recaptcha: data.captchaRequired ? state.recaptcha : null,
        payments,
      };
    } catch (failure) {
      if (failure instanceof TokenizeFailure) {
        showErrors({ [failure.field]: failure.message });
        return null;
      }
      throw failure;
    }
  };

  /**
   * After a refused submit: the captcha starts over (its solution is spent or refused), and the message to show
   * (spec 3 §8: the server's message of a payment refusal, with the patient's prefix).
   */
  const refused = (error: unknown): string | null => {
    setCaptchaResetKey((key) => key + 1);
    setState((current) => ({ ...current, recaptcha: null }));
    if (!isApiError(error)) return null;
    const name = error.body?.error;
    if (name === 'RequisitionPaymentException' || name === 'ExpeditedShippingPaymentException')
      return submitPaymentErrorText(user.type, name, error.serverMessage ?? error.message);
    // spec 3 §8: a discount code that no longer applies shows the server's message.
    if (name === 'DiscountNotFoundException' || name === 'PitlDiscountNotFoundException')
      return error.serverMessage ?? error.message;
    if (name === 'RecaptchaInvalidException') {
      showErrors({ recaptcha: error.serverMessage ?? error.message });
      return error.serverMessage ?? error.message;
    }
    return null;
  };

  return {
    summary,
    state,
    setState,
    errors,
    errorSummary,
    captchaResetKey,
    prepare,
    refused,
    reopenNotice,
    closeReopenNotice: () => setReopenNotice(false),
  };
}

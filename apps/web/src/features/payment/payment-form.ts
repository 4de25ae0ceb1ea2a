import {
  type CardFields,
  cardFieldErrors,
  INSTALMENT_COUNT,
  PAYMENT_MESSAGES,
  type PaymentSummary,
  planErrors,
  prepayCodeErrors,
  SAVED_CARD_MARKER,
  type SubmitPayment,
  tokenIdErrors,
  type UserInfo,
} from '@gear/domain';

/** A test payment choice (spec 3 §6): patients card, check, prepay code; practitioners their card on file or check. */
export type TestPaymentType = 'card' | 'check' | 'prepay' | 'cardOnFile';
/** An expedited shipping payment choice (spec 3 §6). */
export type ShippingPaymentType = 'card' | 'shippingCardOnFile' | 'cardOnFile' | 'check';

export interface CardState {
  cardNo: string;
  cardExpDate: string;
  cardCvv: string;
  cardholderName: string;
  cardZipCode: string;
}

export const emptyCard = (): CardState => ({
  cardNo: '',
  cardExpDate: '',
  cardCvv: '',
  cardholderName: '',
  cardZipCode: '',
});

export interface PaymentFormState {
  /** 'I will provide payment now' (true) or 'patient will provide payment later' (a practitioner's choice). */
  payNow: boolean;
  type: TestPaymentType | null;
  card: CardState;
  checkNo: string;
  /** A prepay code per requisition (each code pays one test). */
  prepayCodes: Record<number, string>;
  intervalType: 'full' | 'month';
  instalmentCount: number;
  /** Admins: a 6-character token id or the saved-card marker in place of a card (spec 3 §5). */
  adminTokenId: string;
  shippingType: ShippingPaymentType | null;
  shippingCard: CardState;
  shippingCheckNo: string;
  patientAgreement: boolean;
  nsaAcknowledged: boolean;
  recaptcha: string | null;
}

export const initialPaymentForm = (user: UserInfo): PaymentFormState => ({
  payNow: user.type === 'prc',
  type: null,
  card: emptyCard(),
  checkNo: '',
  prepayCodes: {},
  intervalType: 'full',
  instalmentCount: INSTALMENT_COUNT.default,
  adminTokenId: '',
  shippingType: null,
  shippingCard: emptyCard(),
  shippingCheckNo: '',
  patientAgreement: false,
  nsaAcknowledged: false,
  recaptcha: null,
});

/** spec 3 §4 'Choosing a payment type clears the other payment fields and shows the matching form'. */
export const chooseType = (state: PaymentFormState, type: TestPaymentType): PaymentFormState => ({
  ...state,
  type,
  card: emptyCard(),
  checkNo: '',
  prepayCodes: {},
  intervalType: 'full',
  instalmentCount: INSTALMENT_COUNT.default,
  adminTokenId: '',
});

export const chooseShippingType = (
  state: PaymentFormState,
  shippingType: ShippingPaymentType,
): PaymentFormState => ({
  ...state,
  shippingType,
  shippingCard: emptyCard(),
  shippingCheckNo: '',
});

/** The requisitions the payer pays for now: priced and unpaid (a patient always; a practitioner paying now). */
export const dueRequisitions = (summary: PaymentSummary) =>
  summary.requisitions.filter((requisition) => requisition.amountCents !== null && !requisition.paid);

export const paysTests = (state: PaymentFormState, summary: PaymentSummary) =>
  state.payNow && dueRequisitions(summary).length > 0;

export const paysShipping = (summary: PaymentSummary) => summary.expeditedShippingCents > 0;

const isAdminUser = (user: UserInfo) => user.adminUser === 'true';

/** A card entered in full, or an admin's token id in its place. */
const cardErrors = (card: CardFields, prefix: string, international: boolean, adminToken: string | null) =>
  adminToken !== null && adminToken !== ''
    ? tokenIdErrors(adminToken, `${prefix}adminTokenId`)
    : cardFieldErrors(card, { international, prefix });

/**
 * spec 3 §5 'Card payment', 'Other payment rules': the form's messages by field ('card.cardNo', 'checkNo',
 * 'prepay.{gearReqId}', 'type', 'installmentCount', 'shipping.cardNo', 'patientAgreement', 'nsaAcknowledged',
 * 'recaptcha').
 */
export function paymentFormErrors(
  state: PaymentFormState,
  summary: PaymentSummary,
  user: UserInfo,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (list: { field: string; defaultMessage: string }[]) => {
    for (const error of list) errors[error.field] ??= error.defaultMessage;
  };
  if (paysTests(state, summary)) {
    if (state.type === null) errors.type = PAYMENT_MESSAGES.paymentTypeRequired;
    if (state.type === 'card') {
      add(
        cardErrors(state.card, 'card.', summary.international, isAdminUser(user) ? state.adminTokenId : null),
      );
      add(
        planErrors(
          {
            paymentType: 'card',
            installmentIntervalType: state.intervalType,
            installmentCount: state.instalmentCount,
          },
          '',
        ),
      );
    }
    if (state.type === 'check' && state.checkNo.trim() === '')
      errors.checkNo = PAYMENT_MESSAGES.checkNumberRequired;
    if (state.type === 'prepay')
      for (const requisition of dueRequisitions(summary))
        add(prepayCodeErrors(state.prepayCodes[requisition.gearReqId], `prepay.${requisition.gearReqId}`));
  }
  if (paysShipping(summary)) {
    if (state.shippingType === null) errors.shippingType = PAYMENT_MESSAGES.paymentTypeRequired;
    // spec 3 §5: 'The same rules apply to the expedited shipping card unless a saved token is used.'
    if (state.shippingType === 'card')
      add(cardFieldErrors(state.shippingCard, { international: summary.international, prefix: 'shipping.' }));
    if (state.shippingType === 'check' && state.shippingCheckNo.trim() === '')
      errors.shippingCheckNo = PAYMENT_MESSAGES.checkNumberRequired;
  }
  if (summary.patientAgreementRequired && !state.patientAgreement)
    errors.patientAgreement = PAYMENT_MESSAGES.patientAgreementRequired;
  if (summary.nsaRequired && !state.nsaAcknowledged) errors.nsaAcknowledged = PAYMENT_MESSAGES.nsaRequired;
  if (summary.captchaRequired && !state.recaptcha) errors.recaptcha = PAYMENT_MESSAGES.captchaRequired;
  return errors;
}

/** The card as the tokenization endpoint takes it. */
export const cardBody = (card: CardState) => ({
  cardNo: card.cardNo.replace(/[\s-]/g, ''),
  cardExpDate: card.cardExpDate.trim(),
  cardCvv: card.cardCvv.trim(),
  cardholderName: card.cardholderName.trim(),
  cardZipCode: card.cardZipCode.trim(),
});

/**
 * The submit's payments[] (spec 3 §7): one per requisition paid now and one for expedited shipping, each carrying a
 * gateway token (tokenize: the card → its token), a check number, a prepay code, or the card on file. No card
 * number ever goes in it (decision 0120).
 */
export async function paymentsOf(
  state: PaymentFormState,
  summary: PaymentSummary,
  user: UserInfo,
  orderId: number,
  tokenize: (card: CardState, which: 'card' | 'shipping') => Promise<string>,
): Promise<SubmitPayment[]> {
  const payments: SubmitPayment[] = [];
  const paymentFrom = user.type;
  if (paysTests(state, summary)) {
    const adminToken =
      isAdminUser(user) && state.adminTokenId.trim() !== '' ? state.adminTokenId.trim() : null;
    const testToken = state.type === 'card' ? (adminToken ?? (await tokenize(state.card, 'card'))) : null;
    for (const requisition of dueRequisitions(summary)) {
      const base = {
        paymentFrom,
        gearReqId: requisition.gearReqId,
        fullPaymentAmount: requisition.amountCents,
        // spec 3 §7 'Each payment carries … discount': the applied code, checked again by the server (decision 0132).
        ...(summary.discountCode ? { discount: { discountCode: summary.discountCode } } : {}),
      };
      if (state.type === 'card')
        payments.push({
          ...base,
          paymentType: 'card',
          tokenId: testToken,
          installmentIntervalType: state.intervalType,
          installmentCount: state.intervalType === 'month' ? state.instalmentCount : null,
          installmentInterval: state.intervalType === 'month' ? 1 : null,
        });
      if (state.type === 'check')
        payments.push({ ...base, paymentType: 'check', checkNo: state.checkNo.trim() });
      if (state.type === 'prepay')
        payments.push({
          ...base,
          paymentType: 'prepay',
          prcConfirmationNo: (state.prepayCodes[requisition.gearReqId] ?? '').trim(),
        });
      if (state.type === 'cardOnFile') payments.push({ ...base, paymentType: 'cardOnFile' });
    }
  }
  if (paysShipping(summary)) {
    const base = { paymentFrom, gearReqId: null, gearOrderId: orderId, saveForLater: false };
    if (state.shippingType === 'card')
      payments.push({
        ...base,
        paymentType: 'expeditedShipping',
        tokenId: await tokenize(state.shippingCard, 'shipping'),
      });
    if (state.shippingType === 'shippingCardOnFile')
      payments.push({ ...base, paymentType: 'expeditedShipping', tokenId: SAVED_CARD_MARKER });
    if (state.shippingType === 'cardOnFile') payments.push({ ...base, paymentType: 'cardOnFile' });
    if (state.shippingType === 'check')
      payments.push({ ...base, paymentType: 'check', checkNo: state.shippingCheckNo.trim() });
  }
  return payments;
}

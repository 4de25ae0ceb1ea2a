import { describe, expect, it } from 'vitest';
import { BILLING_METHODS } from '../contract/order.ts';
import { cardBrand, cardFieldErrors, isExpired, luhnValid, parseExpiry } from './card.ts';
import { PAYMENT_MESSAGES as M, submitPaymentErrorText } from './payment-messages.ts';
import {
  type AcknowledgementFacts,
  instalmentDates,
  type PlanEligibilityFacts,
  paymentFieldErrors,
  paymentPlanEligible,
  planErrors,
  prepayCodeErrors,
  requiresNsaAcknowledgement,
  requiresPatientAgreement,
  SAVED_CARD_MARKER,
  submitPaymentAcknowledgementErrors,
  tokenIdErrors,
} from './payment-rules.ts';

const goodCard = {
  cardNo: '4242 4242 4242 4242',
  cardExpDate: '12/30',
  cardCvv: '123',
  cardholderName: 'Jane Testpatient',
  cardZipCode: '28801',
};

describe('card numbers (spec 3 §5 Card payment, §9)', () => {
  it.each<[string, string, boolean]>([
    ['Luhn: the Stripe test Visa passes', '4242424242424242', true],
    ['Luhn: test_cards.tsv incorrect_number fails', '4242424242424241', false],
    ['Luhn: a 15-digit Amex passes', '378282246310005', true],
    ['Luhn: letters fail', '4242abcd', false],
  ])('%s', (_name, digits, valid) => expect(luhnValid(digits)).toBe(valid));

  it.each<[string, string]>([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6011111111111117', 'Discover'],
    ['3566002020360505', 'JCB'],
    ['30569309025904', 'Diners Club'],
    ['9999999999999995', 'Card'],
  ])('brand of %s is %s', (digits, brand) => expect(cardBrand(digits)).toBe(brand));
});

describe('card form (spec 3 §5 Card payment)', () => {
  it.each<[string, Partial<typeof goodCard>, boolean, { field: string; defaultMessage: string }[]]>([
    ['a complete card has no errors', {}, false, []],
    ['number required', { cardNo: '' }, false, [{ field: 'cardNo', defaultMessage: M.cardNumberRequired }]],
    [
      '11 digits',
      { cardNo: '42424242424' },
      false,
      [{ field: 'cardNo', defaultMessage: M.cardNumberLength }],
    ],
    [
      '20 digits',
      { cardNo: '42424242424242424242' },
      false,
      [{ field: 'cardNo', defaultMessage: M.cardNumberLength }],
    ],
    ['12 digits pass', { cardNo: '424242424242' }, false, []],
    [
      'expiry required',
      { cardExpDate: '' },
      false,
      [{ field: 'cardExpDate', defaultMessage: M.expiryRequired }],
    ],
    [
      'expiry year 17',
      { cardExpDate: '01/17' },
      false,
      [{ field: 'cardExpDate', defaultMessage: M.expiryInvalid }],
    ],
    [
      'expiry month 13',
      { cardExpDate: '13/25' },
      false,
      [{ field: 'cardExpDate', defaultMessage: M.expiryInvalid }],
    ],
    ['CVV required', { cardCvv: '' }, false, [{ field: 'cardCvv', defaultMessage: M.cvvRequired }]],
    ['CVV max 4', { cardCvv: '12345' }, false, [{ field: 'cardCvv', defaultMessage: M.cvvTooLong }]],
    [
      'name required',
      { cardholderName: ' ' },
      false,
      [{ field: 'cardholderName', defaultMessage: M.cardholderNameRequired }],
    ],
    ['zip required', { cardZipCode: '' }, false, [{ field: 'cardZipCode', defaultMessage: M.zipRequired }]],
    ['zip max 5', { cardZipCode: '288011' }, false, [{ field: 'cardZipCode', defaultMessage: M.zipTooLong }]],
    [
      'international: postal code',
      { cardZipCode: '' },
      true,
      [{ field: 'cardZipCode', defaultMessage: M.postalCodeRequired }],
    ],
    ['international: no 5 limit', { cardZipCode: 'M5V 2T6' }, true, []],
  ])('%s', (_name, change, international, expected) =>
    expect(cardFieldErrors({ ...goodCard, ...change }, { international })).toEqual(expected),
  );

  it('expiry MM/YY with year 18 to 99 (spec 3 §9)', () => {
    expect(parseExpiry('01/18')).toEqual({ month: 1, year: 18 });
    expect(parseExpiry('12/99')).toEqual({ month: 12, year: 99 });
    expect(parseExpiry('1/25')).toBeNull();
    expect(isExpired({ month: 10, year: 26 }, '2026-11-26')).toBe(true);
    expect(isExpired({ month: 11, year: 26 }, '2026-11-26')).toBe(false);
  });
});

describe('other payment rules (spec 3 §5)', () => {
  it.each<[string, string | null, string[]]>([
    ['token id of 6 characters', 'AB12CD', []],
    ['the saved-card marker (spec/README.md resolution 4)', SAVED_CARD_MARKER, []],
    ['token id of 5', 'AB12C', [M.tokenIdInvalid]],
    ['no token id', null, [M.tokenIdInvalid]],
  ])('admin %s', (_name, token, messages) =>
    expect(tokenIdErrors(token).map((e) => e.defaultMessage)).toEqual(messages),
  );

  it.each<[string, string | null, string[]]>([
    ['prepay code required', '', [M.prepayCodeRequired]],
    ['prepay code of 5', 'PRE12', [M.prepayCodeInvalid]],
    ['prepay code of 7', 'PRE1234', [M.prepayCodeInvalid]],
    ['prepay code of 6', 'PRE123', []],
  ])('%s', (_name, code, messages) =>
    expect(prepayCodeErrors(code).map((e) => e.defaultMessage)).toEqual(messages),
  );

  it.each<[string, Record<string, unknown>, string[]]>([
    ['full plan', { installmentIntervalType: 'full' }, []],
    ['month plan of 4', { installmentIntervalType: 'month', installmentCount: 4 }, []],
    [
      'month plan of 1',
      { installmentIntervalType: 'month', installmentCount: 1 },
      [M.instalmentCountOutOfRange],
    ],
    [
      'month plan of 5',
      { installmentIntervalType: 'month', installmentCount: 5 },
      [M.instalmentCountOutOfRange],
    ],
    ['no interval type', { installmentIntervalType: 'weekly' }, [M.intervalTypeRequired]],
  ])('spec 3 §5 plans: %s', (_name, plan, messages) =>
    expect(planErrors({ paymentType: 'card', ...plan }).map((e) => e.defaultMessage)).toEqual(messages),
  );

  it.each<[string, Record<string, unknown>, string[]]>([
    ['no type', { paymentType: null }, [M.paymentTypeRequired]],
    ['check without number', { paymentType: 'check' }, [M.checkNumberRequired]],
    ['check with number', { paymentType: 'check', checkNo: '1001' }, []],
    ['prepay', { paymentType: 'prepay', prcConfirmationNo: 'PRE123' }, []],
    ['card typed', { paymentType: 'card', ...goodCard }, []],
  ])('spec 3 §5 payment types: %s', (_name, payment, messages) =>
    expect(
      paymentFieldErrors(payment as never, { international: false }).map((e) => e.defaultMessage),
    ).toEqual(messages),
  );
});

const patient: AcknowledgementFacts = {
  userType: 'prc',
  shippingCountry: 'US',
  configError: false,
  pitl: false,
  billingMethods: [BILLING_METHODS.patientPay],
  patientAgreementGiven: false,
  nsaAlreadyAcknowledged: false,
};

describe('acknowledgements (spec 3 §5 Other payment rules)', () => {
  it.each<[string, Partial<AcknowledgementFacts>, boolean]>([
    ['a patient paying, US', {}, true],
    ['absent country', { shippingCountry: null }, true],
    ['United States by name', { shippingCountry: 'United States' }, true],
    ['a practitioner', { userType: 'myGDX' }, false],
    ['Canada', { shippingCountry: 'CA' }, false],
    ['config error', { configError: true }, false],
    ['PITL', { pitl: true }, false],
    ['physician account', { billingMethods: [BILLING_METHODS.physicianAccount] }, false],
    ['insurance with patient payment', { billingMethods: [BILLING_METHODS.insurance] }, true],
    ['Medicare or Tricare', { billingMethods: [BILLING_METHODS.medicare] }, true],
    ['the helper (decision 0120): already acknowledged', { nsaAlreadyAcknowledged: true }, false],
  ])('NSA required: %s', (_name, change, required) =>
    expect(requiresNsaAcknowledgement({ ...patient, ...change })).toBe(required),
  );

  it.each<[string, Partial<AcknowledgementFacts>, boolean]>([
    ['a patient', {}, true],
    ['a practitioner', { userType: 'myGDX' }, false],
    ['already given', { patientAgreementGiven: true }, false],
    ['config error', { configError: true }, false],
  ])('patient agreement required: %s', (_name, change, required) =>
    expect(requiresPatientAgreement({ ...patient, ...change })).toBe(required),
  );

  it('a patient must send the captcha, the agreement and the NSA, with the spec messages', () => {
    expect(
      submitPaymentAcknowledgementErrors(patient, {
        patientAgreement: false,
        nsaAcknowledged: false,
        recaptcha: null,
      }),
    ).toEqual([
      { field: 'recaptcha', defaultMessage: 'Please complete the CAPTCHA.' },
      { field: 'patientAgreement', defaultMessage: 'Patient/Responsible Party Acknowledgement is required.' },
      { field: 'nsaAcknowledged', defaultMessage: 'Non Surprise Act(NSA) Acknowledgement is required.' },
    ]);
    expect(
      submitPaymentAcknowledgementErrors(
        { ...patient, userType: 'myGDX' },
        { patientAgreement: false, nsaAcknowledged: false, recaptcha: null },
      ),
    ).toEqual([]);
  });

  it('spec 3 §8: patients see the prefix of the payment that failed', () => {
    expect(submitPaymentErrorText('prc', 'RequisitionPaymentException', 'Your card was declined.')).toBe(
      'There was a problem with your test payment. Your card was declined.',
    );
    expect(submitPaymentErrorText('prc', 'ExpeditedShippingPaymentException', 'Declined')).toBe(
      'There was a problem with your shipping charges payment. Declined',
    );
    expect(submitPaymentErrorText('myGDX', 'RequisitionPaymentException', 'Declined')).toBe('Declined');
  });
});

const eligible: PlanEligibilityFacts = {
  shippingCountry: 'US',
  hasInsurance: false,
  pitlRequisition: false,
  billingMethods: [BILLING_METHODS.patientPay],
  netPriceCents: 10_001,
  practicumDiscount: false,
};

describe('payment-plan eligibility (spec 3 §5, §9)', () => {
  it.each<[string, Partial<PlanEligibilityFacts>, boolean]>([
    ['US, no insurance, pay full amount, over $100', {}, true],
    ['exactly $100 is not over', { netPriceCents: 10_000 }, false],
    ['$100 with a Practicum Testing discount', { netPriceCents: 10_000, practicumDiscount: true }, true],
    ['Canada', { shippingCountry: 'Canada' }, false],
    ['insurance on the order', { hasInsurance: true }, false],
    ['a PITL requisition', { pitlRequisition: true }, false],
    ['insurance billing', { billingMethods: [BILLING_METHODS.insurance] }, false],
    [
      'mixed billing',
      { billingMethods: [BILLING_METHODS.patientPay, BILLING_METHODS.physicianAccount] },
      false,
    ],
  ])('%s', (_name, change, expected) =>
    expect(paymentPlanEligible({ ...eligible, ...change })).toBe(expected),
  );

  it('instalment dates a month apart, month ends kept (spec 3 §9 interval default 1)', () => {
    expect(instalmentDates('2026-11-26', 4)).toEqual([
      '2026-11-26',
      '2026-12-26',
      '2027-01-26',
      '2027-02-26',
    ]);
    expect(instalmentDates('2027-01-31', 3)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
  });
});

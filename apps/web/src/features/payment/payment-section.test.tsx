import {
  CONSENT_PDF_PATH,
  EXPEDITED_WAIVER_MESSAGES,
  type GearOrder,
  PAYMENT_MESSAGES,
  type PaymentSummary,
  TERMS_PATH,
  UPDATED_PAYMENT_TITLE,
} from '@gear/domain';
import { janeReadyToShip } from '@gear/domain/test-support';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { itemById } from '../../test/catalogue.ts';
import { type Handler, json } from '../../test/fetch-mock.ts';
import { adminUser, patientUser, practitionerUser, workflowThrough } from '../../test/fixtures.ts';
import { payingRequisition, paymentSummary } from '../../test/payment-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540 } from '../../test/requisition-fixtures.ts';

const jane = janeReadyToShip();

const order = orderWith540(
  { billingMethod: 'No Insurance Billing: Pay Full Amount', components: [5401] },
  { patientInfo: jane, containsDropShipRequisition: true, workflow: workflowThrough(8) },
);
const gearReqId = order.requisitions[0]?.id as number;

// The widget is the captcha issue's (tested there); here the form's own rules.
const summary = (overrides: Partial<PaymentSummary> = {}): PaymentSummary =>
  paymentSummary({ requisitions: [payingRequisition({ gearReqId })], captchaRequired: false, ...overrides });

function open(
  route: 'summary' | 'confirm',
  pay: PaymentSummary,
  handlers: Record<string, Handler> = {},
  user = patientUser,
) {
  return renderApp(`/order/42/${route}`, {
    user,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/requisitions': () => json([{ id: gearReqId, orderableItem: itemById(540) }]),
      'GET /gear/order/42/payment-summary': () => json(pay),
      'GET /gear/acknowledgement': () =>
        new Response('<h2>Patient</h2><p>I agree to pay.</p>', { headers: { 'content-type': 'text/html' } }),
      'GET /gear/nsa-acknowledgement': () =>
        new Response('<p>No Surprises Act notice.</p>', { headers: { 'content-type': 'text/html' } }),
      ...handlers,
    },
  });
}

const placed = (from: GearOrder): GearOrder => ({ ...from, version: from.version + 1 });

describe('the payment section (spec 3 §2, §4, §5; decision 0120)', () => {
  it('spec 3 §5: the messages of the form, and nothing is sent while any holds', async () => {
    const app = open('summary', summary());
    const submit = await screen.findByRole('button', { name: 'Submit' }, { timeout: 10_000 });
    await screen.findByText('Payment Due Today');
    await app.user.click(submit);
    expect(await screen.findByText(PAYMENT_MESSAGES.paymentTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.patientAgreementRequired)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.nsaRequired)).toBeInTheDocument();

    await app.user.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
    await app.user.type(screen.getByLabelText('Card number'), '4242');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.cardNumberLength)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.expiryRequired)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.cvvRequired)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.cardholderNameRequired)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.zipRequired)).toBeInTheDocument();

    // Choosing another type clears the card (spec 3 §4).
    await app.user.click(screen.getByRole('radio', { name: 'Prepay code' }));
    await app.user.type(screen.getByLabelText('Confirmation code'), 'PRE12');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.prepayCodeInvalid)).toBeInTheDocument();
    await app.user.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(app.server.callsTo('PUT /gear/order/42/confirm-and-pay')).toHaveLength(0);
    expect(app.server.callsTo('POST /gateway/tokens')).toHaveLength(0);
    await expectAccessible(app.container);
  }, 60_000);

  it('a card goes to the tokenization endpoint; the submit carries the token and a 3-month plan, never the number', async () => {
    const app = open('summary', summary(), {
      'POST /gateway/tokens': () =>
        json({ token: 'tok_0123456789abcdef01234567', brand: 'Visa', last4: '4242' }),
      'PUT /gear/order/42/confirm-and-pay': () =>
        json({ gearOrder: placed(order), error: null, message: null }),
    });
    await screen.findByText('Payment Due Today', {}, { timeout: 10_000 });
    await app.user.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
    await app.user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await app.user.type(screen.getByLabelText('Expiration date (MM/YY)'), '12/30');
    await app.user.type(screen.getByLabelText('CVV'), '123');
    await app.user.type(screen.getByLabelText('Cardholder name'), 'Jane Testpatient');
    await app.user.type(screen.getByLabelText('Billing zip code'), '28806');
    await app.user.click(screen.getByRole('radio', { name: 'Monthly payment plan' }));
    await app.user.selectOptions(screen.getByLabelText('Number of monthly payments'), '3');
    const plan = screen.getByRole('table', { name: 'Instalments' });
    expect(within(plan).getAllByRole('row')).toHaveLength(4);
    expect(within(plan).getAllByText('$119.66')).toHaveLength(2);
    expect(within(plan).getByText('$119.68')).toBeInTheDocument();
    await app.user.click(
      screen.getByRole('checkbox', { name: /Patient\/Responsible Party Acknowledgement/ }),
    );
    await app.user.click(screen.getByRole('checkbox', { name: /No Surprises Act/ }));
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));

    await expect.poll(() => app.server.callsTo('PUT /gear/order/42/confirm-and-pay').length).toBe(1);
    const [tokenized] = app.server.callsTo('POST /gateway/tokens');
    expect(tokenized?.body).toMatchObject({ cardNo: '4242424242424242', cardExpDate: '12/30' });
    const [submitted] = app.server.callsTo('PUT /gear/order/42/confirm-and-pay');
    expect(JSON.stringify(submitted?.body)).not.toContain('4242424242424242');
    expect(submitted?.body).toMatchObject({
      patientAgreement: true,
      nsaAcknowledged: true,
      payments: [
        {
          paymentType: 'card',
          paymentFrom: 'prc',
          gearReqId,
          tokenId: 'tok_0123456789abcdef01234567',
          installmentIntervalType: 'month',
          installmentCount: 3,
        },
      ],
    });
  }, 60_000);

  it('spec 3 §8: a declined card shows the server message with the patient prefix', async () => {
    const app = open('summary', summary({ nsaRequired: false, patientAgreementRequired: false }), {
      'PUT /gear/order/42/confirm-and-pay': () =>
        json(
          {
            error: 'RequisitionPaymentException',
            message: 'Your card was declined.',
            errors: [{ field: 'payments.0', defaultMessage: 'Your card was declined.' }],
          },
          402,
        ),
    });
    await screen.findByText('Payment Due Today', {}, { timeout: 10_000 });
    await app.user.click(screen.getByRole('radio', { name: 'Check' }));
    await app.user.type(screen.getByLabelText('Check number'), '1001');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('There was a problem with your test payment. Your card was declined.'),
    ).toBeInTheDocument();
  });

  it("spec 3 §2 'a terms page, … a consent PDF': linked where the patient agrees (decision 0188)", async () => {
    open('confirm', summary());
    const terms = await screen.findByRole('link', { name: 'Terms of Use' }, { timeout: 10_000 });
    expect(terms).toHaveAttribute('href', TERMS_PATH);
    expect(screen.getByRole('link', { name: 'Consent for Laboratory Testing (PDF)' })).toHaveAttribute(
      'href',
      CONSENT_PDF_PATH,
    );
  });

  const expedited = (overrides: Partial<PaymentSummary> = {}) =>
    summary({
      requisitions: [],
      expeditedShippingCents: 1995,
      shippingMethod: 'Second Day',
      dueTodayCents: 1995,
      nsaRequired: false,
      patientAgreementRequired: false,
      ...overrides,
    });

  it('spec 2 §6: the waiver checkbox is disabled for an admin not acting for the practitioner, absent for others', async () => {
    open('confirm', expedited(), {}, adminUser);
    const waiver = await screen.findByRole(
      'checkbox',
      { name: EXPEDITED_WAIVER_MESSAGES.label },
      { timeout: 10_000 },
    );
    expect(waiver).toBeDisabled();
    expect(screen.getByText(EXPEDITED_WAIVER_MESSAGES.disabledHint)).toBeInTheDocument();
  });

  it('spec 2 §6: an admin acting for the practitioner waives the fee (PUT expedited-shipping-waiver)', async () => {
    const app = open(
      'confirm',
      expedited({ mayWaiveExpeditedShipping: true }),
      {
        'PUT /gear/order/42/expedited-shipping-waiver': () => json({ ...order, version: order.version + 1 }),
      },
      adminUser,
    );
    const waiver = await screen.findByRole(
      'checkbox',
      { name: EXPEDITED_WAIVER_MESSAGES.label },
      { timeout: 10_000 },
    );
    expect(waiver).toBeEnabled();
    await app.user.click(waiver);
    await expect
      .poll(() => app.server.callsTo('PUT /gear/order/42/expedited-shipping-waiver').length)
      .toBe(1);
    expect(app.server.callsTo('PUT /gear/order/42/expedited-shipping-waiver')[0]?.body).toEqual({
      waived: true,
    });
  });

  it("spec 3 §8 'Config error … with a 'Try Again' reload for PITL orders'; other orders submit without payment", async () => {
    const pitl = { ...order, physicianInTheLoop: true };
    open('summary', summary({ configError: true }), { 'GET /gear/order/42': () => json(pitl) });
    expect(await screen.findByRole('button', { name: 'Try Again' }, { timeout: 10_000 })).toBeVisible();
    expect(
      screen.getByText('We are having difficulty retrieving your price. Please try again.'),
    ).toBeVisible();
  });

  it('a config error on an order that is not PITL offers no Try Again', async () => {
    open('summary', summary({ configError: true }));
    expect(
      await screen.findByText(
        'We are having difficulty retrieving your price. The order is submitted without payment.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('spec 2 §6: a practitioner sees no waiver', async () => {
    open('confirm', expedited({ mayWaiveExpeditedShipping: false }), {}, practitionerUser);
    await screen.findByText('Expedited shipping charges', {}, { timeout: 10_000 });
    expect(screen.queryByRole('checkbox', { name: EXPEDITED_WAIVER_MESSAGES.label })).not.toBeInTheDocument();
  });

  it('spec 3 §6: a practitioner pays expedited shipping with the saved shipping card on file, no acknowledgements', async () => {
    const app = open(
      'confirm',
      summary({
        requisitions: [],
        expeditedShippingCents: 1995,
        shippingMethod: 'Second Day',
        dueTodayCents: 1995,
        nsaRequired: false,
        patientAgreementRequired: false,
        shippingCardOnFile: { brand: 'Mastercard', last4: '4444' },
        cardOnFile: { brand: 'Visa', last4: '4242' },
      }),
      {
        'PUT /gear/order/42/confirm-and-pay': () =>
          json({ gearOrder: placed(order), error: null, message: null }),
      },
      practitionerUser,
    );
    await screen.findByText('Expedited shipping charges', {}, { timeout: 10_000 });
    expect(screen.queryByRole('checkbox', { name: /No Surprises Act/ })).not.toBeInTheDocument();
    await app.user.click(
      screen.getByRole('radio', { name: 'Saved shipping card on file (Mastercard ending 4444)' }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    await expect.poll(() => app.server.callsTo('PUT /gear/order/42/confirm-and-pay').length).toBe(1);
    const [submitted] = app.server.callsTo('PUT /gear/order/42/confirm-and-pay');
    expect(submitted?.body).toMatchObject({
      payments: [
        { paymentType: 'expeditedShipping', gearReqId: null, gearOrderId: 42, tokenId: 'SAVED-CARD-ON-FILE' },
      ],
    });
  });

  it('spec 3 §2, §6: an admin searches any practitioner by GSDL number; others see no search (decision 0165)', async () => {
    const practitionerView = open('confirm', summary(), {}, practitionerUser);
    await screen.findByRole('button', { name: 'Submit' }, { timeout: 10_000 });
    expect(screen.queryByRole('textbox', { name: /Search by GSDL number/ })).not.toBeInTheDocument();
    practitionerView.unmount();

    const asked: string[] = [];
    const app = open(
      'confirm',
      summary(),
      {
        'GET /gear/practitioner/P1002': (call) => {
          asked.push(call.path);
          return json({
            ...order.practitioner,
            gsdlNo: 'P1002',
            firstName: 'Lee',
            lastName: 'Chen',
            degree: 'ND',
            cardOnFile: false,
            cmsCreditStatus: { creditStatus: 'Good' },
          });
        },
      },
      adminUser,
    );
    const search = await screen.findByRole('textbox', { name: /Search by GSDL number/ }, { timeout: 10_000 });
    await app.user.type(search, 'p1002{Enter}');
    const found = await screen.findByTestId('admin-practitioner-found');
    expect(found).toHaveTextContent('Lee Chen, ND (P1002)');
    expect(found).toHaveTextContent('Card on file: no');
    expect(found).toHaveTextContent('Credit status: Good');
    expect(asked).toEqual(['/gear/practitioner/P1002']);
    await expectAccessible(app.container);
  });

  it("decision 0132: an applied code lowers the payment section's Payment Due Today (the server's), shown once, and travels with the submit", async () => {
    const discounted = summary({
      requisitions: [
        {
          gearReqId,
          name: 'GI Effects Comprehensive',
          billingMethod: 'No Insurance Billing: Pay Full Amount',
          amountCents: 32_310,
          paid: false,
        },
      ],
      discountCode: 'QA10',
      discountCents: 3590,
      dueTodayCents: 32_310,
      nsaRequired: false,
      patientAgreementRequired: false,
    });
    const whole = summary({ nsaRequired: false, patientAgreementRequired: false });
    const app = open('summary', whole, {
      'GET /gear/order/42/payment-summary': (call) =>
        json(new URLSearchParams(call.search).get('discountCode') === 'QA10' ? discounted : whole),
      'GET /gear/api/applied-price': () =>
        json({
          gearRequisitionId: gearReqId,
          billingMethod: 'No Insurance Billing: Pay Full Amount',
          insuranceProvider: null,
          secondaryInsuranceProvider: null,
          price: 35_900,
          maxOutOfPocket: null,
          medicarePrice: null,
          tricarePrice: null,
          items: [{ name: 'GI Effects Comprehensive', price: 35_900, feeItem: false }],
          error: null,
          placeholder: false,
          configError: false,
        }),
      'GET /gear/api/42/applyDiscount/QA10': () =>
        json({
          discountCode: 'QA10',
          discount: {
            discountCode: 'QA10',
            discountType: 'PERCENTAGE',
            discountAmount: 10,
            maxDiscount: null,
            practicumTesting: false,
          },
          requisitions: [{ gearRequisitionId: gearReqId, discountAmount: 3590 }],
          totalDiscount: 3590,
          error: null,
          message: null,
        }),
      'PUT /gear/order/42/confirm-and-pay': () =>
        json({ gearOrder: placed(order), error: null, message: null }),
    });
    const due = await screen.findByTestId('payment-due-today', {}, { timeout: 10_000 });
    expect(due).toHaveTextContent('$359.00');
    // One 'Payment Due Today' on the page: the price summary above leaves it to the payment section.
    expect(screen.getAllByText('Payment Due Today')).toHaveLength(1);

    await app.user.type(await screen.findByRole('textbox', { name: 'QA Processing Code' }), 'QA10');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    await expect
      .poll(() => screen.getByTestId('payment-due-today').textContent, { timeout: 10_000 })
      .toBe('$323.10');
    expect(screen.getAllByText('Payment Due Today')).toHaveLength(1);
    const charges = screen.getByRole('table', { name: 'Test charges' });
    expect(within(charges).getByText('Discount (QA10)')).toBeInTheDocument();
    expect(within(charges).getByText('-$35.90')).toBeInTheDocument();
    await expectAccessible(app.container);

    await app.user.click(screen.getByRole('radio', { name: 'Check' }));
    await app.user.type(screen.getByLabelText('Check number'), '1001');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    await expect.poll(() => app.server.callsTo('PUT /gear/order/42/confirm-and-pay').length).toBe(1);
    const [submitted] = app.server.callsTo('PUT /gear/order/42/confirm-and-pay');
    expect(submitted?.body).toMatchObject({
      payments: [{ paymentType: 'check', gearReqId, checkNo: '1001', discount: { discountCode: 'QA10' } }],
    });
  }, 60_000);

  it("decision 0161: a patient's paid order that owes again reopens with 'Updated Payment Information Required', fields cleared, plan full", async () => {
    const confirmed: GearOrder = { ...order, workflow: { ...order.workflow, patientConfirmed: true } };
    const paidBefore = {
      id: 7,
      gearReqId,
      paymentType: 'card',
      paymentFrom: 'prc',
      status: 'captured',
      amountCents: 8_975,
      cardAuthAmount: 8_975,
      cardBrand: 'Visa',
      cardLast4: '4242',
      transactionId: 'txn_1',
      installmentIntervalType: 'month',
      installmentCount: 4,
      instalments: [
        { number: 1, dueDate: '2026-11-26', amountCents: 8_975, status: 'charged', failureMessage: null },
        {
          number: 2,
          dueDate: '2026-12-26',
          amountCents: 8_975,
          status: 'failed',
          failureMessage: PAYMENT_MESSAGES.cardDeclined,
        },
      ],
      createdAt: '2026-11-26T12:00:00Z',
    };
    const app = open(
      'confirm',
      summary({ paymentReopened: true, dueTodayCents: 2_500, payments: [paidBefore] }),
      { 'GET /gear/order/42': () => json(confirmed) },
    );
    const dialog = await screen.findByRole('dialog', { name: UPDATED_PAYMENT_TITLE }, { timeout: 10_000 });
    expect(within(dialog).getByText(/Please enter your payment information again/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The Information Review is back (not the confirmation), no payment type chosen, and the failed instalment shows.
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Credit or debit card' })).not.toBeChecked();
    expect(screen.getByText(/Payment 2 of \$89\.75 due 2026-12-26 failed/)).toBeInTheDocument();
    await expectAccessible(app.container);
  });

  it('decision 0162: a code applied before a reload of the tab is applied again to the amounts, and shown in the box', async () => {
    const qa10 = {
      discountCode: 'QA10',
      discountType: 'PERCENTAGE',
      discountAmount: 10,
      maxDiscount: null,
      practicumTesting: false,
    };
    window.sessionStorage.setItem('gear.appliedDiscount.42', JSON.stringify(qa10));
    const whole = summary({ nsaRequired: false, patientAgreementRequired: false });
    const discounted = summary({
      requisitions: [
        { ...whole.requisitions[0], amountCents: 32_310 } as PaymentSummary['requisitions'][number],
      ],
      discountCode: 'QA10',
      discountCents: 3590,
      dueTodayCents: 32_310,
      nsaRequired: false,
      patientAgreementRequired: false,
    });
    const app = open('summary', whole, {
      'GET /gear/order/42/payment-summary': (call) =>
        json(new URLSearchParams(call.search).get('discountCode') === 'QA10' ? discounted : whole),
    });
    try {
      const due = await screen.findByTestId('payment-due-today', {}, { timeout: 10_000 });
      expect(due).toHaveTextContent('$323.10');
      expect(await screen.findByRole('textbox', { name: 'QA Processing Code' })).toHaveValue('QA10');
      expect(screen.getByRole('button', { name: 'Remove code' })).toBeInTheDocument();
      expect(app.server.callsTo('GET /gear/api/42/applyDiscount/QA10')).toHaveLength(0);
    } finally {
      window.sessionStorage.clear();
    }
  });
});

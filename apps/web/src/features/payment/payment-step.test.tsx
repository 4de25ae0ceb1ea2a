import type { AppliedPrice, ApplyDiscountAnswer, GearOrder } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, type Handler, json, networkFailure } from '../../test/fetch-mock.ts';
import { patientUser, practitionerUser, workflowThrough } from '../../test/fixtures.ts';
import { nothingDueToday, payingRequisition, paymentSummary } from '../../test/payment-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540 } from '../../test/requisition-fixtures.ts';

const GI = 'GI Effects Comprehensive Profile - Stool (3-day)';
const PAY = 'No Insurance Billing: Pay Full Amount';

const order = (overrides: Partial<GearOrder> = {}): GearOrder =>
  orderWith540(
    { billingMethod: PAY, reqNumber: '50012380' },
    { workflow: workflowThrough(8, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14]), ...overrides },
  );

const price = (
  gearReqId: number,
  cents: number,
  items = [{ name: GI, price: cents, feeItem: false }],
): AppliedPrice => ({
  gearRequisitionId: gearReqId,
  billingMethod: PAY,
  insuranceProvider: null,
  secondaryInsuranceProvider: null,
  price: cents,
  maxOutOfPocket: null,
  medicarePrice: null,
  tricarePrice: null,
  items,
  error: null,
  placeholder: false,
  configError: false,
});

const applied = (
  code: string,
  total: number,
  overrides: Partial<ApplyDiscountAnswer> = {},
): ApplyDiscountAnswer => ({
  discountCode: code,
  discount: {
    discountCode: code,
    discountType: 'PERCENTAGE',
    discountAmount: 10,
    maxDiscount: null,
    practicumTesting: false,
  },
  requisitions: [{ gearRequisitionId: 9, discountAmount: total }],
  totalDiscount: total,
  error: null,
  message: null,
  ...overrides,
});

const refused = (
  code: string,
  error: ApplyDiscountAnswer['error'],
  message: string | null,
): ApplyDiscountAnswer => ({
  discountCode: code,
  discount: null,
  requisitions: [],
  totalDiscount: 0,
  error,
  message,
});

function openPayment(theOrder: GearOrder, handlers: Record<string, Handler> = {}, user = patientUser) {
  return renderApp('/order/42/payment', {
    user,
    handlers: {
      'GET /gear/order/42': () => json(theOrder),
      'GET /gear/api/applied-price': () => json(price(9, 45900)),
      ...handlers,
    },
  });
}

const dueToday = () => screen.findByTestId('payment-due-today', {}, { timeout: 10_000 });
const codeBox = (label = 'QA Processing Code') => screen.findByRole('textbox', { name: label });

describe('the payment step: price summary and discount box (spec 3 §2, §4, §8; decisions 0130, 0131)', () => {
  it("shows each requisition's price lines and 'Payment Due Today'; a valid code lowers it", async () => {
    const app = openPayment(order(), {
      'GET /gear/api/42/applyDiscount/QA10': () => json(applied('QA10', 4590)),
    });
    await waitFor(async () => expect((await dueToday()).textContent).toBe('$459.00'), { timeout: 10_000 });
    const table = screen.getByRole('table', { name: 'Order price summary' });
    expect(within(table).getByText(`#50012380 ${GI}`)).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Price' })).toBeInTheDocument();
    await expectAccessible();
    await app.user.type(await codeBox(), 'QA10');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('payment-due-today').textContent).toBe('$413.10'));
    expect(within(table).getByText('Discount (QA10)')).toBeInTheDocument();
    expect(screen.getByText('QA10 applied: -$45.90')).toBeInTheDocument();
    await expectAccessible();
    await app.user.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(screen.getByTestId('payment-due-today').textContent).toBe('$459.00'));
  });

  it("spec 3 §5 'A code is required before Apply': 'Enter a valid QA Processing Code' without a call", async () => {
    const app = openPayment(order());
    await app.user.click(await screen.findByRole('button', { name: 'Apply' }, { timeout: 10_000 }));
    expect(await screen.findByText('Enter a valid QA Processing Code')).toBeInTheDocument();
    expect(app.server.calls.filter((c) => c.path.includes('applyDiscount'))).toHaveLength(0);
  });

  it.each<[string, Handler, string]>([
    [
      'an AFFILIATE over its limit: the server message',
      () =>
        json(
          refused(
            'AFF',
            'DiscountInvalidException',
            'The total cost of your order exceeds the allowed amount.',
          ),
        ),
      'The total cost of your order exceeds the allowed amount.',
    ],
    [
      "DiscountNotFoundException without a message: 'Enter a valid {label}'",
      () => json(refused('AFF', 'DiscountNotFoundException', null)),
      'Enter a valid QA Processing Code',
    ],
    [
      "another error: 'Unable to apply discount {code}'",
      () => json(refused('AFF', 'DiscountNotApplicableException', 'x')),
      'Unable to apply discount AFF',
    ],
    ["a failed request: 'Failed to verify {label}'", networkFailure, 'Failed to verify QA Processing Code'],
    [
      "a server error: 'Failed to verify {label}'",
      () => envelope(500, 'boom'),
      'Failed to verify QA Processing Code',
    ],
    [
      'too many codes tried: the server message',
      () => envelope(429, 'Too many discount codes were tried. Please wait an hour and try again.'),
      'Too many discount codes were tried. Please wait an hour and try again.',
    ],
  ])('spec 3 §8: %s', async (_case, handler, message) => {
    const app = openPayment(order(), { 'GET /gear/api/42/applyDiscount/AFF': handler });
    await app.user.type(await codeBox(), 'AFF');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect((await dueToday()).textContent).toBe('$459.00');
    await expectAccessible();
  });

  it("a PITL replacement order: 'Discount Code', the 'Replacement Fee' column and its fee items", async () => {
    const pitl = order({ physicianInTheLoop: true, recollectionFor: 100001 });
    const items = [
      { name: GI, price: 45900, feeItem: false },
      { name: 'Physician Fee', price: 2500, feeItem: true },
      { name: 'Shipping & Handling Fee', price: 995, feeItem: true },
    ];
    openPayment(pitl, { 'GET /gear/api/applied-price': () => json(price(9, 49395, items)) });
    expect(await codeBox('Discount Code')).toBeInTheDocument();
    await waitFor(async () => expect((await dueToday()).textContent).toBe('$493.95'), { timeout: 10_000 });
    const table = screen.getByRole('table', { name: 'Order price summary' });
    expect(within(table).getByRole('columnheader', { name: 'Replacement Fee' })).toBeInTheDocument();
    expect(within(table).getByText('Physician Fee')).toBeInTheDocument();
    expect(within(table).getByText('Shipping & Handling Fee')).toBeInTheDocument();
  });

  it('spec 3 §4 price cell states: insurance required leaves Payment Due Today unknown', async () => {
    const insured = orderWith540(
      { billingMethod: 'Bill Insurance with Patient Payment' },
      { workflow: workflowThrough(8, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14]) },
    );
    openPayment(insured);
    expect(
      await screen.findByText(
        'Price cannot be determined until the Insurance step is completed.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect((await dueToday()).textContent).toBe('Not yet known');
  });

  it('a practitioner on the review owes nothing today for tests the patient pays later', async () => {
    const review = orderWith540({ billingMethod: PAY }, { workflow: workflowThrough(7) });
    renderApp('/order/42/confirm', {
      user: practitionerUser,
      handlers: {
        'GET /gear/order/42': () => json(review),
        'GET /gear/api/applied-price': () => json(price(9, 45900)),
        'GET /gear/requisitions': () => json([]),
        // On the review the payment section shows Payment Due Today, the server's figure (decision 0132).
        'GET /gear/order/42/payment-summary': () =>
          json(
            paymentSummary({
              ...nothingDueToday,
              requisitions: [
                payingRequisition({ gearReqId: 9, name: GI, billingMethod: PAY, amountCents: 45_900 }),
              ],
            }),
          ),
      },
    });
    await waitFor(async () => expect((await dueToday()).textContent).toBe('$0.00'), { timeout: 10_000 });
    expect(screen.getAllByText('Payment Due Today')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'QA Processing Code' })).toBeInTheDocument();
  });
});

import {
  type GearOrder,
  type PaymentSummary,
  type PrintDocument,
  REMOVAL_MESSAGES,
  REVIEW_MESSAGES,
  SHIPPING_MESSAGES,
  SHIPPING_METHODS,
  STEP_STATUS,
} from '@gear/domain';
import { janeReadyToShip } from '@gear/domain/test-support';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { itemById } from '../../test/catalogue.ts';
import { printedPdf, recordDownloads } from '../../test/downloads.ts';
import { type Handler, json } from '../../test/fetch-mock.ts';
import { practitionerUser, workflowThrough } from '../../test/fixtures.ts';
import { nothingDueToday, payingRequisition, paymentSummary } from '../../test/payment-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540 } from '../../test/requisition-fixtures.ts';

const downloads = recordDownloads();

const jane = janeReadyToShip();

const readyOrder = (overrides: Partial<GearOrder> = {}) =>
  orderWith540(
    { billingMethod: 'Physician Account', components: [5401] },
    { patientInfo: jane, containsDropShipRequisition: true, workflow: workflowThrough(7), ...overrides },
  );

const placed = (order: GearOrder): GearOrder => ({
  ...order,
  version: order.version + 1,
  workflow: {
    ...order.workflow,
    practitionerConfirmed: true,
    steps: order.workflow.steps.map((row) =>
      row.id === 8 ? { ...row, completed: true, status: { ...STEP_STATUS.completed } } : row,
    ),
  },
});

/** The payment step's summary of an order with nothing due (decision 0120). */
const nothingDue = (order: GearOrder): PaymentSummary =>
  paymentSummary({
    ...nothingDueToday,
    requisitions: order.requisitions.map((r) =>
      payingRequisition({
        gearReqId: r.id,
        name: r.omsOrderableItemName,
        billingMethod: r.billingMethod,
        amountCents: null,
      }),
    ),
  });

function openReview(order: GearOrder, handlers: Record<string, Handler> = {}) {
  return renderApp('/order/42/confirm', {
    user: practitionerUser,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/order/42/payment-summary': () => json(nothingDue(order)),
      'GET /gear/requisitions': () => json([{ id: 9, orderableItem: itemById(540) }]),
      ...handlers,
    },
  });
}

describe('the review (spec 3 §2 Information Review, §5 Submit)', () => {
  it('shows the sections and submits with an Idempotency-Key, then the confirmation with the code', async () => {
    const order = readyOrder();
    const app = openReview(order, {
      'PUT /gear/order/42/confirm-and-pay': () =>
        json({ gearOrder: placed(order), error: null, message: null }),
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Information Review' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Patient information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Important notes about your order' })).toBeInTheDocument();
    await expectAccessible(app.container);
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Success' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-code')).toHaveTextContent('42');
    // The handoff form loads with the confirmation (decision 0235).
    expect(await screen.findByRole('button', { name: 'Send Email' })).toBeInTheDocument();
    const [submit] = app.server.callsTo('PUT /gear/order/42/confirm-and-pay');
    expect(submit?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(submit?.headers['if-match']).toBe(`"${order.version}"`);
    expect(submit?.body).toEqual({
      patientAgreement: false,
      nsaAcknowledged: false,
      recaptcha: null,
      payments: [],
    });
    await expectAccessible(app.container);
  });

  const poBoxJane = janeReadyToShip({
    addresses: jane.addresses.map((address) =>
      address.type === 'shipping' ? { ...address, address1: 'P.O. Box 1234' } : address,
    ),
  });

  it("spec 3 §2 'PO-box confirmation': Yes ships by Smart Post (the patient save), then the order is submitted", async () => {
    const order = readyOrder({ patientInfo: poBoxJane });
    const smartPost = { ...order, version: order.version + 1, shippingMethod: SHIPPING_METHODS.smartPost };
    const app = openReview(order, {
      'PUT /gear/order/42/patient/': () => json(smartPost),
      'PUT /gear/order/42/confirm-and-pay': () =>
        json({ gearOrder: placed(smartPost), error: null, message: null }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Submit' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: SHIPPING_MESSAGES.poBoxQuestion });
    await expectAccessible(app.container);
    expect(app.server.callsTo('PUT /gear/order/42/confirm-and-pay')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect
      .poll(() => app.server.callsTo('PUT /gear/order/42/confirm-and-pay').length, { timeout: 10_000 })
      .toBe(1);
    const [saved] = app.server.callsTo('PUT /gear/order/42/patient/');
    expect(saved?.body).toMatchObject({ shippingMethod: SHIPPING_METHODS.smartPost, patientInfo: poBoxJane });
    const [submit] = app.server.callsTo('PUT /gear/order/42/confirm-and-pay');
    expect(submit?.headers['if-match']).toBe(`"${smartPost.version}"`);
  });

  it('spec 2 §4: No submits as it is; a street address asks nothing', async () => {
    const order = readyOrder({ patientInfo: poBoxJane });
    const app = openReview(order, {
      'PUT /gear/order/42/confirm-and-pay': () =>
        json({ gearOrder: placed(order), error: null, message: null }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Submit' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: SHIPPING_MESSAGES.poBoxQuestion });
    await app.user.click(within(dialog).getByRole('button', { name: 'No' }));
    await expect
      .poll(() => app.server.callsTo('PUT /gear/order/42/confirm-and-pay').length, { timeout: 10_000 })
      .toBe(1);
    expect(app.server.callsTo('PUT /gear/order/42/patient/')).toHaveLength(0);
  });

  it('spec 3 §5: Submit is disabled while the practitioner has no patient info, saying why', async () => {
    openReview(readyOrder({ patientInfo: null }));
    expect(
      await screen.findByText(REVIEW_MESSAGES.noPatientInfo, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('spec 3 §8: an order without requisitions says so, with a link to add one', async () => {
    openReview(readyOrder({ requisitions: [] }));
    expect(
      await screen.findByText(REMOVAL_MESSAGES.noRequisitionsLeft, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: REMOVAL_MESSAGES.addRequisitionLink })).toHaveAttribute(
      'href',
      '/order/42/panels',
    );
  });

  it('spec 3 §2: the test selections modal exports test-selection.pdf on letter paper', async () => {
    const app = openReview(readyOrder(), { 'POST /gear/print/test-selection': printedPdf });
    await app.user.click(
      await screen.findByRole('button', { name: 'View test selections' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Test selections' });
    await expectAccessible(app.container.ownerDocument.body);
    await app.user.click(within(dialog).getByRole('button', { name: 'Export PDF' }));
    await vi.waitFor(() => expect(downloads).toEqual(['test-selection.pdf']));
    const [printed] = app.server.callsTo('POST /gear/print/test-selection');
    const body = printed?.body as PrintDocument;
    expect(body.paper).toBe('letter');
    expect(body.title).toBe(readyOrder().requisitions[0]?.omsOrderableItemName);
    const firstListed = within(dialog).getAllByRole('listitem')[0]?.textContent ?? '?';
    expect(body.sections.flatMap((section) => section.lines)).toContain(firstListed);
  });
});

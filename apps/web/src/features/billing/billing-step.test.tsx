import { type BillingMethod, type GearOrder, STEP_STATUS } from '@gear/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, type Handler, json, type RecordedCall } from '../../test/fetch-mock.ts';
import { makePractitioner, practitionerUser, TEST_PHONE, workflowStep } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { averyPractitioner, orderWith540, requisitionOf540 } from '../../test/requisition-fixtures.ts';

const PA = 'Physician Account';
const INS = 'Bill Insurance with Patient Payment';
const PAY = 'No Insurance Billing: Pay Full Amount';
const MCR = 'Medicare or Tricare';
const SELECT = 'Let my patient select their billing option';

/** The demo price lists of 540 (docs/decisions/0012: cents on the wire). */
const PRICES: Record<string, { price: number; maxOutOfPocket: number | null }> = {
  [INS]: { price: 19900, maxOutOfPocket: 29900 },
  [PAY]: { price: 45900, maxOutOfPocket: null },
  [MCR]: { price: 0, maxOutOfPocket: null },
};

const methodOf = (call: RecordedCall) =>
  new URLSearchParams(call.search).get('billingMethod') as BillingMethod;

const appliedPrice: Handler = (call) => {
  const billingMethod = methodOf(call);
  const listed = PRICES[billingMethod];
  return json({
    gearRequisitionId: 9,
    billingMethod,
    insuranceProvider: null,
    secondaryInsuranceProvider: null,
    price: listed?.price ?? null,
    maxOutOfPocket: listed?.maxOutOfPocket ?? null,
    medicarePrice: 0,
    tricarePrice: 0,
    items: [],
    error: listed ? null : 'unableToDeterminePrice',
    placeholder: false,
    configError: !listed,
  });
};

const savedWith = (order: GearOrder, billingMethod: BillingMethod): GearOrder => ({
  ...order,
  version: order.version + 1,
  requisitions: order.requisitions.map((r) => (r.id === 9 ? { ...r, billingMethod } : r)),
  workflow: {
    ...order.workflow,
    steps: order.workflow.steps.map((row) =>
      row.id === 3 && row.gearReqId === 9
        ? { ...row, completed: true, notStarted: false, status: { ...STEP_STATUS.completed } }
        : row,
    ),
  },
});

function openBilling(order: GearOrder, handlers: Record<string, Handler> = {}) {
  let current = order;
  return renderApp('/order/42/billing/9', {
    user: practitionerUser,
    handlers: {
      'GET /gear/order/42': () => json(current),
      'GET /gear/api/applied-price': appliedPrice,
      'PUT /gear/billingMethod/': (call) => {
        current = savedWith(current, (call.body as { billingMethod: BillingMethod }).billingMethod);
        return json(current);
      },
      'PUT /gear/order/42/confirm-price-increase/9/BillingOptions': () => {
        current = { ...current, version: current.version + 1 };
        return json(current);
      },
      ...handlers,
    },
  });
}

const option = (name: string) => screen.findByRole('radio', { name });
const next = () => screen.getByRole('button', { name: 'Next' });

afterEach(() => {
  vi.useRealTimers();
});

describe('billing options step (spec 1 §2.5, §4.6, §6)', () => {
  it('lists the practitioner’s options with their prices; Physician Account is not fetched', async () => {
    const app = openBilling(orderWith540());
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing Options' })).toBeInTheDocument();
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([PA, INS, PAY, MCR, SELECT]);
    expect(
      await screen.findByText('$199.00 initial payment, plus $0.00 to $100.00 additional after insurance'),
    ).toBeVisible();
    expect(await screen.findByText('$459.00')).toBeVisible();
    expect(screen.getByText('Billed to the practitioner account')).toBeVisible();
    expect(
      screen.getByText(
        'The patient chooses the billing option, and sees its price, when completing the order.',
      ),
    ).toBeVisible();
    const fetched = app.server.callsTo('GET /gear/api/applied-price').map(methodOf);
    expect(new Set(fetched)).toEqual(new Set([INS, PAY, MCR]));
    expect(fetched).not.toContain(PA);
    await expectAccessible();
  });

  it("spec 1 §5: Next without a choice says 'Please select a billing option.' and saves nothing", async () => {
    const app = openBilling(orderWith540());
    await option(INS);
    await app.user.click(next());
    expect(await screen.findByText('Please select a billing option.')).toBeVisible();
    expect(app.server.callsTo('PUT /gear/billingMethod/')).toHaveLength(0);
  });

  it('saves the choice with PUT /gear/billingMethod/ and moves on to Diagnosis Codes', async () => {
    const app = openBilling(orderWith540());
    await app.user.click(await option(INS));
    await app.user.click(next());
    await waitFor(() => expect(app.location()).toBe('/order/42/dxCodes/9'));
    expect(app.server.callsTo('PUT /gear/billingMethod/').map((c) => c.body)).toEqual([
      { billingMethod: INS, gearReqId: 9, version: 1 },
    ]);
    expect(app.server.callsTo('PUT /gear/order/42/confirm-price-increase/9/BillingOptions')).toHaveLength(0);
  });

  it("shows the server's message for a refused choice on the list", async () => {
    const app = openBilling(orderWith540(), {
      'PUT /gear/billingMethod/': () =>
        envelope(400, 'Please select a billing option.', [
          { field: 'billingMethod', defaultMessage: 'Please select a billing option.' },
        ]),
    });
    await app.user.click(await option(PAY));
    await app.user.click(next());
    expect(await screen.findByText('Please select a billing option.')).toBeVisible();
    expect(app.location()).toBe('/order/42/billing/9');
  });

  it('spec 1 §8: a price failure shows the price failure, with the Fee Schedule for a practitioner', async () => {
    openBilling(orderWith540(), {
      'GET /gear/api/applied-price': (call) =>
        methodOf(call) === PAY ? envelope(500, 'Internal Server Error') : appliedPrice(call),
    });
    expect(await screen.findByText('Unable to determine price.')).toBeVisible();
    expect(
      screen.getByText('We apologize, but we were not able to determine pricing information at this time.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        `We are having difficulty retrieving your price. Please call us at ${TEST_PHONE} or consult our Fee Schedule`,
      ),
    ).toBeVisible();
  });

  it('spec 3 §9, decision 0051: the special fee lines of a PITL order are listed under the price', async () => {
    openBilling(orderWith540(), {
      'GET /gear/api/applied-price': async (call) => {
        if (methodOf(call) !== PAY) return appliedPrice(call);
        const body = await (await appliedPrice(call)).json();
        return json({
          ...body,
          price: 45900 + 2500 + 1495,
          items: [
            { name: 'GI Effects Comprehensive Profile', price: 45900, feeItem: false },
            { name: 'Physician Fee', price: 2500, feeItem: true },
            { name: 'Shipping & Handling Fee', price: 1495, feeItem: true },
          ],
        });
      },
    });
    expect(await screen.findByText('$498.95')).toBeVisible();
    expect(screen.getByText('Includes Physician Fee $25.00, Shipping & Handling Fee $14.95')).toBeVisible();
    await expectAccessible();
  });

  it('spec 1 §4.6, §8: a placeholder while loading, and after 30 seconds the slow-pricing warning', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const opened = Date.now();
    openBilling(orderWith540(), { 'GET /gear/api/applied-price': () => new Promise<Response>(() => {}) });
    expect((await screen.findAllByText('Calculating price…')).length).toBe(3);
    // The waits began between opening the step and now, however long a loaded machine took; from here on the clock
    // moves only when told, so that 29 s after opening is still before any wait reaches 30 s.
    vi.setTimerTickMode('manual');
    const shown = Date.now();
    const slow = 'Price calculation is taking longer than expected. Calculations can take up to a minute...';
    await act(() => vi.advanceTimersByTimeAsync(opened + 29_000 - Date.now()));
    expect(screen.queryByText(slow)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(shown + 30_000 - Date.now()));
    expect(screen.getAllByText(slow)).toHaveLength(3);
  });

  it('spec 1 §6: a New York or Florida office sees the initial payment without the out-of-pocket range', async () => {
    const miami = makePractitioner({
      ...averyPractitioner,
      office: { ...averyPractitioner.office, address: { ...averyPractitioner.office.address, state: 'FL' } },
    });
    openBilling(orderWith540({}, { practitioner: miami }));
    expect(await screen.findByText('$199.00 initial payment')).toBeVisible();
    expect(
      screen.getByText(
        'Any amount due after insurance depends on the insurance plan and is not estimated here.',
      ),
    ).toBeVisible();
  });

  it('spec 3 §6: a practitioner who does not quote prices gets the referral message, and nothing is fetched', async () => {
    const app = openBilling(
      orderWith540({}, { practitioner: { ...averyPractitioner, doNotQuotePrices: true } }),
    );
    await option(INS);
    expect(
      screen.getAllByText('Your practitioner has asked us to refer pricing questions to their office...'),
    ).toHaveLength(4);
    expect(app.server.callsTo('GET /gear/api/applied-price')).toHaveLength(0);
  });

  it('opens the requisition image popup', async () => {
    const app = openBilling(orderWith540());
    await app.user.click(await screen.findByRole('button', { name: 'View the requisition form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Requisition form: billing section' });
    expect(
      within(dialog).getByRole('img', { name: /billing section of a test requisition form/ }),
    ).toBeVisible();
    await expectAccessible();
  });
});

describe('price-increase confirmation (spec 1 §4.3)', () => {
  const confirmedByPatient = (billingMethod: BillingMethod | null) =>
    orderWith540(
      { billingMethod },
      {
        workflow: {
          ...orderWith540().workflow,
          steps: [...orderWith540().workflow.steps, workflowStep(9, 'done')],
          patientConfirmed: true,
        },
      },
    );
  const modal = () => screen.findByRole('dialog', { name: 'Confirm the price change' });

  it('from Physician Account to patient pay on a patient-confirmed order: No reverts the choice', async () => {
    const app = openBilling(confirmedByPatient(PA));
    await app.user.click(await option(PAY));
    await app.user.click(next());
    const dialog = await modal();
    expect(dialog).toHaveTextContent(
      `The patient has already confirmed this order. Changing the billing option to ${PAY} may increase what the patient pays.`,
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: PA })).toBeChecked();
    expect(screen.getByRole('radio', { name: PAY })).not.toBeChecked();
    expect(app.server.callsTo('PUT /gear/billingMethod/')).toHaveLength(0);
  });

  it('Yes saves the choice, then confirms the increase, then moves on', async () => {
    const app = openBilling(confirmedByPatient(PA));
    await app.user.click(await option(INS));
    await app.user.click(next());
    await app.user.click(within(await modal()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/dxCodes/9'));
    const order = app.server.calls.filter((c) => c.method === 'PUT').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual([
      'PUT /gear/billingMethod/',
      'PUT /gear/order/42/confirm-price-increase/9/BillingOptions',
    ]);
  });

  it('decision 0066: Yes resends the choice as confirmed; the record carries the saved version as If-Match', async () => {
    const app = openBilling(confirmedByPatient(PA));
    await app.user.click(await option(INS));
    await app.user.click(next());
    await app.user.click(within(await modal()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/dxCodes/9'));
    const [saved] = app.server.callsTo('PUT /gear/billingMethod/');
    expect(saved?.body).toMatchObject({ billingMethod: INS, priceIncreaseConfirmed: true });
    const [record] = app.server.callsTo('PUT /gear/order/42/confirm-price-increase/9/BillingOptions');
    expect(record?.headers['if-match']).toBe('"2"');
  });

  it('decision 0066: the server asking for the confirmation opens it; Yes saves as confirmed', async () => {
    let asked = false;
    const app = openBilling(orderWith540({ billingMethod: PA }), {
      'PUT /gear/billingMethod/': (call) => {
        const body = call.body as { billingMethod: BillingMethod; priceIncreaseConfirmed?: boolean };
        if (!body.priceIncreaseConfirmed) {
          asked = true;
          const message =
            'The patient has already confirmed this order, and this change raises its price. Please confirm the price increase.';
          return envelope(409, message, [{ field: 'priceIncreaseConfirmed', defaultMessage: message }]);
        }
        return json(savedWith(orderWith540({ billingMethod: PA }), body.billingMethod));
      },
    });
    await app.user.click(await option(PAY));
    await app.user.click(next());
    await app.user.click(within(await modal()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(app.location()).toBe('/order/42/dxCodes/9'));
    expect(asked).toBe(true);
    expect(app.server.callsTo('PUT /gear/billingMethod/').map((c) => c.body)).toEqual([
      { billingMethod: PAY, gearReqId: 9, version: 1 },
      { billingMethod: PAY, gearReqId: 9, version: 1, priceIncreaseConfirmed: true },
    ]);
  });

  it('never for a move to Physician Account', async () => {
    const app = openBilling(confirmedByPatient(PAY));
    await app.user.click(await option(PA));
    await app.user.click(next());
    await waitFor(() => expect(app.location()).toBe('/order/42/dxCodes/9'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('between the two patient-pay options only when the new price is higher', async () => {
    const app = openBilling(confirmedByPatient(INS));
    await app.user.click(await option(PAY));
    await app.user.click(next());
    expect(await modal()).toBeVisible();

    const lower = openBilling(confirmedByPatient(PAY));
    await lower.user.click((await screen.findAllByRole('radio', { name: INS })).at(-1) as HTMLElement);
    await lower.user.click(screen.getAllByRole('button', { name: 'Next' }).at(-1) as HTMLElement);
    await waitFor(() => expect(lower.location()).toBe('/order/42/dxCodes/9'));
  });

  it('not when the patient has not confirmed the order', async () => {
    const app = openBilling(orderWith540({ billingMethod: PA }));
    await app.user.click(await option(PAY));
    await app.user.click(next());
    await waitFor(() => expect(app.location()).toBe('/order/42/dxCodes/9'));
    expect(app.server.callsTo('PUT /gear/order/42/confirm-price-increase/9/BillingOptions')).toHaveLength(0);
  });
});

describe('the Medicare toggle (spec 1 §4.3, §5)', () => {
  const twoTests = () =>
    orderWith540(
      {},
      {
        requisitions: [
          requisitionOf540(),
          requisitionOf540({ id: 10, omsOrderableItemId: 617, omsOrderableItemName: 'Metabolomix+' }),
        ],
      },
    );

  it('says every test is converted and asks for the medical-necessity acknowledgement', async () => {
    const app = openBilling(twoTests());
    await app.user.click(await option(MCR));
    expect(
      screen.getByText('Every test on this order now uses the same Medicare or Non-Medicare billing.'),
    ).toBeVisible();
    await app.user.click(next());
    expect(
      await screen.findByText('Please acknowledge you have read the definition of medical necessity.'),
    ).toBeVisible();
    expect(app.server.callsTo('PUT /gear/billingMethod/')).toHaveLength(0);

    await app.user.click(
      screen.getByRole('checkbox', { name: 'I have read the definition of medical necessity.' }),
    );
    await app.user.click(next());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/billingMethod/')).toHaveLength(1));
    expect(app.server.callsTo('PUT /gear/billingMethod/')[0]?.body).toMatchObject({
      billingMethod: MCR,
      gearReqId: 9,
      dateMedicalNecessityAcknowledged: expect.any(String),
    });
  });
});

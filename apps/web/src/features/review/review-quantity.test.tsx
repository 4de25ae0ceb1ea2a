import { type GearOrder, messages, REVIEW_MESSAGES } from '@gear/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { itemById } from '../../test/catalogue.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { makePractitioner, practitionerUser, TEST_PHONE, workflowThrough } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { averyPractitioner, orderWith540, requisitionOf540 } from '../../test/requisition-fixtures.ts';

const officeOrder = (quantities: number[], overrides: Partial<GearOrder> = {}) =>
  orderWith540(
    {},
    {
      workflow: workflowThrough(7),
      requisitions: quantities.map((quantity, i) =>
        requisitionOf540({
          id: 9 + i,
          quantity,
          dropShip: false,
          shipToOffice: true,
          billingMethod: 'Physician Account',
        }),
      ),
      ...overrides,
    },
  );

const withQuantity = (order: GearOrder, gearReqId: number, quantity: number): GearOrder => ({
  ...order,
  version: order.version + 1,
  requisitions: order.requisitions.map((row) => (row.id === gearReqId ? { ...row, quantity } : row)),
});

function openReview(order: GearOrder, handlers: Record<string, Handler> = {}) {
  return renderApp('/order/42/confirm', {
    user: practitionerUser,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/requisitions': () =>
        json(order.requisitions.map((row) => ({ id: row.id, orderableItem: itemById(540) }))),
      ...handlers,
    },
  });
}

const quantityInputs = async () => {
  await screen.findByRole('heading', { level: 2, name: 'Information Review' }, { timeout: 10_000 });
  return screen.findAllByRole('textbox', { name: 'Quantity' });
};

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('quantities on the review (spec 3 §2, §5, §8; decision 0085)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves 750 ms after the last keystroke, once, and the row says updating then saved', async () => {
    const order = officeOrder([2]);
    let answer: (response: Response) => void = () => {};
    const app = openReview(order, {
      'PUT /gear/gear-requisition/9/quantity': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const [input] = await quantityInputs();
    if (!input) throw new Error('no quantity input');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    type(input, '1');
    await wait(500);
    type(input, '12');
    await wait(749);
    expect(app.server.callsTo('PUT /gear/gear-requisition/9/quantity')).toHaveLength(0);
    await wait(1);
    const calls = app.server.callsTo('PUT /gear/gear-requisition/9/quantity');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.search).toBe('?quantity=12');
    expect(calls[0]?.headers['if-match']).toBe(`"${order.version}"`);
    // With an Idempotency-Key (decision 0200): a repeat after a lost answer replays the saved change.
    expect(calls[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('Updating…')).toBeInTheDocument();
    await act(async () => answer(json(withQuantity(order, 9, 12))));
    vi.useRealTimers();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(input).toHaveValue('12');
    await expectAccessible(app.container);
  });

  it('spec 3 §5: Submit is disabled from the first keystroke while the quantity save is pending, and until it answers', async () => {
    const order = officeOrder([2], { dateMedicalNecessityAcknowledged: '2026-11-20T10:00:00.000Z' });
    let answer: (response: Response) => void = () => {};
    openReview(order, {
      'PUT /gear/gear-requisition/9/quantity': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const [input] = await quantityInputs();
    if (!input) throw new Error('no quantity input');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();
    vi.useFakeTimers({ shouldAdvanceTime: false });
    type(input, '3');
    expect(submit).toBeDisabled();
    await wait(400);
    expect(submit).toBeDisabled();
    await wait(350);
    expect(screen.getByText('Updating…')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await act(async () => answer(json(withQuantity(order, 9, 3))));
    vi.useRealTimers();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it.each([
    ['spec 3 §5: a non-numeric value becomes 1', 'abc', '1'],
    ['spec 3 §5: maximum 99', '250', '99'],
    ['spec 3 §5: minimum 1', '0', '1'],
  ])('%s', async (_spec, typed, saved) => {
    const order = officeOrder([5]);
    const app = openReview(order, {
      'PUT /gear/gear-requisition/9/quantity': () => json(withQuantity(order, 9, Number(saved))),
    });
    const [input] = await quantityInputs();
    if (!input) throw new Error('no quantity input');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    type(input, typed);
    await wait(750);
    expect(app.server.callsTo('PUT /gear/gear-requisition/9/quantity')[0]?.search).toBe(`?quantity=${saved}`);
    expect(input).toHaveValue(saved);
  });

  it('decision 0100: two rows saved at once go one after the other, each naming the version the one before answered', async () => {
    const order = officeOrder([2, 3]);
    let answerFirst: (response: Response) => void = () => {};
    const app = openReview(order, {
      'PUT /gear/gear-requisition/9/quantity': () =>
        new Promise<Response>((resolve) => (answerFirst = resolve)),
      'PUT /gear/gear-requisition/10/quantity': () => json(withQuantity(withQuantity(order, 9, 4), 10, 6)),
    });
    const [first, second] = await quantityInputs();
    if (!first || !second) throw new Error('no quantity inputs');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    type(first, '4');
    type(second, '6');
    await wait(750);
    expect(app.server.callsTo('PUT /gear/gear-requisition/9/quantity')[0]?.headers['if-match']).toBe(
      `"${order.version}"`,
    );
    // The second waits for the first's answer: sent now, it would name a version the first is about to make stale.
    expect(app.server.callsTo('PUT /gear/gear-requisition/10/quantity')).toHaveLength(0);
    await act(async () => answerFirst(json(withQuantity(order, 9, 4))));
    vi.useRealTimers();
    await vi.waitFor(() =>
      expect(app.server.callsTo('PUT /gear/gear-requisition/10/quantity')[0]?.headers['if-match']).toBe(
        `"${order.version + 1}"`,
      ),
    );
    expect(await screen.findAllByText('Saved')).toHaveLength(2);
  });

  it('spec 3 §8: a failed save shows the quantity error on the row', async () => {
    const order = officeOrder([2]);
    openReview(order, {
      'PUT /gear/gear-requisition/9/quantity': () => envelope(500, 'Internal Server Error'),
    });
    const [input] = await quantityInputs();
    if (!input) throw new Error('no quantity input');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    type(input, '3');
    await wait(750);
    vi.useRealTimers();
    expect(await screen.findByText(REVIEW_MESSAGES.quantityFailed)).toBeInTheDocument();
  });

  it('spec 3 §5: a Canada order is capped at 25 packs across requisitions, with the message', async () => {
    const canada = makePractitioner({
      ...averyPractitioner,
      office: { ...averyPractitioner.office, reqLayoutId: 3 },
    });
    const order = officeOrder([10, 5], { practitioner: canada });
    const app = openReview(order, {
      'PUT /gear/gear-requisition/9/quantity': () => json(withQuantity(order, 9, 20)),
    });
    const [input] = await quantityInputs();
    if (!input) throw new Error('no quantity input');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    type(input, '30');
    await wait(750);
    expect(app.server.callsTo('PUT /gear/gear-requisition/9/quantity')[0]?.search).toBe('?quantity=20');
    expect(input).toHaveValue('20');
    const row = input.closest('section');
    if (!row) throw new Error('no section');
    expect(within(row).getByRole('alert')).toHaveTextContent(messages(TEST_PHONE).maxCollectionPacks);
  });

  it('spec 3 §6: a requisition the review does not let the user edit shows its quantity read-only', async () => {
    openReview(officeOrder([4], { physicianInTheLoop: true }));
    await screen.findByRole('heading', { level: 2, name: 'Information Review' }, { timeout: 10_000 });
    expect(screen.queryByRole('textbox', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.getByText('Quantity:')).toBeInTheDocument();
  });
});

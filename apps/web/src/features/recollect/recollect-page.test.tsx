import { MESSAGES } from '@gear/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { practitionerUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** spec 3 §2 'Re-collect page' ('Creating order', then errors), §4 'Re-collect status values', §8 'Re-collect'. */
describe('/recollect/{accessionNo} (decision 0252)', () => {
  const open = (answer: Handler, search = '') =>
    renderApp(`/recollect/A2611031001${search}`, {
      user: practitionerUser,
      handlers: { 'GET /gear/re-collect/A2611031001': answer },
    });

  it.each([
    ['UNAUTHORIZED', 'You are not authorized to re-collect for order A2611031001'],
    ['ORDER_NOT_FOUND', 'We were not able to locate details for order A2611031001'],
    ['ERROR', 'An unexpected error has occurred.'],
  ])('%s: the spec’s words', async (status, message) => {
    const app = open(() => json({ status, redirectUrl: null }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(message);
    await expectAccessible(app.container);
  });

  it("a failed call is 'An unexpected error has occurred.'", async () => {
    open(() => envelope(500, 'boom'));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'An unexpected error has occurred.',
    );
  });

  it("shows 'Creating order', then follows SUCCESS's redirect", async () => {
    let answer: (value: Response) => void = () => {};
    const app = open(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    expect(await screen.findByText('Creating order', {}, { timeout: 10_000 })).toBeVisible();
    app.server.on({
      'GET /gear/order/77': () => envelope(404, 'The order was not found.'),
      'GET /gear/order/77/status': () => envelope(404, 'The order was not found.'),
      'GET /gear/order/77/timeline': () => envelope(404, 'The order was not found.'),
    });
    answer(json({ status: 'SUCCESS', redirectUrl: '/order-status/77' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/order-status/77'), {
      timeout: 10_000,
    });
  });

  it('decision 0294: the version the status page read goes as If-Match; a refusal other than a status says its words', async () => {
    const app = open(() => envelope(409, MESSAGES.staleOrder), '?version=12');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(MESSAGES.staleOrder);
    const [call] = app.server.callsTo('GET /gear/re-collect/A2611031001');
    expect(call?.headers['if-match']).toBe('"12"');
    await expectAccessible(app.container);
  });

  it('decision 0294: opened without a version, the call names none (the server answers 428 when it would make one)', async () => {
    const app = open(() => envelope(428, MESSAGES.orderVersionRequired));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toBeVisible();
    expect(app.server.callsTo('GET /gear/re-collect/A2611031001')[0]?.headers['if-match']).toBeUndefined();
  });
});

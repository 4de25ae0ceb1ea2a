import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../test/fetch-mock.ts';
import { makeOrder, makePractitioner, practitionerUser } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

/** spec 3 §2 route table and 'Default step'; spec 1 §2.1 /patient/{orderId}[/{reqId}] (decision 0180). */
describe('wizard entry routes without a step', () => {
  it("/order/{id}: a practitioner's client order without PITL goes straight to confirm, keeping the query", async () => {
    const app = renderApp('/order/42?from=email', {
      user: practitionerUser,
      handlers: { 'GET /gear/order/42': () => json(makeOrder()) },
    });
    await waitFor(() => expect(app.location()).toBe('/order/42/confirm?from=email'));
  });

  it('/order/{id}: a PITL order opens at its first workflow step', async () => {
    const app = renderApp('/order/42', {
      user: practitionerUser,
      handlers: { 'GET /gear/order/42': () => json(makeOrder({ physicianInTheLoop: true })) },
    });
    await waitFor(() => expect(app.location()).toBe('/order/42/pract'));
  });

  it('/order/new: a practitioner starts at the practitioner step', async () => {
    const app = renderApp('/order/new', {
      user: practitionerUser,
      handlers: { 'GET /gear/practitioner-options': () => json([makePractitioner()]) },
    });
    await waitFor(() => expect(app.location()).toBe('/order/new/pract'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Practitioner' })).toBeInTheDocument();
  });

  it('/order/connect[/{step}]: the returning visit opens Welcome Back', async () => {
    for (const path of ['/order/connect', '/order/connect/confirm']) {
      const app = renderApp(path);
      await waitFor(() => expect(app.location()).toBe('/connect'));
      app.unmount();
    }
  });

  it('/patient/{orderId}/{reqId}: the fallback opens the order at its default step', async () => {
    const app = renderApp('/patient/42/9', {
      user: practitionerUser,
      handlers: { 'GET /gear/order/42': () => json(makeOrder()) },
    });
    await waitFor(() => expect(app.location()).toBe('/order/42/confirm'));
  });

  it('anything but whole numbers is not found', async () => {
    for (const path of ['/order/abc', '/patient/x', '/patient/42/0']) {
      const app = renderApp(path, { user: practitionerUser });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      app.unmount();
    }
  });
});

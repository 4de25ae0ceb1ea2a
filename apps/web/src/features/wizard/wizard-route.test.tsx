import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetch-mock.ts';
import { makeOrder, practitionerUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { wizardTitle } from './wizard-route.tsx';

describe('the wizard: where am I (issue 15, decision 0232)', () => {
  it.each([
    ['Billing Options', 100006, 'Billing Options · Order 100006 · Gear'],
    ['Practitioner', 'new' as const, 'Practitioner · New order · Gear'],
  ])('titles %s of order %s as "%s"', (label, id, title) => {
    expect(wizardTitle(label, id)).toBe(title);
  });

  it('says "Step n of m", names the step and the order in the title, and moves focus to the new heading', async () => {
    const app = renderApp('/order/42/panels', {
      user: practitionerUser,
      handlers: {
        'GET /gear/order/42': () => json(makeOrder()),
        'GET /gear/practitioner-options': () => json([]),
        'GET /gear/practitioner-options/42': () => json([]),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Panel Selection' });
    const steps = within(screen.getByRole('navigation', { name: 'Order steps' }));
    expect(steps.getByText(/^Step 2 of \d+: Panel Selection$/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Panel Selection · Order 42 · Gear'));

    await app.user.click(steps.getByRole('link', { name: 'Practitioner (completed)' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Practitioner' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Practitioner · Order 42 · Gear');
    expect(
      within(screen.getByRole('navigation', { name: 'Order steps' })).getByText(
        /^Step 1 of \d+: Practitioner$/,
      ),
    ).toBeInTheDocument();
  });
});

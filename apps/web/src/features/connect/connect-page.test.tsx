import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('/connect/{id}, the link of the handoff email (spec 3 §2 Welcome Back)', () => {
  it('asks the date of birth and opens the order on the patient step with it, to be proven', async () => {
    const app = renderApp('/connect/100123', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await expectAccessible(app.container);
    const field = screen.getByRole('textbox', { name: /Date of birth/ });
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please provide a date of birth.')).toBeInTheDocument();
    await app.user.type(field, '12.04.1985');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('12.04.1985 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.'),
    ).toBeInTheDocument();
    await app.user.clear(field);
    await app.user.type(field, '04/12/1985');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location()).toBe('/order/100123/patient?dateOfBirth=1985-04-12'));
  });
});

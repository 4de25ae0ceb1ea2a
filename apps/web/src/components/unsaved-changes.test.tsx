import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { LEAVING_SAVED, UnsavedChangesProvider, useUnsavedChanges } from './unsaved-changes.tsx';

/** A page with one field: it holds changes once the field differs from 'saved'. */
function FormPage() {
  const [value, setValue] = useState('saved');
  const navigate = useNavigate();
  const { guard } = useUnsavedChanges(value !== 'saved');
  return (
    <>
      <TextInput label="Name" value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <Link to="/other">Another step</Link>
      <button type="button" onClick={() => void navigate('/other', { state: LEAVING_SAVED })}>
        Next
      </button>
      <button type="button" onClick={() => guard(() => setValue('saved'))}>
        Start again
      </button>
    </>
  );
}

function renderPage() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <UnsavedChangesProvider>
          <FormPage />
        </UnsavedChangesProvider>
      ),
    },
    { path: '/other', element: <h1>Other page</h1> },
  ]);
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router, user: userEvent.setup() };
}

const dialog = () => screen.queryByRole('dialog', { name: 'Unsaved changes will be lost' });

describe('unsaved changes (issue 15, spec 3 §2 wording)', () => {
  it('leaves at once when nothing was changed', async () => {
    const { router, user } = renderPage();
    await user.click(screen.getByRole('link', { name: 'Another step' }));
    expect(router.state.location.pathname).toBe('/other');
    expect(dialog()).toBeNull();
  });

  it('asks before a link leaves an edit: Cancel keeps the edit, Continue leaves', async () => {
    const { router, user } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Another step' }));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes will be lost' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText('Name')).toHaveValue('savedx');

    await user.click(screen.getByRole('link', { name: 'Another step' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
  });

  it('lets a move made after a save through without asking', async () => {
    const { router, user } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.pathname).toBe('/other');
    expect(dialog()).toBeNull();
  });

  it("guards the page's own actions the same way", async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Name')).toHaveValue('saved');
  });

  it('asks the browser before a reload or closing the tab, only while there are changes', async () => {
    const { user } = renderPage();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'x');
    expect(unload()).toBe(true);
  });
});

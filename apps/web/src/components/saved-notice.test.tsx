import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render-ui.tsx';
import { SavedNotices } from './saved-notice.tsx';
import { showSaved } from './saved-notice-registry.ts';

describe("the 'Saved' notice (issue 15)", () => {
  it('says Saved as a polite status, once, without taking the focus', async () => {
    renderUi(
      <>
        <button type="button">Next</button>
        <SavedNotices />
      </>,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    // The host loads after the page, as in the wizard.
    await waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
    act(() => {
      showSaved();
      showSaved();
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Saved');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(next).toHaveFocus();
  });
});

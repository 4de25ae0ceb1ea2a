import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render-ui.tsx';
import { SavedNotices, showSaved } from './saved-notice.tsx';

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
